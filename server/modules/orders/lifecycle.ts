import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { nextNumber, periodOf } from '../../lib/number-sequence';
import { nowText, todayText } from '../../lib/time';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import { addDays } from '../classes';
import { activateLine, openLine } from './hours';
import { assertTransition, orderInScope, stateText, writeLog, type OrderRow } from './order-rules';
import { issueReceipt } from './receipts';
import { syncDueMoney } from './due-money';

type Db = Kysely<Database>;

/** Opens a contract line per order line (not consumable until the order is paid). */
async function openContractLines(db: Db, order: OrderRow, by: number | null): Promise<void> {
  const lines = await db.selectFrom('order_form_detail').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const start = todayText();
  for (const l of lines) {
    const paid = l.deal_price;
    const promo = l.list_price - l.deal_price;
    await openLine(db, {
      schoolId: order.school_id,
      studentId: order.student_id,
      classTypeId: l.class_type_id,
      source: 'order',
      orderId: order.id,
      detailId: l.id,
      contractNo: order.contract_no,
      boughtHours: l.bought_hours,
      giftHours: l.gift_hours,
      paidMoney: paid,
      promoMoney: promo,
      startDate: start,
      endDate: l.validity_days > 0 ? addDays(start, l.validity_days) : null,
      by,
    });
  }
}

/** Lines become consumable when the order is audited and fully paid, whether paid at once or by an installment plan (recordOrderPayment). */
export async function activateIfPaid(db: Db, orderId: number, by: number | null): Promise<OrderRow> {
  const order = await db.selectFrom('order_form').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const audited = order.state === ORDER_STATE.audited || order.state === ORDER_STATE.contractConfirmed || order.state === ORDER_STATE.inProgress;
  if (!audited || order.paid_amount < order.deal_amount) return order;
  const lines = await db.selectFrom('order_contract_line').select('id').where('order_id', '=', orderId).where('active', '=', 0).orderBy('id').execute();
  for (const l of lines) await activateLine(db, l.id, by);
  if (order.state === ORDER_STATE.contractConfirmed) {
    return db.updateTable('order_form').set({ state: ORDER_STATE.inProgress, updated_at: nowText() }).where('id', '=', orderId).returningAll().executeTakeFirstOrThrow();
  }
  return order;
}

/** order_form/check_order: 待审核 → 已审核 (contract lines opened) or 未通过. */
export async function checkOrder(db: Db, principal: Principal, id: number, pass: boolean, remark: string | null): Promise<OrderRow> {
  const order = await orderInScope(db, principal, id);
  const to = pass ? ORDER_STATE.audited : ORDER_STATE.notThrough;
  if (order.state !== ORDER_STATE.submitted) throw new ApiError(409, '只有待审核的订单可以审核');
  assertTransition(order.state, to);
  const now = nowText();
  const updated = await db
    .updateTable('order_form')
    .set({ state: to, audit_by: principal.userId, audit_name: principal.name, audit_at: now, audit_remark: remark, updated_at: now, updated_by: principal.userId })
    .where('id', '=', id)
    .where('state', '=', ORDER_STATE.submitted)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单状态已被他人修改，请刷新后重试');
  await writeLog(db, updated, principal, pass ? 'audit' : 'reject', remark);
  if (!pass) return updated;
  await openContractLines(db, updated, principal.userId);
  return activateIfPaid(db, id, principal.userId);
}

const DEFAULT_PROTOCOL = [
  '一、甲方（家长）为学员购买本合同所列课程及课时，乙方（校区）按约定提供教学服务。',
  '二、课时按实际出勤扣减，先扣有效期最近的课时；超过有效期的课时不再使用。',
  '三、退费按未使用的实付课时计算，已使用的赠送课时按标价扣除，并按规定收取手续费。',
  '四、课程时间如需调整，双方协商一致后以书面记录为准。',
  '五、本合同自甲方确认之日起生效。',
].join('\n');

/** The protocol text the parent agrees to (the class types' protocols, or the standard one) and its version. */
export async function protocolOf(db: Db, order: OrderRow): Promise<{ protocol_text: string; protocol_version: string }> {
  const lines = await db.selectFrom('order_form_detail').select('class_type_id').where('order_id', '=', order.id).execute();
  const ids = [...new Set(lines.map((l) => l.class_type_id))];
  const types = ids.length ? await db.selectFrom('prod_class_type').select(['name', 'protocol']).where('id', 'in', ids).orderBy('id').execute() : [];
  const own = types.filter((t) => t.protocol && t.protocol.trim()).map((t) => `【${t.name}】\n${t.protocol}`);
  const text = own.length ? own.join('\n\n') : DEFAULT_PROTOCOL;
  return { protocol_text: text, protocol_version: `P-${createHash('sha256').update(text).digest('hex').slice(0, 12)}` };
}

/** order_form/confirm_contract: the parent agreed to this protocol version; the contract number is issued. */
export async function confirmContract(db: Db, principal: Principal, id: number, version: string): Promise<OrderRow> {
  const order = await orderInScope(db, principal, id);
  if (order.state !== ORDER_STATE.audited) throw new ApiError(409, '只有已审核的订单可以确认合同');
  const protocol = await protocolOf(db, order);
  if (protocol.protocol_version !== version) throw new ApiError(409, '协议内容已更新，请重新阅读后再确认');
  const contractNo = await nextNumber(db, { kind: 'HT', scope: String(order.school_id), period: periodOf('year') });
  const now = nowText();
  const updated = await db
    .updateTable('order_form')
    .set({ state: ORDER_STATE.contractConfirmed, contract_no: contractNo, contract_at: now, protocol_version: version, protocol_text: protocol.protocol_text, updated_at: now, updated_by: principal.userId })
    .where('id', '=', id)
    .where('state', '=', ORDER_STATE.audited)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单状态已被他人修改，请刷新后重试');
  await db.updateTable('order_contract_line').set({ contract_no: contractNo }).where('order_id', '=', id).execute();
  await writeLog(db, updated, principal, 'confirm_contract', `协议版本 ${version}`);
  // paid already: the lines are consumable, the order is in progress
  const activeLeft = await db.selectFrom('order_contract_line').select('id').where('order_id', '=', id).where('active', '=', 0).executeTakeFirst();
  if (!activeLeft && updated.paid_amount >= updated.deal_amount) {
    return db.updateTable('order_form').set({ state: ORDER_STATE.inProgress }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }
  return activateIfPaid(db, id, principal.userId);
}

export const PAYABLE_STATES: readonly number[] = [ORDER_STATE.submitted, ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress];

/** Open installment plans (还款中, 已逾期, 逾期处理中: installments.ts PLAN). */
const OPEN_PLAN_STATES = [1, 2, 3];

export interface OrderPaymentInput {
  /** fen, positive */
  amount: number;
  method: string;
  /** the receipt already issued for this money (finance's 收费 receipt) */
  receiptNo: string;
  remark?: string | null;
  /** when the money was received (defaults to now) */
  paidAt?: string;
  /** what the 收款 log entry says before the receipt number (e.g. the installment plan) */
  logNote?: string;
}

/**
 * The one posting path of money received for an order (order_form/pay and every installment
 * payment): an order_payment row naming its receipt, the order's paid amount raised (never beyond
 * the deal amount, also under concurrent payments), a 收款 log entry, and a fully paid audited
 * order's contract lines made consumable (activateIfPaid). Refused 409 for an order that takes
 * no payments (draft, refused, ended, refunded).
 */
export async function recordOrderPayment(db: Db, actor: Pick<Principal, 'userId' | 'name'> | null, order: OrderRow, input: OrderPaymentInput): Promise<{ order: OrderRow; payment_id: number }> {
  if (!PAYABLE_STATES.includes(order.state)) throw new ApiError(409, `订单${stateText(order.state)}，不能收款`);
  const now = nowText();
  const by = actor?.userId ?? null;
  const payment = await db
    .insertInto('order_payment')
    .values({ school_id: order.school_id, order_id: order.id, receipt_no: input.receiptNo, amount: input.amount, method: input.method, paid_at: input.paidAt ?? now, remark: input.remark ?? null, created_at: now, updated_at: now, created_by: by, updated_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  const updated = await db
    .updateTable('order_form')
    .set((eb) => ({ paid_amount: eb('paid_amount', '+', input.amount), updated_at: now, updated_by: by }))
    .where('id', '=', order.id)
    .where('paid_amount', '<=', order.deal_amount - input.amount)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单已被他人收款，请刷新后重试');
  await writeLog(db, updated, actor, 'payment', `${input.logNote ? `${input.logNote}，` : ''}收据 ${input.receiptNo}，${(input.amount / 100).toFixed(2)} 元`);
  // money beyond the order's own price pays its 应补差价: credited to the lines the difference bought
  await syncDueMoney(db, order.id, by);
  return { order: await activateIfPaid(db, order.id, by), payment_id: payment.id };
}

/** order_form/pay: one payment with its receipt number; a fully paid audited order's lines become consumable. */
export async function payOrder(db: Db, principal: Principal, input: { id: number; amount: number; method: string; remark?: string | null }): Promise<{ order: OrderRow; receipt_no: string; payment_id: number }> {
  const order = await orderInScope(db, principal, input.id);
  if (!PAYABLE_STATES.includes(order.state)) throw new ApiError(409, '该订单当前状态不能收款');
  // an order paid by installments takes its money through the plan (分期订单 / 定金与分期), never twice
  const plan = await db.selectFrom('order_installment').select('id').where('order_id', '=', order.id).where('state', 'in', OPEN_PLAN_STATES).executeTakeFirst();
  if (plan) throw new ApiError(409, '该订单有进行中的分期计划，请在分期订单中还款');
  const due = order.deal_amount - order.paid_amount;
  if (input.amount > due) throw new ApiError(400, `收款金额不能超过未收金额 ${(due / 100).toFixed(2)} 元`);
  const receiptNo = await issueReceipt(db, { schoolId: order.school_id, studentId: order.student_id, amount: input.amount, method: input.method, refType: 'order', refId: order.id, by: principal.userId });
  const paid = await recordOrderPayment(db, principal, order, { amount: input.amount, method: input.method, receiptNo, remark: input.remark ?? null });
  return { order: paid.order, receipt_no: receiptNo, payment_id: paid.payment_id };
}
