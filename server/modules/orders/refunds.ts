import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { actualRefundCall, refundCalculatorCall, refundReliefCall, refundRevocationCall, refundSubmissionCall, type RefundCalculation, type RefundLine } from '../../../src/contract/orders-extras';
import { REFUND_STATES, refundResource } from '../../../src/contract/resources/orders-extras';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import { formatYuan } from '../../../src/lib/format/money';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { ApiError } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { nextNumber, periodOf } from '../../lib/number-sequence';
import { nowText } from '../../lib/time';
import { createInstance, partakersRead, registerOutcome } from '../workflow';
import { issueReceipt as issueFinanceReceipt, rateFor, refundToAccount } from '../finance';
import { PAY_METHODS, type PayMethod } from '../../../src/contract/finance-accounts';
import { NOT_FOUND_MSG, getOrder, orderInScope, setOrderState, writeLog, type OrderRow } from './order-rules';
import { lineBalances } from './balances';
import { emptyLine } from './hours';
import { reverseDividesForRefund } from './divide-reversal';
import './schema';

type Db = Kysely<Database>;

export const REFUND = { DRAFT: 1, APPROVING: 2, APPROVED: 3, REFUSED: 4, REVOKED: 5, PAID: 6 } as const;
const LIVE: number[] = [REFUND.DRAFT, REFUND.APPROVING, REFUND.APPROVED];
const REFUNDABLE_ORDERS: number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress, ORDER_STATE.completed];
const TO_ACCOUNT = 1;
const stateText = (s: number) => REFUND_STATES.find((o) => o.value === s)?.text ?? String(s);
const hoursText = (h: number) => (h / 100).toFixed(2).replace(/\.?0+$/, '');

/**
 * The service charge of a refund: the finance area's service rate (base_organ_service_rate) of the
 * order's campus for the channel the money goes out by. Finance keeps rates in ten-thousandths
 * (万分之, 38 = 0.38 %) with a minimum and maximum fee; the fee is computed by finance's own
 * serviceFee (rate × amount / 10000, rounded half up to the fen, integers only), so a refund is
 * charged exactly what the campus's rate says. No rate for the channel (e.g. 退至学员账户): no charge.
 */
export async function refundServiceCharge(db: Db, schoolId: number, method: PayMethod, amount: number): Promise<{ rate: number; charge: number }> {
  const found = await rateFor(db, schoolId, method, amount);
  return found ? { rate: found.rate, charge: found.fee ?? 0 } : { rate: 0, charge: 0 };
}

/**
 * The refund calculator. Per contract line of the order: hours consume paid hours first, so the
 * unused paid hours are what remains beyond the gift hours; they are returned at the line's real
 * unit price (paid money ÷ bought hours); gift hours already used are charged at the list unit
 * price (list price ÷ bought hours), as are the order's gifts handed out and not returned; then
 * the service charge of the payout channel (`payoutKind`, as the refund is filed: 1 退至学员账户 by
 * default); a relief adds back. The result never exceeds the unused paid money left on the money
 * ledger (Σ paid_left), nor goes below zero.
 */
export async function calculateRefund(db: Db, order: OrderRow, relief: number, payoutKind: number = TO_ACCOUNT): Promise<RefundCalculation> {
  const balances = (await lineBalances(db, order.student_id)).filter((b) => b.order_id === order.id);
  const lines: RefundLine[] = [];
  for (const b of balances) {
    const line = await db.selectFrom('order_contract_line').select(['bought_hours', 'gift_hours', 'paid_money', 'detail_id']).where('id', '=', b.line_id).executeTakeFirstOrThrow();
    const bought = Number(line.bought_hours ?? 0);
    const gift = Number(line.gift_hours ?? 0);
    const paidMoney = Number(line.paid_money ?? 0);
    const detail = line.detail_id ? await db.selectFrom('order_form_detail').select('list_price').where('id', '=', line.detail_id).executeTakeFirst() : undefined;
    const listPrice = Number(detail?.list_price ?? paidMoney);
    const remaining = b.remaining_hours;
    const unusedPaid = Math.max(0, Math.min(bought, remaining - gift));
    const usedGift = gift - Math.min(gift, remaining);
    lines.push({
      line_id: b.line_id,
      class_type_id: b.class_type_id,
      bought_hours: bought,
      gift_hours: gift,
      remaining_hours: remaining,
      unused_paid_hours: unusedPaid,
      used_gift_hours: usedGift,
      real_unit_price: bought > 0 ? paidMoney / bought : 0,
      list_unit_price: bought > 0 ? listPrice / bought : 0,
      hours_amount: bought > 0 ? Math.floor((unusedPaid * paidMoney) / bought) : 0,
      gift_deduction: bought > 0 ? Math.floor((usedGift * listPrice) / bought) : 0,
      paid_left: b.paid_left,
    });
  }
  const gifts = await db.selectFrom('order_student_gift').select(['list_price', 'quantity']).where('order_id', '=', order.id).where('student_id', '=', order.student_id).where('state', '=', 2).where('del_flag', '=', 0).execute();
  const giftsNotReturned = gifts.reduce((s, g) => s + Number(g.list_price) * Number(g.quantity), 0);
  const paidLeft = lines.reduce((s, l) => s + l.paid_left, 0);
  const hoursAmount = lines.reduce((s, l) => s + l.hours_amount, 0);
  const giftDeduction = lines.reduce((s, l) => s + l.gift_deduction, 0);
  const before = Math.max(0, hoursAmount - giftDeduction - giftsNotReturned);
  const method = await payoutMethod(db, order.id, payoutKind);
  const { rate, charge: serviceCharge } = await refundServiceCharge(db, order.school_id, method, before);
  const wanted = before - serviceCharge + relief;
  const amount = Math.max(0, Math.min(wanted, paidLeft));
  const explain = [
    ...lines.map((l) => `合同行${l.line_id}：未用购买课时 ${hoursText(l.unused_paid_hours)} × 实际单价 = ${formatYuan(l.hours_amount)} 元；已用赠送课时 ${hoursText(l.used_gift_hours)} 按标准单价扣 ${formatYuan(l.gift_deduction)} 元`),
    ...(giftsNotReturned > 0 ? [`未退回赠品按原价扣 ${formatYuan(giftsNotReturned)} 元`] : []),
    rate > 0 ? `手续费（${PAY_METHODS.find((m) => m.value === method)?.text ?? method}，万分之${rate}）：${formatYuan(serviceCharge)} 元` : `手续费：0.00 元（该退款方式未设服务费率）`,
    ...(relief > 0 ? [`减免 ${formatYuan(relief)} 元`] : []),
    ...(wanted > paidLeft ? [`超过未用实收 ${formatYuan(paidLeft)} 元，按未用实收退`] : []),
    `退费金额 ${formatYuan(amount)} 元`,
  ];
  return { order_id: order.id, student_id: order.student_id, lines, paid_left: paidLeft, hours_amount: hoursAmount, gift_deduction: giftDeduction, gifts_not_returned: giftsNotReturned, service_pay_method: method, service_rate: rate, service_charge: serviceCharge, relief, amount, explain };
}

/**
 * How the refund's money goes out, as its receipt names it: 退至学员账户 → account, 现金 → cash,
 * 银行转账 → transfer, 原路退回 → the method of the order's last payment (money that came from the
 * account, or an order without payments, goes back by bank transfer).
 */
async function payoutMethod(db: Db, orderId: number, payoutKind: number | null): Promise<PayMethod> {
  if (payoutKind === TO_ACCOUNT) return 'account';
  if (payoutKind === 3) return 'cash';
  if (payoutKind === 2) {
    const last = await db.selectFrom('order_payment').select('method').where('order_id', '=', orderId).where('amount', '>', 0).orderBy('id', 'desc').executeTakeFirst();
    if (last && last.method !== 'account') return last.method as PayMethod;
  }
  return 'transfer';
}

type RefundRow = { id: number; school_id: number; order_id: number; student_id: number; state: number; amount: number; refund_no: string | null; payout_kind: number | null };

async function refundInScope(db: Db, principal: Principal, id: number): Promise<RefundRow> {
  const r = await db.selectFrom('order_refund').select(['id', 'school_id', 'order_id', 'student_id', 'state', 'amount', 'refund_no', 'payout_kind']).where('id', '=', id).executeTakeFirst();
  if (!r || !inScope(principal, r.school_id)) throw new ApiError(404, '退费单不存在或无权访问');
  return { ...r, state: Number(r.state), amount: Number(r.amount ?? 0) };
}

function calcColumns(calc: RefundCalculation) {
  return {
    paid_left: calc.paid_left,
    unused_paid_hours: calc.lines.reduce((s, l) => s + l.unused_paid_hours, 0),
    hours_amount: calc.hours_amount,
    gift_deduction: calc.gift_deduction + calc.gifts_not_returned,
    service_charge: calc.service_charge,
    relief: calc.relief,
    amount: calc.amount,
    detail: JSON.stringify(calc),
  };
}

/** The workflow form's refund reason (a select of the demo definition): the closest option, else 其他. */
const WF_REASONS = ['搬家转学', '时间冲突', '课程不满意', '身体原因'];
function wfReason(name: string): string {
  return WF_REASONS.find((o) => name.includes(o.slice(0, 2))) ?? '其他';
}

async function startApproval(db: Db, principal: RefundActor, refund: RefundRow & { order_no: string | null }, reasonName: string, remark: string | undefined, attachments?: readonly number[]): Promise<number> {
  const student = await db.selectFrom('student').select('name').where('id', '=', refund.student_id).executeTakeFirst();
  const { state } = await createInstance(db, {
    refType: 'order_refund',
    refId: refund.id,
    tag: 'refund',
    schoolId: refund.school_id,
    applicantId: principal.userId,
    form: { student_name: student?.name ?? '', order_no: refund.order_no ?? String(refund.order_id), amount: formatYuan(refund.amount).replace(/,/g, ''), refund_reason: wfReason(reasonName), remark: remark ?? '' },
    title: `${student?.name ?? ''} 退费 ¥${formatYuan(refund.amount)}`,
    snapshot: refund,
    attachments,
  });
  return state;
}

// The approval's end decides the refund (runs in the transaction of the last step).
registerOutcome('order_refund', async ({ db, outcome, actorId, instance }) => {
  const id = Number(instance.ref_id);
  const to = outcome === 'approved' ? REFUND.APPROVED : outcome === 'refused' ? REFUND.REFUSED : REFUND.REVOKED;
  await db.updateTable('order_refund').set({ state: to, updated_at: nowText(), updated_by: actorId }).where('id', '=', id).where('state', '=', REFUND.APPROVING).execute();
});

/** What a refund is filed with (the submission call's body without its ids). */
export interface RefundRequest {
  relief: number;
  payout_kind: number;
  remark?: string;
  /** files the applicant uploaded (sys_attachment ids of their own), shown on the approval's 提交 step */
  attachments?: readonly number[];
}
/** Who files, approves or pays a refund: a signed-in user, or the demo seed acting as one. */
export type RefundActor = Pick<Principal, 'userId' | 'name'>;
type RefundAnswer = { id: number; refund_no: string; state: number; amount: number };

/** A refund reason of head office's list, or 404. */
export async function refundReason(db: Db, id: number): Promise<{ id: number; name: string }> {
  const reason = await db.selectFrom('order_refund_detail_reason').select(['id', 'name']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!reason) throw new ApiError(404, '退费原因不存在或无权访问');
  return reason;
}

/** A new 退费单 for an order (the caller checked its scope): a draft with the calculation, then submitted to approval. */
export async function fileRefund(db: Db, actor: RefundActor, order: OrderRow, reason: { id: number; name: string }, request: RefundRequest): Promise<RefundAnswer> {
  if (!REFUNDABLE_ORDERS.includes(order.state)) throw new ApiError(409, '只有已审核且未终止、未退费的订单可以退费');
  const live = await db.selectFrom('order_refund').select('refund_no').where('order_id', '=', order.id).where('state', 'in', LIVE).executeTakeFirst();
  if (live) throw new ApiError(409, `该订单已有进行中的退费单 ${live.refund_no ?? ''}`.trim());
  const now = nowText();
  const row = await db
    .insertInto('order_refund')
    .values({ school_id: order.school_id, order_id: order.id, order_no: order.order_no ?? null, student_id: order.student_id, reason_id: reason.id, state: REFUND.DRAFT, payout_kind: request.payout_kind, refund_no: null, refunded_at: null, refunded_hours: null, remark: request.remark ?? null, ...calcColumns(await calculateRefund(db, order, 0, request.payout_kind)), created_at: now, updated_at: now, created_by: actor.userId, updated_by: actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return submitRefund(db, actor, await refundById(db, row.id), order, reason, request);
}

async function refundById(db: Db, id: number): Promise<RefundRow> {
  const r = await db.selectFrom('order_refund').select(['id', 'school_id', 'order_id', 'student_id', 'state', 'amount', 'refund_no', 'payout_kind']).where('id', '=', id).executeTakeFirstOrThrow();
  return { ...r, state: Number(r.state), amount: Number(r.amount ?? 0) };
}

/** Recalculates a draft (or refused, recalled) 退费单, numbers it and starts its approval (workflow tag `refund`). */
async function submitRefund(db: Db, actor: RefundActor, refund: RefundRow, order: OrderRow, reason: { id: number; name: string }, request: RefundRequest): Promise<RefundAnswer> {
  const calc = await calculateRefund(db, order, request.relief, request.payout_kind);
  if (calc.amount <= 0) throw new ApiError(400, '退费金额为0：该订单没有可退的未用实收金额');
  // the number is issued last, once everything is checked (docs/money.md)
  const refundNo = refund.refund_no ?? (await nextNumber(db, { kind: 'TF', scope: String(order.school_id), period: periodOf('year') }));
  await db
    .updateTable('order_refund')
    .set({ ...calcColumns(calc), reason_id: reason.id, payout_kind: request.payout_kind, remark: request.remark ?? null, refund_no: refundNo, state: REFUND.APPROVING, updated_at: nowText(), updated_by: actor.userId })
    .where('id', '=', refund.id)
    .execute();
  const wfState = await startApproval(db, actor, { ...refund, amount: calc.amount, refund_no: refundNo, order_no: order.order_no ?? null }, reason.name, request.remark, request.attachments);
  await writeLog(db, order, actor, 'refund', `提交退费 ${refundNo}：¥${formatYuan(calc.amount)}`);
  const after = await refundById(db, refund.id);
  return { id: refund.id, refund_no: refundNo, state: wfState === 2 ? after.state : REFUND.APPROVING, amount: calc.amount };
}

/**
 * Pays an approved 退费单 (the caller checked its scope): the order's remaining hours go out on
 * the hours ledger, the money to the student's account when so chosen, the order becomes 已退费
 * and its sellers' performance is reversed (退费冲减 rows of 业绩分配).
 */
export async function payRefund(db: Db, actor: RefundActor, id: number): Promise<{ id: number; state: number; amount: number; refunded_hours: number; receipt_no: string }> {
  const refund = await refundById(db, id);
  if (refund.state !== REFUND.APPROVED) throw new ApiError(409, `退费单${stateText(refund.state)}，只有审批通过的退费单可以退款`);
  const order = await getOrder(db, refund.order_id);
  if (!order) throw new ApiError(404, NOT_FOUND_MSG);
  // the amount approved stands unless what is left has shrunk since (lessons taken meanwhile)
  const calc = await calculateRefund(db, order, 0);
  if (refund.amount > calc.paid_left) throw new ApiError(409, `退费金额 ${formatYuan(refund.amount)} 元超过该订单当前未用实收 ${formatYuan(calc.paid_left)} 元，请撤销后重新计算`);
  const ref = { refType: 'order_refund', refId: refund.refund_no ?? String(refund.id), by: actor.userId };
  let hours = 0;
  // the order's own lines, expired or not: what the calculator priced is what goes out
  for (const l of calc.lines) {
    if (l.remaining_hours <= 0) continue;
    const line = await db.selectFrom('order_contract_line').selectAll().where('id', '=', l.line_id).executeTakeFirstOrThrow();
    const out = await emptyLine(db, line, { bizType: 'refund', ...ref });
    hours += out.hours;
  }
  const flow = refund.payout_kind === TO_ACCOUNT ? await refundToAccount(db, { studentId: order.student_id, amountFen: refund.amount, refType: 'order_refund', refId: ref.refId, by: actor.userId, reason: `订单 ${order.order_no ?? order.id} 退费` }) : null;
  // the money out has its receipt (退费, the campus's gapless series), issued last so a refusal gives the number back
  const receipt = await issueFinanceReceipt(db, {
    schoolId: order.school_id,
    studentId: order.student_id,
    amountFen: refund.amount,
    kind: 2,
    payMethod: await payoutMethod(db, order.id, refund.payout_kind),
    refType: 'order_refund',
    refId: refund.id,
    by: actor.userId,
    remark: `订单 ${order.order_no ?? order.id} 退费 ${refund.refund_no ?? ''}`.trim(),
    flowId: flow?.id ?? null,
  });
  await db.updateTable('order_refund').set({ state: REFUND.PAID, refunded_at: nowText(), refunded_hours: hours, receipt_no: receipt.receipt_no, updated_at: nowText(), updated_by: actor.userId }).where('id', '=', refund.id).where('state', '=', REFUND.APPROVED).execute();
  await setOrderState(db, order.id, ORDER_STATE.refunded, actor, `退费 ${refund.refund_no ?? ''}，退款凭证 ${receipt.receipt_no}`);
  // the sellers' performance of the order is taken back by reversal rows
  await reverseDividesForRefund(db, order.id, refund.refund_no ?? String(refund.id), refund.amount, actor.userId);
  return { id: refund.id, state: REFUND.PAID, amount: refund.amount, refunded_hours: hours, receipt_no: receipt.receipt_no };
}

export function registerRefunds(app: Hono<AppEnv>): void {
  // an approver of another campus reads the refund of their task (sys_wf, ref_type order_refund)
  mountResource(app, refundResource, { readsOutOfScope: partakersRead('order_refund') });

  mountCall(app, refundCalculatorCall, async ({ db, principal, query }) => {
    const order = await orderInScope(db, principal, query.order_id);
    return calculateRefund(db, order, query.relief, query.payout_kind);
  });

  mountCall(app, refundSubmissionCall, async ({ db, principal, body }) => {
    const reason = await refundReason(db, body.reason_id);
    if (body.id === undefined) return fileRefund(db, principal, await orderInScope(db, principal, body.order_id as number), reason, body);
    const refund = await refundInScope(db, principal, body.id);
    if (refund.state !== REFUND.DRAFT && refund.state !== REFUND.REFUSED && refund.state !== REFUND.REVOKED) throw new ApiError(409, `退费单${stateText(refund.state)}，不能重新提交`);
    return submitRefund(db, principal, refund, await orderInScope(db, principal, refund.order_id), reason, body);
  });

  mountCall(app, refundReliefCall, async ({ db, principal, body }) => {
    const refund = await refundInScope(db, principal, body.id);
    if (refund.state !== REFUND.DRAFT && refund.state !== REFUND.REFUSED && refund.state !== REFUND.REVOKED) throw new ApiError(409, `退费单${stateText(refund.state)}，不能修改减免`);
    const order = await orderInScope(db, principal, refund.order_id);
    const calc = await calculateRefund(db, order, body.relief, refund.payout_kind ?? TO_ACCOUNT);
    await db.updateTable('order_refund').set({ ...calcColumns(calc), state: REFUND.DRAFT, remark: body.remark ?? null, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', refund.id).execute();
    return { id: refund.id, relief: body.relief, amount: calc.amount, state: REFUND.DRAFT };
  });

  mountCall(app, refundRevocationCall, async ({ db, principal, body }) => {
    const refund = await refundInScope(db, principal, body.id);
    if (refund.state === REFUND.APPROVING) throw new ApiError(409, '该退费单正在审批流程中，请在审批中撤回');
    if (refund.state !== REFUND.DRAFT && refund.state !== REFUND.APPROVED) throw new ApiError(409, `退费单${stateText(refund.state)}，不能撤销`);
    await db.updateTable('order_refund').set({ state: REFUND.REVOKED, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', refund.id).execute();
    return { id: refund.id, state: REFUND.REVOKED };
  });

  mountCall(app, actualRefundCall, async ({ db, principal, body }) => {
    const refund = await refundInScope(db, principal, body.id);
    await orderInScope(db, principal, refund.order_id);
    return payRefund(db, principal, refund.id);
  });
}
