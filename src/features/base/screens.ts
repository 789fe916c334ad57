import type { ComponentType } from 'react';

/** Base data of the operator's structure, by menu component key (server/db/seed/menus/system.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'base/district': () => import('./DistrictPage'),
  'base/organ': () => import('./OrganPage'),
  'base/sub_company': () => import('./SubCompanyPage'),
  'base/user': () => import('./StaffFilePage'),
};
