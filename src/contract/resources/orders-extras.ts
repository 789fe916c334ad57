import { defineResource, type OptionItem } from '../resource';
import { ORDER_EXTRA_SCREEN } from '../orders-extras';
import { STUDENT_SCREEN } from '../students';

/**
 * Lists of the orders area beside the order itself (spec doc 002 §4, calls.tsv area `orders`):
 * refund reasons, the coupons an order gives, excused lessons of an order, 淘宝 orders and the
 * gifts a student receives. The order, its lines and its hour ledger are declared in
 * resources/orders.ts; the special calls of these lists (give_gift, update_return, check_fee …)
 * are in src/contract/orders-extras.ts, served by server/modules/orders.
 */

/**
 * Why a student receives a gift: with their own order (签约), for recommending a student who signed
 * (推荐: only order_form/add_recommend_gift gives it), or as an existing student renewing (续费).
 */
export const GIFT_SOURCE = { signed: 1, recommend: 2, renewal: 3 } as const;
export const GIFT_SOURCES: readonly OptionItem[] = [
  { value: GIFT_SOURCE.signed, text: '签约赠品' },
  { value: GIFT_SOURCE.recommend, text: '推荐赠品' },
  { value: GIFT_SOURCE.renewal, text: '续费赠品' },
];
/** A gift's life: 待发放 → 已发放 → 已退回 (returned with a refund). */
export const GIFT_STATES: readonly OptionItem[] = [
  { value: 1, text: '待发放' },
  { value: 2, text: '已发放' },
  { value: 3, text: '已退回' },
];

export const TICKET_KINDS: readonly OptionItem[] = [
  { value: 1, text: '代金券' },
  { value: 2, text: '体验课券' },
  { value: 3, text: '教材券' },
];

export const TB_ORDER_STATES: readonly OptionItem[] = [
  { value: 1, text: '待核销' },
  { value: 2, text: '已核销' },
  { value: 3, text: '已退款' },
];

// Records of a student keep their own copy of what they show; a deleted student does not block them.
const studentRef = { resource: 'student', label: ['name'], onDelete: 'allow' } as const;
const classTypeRef = { resource: 'prod_class_type', label: ['name'] } as const;
const packRef = { resource: 'prod_language_pack', label: ['name'] } as const;

/** 退费原因: the reasons a refund names (the refund screens pick one). Head office's list. */
export const refundReasonResource = defineResource({
  name: 'order_refund_detail_reason',
  // the refund dialogs (退费, and 退费 of an installment plan) pick a reason
  readBy: [ORDER_EXTRA_SCREEN.refundReason, ORDER_EXTRA_SCREEN.refund, ORDER_EXTRA_SCREEN.installment, ORDER_EXTRA_SCREEN.installmentJx],
  title: '退费原因',
  table: 'order_refund_detail_reason',
  scope: 'global',
  softDelete: true,
  perm: 'order_refund_detail_reason',
  defaultSort: 'order_num',
  fields: {
    name: { type: 'string', label: '退费原因', required: true, max: 64, search: 'like', unique: true, list: { width: 200 } },
    is_controllable: { type: 'bool', label: '可控原因', default: 0, search: 'eq', list: { format: 'bool', width: 90 } },
    order_num: { type: 'int', label: '排序', default: 0, min: 0, max: 9999, list: { sortable: true, width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 赠券配置: the coupons an order of a language pack gives (one row per pack and kind). */
export const giveTicketConfigResource = defineResource({
  name: 'order_form_give_ticket_config',
  readBy: [ORDER_EXTRA_SCREEN.ticketConfig],
  title: '赠券配置',
  table: 'order_form_give_ticket_config',
  scope: 'school',
  softDelete: true,
  perm: 'order_form_give_ticket_config',
  indexes: [['school_id', 'language_pack_id']],
  fields: {
    language_pack_id: { type: 'int', label: '课程包', required: true, min: 1, search: 'eq', ref: packRef, list: { width: 160 } },
    ticket_kind: { type: 'int', label: '券类型', required: true, options: { kind: 'static', items: TICKET_KINDS }, search: 'eq', list: { format: 'option', width: 100 } },
    ticket_name: { type: 'string', label: '券名称', required: true, max: 64, search: 'like', list: { width: 160 } },
    face_value: { type: 'money', label: '面值', required: true, min: 0, max: 10000000, list: { width: 100 } },
    quantity: { type: 'int', label: '张数', required: true, min: 1, max: 100, default: 1, list: { width: 70 } },
    valid_days: { type: 'int', label: '有效天数', required: true, min: 1, max: 3650, default: 365, list: { width: 90 } },
    enabled: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
});

/**
 * 请假免扣: lessons of an order excused from consumption (illness, school exams): the lesson is
 * not posted on the hour ledger. `order_id` names the order (order_form) of the student.
 */
export const orderExcusedResource = defineResource({
  name: 'edu_order_excused',
  readBy: [ORDER_EXTRA_SCREEN.excused],
  title: '免扣课记录',
  table: 'edu_order_excused',
  scope: 'school',
  softDelete: true,
  perm: 'edu_order_excused',
  defaultSort: 'excused_date desc',
  indexes: [['school_id', 'student_id'], ['order_id']],
  fields: {
    student_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100 } },
    order_id: { type: 'int', label: '订单', required: true, min: 1, search: 'eq', list: { width: 90 } },
    class_type_id: { type: 'int', label: '班型', min: 1, search: 'eq', ref: classTypeRef, list: { width: 140 } },
    excused_date: { type: 'date', label: '免扣日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    lessons: { type: 'int', label: '免扣课次', required: true, min: 1, max: 100, default: 1, list: { width: 90 } },
    reason: { type: 'string', label: '免扣原因', required: true, max: 255, list: { width: 220 } },
  },
});

/** 淘宝订单: orders sold on the shop, checked against a student's order when redeemed (核销). */
export const tbOrderResource = defineResource({
  name: 'order_tb_form',
  readBy: [ORDER_EXTRA_SCREEN.tbForm],
  title: '淘宝订单',
  table: 'order_tb_form',
  scope: 'school',
  softDelete: true,
  perm: 'order_tb_form',
  pageMethod: 'POST_FORM',
  defaultSort: 'paid_at desc',
  indexes: [['school_id', 'del_flag', 'state', 'paid_at']],
  fields: {
    tb_order_no: { type: 'string', label: '淘宝订单号', required: true, max: 32, pattern: { re: '^\\d{10,32}$', msg: '淘宝订单号应为10到32位数字' }, search: 'like', unique: true, list: { width: 190 } },
    buyer_nick: { type: 'string', label: '买家昵称', required: true, max: 64, search: 'like', list: { width: 120 } },
    buyer_phone: { type: 'string', label: '买家手机号', max: 11, pattern: { re: '^1\\d{10}$', msg: '买家手机号应为11位数字，以1开头' }, mask: 'phone', search: 'like', list: { width: 120 } },
    item_title: { type: 'string', label: '商品名称', required: true, max: 128, search: 'like', list: { width: 200 } },
    amount: { type: 'money', label: '实付金额', required: true, min: 0, max: 100000000, list: { width: 100, sortable: true } },
    paid_at: { type: 'datetime', label: '付款时间', required: true, search: 'range', list: { format: 'datetime', width: 160, sortable: true } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: TB_ORDER_STATES }, search: 'in', list: { format: 'option', width: 80 } },
    student_id: { type: 'int', label: '核销学员', min: 1, search: 'eq', ref: studentRef, list: { width: 100 } },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
});

/**
 * 学员赠品: what a student receives with an order (books, bags, …): recorded 待发放, handed out
 * by give_gift (已发放) and taken back or charged at a refund by update_return (已退回). The
 * refund calculator reads the gifts given to deduct their list price.
 */
export const studentGiftResource = defineResource({
  name: 'order_student_gift',
  // a reader of a declaration naming the student reads students too: only screens that show students
  readBy: [ORDER_EXTRA_SCREEN.studentGift, ORDER_EXTRA_SCREEN.recommendGift, STUDENT_SCREEN.oldStudentGift],
  title: '学员赠品',
  table: 'order_student_gift',
  scope: 'school',
  softDelete: true,
  perm: 'order_student_gift',
  indexes: [['school_id', 'student_id'], ['order_id']],
  fields: {
    student_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100 } },
    order_id: { type: 'int', label: '订单', min: 1, search: 'eq', list: { width: 90 } },
    // 2 推荐赠品 is given only by order_form/add_recommend_gift, to the student who recommended the buyer
    source: { type: 'int', label: '赠品来源', default: GIFT_SOURCE.signed, options: { kind: 'static', items: GIFT_SOURCES }, search: 'eq', list: { format: 'option', width: 90 } },
    gift_name: { type: 'string', label: '赠品名称', required: true, max: 64, search: 'like', list: { width: 160 } },
    quantity: { type: 'int', label: '数量', required: true, min: 1, max: 999, default: 1, list: { width: 70 } },
    list_price: { type: 'money', label: '赠品原价', required: true, min: 0, max: 10000000, default: 0, list: { width: 100 } },
    state: { type: 'int', label: '状态', default: 1, readonly: true, options: { kind: 'static', items: GIFT_STATES }, search: 'in', list: { format: 'option', width: 80 } },
    given_at: { type: 'datetime', label: '发放时间', readonly: true, search: 'range', list: { format: 'datetime', width: 160 } },
    given_by_name: { type: 'string', label: '发放人', readonly: true, max: 64, list: { width: 90 } },
    returned_at: { type: 'datetime', label: '退回时间', readonly: true, list: { format: 'datetime', width: 160, show: false } },
    return_charge: { type: 'money', label: '未退回扣款', readonly: true, min: 0, list: { width: 100, show: false } },
    return_note: { type: 'string', label: '退回说明', readonly: true, max: 255, list: { show: false } },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
});

/** An installment plan's life. */
export const INSTALLMENT_STATES: readonly OptionItem[] = [
  { value: 1, text: '还款中' },
  { value: 2, text: '已逾期' },
  { value: 3, text: '逾期处理中' },
  { value: 4, text: '已结清' },
  { value: 5, text: '已终止' },
  { value: 6, text: '已转出' },
];
export const PERIOD_STATES: readonly OptionItem[] = [
  { value: 1, text: '待还款' },
  { value: 2, text: '已还款' },
  { value: 3, text: '已逾期' },
  { value: 4, text: '已终止' },
];
export const OVERDUE_MEASURES: readonly OptionItem[] = [
  { value: 1, text: '电话催收' },
  { value: 2, text: '暂停排课' },
  { value: 3, text: '停止消课' },
  { value: 4, text: '法务函告' },
];

/**
 * 分期计划: an order paid in periods (order_installment_period) whose amounts add up to the
 * order's total. Written by the calls of src/contract/orders-extras.ts (save plan, pay, overdue
 * treatment and recovery, withholding authorization, termination, transfer), read here.
 */
export const installmentResource = defineResource({
  name: 'order_installment',
  readBy: [ORDER_EXTRA_SCREEN.installment, ORDER_EXTRA_SCREEN.installmentJx],
  title: '分期订单',
  table: 'order_installment',
  scope: 'school',
  perm: 'order_installment',
  calls: { add: false, update: false, delete: false },
  indexes: [['school_id', 'state', 'next_due_date'], ['order_id']],
  fields: {
    // the list shows and searches the order by its number
    order_id: { type: 'int', label: '订单', required: true, min: 1, search: 'eq', ref: { resource: 'order_form', label: ['order_no'] }, list: { width: 150 } },
    student_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100 } },
    is_renewal: { type: 'bool', label: '续费', default: 0, search: 'eq', list: { format: 'bool', width: 70 } },
    total_amount: { type: 'money', label: '分期总额', required: true, min: 1, list: { width: 110 } },
    paid_amount: { type: 'money', label: '已还金额', default: 0, min: 0, list: { width: 110 } },
    periods: { type: 'int', label: '期数', required: true, min: 1, max: 36, list: { width: 70 } },
    next_due_date: { type: 'date', label: '下期还款日', search: 'range', list: { format: 'date', width: 110, sortable: true } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: INSTALLMENT_STATES }, search: 'in', list: { format: 'option', width: 100 } },
    withholding: { type: 'bool', label: '代扣授权', default: 0, search: 'eq', list: { format: 'bool', width: 90 } },
    withholding_no: { type: 'string', label: '代扣协议号', max: 64, list: { width: 140, show: false } },
    withholding_account: { type: 'string', label: '代扣账户', max: 64, list: { width: 140, show: false } },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
});

export const installmentPeriodResource = defineResource({
  name: 'order_installment_period',
  readBy: [ORDER_EXTRA_SCREEN.installment, ORDER_EXTRA_SCREEN.installmentJx],
  title: '分期还款计划',
  table: 'order_installment_period',
  scope: 'school',
  perm: 'order_installment_period',
  calls: { add: false, update: false, delete: false },
  defaultSort: 'period_no',
  indexes: [['installment_id', 'period_no'], ['state', 'due_date']],
  fields: {
    installment_id: { type: 'int', label: '分期订单', required: true, min: 1, search: 'eq', list: { width: 90 } },
    period_no: { type: 'int', label: '期次', required: true, min: 1, list: { width: 70 } },
    due_date: { type: 'date', label: '还款日', required: true, search: 'range', list: { format: 'date', width: 110 } },
    amount: { type: 'money', label: '应还金额', required: true, min: 1, list: { width: 110 } },
    paid_amount: { type: 'money', label: '已还金额', default: 0, min: 0, list: { width: 110 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: PERIOD_STATES }, search: 'in', list: { format: 'option', width: 90 } },
    paid_at: { type: 'datetime', label: '还清时间', list: { format: 'datetime', width: 160 } },
  },
});

/** What happened to a plan (逾期, 逾期处理, 恢复, 代扣授权, 终止, 转出): appended, never edited. */
export const installmentEventResource = defineResource({
  name: 'order_installment_event',
  readBy: [ORDER_EXTRA_SCREEN.installment, ORDER_EXTRA_SCREEN.installmentJx],
  title: '分期处理记录',
  table: 'order_installment_event',
  scope: 'school',
  perm: 'order_installment_event',
  calls: { add: false, update: false, delete: false },
  indexes: [['installment_id', 'id']],
  fields: {
    installment_id: { type: 'int', label: '分期订单', required: true, min: 1, search: 'eq', list: { width: 90 } },
    kind: { type: 'string', label: '类型', required: true, max: 32, search: 'eq', list: { width: 100 } },
    measure: { type: 'int', label: '处理措施', options: { kind: 'static', items: OVERDUE_MEASURES }, list: { format: 'option', width: 100 } },
    note: { type: 'string', label: '说明', max: 255, list: { width: 240 } },
    operator_name: { type: 'string', label: '操作人', max: 64, list: { width: 90 } },
  },
});

export const REFUND_STATES: readonly OptionItem[] = [
  { value: 1, text: '待提交' },
  { value: 2, text: '审批中' },
  { value: 3, text: '已通过' },
  { value: 4, text: '已拒绝' },
  { value: 5, text: '已撤销' },
  { value: 6, text: '已退款' },
];
export const PAYOUT_KINDS: readonly OptionItem[] = [
  { value: 1, text: '退至学员账户' },
  { value: 2, text: '原路退回' },
  { value: 3, text: '现金' },
  { value: 4, text: '银行转账' },
];

/**
 * 退费单: computed by the refund calculator (src/contract/orders-extras.ts), approved through the
 * workflow (tag `refund`), paid by actual_refund, which posts the unused hours out of the order's
 * contract lines and the money to the student's account or as a payout record. Never edited
 * after it is paid; `refund_no` is issued per campus and year without gaps.
 */
export const refundResource = defineResource({
  name: 'order_refund',
  readBy: [ORDER_EXTRA_SCREEN.refund, ORDER_EXTRA_SCREEN.refundPayment],
  title: '退费单',
  table: 'order_refund',
  scope: 'school',
  perm: 'order_refund',
  pageMethod: 'POST_FORM',
  calls: { add: false, update: false, delete: false },
  indexes: [['school_id', 'state', 'id'], ['order_id']],
  fields: {
    refund_no: { type: 'string', label: '退费单号', max: 32, search: 'like', list: { width: 150 } },
    order_id: { type: 'int', label: '订单', required: true, min: 1, search: 'eq', list: { width: 80 } },
    order_no: { type: 'string', label: '订单编号', max: 32, search: 'like', list: { width: 150 } },
    student_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100 } },
    reason_id: { type: 'int', label: '退费原因', min: 1, search: 'eq', ref: { resource: 'order_refund_detail_reason', label: ['name'] }, list: { width: 160 } },
    paid_left: { type: 'money', label: '未用实收', min: 0, list: { width: 110 } },
    unused_paid_hours: { type: 'int', label: '未用购买课时(0.01)', min: 0, list: { width: 120, show: false } },
    hours_amount: { type: 'money', label: '课时退费', min: 0, list: { width: 110 } },
    gift_deduction: { type: 'money', label: '赠送扣除', min: 0, list: { width: 100 } },
    service_charge: { type: 'money', label: '手续费', min: 0, list: { width: 90 } },
    relief: { type: 'money', label: '减免', min: 0, list: { width: 90 } },
    amount: { type: 'money', label: '退费金额', min: 0, list: { width: 110, sortable: true } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: REFUND_STATES }, search: 'in', list: { format: 'option', width: 80 } },
    payout_kind: { type: 'int', label: '退款方式', options: { kind: 'static', items: PAYOUT_KINDS }, search: 'eq', list: { format: 'option', width: 110 } },
    refunded_at: { type: 'datetime', label: '退款时间', search: 'range', list: { format: 'datetime', width: 160 } },
    // the 退费 receipt the payout issued (财务 › 收据管理 prints it)
    receipt_no: { type: 'string', label: '退款凭证号', max: 32, search: 'like', form: false, list: { width: 160 } },
    refunded_hours: { type: 'int', label: '退出课时(0.01)', min: 0, list: { width: 110, show: false } },
    detail: { type: 'text', label: '计算明细', list: false, form: false },
    remark: { type: 'string', label: '说明', max: 255, list: { show: false } },
  },
});

export const ORDER_EXTRA_RESOURCES = [
  refundResource,
  refundReasonResource,
  giveTicketConfigResource,
  orderExcusedResource,
  tbOrderResource,
  studentGiftResource,
  installmentResource,
  installmentPeriodResource,
  installmentEventResource,
] as const;
