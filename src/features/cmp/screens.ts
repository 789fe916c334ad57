import type { ComponentType } from 'react';

/** Screens of the cmp area (daily reports and plan report) by menu component key (src/contract/menus/cmp.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'cmp/daily_report_city': () => import('./CityReportScreen'),
  'cmp/daily_report_school': () => import('./SchoolReportScreen'),
  'cmp/daily_report_ta': () => import('./TaReportScreen'),
  'cmp/plan_reports': () => import('./PlanReportScreen'),
};
