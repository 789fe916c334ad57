import { z } from './zod';
import { optionalIdField as optionalId } from './fields';
import { answer, defineCall } from './call';
import { FIN_SCREEN } from './finance-accounts';

/**
 * The finance area's reports (财务报表) and dashboard (财务看板): figures derived from the ledgers
 * only (receipts fin_stu_account_receipts, the account ledger fin_stu_account_flow, installment
 * periods), summed in integer fen on the server. Days are Asia/Shanghai days: receipts carry their
 * business date, account rows their Shanghai local time (server/lib/time.ts). Campus scope: a
 * caller sees only their campuses (DESIGN §8); `org_id` narrows to one campus or one city.
 * Paths are chosen here (the spec names the screens, not their calls).
 */

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

export const reportFilterSchema = z.object({
  /** a campus, or a city / head office: all its campuses the caller may see */
  org_id: optionalId('校区或分公司'),
});

export const monthlyReportQuery = reportFilterSchema.extend({
  month: z.string({ error: '请选择月份' }).regex(MONTH_RE, '月份格式应为 YYYY-MM'),
});

/** Receipt sums of a group, signed fen (收费 +, 退费 −; 结转/转班 by direction). */
export interface ReceiptTotals {
  /** 收费 */
  income: number;
  /** 退费 (negative) */
  refund: number;
  /** 结转 and 转班 (signed) */
  carry: number;
  /** everything: income + refund + carry */
  net: number;
  /** of which paid from the student account (not new money) */
  from_account: number;
  count: number;
}

export interface DayTotals extends ReceiptTotals {
  day: string;
}

export interface SchoolTotals extends ReceiptTotals {
  school_id: number;
  school_name: string;
}

export interface AmountRow {
  key: string;
  text: string;
  amount: number;
  count: number;
}

export interface InstallmentFigures {
  /** plans still being repaid (还款中, 已逾期, 逾期处理中) */
  open_count: number;
  /** what those plans still owe */
  owed: number;
  overdue_periods: number;
  overdue_amount: number;
}

export interface FinanceReport {
  month: string;
  /** first and last day of the month */
  from: string;
  to: string;
  /** the campuses the figures cover */
  school_count: number;
  totals: ReceiptTotals;
  by_day: DayTotals[];
  by_school: SchoolTotals[];
  by_method: AmountRow[];
  by_kind: AmountRow[];
  /** the account ledger of the month by business type, and its net change */
  account: { by_type: AmountRow[]; net: number; count: number };
  installments: InstallmentFigures;
  /** the month is closed (月结) at every campus covered: its totals no longer change */
  closed: boolean;
  /** receipts of this month that correct an earlier (closed) month, by the month they correct */
  corrections: CorrectionRow[];
}

/** Receipts posted in an open month that correct an earlier month (cancellations, late receipts). */
export interface CorrectionRow {
  /** YYYY-MM corrected */
  corrects_month: string;
  amount: number;
  count: number;
}

export const monthlyReportCall = defineCall({
  area: 'finance',
  title: '财务月报',
  method: 'GET',
  path: 'api/v1/fin_report/monthly',
  perm: [FIN_SCREEN.reports, FIN_SCREEN.dashboard],
  query: monthlyReportQuery,
  labels: { month: '月份', org_id: '校区或分公司' },
  answer: answer<FinanceReport>(),
});

export interface FinanceDashboard {
  today: string;
  month: string;
  today_totals: ReceiptTotals;
  month_totals: ReceiptTotals;
  last_month_totals: ReceiptTotals;
  /** the month's days up to today */
  by_day: DayTotals[];
  by_method: AmountRow[];
  by_school: SchoolTotals[];
  account_today: { by_type: AmountRow[]; net: number; count: number };
  installments: InstallmentFigures;
}

export const dashboardCall = defineCall({
  area: 'finance',
  title: '财务看板',
  method: 'GET',
  path: 'api/v1/fin_report/dashboard',
  perm: [FIN_SCREEN.dashboard, FIN_SCREEN.reports],
  query: reportFilterSchema,
  labels: { org_id: '校区或分公司' },
  answer: answer<FinanceDashboard>(),
});

/** An organisation the report may be narrowed to (the caller's campuses and their cities). */
export interface ReportOrg {
  id: number;
  name: string;
  kind: 'school' | 'city';
}

export const reportOrgsCall = defineCall({
  area: 'finance',
  title: '报表校区',
  method: 'GET',
  path: 'api/v1/fin_report/orgs',
  perm: [FIN_SCREEN.reports, FIN_SCREEN.dashboard],
  answer: answer<ReportOrg[]>(),
});
