import { answer, defineCall } from './call';
import type { ReportDef, ReportOrgNode } from './reports';
import { achievementReport } from './reports-achievement';
import { salesReport } from './reports-sales';
import { marketReport } from './reports-market';
import { networkReport } from './reports-network';
import { customerServiceReport } from './reports-customer-service';
import { giftReport } from './reports-gift';
import { classReport } from './reports-class';
import { consumeReport } from './reports-class_consume';
import { financeReport } from './reports-finance';
import { foreignReport } from './reports-foreign';
import { supplyReport } from './reports-supply_groups';

/**
 * Every report of 报表中心, in menu order. A new report is one line here (its own file holds its
 * declaration); the server mounts it, the app opens it, the preview prints it.
 */
export const REPORTS: readonly ReportDef[] = [
  achievementReport,
  salesReport,
  marketReport,
  networkReport,
  customerServiceReport,
  giftReport,
  classReport,
  consumeReport,
  financeReport,
  foreignReport,
  supplyReport,
];

export function reportByCode(code: string): ReportDef | undefined {
  return REPORTS.find((r) => r.code === code);
}

/** 城市或校区 of the report filters: the caller's cities and their campuses (any report's holder may read it). */
export const reportOrgTreeCall = defineCall({
  area: 'reports',
  title: '报表城市与校区',
  method: 'GET',
  path: 'api/v1/report/org_tree',
  perm: REPORTS.map((r) => r.code),
  answer: answer<ReportOrgNode[]>(),
});
