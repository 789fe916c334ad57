import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { formatYuan } from '../../../src/lib/format/money';
import { writeLog, type OrderRow } from './order-rules';
import './schema';

/** A due posted on an audited order (migration 1320), append-only; a reversal names the row it reverses. */
export interface OrderDueTable {
  id: Generated<number>;
  school_id: number;
  order_id: number;
  student_id: number;
  kind: string;
  amount: number;
  ref_type: string;
  ref_id: number;
  reverses_id: number | null;
  reason: string;
  operator_name: string | null;
  created_at: string;
  created_by: number | null;
}

declare module '../../db/schema' {
  interface Database {
    order_due: OrderDueTable;
  }
}

type Db = Kysely<Database>;
type Actor = Pick<Principal, 'userId' | 'name'>;

export interface DueRef {
  /** 转班型's or 一键转产品's difference */
  kind: 'class_type_difference' | 'product_difference';
  refType: string;
  refId: number;
}

/**
 * Posts a due (fen, positive) on an audited order: an order_due row, and the order amended to a new
 * version whose deal amount includes it (the 应补差价 log entry keeps the amount before), so the
 * order shows it unpaid and the ordinary 收款 collects it. Answers the order after.
 */
export async function postOrderDue(db: Db, actor: Actor, order: OrderRow, due: DueRef & { amount: number; reason: string }): Promise<OrderRow> {
  if (!Number.isInteger(due.amount) || due.amount <= 0) return order;
  const now = nowText();
  await db
    .insertInto('order_due')
    .values({ school_id: order.school_id, order_id: order.id, student_id: order.student_id, kind: due.kind, amount: due.amount, ref_type: due.refType, ref_id: due.refId, reverses_id: null, reason: due.reason.slice(0, 255), operator_name: actor.name, created_at: now, created_by: actor.userId })
    .execute();
  return amendDeal(db, actor, order, due.amount, `${due.reason}：应补差价 ${formatYuan(due.amount)} 元`);
}

/**
 * Reverses the dues a business record posted (its revocation): a row of the opposite amount per
 * due, and the order's deal amount lowered again. Refused 409 when the money was already received
 * (the paid amount would exceed the deal): the receipt is cancelled first (作废收款).
 */
export async function reverseOrderDues(db: Db, actor: Actor, order: OrderRow, ref: DueRef, reason: string): Promise<OrderRow> {
  const rows = await db.selectFrom('order_due').selectAll().where('order_id', '=', order.id).where('ref_type', '=', ref.refType).where('ref_id', '=', ref.refId).orderBy('id').execute();
  const reversed = new Set(rows.flatMap((r) => (r.reverses_id === null ? [] : [r.reverses_id])));
  const open = rows.filter((r) => r.reverses_id === null && !reversed.has(r.id));
  const total = open.reduce((n, r) => n + Number(r.amount), 0);
  if (total === 0) return order;
  if (order.paid_amount > order.deal_amount - total) throw new ApiError(409, `应补差价 ${formatYuan(total)} 元已收款，请先作废该笔收款再撤销`);
  const now = nowText();
  for (const r of open) {
    await db
      .insertInto('order_due')
      .values({ school_id: order.school_id, order_id: order.id, student_id: order.student_id, kind: r.kind, amount: -Number(r.amount), ref_type: r.ref_type, ref_id: r.ref_id, reverses_id: r.id, reason: reason.slice(0, 255), operator_name: actor.name, created_at: now, created_by: actor.userId })
      .execute();
  }
  return amendDeal(db, actor, order, -total, `${reason}：冲销应补差价 ${formatYuan(total)} 元`);
}

/** The deal amount moved by `delta` as a new version of the order, logged with the amount before. */
async function amendDeal(db: Db, actor: Actor, order: OrderRow, delta: number, note: string): Promise<OrderRow> {
  const updated = await db
    .updateTable('order_form')
    .set((eb) => ({ deal_amount: eb('deal_amount', '+', delta), due_amount: eb('due_amount', '+', delta), version: order.version + 1, updated_at: nowText(), updated_by: actor.userId }))
    .where('id', '=', order.id)
    .where('version', '=', order.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单已被他人变更，请刷新后重试');
  await writeLog(db, updated, actor, 'due', note, { version: order.version, deal_amount: order.deal_amount });
  return updated;
}

/** Σ of an order's dues (net of reversals), fen: what order_form.due_amount must equal. */
export async function orderDuesTotal(db: Db, orderId: number): Promise<number> {
  const rows = await db.selectFrom('order_due').select('amount').where('order_id', '=', orderId).execute();
  return rows.reduce((n, r) => n + Number(r.amount), 0);
}
