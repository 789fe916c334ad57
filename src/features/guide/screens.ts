import type { ComponentType } from 'react';

/** 操作指南管理, by menu component key (server/db/seed/menus/system.ts). The reading page is /system/base/guide. */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'system/guide': () => import('./GuideManagePage'),
};
