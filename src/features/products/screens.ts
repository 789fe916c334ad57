import type { ComponentType } from 'react';

/** Screens of the products area (spec calls.tsv `products`), by menu component key (server/db/seed/menus/classes.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'products/class_type': () => import('./ClassTypeScreen'),
};
