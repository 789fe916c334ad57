import type { ComponentType } from 'react';

/** The fixed route /class_degree renders the key classes/class_degree (app/pages/ClassDegreeRoute). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'classes/class_degree': () => import('./ClassDegreePage'),
};
