import { z } from './zod';
import { answer, defineCall } from './call';
import { idField as id, textField as text } from './fields';
import type { IntegralResult } from './students';
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

/**
 * 冲正积分: corrects a mistaken 增加积分 / 扣减积分 by appending its exact opposite, naming the row it
 * reverses (the original stays). A row is reversed once; a reversal is not reversed; a gift
 * exchange's rows are undone through the exchange order. The balance never goes below zero.
 * Path chosen for the spec's unnamed correction: `crm_points/reverse`.
 */
export const POINTS_REVERSE_PERM = 'crm_points_reverse';

export const pointsReverseCall = defineCall({
  area: 'crm',
  title: '冲正积分',
  method: 'POST',
  path: 'api/v1/crm_points/reverse',
  perm: POINTS_REVERSE_PERM,
  body: z.object({ id: id('积分流水'), reason: text('冲正原因', 200) }),
  labels: { id: '积分流水', reason: '冲正原因' },
  answer: answer<IntegralResult>(),
});
