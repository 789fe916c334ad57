import type { ComponentType } from 'react';

/** Workflow screens by menu component key; workflow/clock_in is the hidden route /wf/clockIn. */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'workflow/clock_in': () => import('./clockIn/ClockInScreen'),
};
