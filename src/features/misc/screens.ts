import type { ComponentType } from 'react';

/** Screens of the misc area (src/contract/menus/misc.ts); 服务商请求记录 is `resource/misc_provider_request`. */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'misc/unicom_binding': () => import('./UnicomBindingScreen'),
  'misc/unicom_account': () => import('./UnicomAccountScreen'),
};
