import type { ReportDef } from './reports';
import { reportCall } from './reports';
import { SIGN_KINDS } from './resources/orders';

/**
 * 业绩报表: per 课程顾问 (the order's seller) and campus, what was signed in the period (orders by
 * order date, drafts, unapproved and rejected orders left out; 新签 and 续费 apart), what was collected
 * (order payments by payment time), the refunds paid out (by refund time, deducted from the
 * orders' seller) and the net (collected − refunded).
 */
export const achievementReport: ReportDef = {
  key: 'achievement',
  code: 'reports_achievement',
  title: '业绩报表',
  note: '签约按下单日期统计（不含草稿、待审核、未通过的订单），收款按收款时间，退费按退款时间；净业绩 = 收款 − 退费。',
  columns: [
    { prop: 'school_name', label: '校区', kind: 'text', width: 120 },
    { prop: 'seller_name', label: '课程顾问', kind: 'text', width: 110 },
    { prop: 'new_count', label: '新签单数', kind: 'int' },
    { prop: 'new_amount', label: '新签金额', kind: 'money' },
    { prop: 'renew_count', label: '续费单数', kind: 'int' },
    { prop: 'renew_amount', label: '续费金额', kind: 'money' },
    { prop: 'signed_amount', label: '签约合计', kind: 'money' },
    { prop: 'collected_amount', label: '收款金额', kind: 'money' },
    { prop: 'refund_count', label: '退费笔数', kind: 'int' },
    { prop: 'refund_amount', label: '退费金额', kind: 'money' },
    { prop: 'net_amount', label: '净业绩', kind: 'money' },
  ],
  filters: [{ name: 'sign_kind', label: '签约类型', options: SIGN_KINDS }],
  defaultSort: 'net_amount desc',
};

export const achievementReportCall = reportCall(achievementReport);
