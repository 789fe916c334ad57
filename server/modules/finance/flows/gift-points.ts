import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Principal } from '../../../lib/context';
import { ApiError } from '../../../lib/http';
import { nowText } from '../../../lib/time';
import { returnMallGift, takeMallGift } from '../../crm';
import { postPoints } from '../../students';
import './schema';

type Db = Kysely<Database>;

/** What an exchange order posted: its own points and mall stock, and whether they went back. */
interface ExchangeRow {
  id: number;
  student_id: number | null;
  mall_gift_id: number | null;
  quantity: number;
  points: number;
  gift_name: string | null;
  points_log_id: number | null;
  refund_log_id: number | null;
}

/** Columns a posted exchange keeps: changing them would need a second posting. */
const POSTED_KEYS = ['student_id', 'mall_gift_id', 'quantity', 'points'] as const;

/**
 * Before an exchange order is written. A new order with a mall gift takes its stock and is named,
 * priced and valued by the mall; a new order without one needs a gift name. An order whose points
 * are posted keeps its student, gift, quantity and points (delete it and exchange again).
 */
export async function prepareExchange(db: Db, row: Record<string, unknown>, mode: 'add' | 'update', existing?: Readonly<Record<string, unknown>>): Promise<void> {
  if (mode === 'update' && existing) {
    if (existing.points_log_id !== null && existing.points_log_id !== undefined) {
      const changed = POSTED_KEYS.filter((k) => row[k] !== undefined && String(row[k] ?? '') !== String(existing[k] ?? ''));
      if (changed.length > 0) throw new ApiError(409, '兑换单已扣减积分，不能修改学员、礼品、数量和积分；请删除后重新兑换');
    }
    return;
  }
  const quantity = Number(row.quantity ?? 1);
  const mallId = row.mall_gift_id === null || row.mall_gift_id === undefined ? 0 : Number(row.mall_gift_id);
  if (mallId > 0) {
    const taken = await takeMallGift(db, mallId, quantity);
    row.gift_name = taken.gift_name;
    row.points = taken.points * quantity;
    if (taken.price > 0) row.gift_value = taken.price * quantity;
  } else if (String(row.gift_name ?? '').trim() === '') {
    throw new ApiError(400, '请选择商城礼品或填写礼品名称');
  }
  if (row.student_id === null || row.student_id === undefined) throw new ApiError(400, '学员不能为空');
  row.points_log_id = null;
  row.refund_log_id = null;
}

function toExchange(r: Readonly<Record<string, unknown>>): ExchangeRow {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { id: Number(r.id), student_id: n(r.student_id), mall_gift_id: n(r.mall_gift_id), quantity: Number(r.quantity ?? 1), points: Number(r.points ?? 0), gift_name: (r.gift_name as string | null) ?? null, points_log_id: n(r.points_log_id), refund_log_id: n(r.refund_log_id) };
}

/** After a new exchange order is written: its points are deducted once, as one ledger row naming it. */
export async function postExchange(db: Db, principal: Principal, written: Readonly<Record<string, unknown>>): Promise<void> {
  const order = toExchange(written);
  if (order.points <= 0 || order.student_id === null || order.points_log_id !== null) return;
  const posted = await postPoints(db, principal, order.student_id, -order.points, `礼品兑换：${order.gift_name ?? ''} × ${order.quantity}（兑换单 ${order.id}）`, 'exchange');
  await db.updateTable('fin_exchange_gift_order').set({ points_log_id: posted.log_id }).where('id', '=', order.id).where('points_log_id', 'is', null).execute();
}

/**
 * Undo a refused or deleted exchange: its points come back as a compensating ledger row (the
 * deduction stays) and its mall stock is put back, once: the order's refund_log_id is claimed in
 * the same statement, so a second refusal or delete finds it taken and posts nothing.
 */
export async function reverseExchange(db: Db, principal: Principal, raw: Readonly<Record<string, unknown>>, why: string): Promise<void> {
  const order = toExchange(raw);
  // an order from before the points mall posted nothing: nothing to undo
  if (order.points_log_id === null || order.refund_log_id !== null || order.student_id === null) return;
  // claim the reversal first (0 marks it taken until the ledger row is known)
  const claimed = await db.updateTable('fin_exchange_gift_order').set({ refund_log_id: 0, updated_at: nowText() }).where('id', '=', order.id).where('refund_log_id', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const posted = await postPoints(db, principal, order.student_id, order.points, `兑换单 ${order.id} ${why}，退回积分`, 'exchange_return');
  await db.updateTable('fin_exchange_gift_order').set({ refund_log_id: posted.log_id }).where('id', '=', order.id).execute();
  if (order.mall_gift_id !== null) await returnMallGift(db, order.mall_gift_id, order.quantity);
}
