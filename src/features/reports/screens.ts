import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/** 报表中心 (server/db/seed/menus/reports.ts): one screen per report, each its own chunk over ReportPage. */
export const screens: Record<string, Loader> = {
  'reports/achievement': () => import('./AchievementScreen'),
  'reports/sales': () => import('./SalesScreen'),
  'reports/market': () => import('./MarketScreen'),
  'reports/network': () => import('./NetworkScreen'),
  'reports/customer_service': () => import('./CustomerServiceScreen'),
  'reports/gift': () => import('./GiftScreen'),
  'reports/class': () => import('./ClassScreen'),
  'reports/class_consume': () => import('./ClassConsumeScreen'),
  'reports/finance': () => import('./FinanceScreen'),
  'reports/foreign': () => import('./ForeignScreen'),
  'reports/supply_groups': () => import('./SupplyGroupsScreen'),
};
