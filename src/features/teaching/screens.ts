import type { ComponentType } from 'react';

/**
 * Screens of the teaching area (spec calls.tsv `teaching`, which holds sys_guide), by menu
 * component key (server/db/seed/menus/system.ts). The reading page is /system/base/guide.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'teaching/guide': () => import('./GuideManagePage'),
};
