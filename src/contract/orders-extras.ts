import { z } from './zod';
import { DATE_RE, dateField as requiredDate, idField as id, optionalIdField as optionalId, realDate } from './fields';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { pageQuerySchema } from './paging';

/**
 * Special calls of the orders area around the order itself: the gifts a student receives
 * (give_gift, update_return, old_page, get_student_return) and the price check before signing
 * (order_fee/check_fee, check_fee_json). The lists are declared in resources/orders-extras.ts.
 */

/** Screens (menu codes, src/contract/menus/orders-extras.ts) of these lists: what their reads name. */
export const ORDER_EXTRA_SCREEN = {
  refundReason: 'orders_refund_detail_reason',
  ticketConfig: 'orders_give_ticket_config',
  excused: 'orders_excused',
  tbForm: 'orders_tb_form',
  studentGift: 'orders_student_gift',
  installment: 'orders_installment',
  installmentJx: 'orders_installment_jx',
  refund: 'orders_refund',
  refundPayment: 'orders_refund_payment',
  /** 推荐赠品 and 老学员推荐 (spec screens.tsv `gift` › recommend, old recommend) */
  recommendGift: 'orders_recommend_gift',
  oldRecommend: 'orders_old_recommend',
} as const;

export const ORDER_EXTRA_SCREENS: readonly string[] = Object.values(ORDER_EXTRA_SCREEN);

const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`).refine(realDate, `${label}不是有效日期`).optional(),
  );
/** Money in fen: a whole number (DESIGN §7); the form converts yuan. */
const fen = (label: string, max = 100_000_000) =>
  z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数（单位：分）`).min(0, `${label}不能小于0`).max(max, `${label}不能超过${max / 100}元`);
const idList = (label: string) =>
  z
    .array(id(label), { error: `请选择${label}` })
    .min(1, `请至少选择一个${label}`)
    .max(1000, `一次最多 1000 个${label}`);

// ---------------------------------------------------------------------------------------------
// Student gifts (学员赠品)
// ---------------------------------------------------------------------------------------------

export interface GiftRow {
  id: number;
  school_id: number;
  student_id: number;
  student_name: string | null;
  order_id: number | null;
  gift_name: string;
  quantity: number;
  list_price: number;
  state: number;
  given_at: string | null;
  returned_at: string | null;
  return_charge: number | null;
  return_note: string | null;
}

export const giveGiftCall = defineCall({
  area: 'orders',
  title: '发放赠品',
  method: 'POST',
  path: 'api/v1/order_student_gift/give_gift',
  perm: 'order_student_gift_give_gift',
  body: z.object({ ids: idList('赠品') }),
  labels: { ids: '赠品' },
  answer: answer<{ count: number; ids: number[] }>(),
});

/** Marks a given gift 已退回 (at a refund): returned in kind, or kept and charged `return_charge`. */
export const giftReturnBodySchema = z.object({
  id: id('赠品'),
  return_charge: fen('未退回扣款', 10_000_000).default(0),
  return_note: z.string().trim().max(255, '退回说明不能超过255个字符').optional(),
});
export const updateGiftReturnCall = defineCall({
  area: 'orders',
  title: '赠品退回',
  method: 'POST',
  path: 'api/v1/order_student_gift/update_return',
  perm: 'order_student_gift_update_return',
  body: giftReturnBodySchema,
  labels: { id: '赠品', return_charge: '未退回扣款', return_note: '退回说明' },
  answer: answer<GiftRow>(),
});

/** The gift history (已发放 and 已退回) of a campus or a student: the old screen's list. */
export const giftHistoryQuerySchema = pageQuerySchema.extend({
  student_id: optionalId('学员'),
  school_id: optionalId('校区'),
});
export const giftOldPageCall = defineCall({
  area: 'orders',
  title: '赠品发放记录',
  method: 'GET',
  path: 'api/v1/order_student_gift/old_page',
  perm: [ORDER_EXTRA_SCREEN.studentGift],
  query: giftHistoryQuerySchema,
  labels: { student_id: '学员', school_id: '校区', page: '页码', rows: '每页行数', sort: '排序' },
  answer: answer<Page<GiftRow>>(),
});

export interface StudentGiftReturn {
  student_id: number;
  /** gifts given and not returned: what a refund deducts at list price */
  gifts: GiftRow[];
  /** Σ list_price × quantity of those gifts, fen */
  total_list_price: number;
}
/**
 * 老学员推荐: a student an existing student recommended (the referred student's `pusher_id`), with
 * the outcome — orders signed for good and the recommend gifts (推荐赠品) their orders brought
 * the recommender. Path chosen for the spec's unnamed list: `order_student_gift/old_recommend_page`.
 */
export interface OldRecommendRow {
  student_id: number;
  student_name: string;
  school_id: number;
  school_name: string | null;
  referrer_id: number;
  referrer_name: string | null;
  created_at: string | null;
  /** orders of the referred student signed for good (audited and not undone) */
  signed_orders: number;
  /** recommend gifts of those orders, by state */
  gifts_pending: number;
  gifts_given: number;
  gifts_returned: number;
}
export const oldRecommendPageCall = defineCall({
  area: 'orders',
  title: '老学员推荐',
  method: 'GET',
  path: 'api/v1/order_student_gift/old_recommend_page',
  perm: [ORDER_EXTRA_SCREEN.oldRecommend],
  query: pageQuerySchema.extend({ name: z.string().trim().max(32, '姓名最多32个字').optional(), school_id: optionalId('校区') }),
  labels: { name: '姓名', school_id: '校区', page: '页码', rows: '每页行数', sort: '排序' },
  answer: answer<Page<OldRecommendRow>>(),
});

export const getStudentReturnCall = defineCall({
  area: 'orders',
  title: '学员待退赠品',
  method: 'GET',
  path: 'api/v1/order_student_gift/get_student_return',
  perm: [ORDER_EXTRA_SCREEN.studentGift],
  query: z.object({ student_id: id('学员') }),
  labels: { student_id: '学员' },
  answer: answer<StudentGiftReturn>(),
});

// ---------------------------------------------------------------------------------------------
// Price check before signing (order_fee)
// ---------------------------------------------------------------------------------------------

/**
 * One line as a contract would sell it: a language pack (its price on sale at the campus that day)
 * or a class type bought by units at the fee standard in force. `deal_price` is what the contract
 * charges for the line (fen); the check answers the list price and whether the discount is allowed.
 */
export const feeLineSchema = z
  .object({
    language_pack_id: optionalId('课程包'),
    class_type_id: optionalId('班型'),
    billing_unit: z.coerce.number({ error: '计费单位必须是数字' }).int('计费单位必须是整数').min(1, '计费单位不正确').max(3, '计费单位不正确').default(1),
    quantity: z.coerce.number({ error: '购买数量必须是数字' }).int('购买数量必须是整数').min(1, '购买数量至少为 1').max(10000, '购买数量不能超过 10000').default(1),
    deal_price: fen('成交价'),
  })
  .refine((l) => (l.language_pack_id === undefined) !== (l.class_type_id === undefined), { message: '课程包和班型请二选一', path: ['language_pack_id'] });

export const checkFeeQuerySchema = z.intersection(
  z.object({ school_id: id('校区'), date: optionalDate('签约日期') }),
  feeLineSchema,
);
export const checkFeeJsonBodySchema = z.object({
  school_id: id('校区'),
  date: optionalDate('签约日期'),
  lines: z.array(feeLineSchema, { error: '请提供订单明细' }).min(1, '请至少添加一条订单明细').max(50, '一个订单最多 50 条明细'),
});

const feeLabels = {
  school_id: '校区',
  date: '签约日期',
  language_pack_id: '课程包',
  class_type_id: '班型',
  billing_unit: '计费单位',
  quantity: '购买数量',
  deal_price: '成交价',
  lines: '订单明细',
};

export interface FeeCheckLine {
  language_pack_id: number | null;
  class_type_id: number | null;
  name: string;
  /** the list price of the line at the campus that day, fen */
  list_price: number;
  deal_price: number;
  /** list_price − deal_price (negative: sold above the list price) */
  discount: number;
  /** the kept price version the order records */
  price_version_id: number | null;
  hours: number;
  gift_hours: number;
  ok: boolean;
  msg: string;
}
export interface FeeCheck {
  lines: FeeCheckLine[];
  list_total: number;
  deal_total: number;
  ok: boolean;
}

/** The largest discount a campus may give without an approval, as a share of the list price. */
export const MAX_DISCOUNT_PERCENT = 30;

export const checkFeeCall = defineCall({
  area: 'orders',
  title: '签约价格校验',
  method: 'GET',
  path: 'api/v1/order_fee/check_fee',
  perm: [ORDER_EXTRA_SCREEN.studentGift, ORDER_EXTRA_SCREEN.ticketConfig],
  query: checkFeeQuerySchema,
  labels: feeLabels,
  answer: answer<FeeCheck>(),
});

export const checkFeeJsonCall = defineCall({
  area: 'orders',
  title: '签约价格校验',
  method: 'POST',
  path: 'api/v1/order_fee/check_fee_json',
  perm: [ORDER_EXTRA_SCREEN.studentGift, ORDER_EXTRA_SCREEN.ticketConfig],
  readOnly: true,
  body: checkFeeJsonBodySchema,
  labels: feeLabels,
  answer: answer<FeeCheck>(),
});

// ---------------------------------------------------------------------------------------------
// Installments (分期)
// ---------------------------------------------------------------------------------------------

const note = (label: string) => z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(255, `${label}不能超过255个字符`);

export const installmentPeriodSchema = z.object({ due_date: requiredDate('还款日'), amount: fen('每期金额').refine((v) => v > 0, '每期金额必须大于0') });
/**
 * A plan: its periods' due dates strictly increasing, amounts adding up to the order's total (the
 * server checks the sum against the order). `total_amount` is what the plan must add up to.
 */
export const saveInstallmentBodySchema = z.object({
  order_id: id('订单'),
  total_amount: fen('分期总额').refine((v) => v > 0, '分期总额必须大于0'),
  is_renewal: z.coerce.number().int().min(0).max(1).default(0),
  periods: z.array(installmentPeriodSchema, { error: '请填写分期计划' }).min(1, '请至少填写一期').max(36, '最多分 36 期'),
  remark: z.string().trim().max(255, '备注不能超过255个字符').optional(),
});
export const saveInstallmentCall = defineCall({
  area: 'orders',
  title: '保存分期计划',
  method: 'POST',
  path: 'api/v1/order_installment/save_plan',
  perm: 'order_installment_save_plan',
  body: saveInstallmentBodySchema,
  labels: { order_id: '订单', total_amount: '分期总额', periods: '分期计划', due_date: '还款日', amount: '每期金额', is_renewal: '续费', remark: '备注' },
  answer: answer<{ id: number }>(),
});

/** Money received for a plan settles its periods in order (oldest unpaid first). */
export const payInstallmentCall = defineCall({
  area: 'orders',
  title: '分期还款',
  method: 'POST',
  path: 'api/v1/order_installment/pay',
  perm: 'order_installment_pay',
  // the receipt's method (default 现金); 'account' takes the money from the student's account
  body: z.object({
    id: id('分期订单'),
    amount: fen('还款金额').refine((v) => v > 0, '还款金额必须大于0'),
    pay_method: z.enum(['cash', 'card', 'transfer', 'qr', 'account'], { error: '请选择支付方式' }).optional(),
  }),
  labels: { id: '分期订单', amount: '还款金额', pay_method: '支付方式' },
  answer: answer<{ id: number; paid_amount: number; state: number; settled_periods: number[]; receipt_id: number; receipt_no: string }>(),
});

export const overdueTreatmentCall = defineCall({
  area: 'orders',
  title: '逾期处理',
  method: 'POST',
  path: 'api/v1/order_form/overdue_treatment',
  perm: 'order_form_overdue_treatment',
  body: z.object({ id: id('分期订单'), measure: z.coerce.number({ error: '请选择处理措施' }).int('请选择处理措施').min(1, '请选择处理措施').max(4, '请选择处理措施'), note: note('处理说明') }),
  labels: { id: '分期订单', measure: '处理措施', note: '处理说明' },
  answer: answer<{ id: number; state: number }>(),
});

export const overdueRecoveryCall = defineCall({
  area: 'orders',
  title: '逾期恢复',
  method: 'POST',
  path: 'api/v1/order_form/overdue_recovery',
  perm: 'order_form_overdue_recovery',
  body: z.object({ id: id('分期订单'), note: note('恢复说明') }),
  labels: { id: '分期订单', note: '恢复说明' },
  answer: answer<{ id: number; state: number }>(),
});

export const withholdingAuthorizationCall = defineCall({
  area: 'orders',
  title: '分期代扣授权',
  method: 'POST',
  path: 'api/v1/order_form/installment_withholding_authorization',
  perm: 'order_form_installment_withholding_authorization',
  body: z.object({
    id: id('分期订单'),
    agreement_no: z.string({ error: '请输入代扣协议号' }).trim().min(1, '请输入代扣协议号').max(64, '代扣协议号不能超过64个字符'),
    account: z
      .string({ error: '请输入代扣账户' })
      .trim()
      .regex(/^\d{12,19}$/, '代扣账户应为12到19位银行卡号'),
  }),
  labels: { id: '分期订单', agreement_no: '代扣协议号', account: '代扣账户' },
  answer: answer<{ id: number; withholding: number; withholding_account: string }>(),
});

export const terminateInstallmentCall = defineCall({
  area: 'orders',
  title: '终止分期',
  method: 'POST',
  path: 'api/v1/order_installment/termination',
  perm: 'order_installment_termination',
  body: z.object({ id: id('分期订单'), note: note('终止原因') }),
  labels: { id: '分期订单', note: '终止原因' },
  // the order ends too: what it had received goes back to the student's account with a 退费 receipt
  answer: answer<{ id: number; state: number; terminated_periods: number; order_state: number; returned: number; receipt_no: string | null }>(),
});

export const transferInstallmentCall = defineCall({
  area: 'orders',
  title: '分期订单转让',
  method: 'POST',
  path: 'api/v1/order_form/transfer_installment_order',
  perm: 'order_form_transfer_installment_order',
  body: z.object({ id: id('分期订单'), to_student_id: id('转入学员'), note: note('转让原因') }),
  labels: { id: '分期订单', to_student_id: '转入学员', note: '转让原因' },
  answer: answer<{ id: number; student_id: number; order_id: number }>(),
});

/**
 * 修改分期计划 (installment / modify): the periods still owed are replaced by a new schedule adding
 * up to what the plan still owes (a period partly paid is closed at what it received). Path chosen
 * for the spec's unnamed dialog, in the style of save_plan.
 */
export const modifyInstallmentCall = defineCall({
  area: 'orders',
  title: '修改分期计划',
  method: 'POST',
  path: 'api/v1/order_installment/modify_plan',
  perm: 'order_installment_modify_plan',
  body: z.object({
    id: id('分期订单'),
    periods: z.array(installmentPeriodSchema, { error: '请填写分期计划' }).min(1, '请至少填写一期').max(36, '最多分 36 期'),
    note: note('修改原因'),
  }),
  labels: { id: '分期订单', periods: '分期计划', due_date: '还款日', amount: '每期金额', note: '修改原因' },
  answer: answer<{ id: number; periods: number; next_due_date: string }>(),
});

// ---------------------------------------------------------------------------------------------
// Refunds (退费)
// ---------------------------------------------------------------------------------------------

/** One contract line in the refund calculation (hours in hundredths, money in fen). */
export interface RefundLine {
  line_id: number;
  class_type_id: number;
  bought_hours: number;
  gift_hours: number;
  remaining_hours: number;
  unused_paid_hours: number;
  used_gift_hours: number;
  /** paid money ÷ bought hours: what one hundredth of an hour really cost, fen (kept as a fraction) */
  real_unit_price: number;
  list_unit_price: number;
  hours_amount: number;
  gift_deduction: number;
  paid_left: number;
}
export interface RefundCalculation {
  order_id: number;
  student_id: number;
  lines: RefundLine[];
  /** Σ unused paid money on the order's lines: the most a refund may return without another approval */
  paid_left: number;
  hours_amount: number;
  gift_deduction: number;
  /** gifts given with the order and not returned, at list price */
  gifts_not_returned: number;
  /** the channel the money goes out by (finance's PAY_METHODS), whose rate is charged */
  service_pay_method: string;
  /** the campus's service rate of that channel in ten-thousandths (万分之, as finance keeps it); 0 without one */
  service_rate: number;
  service_charge: number;
  relief: number;
  amount: number;
  /** how the amount was computed, in words */
  explain: string[];
}

const money0 = (label: string) => z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), fen(label));

export const refundCalculatorCall = defineCall({
  area: 'orders',
  title: '退费计算',
  method: 'GET',
  path: 'api/v1/order_refund/calculator',
  perm: [ORDER_EXTRA_SCREEN.refund],
  query: z.object({
    order_id: id('订单'),
    relief: money0('减免'),
    /** as in update_submission: the payout channel decides the service charge */
    payout_kind: z.coerce.number({ error: '请选择退款方式' }).int('请选择退款方式').min(1, '请选择退款方式').max(4, '请选择退款方式').default(1),
  }),
  labels: { order_id: '订单', relief: '减免', payout_kind: '退款方式' },
  answer: answer<RefundCalculation>(),
});

/** Submits a refund of an order (a new 退费单) or resubmits one refused or recalled (`id`). */
export const refundSubmissionCall = defineCall({
  area: 'orders',
  title: '提交退费',
  method: 'POST',
  path: 'api/v1/order_refund/update_submission',
  perm: 'order_refund_update_submission',
  body: z.object({
    id: optionalId('退费单'),
    order_id: optionalId('订单'),
    reason_id: id('退费原因'),
    relief: money0('减免'),
    payout_kind: z.coerce.number({ error: '请选择退款方式' }).int('请选择退款方式').min(1, '请选择退款方式').max(4, '请选择退款方式').default(1),
    remark: z.string().trim().max(255, '说明不能超过255个字符').optional(),
  }).refine((b) => b.id !== undefined || b.order_id !== undefined, { message: '请选择订单', path: ['order_id'] }),
  labels: { id: '退费单', order_id: '订单', reason_id: '退费原因', relief: '减免', payout_kind: '退款方式', remark: '说明' },
  answer: answer<{ id: number; refund_no: string; state: number; amount: number }>(),
});

export const refundReliefCall = defineCall({
  area: 'orders',
  title: '退费减免',
  method: 'POST',
  path: 'api/v1/order_refund/update_relief',
  perm: 'order_refund_update_relief',
  body: z.object({ id: id('退费单'), relief: money0('减免'), remark: z.string().trim().max(255, '说明不能超过255个字符').optional() }),
  labels: { id: '退费单', relief: '减免', remark: '说明' },
  answer: answer<{ id: number; relief: number; amount: number; state: number }>(),
});

export const refundRevocationCall = defineCall({
  area: 'orders',
  title: '撤销退费',
  method: 'POST',
  path: 'api/v1/order_refund/revocation',
  perm: 'order_refund_revocation',
  body: z.object({ id: id('退费单') }),
  labels: { id: '退费单' },
  answer: answer<{ id: number; state: number }>(),
});

export const actualRefundCall = defineCall({
  area: 'orders',
  title: '确认退款',
  method: 'POST',
  path: 'api/v1/order_refund/actual_refund',
  perm: 'order_refund_actual_refund',
  body: z.object({ id: id('退费单') }),
  labels: { id: '退费单' },
  answer: answer<{ id: number; state: number; amount: number; refunded_hours: number; receipt_no: string }>(),
});
