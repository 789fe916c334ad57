import { defineResource, type OptionItem } from '../resource';
import { ADJUST_STATES, ACCOUNT_SCREENS, FIN_SCREEN, PAY_METHODS, RECEIPT_KINDS, RECEIPT_STATES } from '../finance-accounts';

/**
 * The finance area's accounts part (src/contract/finance-accounts.ts has its special calls):
 * receipts (issued only by the server: no standard add/update/delete), balance corrections (made
 * by modify_balance), service rates per campus and channel, and the 中金 merchant accounts.
 */

// Documents keep the names as they were when issued (a receipt is printed with them), so the
// declarations name no student or user relation: their readers need not read those lists.

/** A receipt (收据): numbered per campus and year by the server, never edited; cancelled by a reversing receipt. */
export const receiptResource = defineResource({
  name: 'fin_stu_account_receipts',
  readBy: ACCOUNT_SCREENS,
  title: '收据',
  table: 'fin_stu_account_receipts',
  scope: 'school',
  perm: 'fin_stu_account_receipts',
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  // a campus's receipts of a period: the list's and the daily report's search
  listIndex: ['school_id', 'biz_date'],
  // the reports' sums by campus, day, kind and channel read this index only (server/modules/finance/reports.ts)
  indexes: [['student_id', 'id'], ['ref_type', 'ref_id'], ['school_id', 'biz_date', 'kind', 'pay_method', 'amount']],
  fields: {
    receipt_no: { type: 'string', label: '收据编号', max: 32, readonly: true, unique: true, search: 'like', list: { width: 150, fixed: 'left' } },
    student_id: { type: 'int', label: '学员编号', required: true, search: 'eq', list: false },
    student_name: { type: 'string', label: '学员', max: 64, readonly: true, search: 'like', list: { width: 100 } },
    kind: { type: 'int', label: '收据类型', required: true, options: { kind: 'static', items: RECEIPT_KINDS }, search: 'eq', list: { format: 'option', width: 90 } },
    amount: { type: 'money', label: '金额', required: true, min: -1_000_000_000, list: { format: 'money', width: 110, sortable: true, align: 'right' } },
    pay_method: { type: 'string', label: '收款方式', required: true, max: 16, options: { kind: 'static', items: PAY_METHODS }, search: 'eq', list: { format: 'option', width: 110 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: RECEIPT_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    biz_date: { type: 'date', label: '业务日期', required: true, search: 'range', searchDefault: 'currentMonth', list: { format: 'date', width: 110, sortable: true } },
    payer: { type: 'string', label: '交款人', max: 32, list: { width: 90 } },
    ref_type: { type: 'string', label: '业务类型', max: 32, list: { width: 90, show: false } },
    ref_id: { type: 'string', label: '业务单号', max: 64, search: 'eq', list: { width: 140, show: false } },
    reverses_id: { type: 'int', label: '冲销的收据', readonly: true, list: false },
    flow_id: { type: 'int', label: '储值流水', readonly: true, list: false },
    remark: { type: 'string', label: '备注', max: 200, list: { width: 160 } },
    // set when the receipt lands in the open month for a closed (or earlier) one: 月结 keeps that month's totals
    corrects_month: { type: 'string', label: '更正月份', max: 7, readonly: true, search: 'eq', list: { width: 90, show: false } },
    cancel_reason: { type: 'string', label: '作废原因', max: 200, readonly: true, list: { width: 160, show: false } },
    cancelled_at: { type: 'datetime', label: '作废时间', readonly: true, list: { format: 'datetime', width: 160, show: false } },
    cancelled_by: { type: 'int', label: '作废人编号', readonly: true, list: false },
    operator_name: { type: 'string', label: '经办人', max: 64, readonly: true, list: { width: 90 } },
    cancelled_by_name: { type: 'string', label: '作废人', max: 64, readonly: true, list: { width: 90, show: false } },
  },
});

/** A balance correction (余额调整) with its reason and its second person's decision. */
export const balanceAdjustResource = defineResource({
  name: 'fin_balance_adjust',
  readBy: [FIN_SCREEN.accounts],
  title: '余额调整',
  table: 'fin_balance_adjust',
  scope: 'school',
  perm: 'fin_balance_adjust',
  calls: { add: false, update: false, delete: false },
  // the newest requests (the pending ones) first
  defaultSort: 'id desc',
  indexes: [['student_id', 'id']],
  fields: {
    student_id: { type: 'int', label: '学员编号', required: true, search: 'eq', list: false },
    student_name: { type: 'string', label: '学员', max: 64, readonly: true, search: 'like', list: { width: 100 } },
    amount: { type: 'money', label: '调整金额', required: true, min: -1_000_000_000, list: { format: 'money', width: 110, align: 'right' } },
    reason: { type: 'string', label: '调整原因', required: true, max: 200, list: { width: 200 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: ADJUST_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    wf_instance_id: { type: 'int', label: '审批流程', readonly: true, list: false },
    flow_id: { type: 'int', label: '储值流水', readonly: true, list: false },
    applied_by: { type: 'int', label: '申请人编号', readonly: true, list: false },
    applicant_name: { type: 'string', label: '申请人', max: 64, readonly: true, list: { width: 90 } },
    checked_by: { type: 'int', label: '审核人编号', readonly: true, list: false },
    checker_name: { type: 'string', label: '审核人', max: 64, readonly: true, list: { width: 90 } },
    checked_at: { type: 'datetime', label: '审核时间', readonly: true, list: { format: 'datetime', width: 160 } },
    check_remark: { type: 'string', label: '审核意见', max: 200, readonly: true, list: { width: 160 } },
  },
});

export const RATE_STATES: readonly OptionItem[] = [
  { value: 1, text: '启用' },
  { value: 0, text: '停用' },
];

/**
 * A service rate (手续费率) of a campus (机构) and payment channel, in ten-thousandths (万分之):
 * 60 is 0.60 %. The fee of an amount is rounded half up to the fen and bounded by min/max fee.
 */
export const serviceRateResource = defineResource({
  name: 'base_organ_service_rate',
  readBy: [FIN_SCREEN.serviceRate, ...ACCOUNT_SCREENS],
  title: '服务费率',
  table: 'base_organ_service_rate',
  scope: 'school',
  perm: 'base_organ_service_rate',
  defaultSort: 'id desc',
  indexes: [['school_id', 'pay_method', 'state']],
  actions: [
    {
      name: 'change_status',
      label: '启用/停用',
      column: 'state',
      buttons: [
        { value: 1, label: '启用', color: 'green' },
        { value: 0, label: '停用', color: 'orange', confirm: '确定停用选中的服务费率吗？停用后该渠道不再收取手续费' },
      ],
    },
  ],
  fields: {
    pay_method: { type: 'string', label: '支付渠道', required: true, max: 16, options: { kind: 'static', items: PAY_METHODS }, search: 'eq', list: { format: 'option', width: 120 } },
    rate: { type: 'int', label: '费率（万分之）', required: true, min: 0, max: 10000, list: { width: 120 } },
    min_fee: { type: 'money', label: '最低手续费', min: 0, default: 0, list: { format: 'money', width: 110 } },
    max_fee: { type: 'money', label: '最高手续费', min: 0, list: { format: 'money', width: 110 }, placeholder: '留空表示不封顶' },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: RATE_STATES }, search: 'eq', form: false, list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 200 },
  },
});

/** A 中金 (China Financial Certification) merchant account of a campus: where card payments settle. */
export const zjAccountResource = defineResource({
  name: 'zj_account',
  readBy: [FIN_SCREEN.zjAccount],
  title: '中金账户',
  table: 'zj_account',
  scope: 'school',
  perm: 'zj_account',
  fields: {
    account_name: { type: 'string', label: '账户名称', required: true, max: 64, search: 'like', list: { width: 160 } },
    institution_id: { type: 'string', label: '机构编号', required: true, max: 32, unique: true, search: 'eq', list: { width: 120 } },
    merchant_no: { type: 'string', label: '商户号', required: true, max: 32, list: { width: 140 } },
    bank_name: { type: 'string', label: '结算银行', max: 64, list: { width: 140 } },
    bank_account: { type: 'string', label: '结算账号', max: 32, pattern: { re: '^\\d{10,32}$', msg: '结算账号应为10至32位数字' }, list: { width: 180 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: RATE_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 200 },
  },
});

/**
 * A closed month (月结) of a campus: the receipts' and the account ledger's totals as they were at
 * the close. Never edited or deleted: a receipt dated later into that month lands in the open month
 * (corrects_month), and `npm run ledger:check` proves the totals still add up.
 */
export const monthCloseResource = defineResource({
  name: 'fin_month_close',
  readBy: [FIN_SCREEN.monthClose, FIN_SCREEN.reports],
  title: '月结',
  table: 'fin_month_close',
  scope: 'school',
  perm: 'fin_month_close',
  calls: { add: false, update: false, delete: false },
  defaultSort: 'month desc',
  indexes: [['school_id', 'month']],
  fields: {
    month: { type: 'string', label: '月份', required: true, max: 7, readonly: true, search: 'eq', list: { width: 90, sortable: true } },
    receipt_count: { type: 'int', label: '收据张数', readonly: true, list: { width: 90, align: 'right' } },
    income: { type: 'money', label: '收费', readonly: true, min: -1_000_000_000_000, list: { format: 'money', width: 120, align: 'right' } },
    refund: { type: 'money', label: '退费', readonly: true, min: -1_000_000_000_000, list: { format: 'money', width: 120, align: 'right' } },
    carry: { type: 'money', label: '结转/转班', readonly: true, min: -1_000_000_000_000, list: { format: 'money', width: 120, align: 'right' } },
    net: { type: 'money', label: '收据合计', readonly: true, min: -1_000_000_000_000, list: { format: 'money', width: 120, align: 'right' } },
    account_net: { type: 'money', label: '储值净变动', readonly: true, min: -1_000_000_000_000, list: { format: 'money', width: 120, align: 'right' } },
    account_count: { type: 'int', label: '储值流水笔数', readonly: true, list: { width: 110, align: 'right' } },
    closer_name: { type: 'string', label: '月结人', max: 64, readonly: true, list: { width: 90 } },
    closed_at: { type: 'datetime', label: '月结时间', readonly: true, list: { format: 'datetime', width: 160 } },
  },
});

export const FINANCE_ACCOUNT_RESOURCES = [receiptResource, balanceAdjustResource, serviceRateResource, zjAccountResource, monthCloseResource] as const;
