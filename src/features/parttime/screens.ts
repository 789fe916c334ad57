import type { ComponentType } from 'react';

/** Screens of the part-time acquirers (spec calls.tsv `parttime`), by menu component key (src/contract/menus/parttime.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'parttime/part_time_user': () => import('./PartTimeUserScreen'),
  'parttime/acquirer_student': () => import('./AcquirerStudentScreen'),
};
