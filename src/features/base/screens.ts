import type { ComponentType } from 'react';

/** Screens of the base area (spec calls.tsv `base`), by menu component key (src/contract/menus/). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'base/district': () => import('./DistrictPage'),
  'base/organ': () => import('./OrganPage'),
  'base/sub_company': () => import('./SubCompanyPage'),
  'base/user': () => import('./StaffFilePage'),
  'base/feedback': () => import('./feedback/FeedbackPage'),
  'base/organ_school': () => import('./OrganSchoolScreen'),
  'base/protocol_type': () => import('./ProtocolTypeScreen'),
};
