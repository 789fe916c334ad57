import type { ReportDef } from './reports';
import { reportCall } from './reports';

export const CONSUME_REPORT_GROUPS = [
  { value: 'school', text: '按校区' },
  { value: 'class_type', text: '按班型' },
  { value: 'teacher', text: '按老师' },
  { value: 'month', text: '按月份' },
] as const;

/**
 * 课消报表: the orders area's lesson-hour and money ledgers of the period (the Shanghai time of each
 * posting): hours consumed and the revenue they recognise (the paid money the consumption took:
 * hours × the contract line's own unit price; promotion money apart), refunds and forfeits at
 * expiry apart, and the deferred revenue (paid money of hours not yet consumed) at the period's
 * start and end. A reversal (an undone check-in) counts against what it reverses, in its own
 * period. Per row: 期末预收 = 期初预收 + 新增预收 − 消课收入 − 退费金额 − 作废金额 + 转入转出.
 * By teacher (the lesson's teacher of the check-in) only consumption has a teacher.
 */
export const consumeReport: ReportDef = {
  key: 'class_consume',
  code: 'reports_class_consume',
  title: '课消报表',
  note: '按课时与金额账本的记账时间统计；消课收入 = 消课所耗实收金额（课时 × 合同单价），优惠另列；期末预收 = 期初 + 新增 − 消课 − 退费 − 作废 ± 转入转出。',
  columns: [
    { prop: 'name', label: '名称', kind: 'text', width: 140 },
    { prop: 'school_name', label: '校区', kind: 'text', width: 110 },
    { prop: 'consumed_hours', label: '消课课时', kind: 'hours', width: 80 },
    { prop: 'consumed_money', label: '消课收入', kind: 'money', width: 100 },
    { prop: 'consumed_promo', label: '优惠冲减', kind: 'money', width: 90 },
    { prop: 'refund_hours', label: '退费课时', kind: 'hours', width: 80 },
    { prop: 'refund_money', label: '退费金额', kind: 'money', width: 100 },
    { prop: 'forfeit_hours', label: '过期作废课时', kind: 'hours', width: 100 },
    { prop: 'forfeit_money', label: '作废金额', kind: 'money', width: 90 },
    { prop: 'opening_money', label: '期初预收', kind: 'money', width: 110 },
    { prop: 'credited_money', label: '新增预收', kind: 'money', width: 100 },
    { prop: 'transfer_money', label: '转入转出', kind: 'money', width: 90 },
    { prop: 'closing_hours', label: '期末未消课时', kind: 'hours', width: 100 },
    { prop: 'closing_money', label: '期末预收', kind: 'money', width: 110 },
  ],
  filters: [{ name: 'group_by', label: '统计维度', options: CONSUME_REPORT_GROUPS }],
  defaultSort: 'consumed_money desc',
};

export const consumeReportCall = reportCall(consumeReport);
