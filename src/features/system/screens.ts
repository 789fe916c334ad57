import type { ComponentType } from 'react';

/** Screens of system administration, by menu component key (server/db/seed/menus/system.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'system/menu': () => import('./menu/MenuPage'),
  'system/role': () => import('./role/RolePage'),
  'system/org': () => import('./org/OrgPage'),
};
