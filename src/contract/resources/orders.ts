import { defineResource, type OptionItem } from '../resource';

/**
 * The orders area (订单): an order (order_form) sells a student lesson hours of class types, in
 * lines (order_form_detail), at prices read from the products area's versioned terms. Once
 * audited, each line becomes a contract line (order_contract_line) whose hours and money are kept
 * on append-only ledgers (server/modules/orders/hours-ledger.ts). Money is integer fen, hours are
 * integer hundredths of a lesson hour (150 = 1.5 课时) in every table and answer of this area.
 *
 * Writes of orders, lines, shares and payments are special calls (src/contract/orders.ts): the
 * declarations here give their lists (page/get), never a plain add/update of a line.
 * See docs/orders.md.
 */

/** The life cycle of an order (check_order, confirm_contract, payments, consumption, refunds). */
export const ORDER_STATE = {
  draft: 1,
  submitted: 2,
  audited: 3,
  contractConfirmed: 4,
  inProgress: 5,
  completed: 6,
  notThrough: 7,
  terminated: 8,
  refunded: 9,
} as const;
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

export const ORDER_STATES: readonly OptionItem[] = [
  { value: 1, text: '草稿' },
  { value: 2, text: '待审核' },
  { value: 3, text: '已审核' },
  { value: 4, text: '已确认合同' },
  { value: 5, text: '进行中' },
  { value: 6, text: '已完成' },
  { value: 7, text: '未通过' },
  { value: 8, text: '已终止' },
  { value: 9, text: '已退费' },
];

export const SIGN_KINDS: readonly OptionItem[] = [
  { value: 1, text: '新签' },
  { value: 2, text: '续费' },
];

export const LINE_KINDS: readonly OptionItem[] = [
  { value: 1, text: '课程包' },
  { value: 2, text: '班型' },
];

/** Where the hours of a contract line came from. */
export const CONTRACT_LINE_SOURCES: readonly OptionItem[] = [
  { value: 'order', text: '订单' },
  { value: 'grant', text: '报班赠送' },
  { value: 'opening', text: '期初结转' },
  { value: 'transfer', text: '转入' },
];

export const PAY_METHODS: readonly OptionItem[] = [
  { value: 'cash', text: '现金' },
  { value: 'card', text: '刷卡' },
  { value: 'transfer', text: '银行转账' },
  { value: 'qr', text: '扫码支付' },
  { value: 'account', text: '学员账户' },
];

export const ORDER_LOG_ACTIONS: readonly OptionItem[] = [
  { value: 'add', text: '创建' },
  { value: 'update', text: '编辑' },
  { value: 'submit', text: '提交审核' },
  { value: 'audit', text: '审核通过' },
  { value: 'reject', text: '审核未通过' },
  { value: 'confirm_contract', text: '确认合同' },
  { value: 'modify', text: '变更' },
  { value: 'exception', text: '异常说明' },
  { value: 'teacher', text: '更换老师' },
  { value: 'payment', text: '收款' },
  { value: 'payment_cancel', text: '作废收款' },
  { value: 'state', text: '状态变更' },
  { value: 'transfer_order', text: '转让' },
  { value: 'transfer_campus', text: '转校区' },
  { value: 'class_type_transfer', text: '转班型' },
  { value: 'recommend_gift', text: '推荐赠品' },
  { value: 'validity', text: '有效期调整' },
  { value: 'due', text: '应补差价' },
  { value: 'refund', text: '退费' },
];

/** Menu codes of the order screens (src/contract/menus/orders.ts). */
export const ORDER_SCREENS = {
  all: 'orders_all',
  audited: 'orders_audited',
  completed: 'orders_completed',
  notThrough: 'orders_not_through',
  /** 业绩分配 (order_sch_achievement_divide/jxpage) */
  jx: 'orders_completed_jx',
  /** completed bc: 补差订单, audited orders carrying 应补差价 */
  bc: 'orders_completed_bc',
  /** 已完成续费订单: completed renewals (if_first_sign 续费, as jx_options and 分期续费订单) */
  renewal: 'orders_completed_renewal',
} as const;
const READERS = Object.values(ORDER_SCREENS);

const STUDENT_REF = { resource: 'student', label: ['name'], onDelete: 'allow' } as const;

/** 订单: the order itself; page is the spec's form-encoded POST. Add/update/delete: src/contract/orders.ts. */
export const orderResource = defineResource({
  name: 'order_form',
  title: '订单',
  table: 'order_form',
  scope: 'school',
  softDelete: true,
  perm: 'order_form',
  readBy: READERS,
  pageMethod: 'POST_FORM',
  calls: { add: false, update: false, delete: false, recover: false },
  defaultSort: 'id desc',
  // The order lists of a few campuses, newest first (tests/bench/orders-bench.ts, 3 million orders):
  // by state, then id, the page reads 20 entries per campus and state in order; (…, id) without
  // state does the same for the unfiltered 全部订单 (it sorted all 99,430 of the principal's orders,
  // 9 ms a page). Both carry the screens' other filters (签约类型, 下单日期), so the exact count
  // taken again after a write reads the index only (120 ms → 4 ms). Migration 1060 drops the
  // former (school_id, del_flag, state, id), a prefix of the first.
  indexes: [
    ['school_id', 'del_flag', 'state', 'id', 'if_first_sign', 'order_date'],
    ['school_id', 'del_flag', 'id', 'state', 'if_first_sign', 'order_date'],
    ['student_id'],
  ],
  fields: {
    order_no: { type: 'string', label: '订单编号', max: 32, readonly: true, search: 'like', index: true, list: { width: 150, fixed: 'left' } },
    contract_no: { type: 'string', label: '合同编号', max: 32, readonly: true, search: 'like', list: { width: 150 } },
    student_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: STUDENT_REF },
    // users are named by copies (the user list is not every order reader's to read)
    seller_id: { type: 'int', label: '销售顾问', min: 1, search: 'eq', readonly: true, list: false },
    seller_name: { type: 'string', label: '销售顾问', max: 64, readonly: true, list: { width: 90 } },
    teacher_id: { type: 'int', label: '班主任', min: 1, readonly: true, list: false },
    teacher_name: { type: 'string', label: '班主任', max: 64, readonly: true, list: { show: false } },
    state: { type: 'int', label: '订单状态', default: 1, options: { kind: 'static', items: ORDER_STATES }, search: 'in', readonly: true, list: { format: 'option', width: 100 } },
    if_first_sign: { type: 'int', label: '签约类型', options: { kind: 'static', items: SIGN_KINDS }, search: 'eq', readonly: true, list: { format: 'option', width: 80 } },
    order_date: { type: 'date', label: '下单日期', search: 'range', list: { sortable: true, width: 110 } },
    list_amount: { type: 'money', label: '原价合计', readonly: true, min: 0 },
    discount_amount: { type: 'money', label: '优惠金额', readonly: true, min: 0 },
    deal_amount: { type: 'money', label: '应收金额', readonly: true, min: 0, list: { sortable: true, width: 110 } },
    paid_amount: { type: 'money', label: '已收金额', readonly: true, min: 0, list: { width: 110 } },
    // 补差: the part of the deal amount posted after audit as 应补差价 (Σ order_due, kept with it in one statement)
    due_amount: { type: 'money', label: '应补差价', readonly: true, min: 0, default: 0, search: 'range', list: { show: false, width: 110 } },
    version: { type: 'int', label: '版本', readonly: true, default: 1, list: { width: 70 } },
    audit_by: { type: 'int', label: '审核人', readonly: true, list: false },
    audit_name: { type: 'string', label: '审核人', max: 64, readonly: true, list: { show: false } },
    audit_at: { type: 'datetime', label: '审核时间', readonly: true, search: 'range', list: { show: false } },
    audit_remark: { type: 'string', label: '审核意见', max: 255, readonly: true, list: { show: false } },
    contract_at: { type: 'datetime', label: '合同确认时间', readonly: true, list: { show: false } },
    protocol_version: { type: 'string', label: '协议版本', max: 64, readonly: true, list: { show: false } },
    protocol_text: { type: 'text', label: '协议内容', readonly: true, form: false },
    completed_at: { type: 'datetime', label: '完成时间', readonly: true, search: 'range', list: { show: false } },
    remark: { type: 'string', label: '备注', max: 500 },
  },
});

/** 订单明细: one line of an order (a language pack or a class type), prices copied when written. */
export const orderLineResource = defineResource({
  name: 'order_form_detail',
  title: '订单明细',
  table: 'order_form_detail',
  scope: 'school',
  perm: 'order_form',
  readBy: READERS,
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id',
  indexes: [['order_id']],
  fields: {
    order_id: { type: 'int', label: '订单', required: true, min: 1, search: 'eq', list: { show: false } },
    kind: { type: 'int', label: '类型', options: { kind: 'static', items: LINE_KINDS }, list: { format: 'option', width: 80 } },
    language_pack_id: { type: 'int', label: '课程包', min: 1, search: 'eq', ref: { resource: 'prod_language_pack', label: ['name'], onDelete: 'allow' } },
    class_type_id: { type: 'int', label: '班型', required: true, min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'], onDelete: 'allow' } },
    price_version_id: { type: 'int', label: '价格版本', min: 1, list: { show: false } },
    bought_hours: { type: 'int', label: '购买课时(0.01)', min: 0 },
    gift_hours: { type: 'int', label: '赠送课时(0.01)', min: 0 },
    list_price: { type: 'money', label: '标价', min: 0 },
    discount: { type: 'money', label: '优惠', min: 0 },
    deal_price: { type: 'money', label: '成交价', min: 0 },
    validity_days: { type: 'int', label: '有效天数', min: 0 },
  },
});

/** 合同明细: the hours of one class type a student may attend, kept on the hour ledger. */
export const contractLineResource = defineResource({
  name: 'order_contract_line',
  title: '合同课时',
  table: 'order_contract_line',
  scope: 'school',
  perm: 'order_contract_line',
  readBy: READERS,
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id',
  // a student's lines of a class type with what consumption reads of them (server/modules/orders/hours.ts postHours; migration 1371)
  indexes: [['student_id', 'class_type_id', 'active', 'end_date', 'remaining_hours', 'start_date', 'order_id', 'bought_hours', 'gift_hours', 'paid_money', 'promo_money'], ['order_id']],
  fields: {
    order_id: { type: 'int', label: '订单', min: 1, search: 'eq', list: { show: false } },
    detail_id: { type: 'int', label: '订单明细', min: 1, list: { show: false } },
    contract_no: { type: 'string', label: '合同编号', max: 32, search: 'like', list: { width: 150 } },
    source: { type: 'string', label: '来源', max: 16, options: { kind: 'static', items: CONTRACT_LINE_SOURCES }, search: 'eq', list: { format: 'option', width: 90 } },
    student_id: { type: 'int', label: '学员', min: 1, search: 'eq', ref: STUDENT_REF },
    class_type_id: { type: 'int', label: '班型', min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'], onDelete: 'allow' } },
    bought_hours: { type: 'int', label: '购买课时(0.01)', min: 0 },
    gift_hours: { type: 'int', label: '赠送课时(0.01)', min: 0 },
    paid_money: { type: 'money', label: '实收金额', min: 0 },
    promo_money: { type: 'money', label: '优惠金额', min: 0 },
    start_date: { type: 'date', label: '生效日期' },
    end_date: { type: 'date', label: '有效期至', search: 'range' },
    active: { type: 'bool', label: '可消课', default: 0, search: 'eq', list: { format: 'bool', width: 80 } },
    consumed_hours: { type: 'int', label: '已消课时(0.01)', default: 0 },
    remaining_hours: { type: 'int', label: '剩余课时(0.01)', default: 0 },
  },
});

/** What an 业绩分配 row is: the share given at signing, or its reversal when the order is refunded. */
export const DIVIDE_KINDS: readonly OptionItem[] = [
  { value: 1, text: '签约业绩' },
  { value: 2, text: '退费冲减' },
];

/**
 * 业绩分配: a seller's share of an order (percent and fen); the jx (绩效) screens list them. Rows
 * are appended: a refund adds 退费冲减 rows (negative amounts, ref_no the refund's number) beside
 * the shares it reverses, so a seller's performance is the sum of their rows.
 */
export const achievementDivideResource = defineResource({
  name: 'order_sch_achievement_divide',
  title: '业绩分配',
  table: 'order_sch_achievement_divide',
  scope: 'school',
  perm: 'order_sch_achievement_divide',
  readBy: READERS,
  pageMethod: 'POST_FORM',
  calls: { page: 'order_sch_achievement_divide/jxpage', add: false, update: false, delete: false },
  defaultSort: 'id desc',
  indexes: [['order_id'], ['user_id']],
  fields: {
    order_id: { type: 'int', label: '订单', min: 1, search: 'eq', ref: { resource: 'order_form', label: ['order_no'] } },
    user_id: { type: 'int', label: '业绩人', min: 1, search: 'eq', list: false },
    user_name: { type: 'string', label: '业绩人', max: 64, search: 'like' },
    ratio: { type: 'int', label: '分配比例(%)', min: 0, max: 100 },
    // negative on a 退费冲减 row
    amount: { type: 'money', label: '业绩金额' },
    order_date: { type: 'date', label: '下单日期', search: 'range' },
    kind: { type: 'int', label: '类型', default: 1, options: { kind: 'static', items: DIVIDE_KINDS }, search: 'eq', list: { format: 'option', width: 90 } },
    ref_no: { type: 'string', label: '退费单号', max: 32, list: { width: 130 } },
  },
});

/** 订单记录: the history of an order (versions of amendments, audits, exceptions, payments). */
export const orderLogResource = defineResource({
  name: 'order_form_log',
  title: '订单记录',
  table: 'order_form_log',
  scope: 'school',
  perm: 'order_form',
  readBy: READERS,
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  indexes: [['order_id']],
  fields: {
    order_id: { type: 'int', label: '订单', min: 1, search: 'eq', list: { show: false } },
    action: { type: 'string', label: '操作', max: 32, options: { kind: 'static', items: ORDER_LOG_ACTIONS }, search: 'eq', list: { format: 'option', width: 100 } },
    version: { type: 'int', label: '版本', list: { width: 70 } },
    reason: { type: 'string', label: '原因', max: 500 },
    snapshot: { type: 'json', label: '变更前内容' },
    operator_name: { type: 'string', label: '操作人', max: 64 },
  },
});

/** 订单收款: one payment of an order with its receipt number. */
export const orderPaymentResource = defineResource({
  name: 'order_payment',
  title: '订单收款',
  table: 'order_payment',
  scope: 'school',
  perm: 'order_payment',
  readBy: READERS,
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  indexes: [['order_id']],
  fields: {
    order_id: { type: 'int', label: '订单', min: 1, search: 'eq', ref: { resource: 'order_form', label: ['order_no'] } },
    receipt_no: { type: 'string', label: '收据编号', max: 32, search: 'like' },
    amount: { type: 'money', label: '收款金额', min: 0 },
    method: { type: 'string', label: '支付方式', max: 16, options: { kind: 'static', items: PAY_METHODS }, search: 'eq', list: { format: 'option', width: 90 } },
    paid_at: { type: 'datetime', label: '收款时间', search: 'range' },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const ORDERS_RESOURCES = [orderResource, orderLineResource, contractLineResource, achievementDivideResource, orderLogResource, orderPaymentResource] as const;
