import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** 客户关系 (src/contract/menus/crm.ts); 积分商城礼品 is `resource/crm_mall_gift`. */
export const screens: Record<string, Loader> = {
  'crm/customers': () => import('./CustomersScreen'),
  'crm/points': () => import('./PointsScreen'),
  'crm/points_record': () => import('./PointsRecordScreen'),
};
