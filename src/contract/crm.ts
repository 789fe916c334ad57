import { z } from './zod';
import { answer, defineCall } from './call';
import { CRM_SCREEN } from './resources/crm';

/**
 * Special calls of 客户关系 (crm). Path chosen for the spec's unnamed points check:
 * `crm_points/check` — whether every student's points total equals the sum of their ledger rows
 * (student_integral_log), for the students of the caller's campuses.
 */

export interface PointsMismatch {
  student_id: number;
  student_name: string;
  /** the cached total on the student */
  integral: number;
  /** Σ points of the student's ledger rows */
  ledger: number;
}

export interface PointsCheck {
  /** students of the caller's campuses whose total differs from their ledger (none when all agree) */
  mismatches: PointsMismatch[];
}

export const pointsCheckCall = defineCall({
  area: 'crm',
  title: '积分对账',
  method: 'GET',
  path: 'api/v1/crm_points/check',
  perm: [CRM_SCREEN.pointsRecord],
  query: z.object({}),
  labels: {},
  answer: answer<PointsCheck>(),
});
