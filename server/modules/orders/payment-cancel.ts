import type { Kysely } from 'kysely';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import { formatYuan } from '../../../src/lib/format/money';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { onReceiptCancel, type ReceiptCancelEvent } from '../finance';
import { deactivateLine } from './hours';
import { PAYABLE_STATES } from './lifecycle';
import { NOT_FOUND_MSG, setOrderState, stateText, writeLog } from './order-rules';
import { returnAccountPayment } from './receipts';
import { syncDueMoney } from './due-money';
import './schema';

type Db = Kysely<Database>;

async function actorOf(db: Db, by: number | null): Promise<{ userId: number; name: string } | null> {
  if (by === null) return null;
  const user = await db.selectFrom('users').select('name').where('id', '=', by).executeTakeFirst();
  return { userId: by, name: user?.name ?? '' };
}

/** What a cancelled receipt takes back off an order (the original receipt and its reversal). */
export interface PaymentReversal {
  amount: number;
  method: string;
  originalNo: string;
  reversalNo: string;
  reason: string;
  by: number | null;
}

/**
 * Takes a payment back off its order (the receipt of that money was cancelled; its reversing
 * receipt, with a number of its own, is already issued): a negative payment row carrying the
 * reversal's number (rows are never edited, so every sum of payments by day stays right), the
 * order's paid amount drops by it, the 应补差价 money it paid comes off the lines it was credited to
 * (syncDueMoney), and an order whose own price (deal less dues) is no longer paid has its lines made
 * unconsumable again (refused 409 when hours were used meanwhile: that is a refund); an order in
 * progress goes back to 已确认合同. Refused 409 for an order completed, ended or refunded. Money
 * from the student's account is the caller's (it knows the business record that took it).
 */
export async function reverseOrderPayment(db: Db, orderId: number, p: PaymentReversal): Promise<void> {
  const order = await db.selectFrom('order_form').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new ApiError(404, NOT_FOUND_MSG);
  if (!PAYABLE_STATES.includes(order.state)) throw new ApiError(409, `订单${stateText(order.state)}，不能作废其收款收据`);
  const { amount, by, reason } = p;
  const now = nowText();
  const updated = await db
    .updateTable('order_form')
    .set((eb) => ({ paid_amount: eb('paid_amount', '-', amount), updated_at: now, updated_by: by }))
    .where('id', '=', order.id)
    .where('paid_amount', '>=', amount)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, `收据金额 ${formatYuan(amount)} 元超过订单已收金额 ${formatYuan(order.paid_amount)} 元`);
  const why = `作废收据 ${p.originalNo}：${reason}`;
  await db
    .insertInto('order_payment')
    .values({ school_id: order.school_id, order_id: order.id, receipt_no: p.reversalNo, amount: -amount, method: p.method, paid_at: now, remark: why.slice(0, 255), created_at: now, updated_at: now, created_by: by, updated_by: by })
    .execute();
  // the difference money (应补差价) comes off its lines first; the lines stay consumable while the
  // order's own price (deal less its dues) is still paid: only the difference is owed again
  await syncDueMoney(db, order.id, by, why);
  const ownPrice = updated.deal_amount - Number(updated.due_amount ?? 0);
  const lines = updated.paid_amount < ownPrice ? await db.selectFrom('order_contract_line').select('id').where('order_id', '=', order.id).where('active', '=', 1).orderBy('id').execute() : [];
  for (const l of lines) await deactivateLine(db, l.id, why, by);
  const actor = await actorOf(db, by);
  await writeLog(db, updated, actor, 'payment_cancel', `收据 ${p.originalNo} 作废（冲销收据 ${p.reversalNo}），${formatYuan(amount)} 元：${reason}`);
  // in progress means consumable: an order whose lines wait for payment again is back to 已确认合同
  if (updated.state === ORDER_STATE.inProgress && lines.length > 0) await setOrderState(db, order.id, ORDER_STATE.contractConfirmed, actor, `收据 ${p.originalNo} 作废，待补缴 ${formatYuan(updated.deal_amount - updated.paid_amount)} 元`);
}

/** A cancelled receipt of an order payment (finance's 作废): reverseOrderPayment, and money taken from the student's account goes back there. */
export async function cancelOrderPayment(event: ReceiptCancelEvent): Promise<void> {
  const { db, original, reversal, reason, by } = event;
  const orderId = Number(original.ref_id);
  await reverseOrderPayment(db, orderId, { amount: original.amount, method: original.pay_method, originalNo: original.receipt_no, reversalNo: reversal.receipt_no, reason, by });
  if (original.pay_method === 'account') await returnAccountPayment(db, { refType: 'order', refId: orderId, amount: original.amount, reason: `作废收据 ${original.receipt_no}：${reason}`, by });
}

/** Registers the handler with finance's receipt cancellation (orders' receipts name ref_type 'order'). */
export function registerPaymentCancel(): void {
  onReceiptCancel('order', cancelOrderPayment);
}
