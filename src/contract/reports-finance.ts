import type { ReportDef } from './reports';
import { reportCall } from './reports';

export const FINANCE_REPORT_GROUPS = [
  { value: 'city', text: '按城市' },
  { value: 'school', text: '按校区' },
  { value: 'method', text: '按支付方式' },
] as const;

/**
 * 财务报表 of 报表中心: the cross-campus summary of the receipts, computed by the finance area
 * (server/modules/finance/reports.ts, through its public module), by city, by campus (choose a city
 * in 城市或校区 to drill down to its campuses) or by payment method. 净额 = 收费 + 退费 (negative) +
 * 结转/转班.
 */
export const financeReport: ReportDef = {
  key: 'finance',
  code: 'reports_finance',
  title: '财务报表',
  note: '按收据业务日期统计，退费为负数；净额 = 收费 + 退费 + 结转/转班。选择城市并按校区统计可查看该城市各校区。',
  columns: [
    { prop: 'name', label: '名称', kind: 'text', width: 150 },
    { prop: 'city_name', label: '城市', kind: 'text', width: 100 },
    { prop: 'income', label: '收费', kind: 'money', width: 110 },
    { prop: 'refund', label: '退费', kind: 'money', width: 110 },
    { prop: 'carry', label: '结转/转班', kind: 'money', width: 100 },
    { prop: 'net', label: '净额', kind: 'money', width: 110 },
    { prop: 'from_account', label: '其中账户支付', kind: 'money', width: 110 },
    { prop: 'count', label: '笔数', kind: 'int', width: 70 },
  ],
  filters: [{ name: 'group_by', label: '统计维度', options: FINANCE_REPORT_GROUPS }],
  defaultSort: 'net desc',
};

export const financeReportCall = reportCall(financeReport);
