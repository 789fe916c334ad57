import type { ComponentType } from 'react';

/**
 * Screens of the products area (spec calls.tsv `products`) that are more than one declared list,
 * by menu component key (src/contract/menus/classes.ts and products.ts); the others are
 * `resource/<name>`.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'products/class_type': () => import('./ClassTypeScreen'),
  'products/language_pack': () => import('./LanguagePackScreen'),
  'products/class_path': () => import('./ClassPathScreen'),
};
