import type { ComponentType } from 'react';

/** Screens of the export area (spec calls.tsv `export`), by menu component key (src/contract/menus/export.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'export/export_task': () => import('./ExportTaskPage'),
};
