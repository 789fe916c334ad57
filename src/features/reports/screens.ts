import { createElement, type ComponentType } from 'react';
import type { ReportDef } from '../../contract/reports';

type Loader = () => Promise<{ default: ComponentType }>;

/** A report's screen: ReportPage over the report's declaration, loaded together as its own chunk. */
function reportScreen(loadDef: () => Promise<ReportDef>): Loader {
  return async () => {
    const [def, { ReportPage }] = await Promise.all([loadDef(), import('./ReportPage')]);
    return { default: () => createElement(ReportPage, { def }) };
  };
}

/** 报表中心 (src/contract/menus/reports.ts): one screen per report declaration (src/contract/reports-*.ts). */
export const screens: Record<string, Loader> = {
  'reports/achievement': reportScreen(async () => (await import('../../contract/reports-achievement')).achievementReport),
  'reports/sales': reportScreen(async () => (await import('../../contract/reports-sales')).salesReport),
  'reports/market': reportScreen(async () => (await import('../../contract/reports-market')).marketReport),
  'reports/network': reportScreen(async () => (await import('../../contract/reports-network')).networkReport),
  'reports/customer_service': reportScreen(async () => (await import('../../contract/reports-customer-service')).customerServiceReport),
  'reports/gift': reportScreen(async () => (await import('../../contract/reports-gift')).giftReport),
  'reports/class': reportScreen(async () => (await import('../../contract/reports-class')).classReport),
  'reports/class_consume': reportScreen(async () => (await import('../../contract/reports-class_consume')).consumeReport),
  'reports/finance': reportScreen(async () => (await import('../../contract/reports-finance')).financeReport),
  'reports/foreign': reportScreen(async () => (await import('../../contract/reports-foreign')).foreignReport),
  'reports/supply_groups': reportScreen(async () => (await import('../../contract/reports-supply_groups')).supplyReport),
};
