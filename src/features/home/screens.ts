import type { ComponentType } from 'react';

/** Screens of the home area, by menu component key. */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'home/index': () => import('./HomePage'),
};
