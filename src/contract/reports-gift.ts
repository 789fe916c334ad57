import type { ReportDef } from './reports';
import { reportCall } from './reports';

export const GIFT_REPORT_KINDS = [
  { value: 1, text: '订单赠品' },
  { value: 2, text: '积分兑换' },
] as const;

/**
 * 赠品报表: per gift and campus, the order gifts (order_student_gift) given and returned in the
 * period with their list value and the charges for gifts not returned, and the points exchanges
 * (礼品兑换) delivered in the period with the points spent and their value.
 */
export const giftReport: ReportDef = {
  key: 'gift',
  code: 'reports_gift',
  title: '赠品报表',
  note: '订单赠品按发放时间与退回时间统计，价值按赠品原价；积分兑换按发放时间统计已发放的兑换单。',
  columns: [
    { prop: 'school_name', label: '校区', kind: 'text', width: 120 },
    { prop: 'kind_text', label: '类别', kind: 'text', width: 90 },
    { prop: 'gift_name', label: '礼品', kind: 'text', width: 140 },
    { prop: 'given_qty', label: '发放数量', kind: 'int' },
    { prop: 'given_value', label: '发放价值', kind: 'money' },
    { prop: 'returned_qty', label: '退回数量', kind: 'int' },
    { prop: 'returned_value', label: '退回价值', kind: 'money' },
    { prop: 'return_charge', label: '未退回扣款', kind: 'money' },
    { prop: 'points', label: '消耗积分', kind: 'int' },
    { prop: 'net_qty', label: '净发放数量', kind: 'int' },
    { prop: 'net_value', label: '净发放价值', kind: 'money' },
  ],
  filters: [{ name: 'kind', label: '类别', options: GIFT_REPORT_KINDS }],
  defaultSort: 'given_value desc',
};

export const giftReportCall = reportCall(giftReport);
