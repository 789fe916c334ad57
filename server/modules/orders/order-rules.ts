import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { ORDER_STATE, ORDER_STATES, type OrderState } from '../../../src/contract/resources/orders';
import './schema';

type Db = Kysely<Database>;
export type OrderRow = Selectable<Database['order_form']>;

export const NOT_FOUND_MSG = '订单不存在或无权访问';

/** An order the caller's campuses reach (a deleted one or another campus's answers exactly as missing). */
export async function orderInScope(db: Db, principal: Principal, id: number): Promise<OrderRow> {
  const row = await db.selectFrom('order_form').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw new ApiError(404, NOT_FOUND_MSG);
  return row;
}

/** An order by id, whatever the caller (other areas after their own scope check, jobs). */
export async function getOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('order_form').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
}

export function stateText(state: number): string {
  return ORDER_STATES.find((s) => s.value === state)?.text ?? `状态${state}`;
}

/** Which states may follow which: the order's life cycle (docs/orders.md). */
const NEXT: Record<OrderState, readonly OrderState[]> = {
  // 1/2 → 8: the installment plan of an order not yet audited was terminated (installment-end.ts)
  1: [2, 8],
  2: [3, 7, 1, 8],
  3: [4, 5, 8, 9],
  4: [5, 8, 9],
  // 5 → 4: the payment that made it consumable was cancelled (payment-cancel.ts)
  5: [6, 8, 9, 4],
  6: [5, 9],
  7: [2, 1],
  8: [],
  9: [],
};

export function assertTransition(from: number, to: OrderState): void {
  const allowed = NEXT[from as OrderState] ?? [];
  if (!allowed.includes(to)) throw new ApiError(409, `订单当前为「${stateText(from)}」，不能变为「${stateText(to)}」`);
}

/** Whether an order is audited (never edited in place from then on: modify makes a new version). */
export function isAudited(state: number): boolean {
  return state !== ORDER_STATE.draft && state !== ORDER_STATE.submitted && state !== ORDER_STATE.notThrough;
}

export async function writeLog(db: Db, order: Pick<OrderRow, 'id' | 'school_id' | 'version'>, principal: Pick<Principal, 'userId' | 'name'> | null, action: string, reason: string | null, snapshot: unknown = null): Promise<void> {
  const now = nowText();
  await db
    .insertInto('order_form_log')
    .values({
      school_id: order.school_id,
      order_id: order.id,
      action,
      version: order.version,
      reason,
      snapshot: snapshot === null ? null : JSON.stringify(snapshot),
      operator_name: principal?.name ?? '系统',
      created_at: now,
      updated_at: now,
      created_by: principal?.userId ?? null,
      updated_by: principal?.userId ?? null,
    })
    .execute();
}

/**
 * Moves an order to another state along its life cycle (refunds, terminations and transfers of
 * the orders-aux work call this), logging who and why.
 */
export async function setOrderState(db: Db, id: number, to: OrderState, principal: Pick<Principal, 'userId' | 'name'> | null, reason: string | null = null): Promise<OrderRow> {
  const order = await db.selectFrom('order_form').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw new ApiError(404, NOT_FOUND_MSG);
  if (order.state === to) return order;
  assertTransition(order.state, to);
  const extra = to === ORDER_STATE.completed ? { completed_at: nowText() } : {};
  const updated = await db
    .updateTable('order_form')
    .set({ state: to, updated_at: nowText(), updated_by: principal?.userId ?? null, ...extra })
    .where('id', '=', id)
    .where('state', '=', order.state)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单状态已被他人修改，请刷新后重试');
  await writeLog(db, updated, principal, 'state', reason ?? `${stateText(order.state)} → ${stateText(to)}`);
  return updated;
}

/**
 * After a consumption or its reversal: an order in progress whose lines are all used up is
 * completed, a completed one with hours again is in progress.
 */
export async function refreshProgress(db: Db, orderIds: readonly number[]): Promise<void> {
  for (const id of new Set(orderIds)) {
    const order = await db.selectFrom('order_form').select(['state']).where('id', '=', id).executeTakeFirst();
    if (!order || (order.state !== ORDER_STATE.inProgress && order.state !== ORDER_STATE.completed)) continue;
    const left = await db.selectFrom('order_contract_line').select(sql<number>`coalesce(sum(remaining_hours), 0)`.as('left')).where('order_id', '=', id).executeTakeFirst();
    const done = Number(left?.left ?? 0) === 0;
    if (done && order.state === ORDER_STATE.inProgress) await setOrderState(db, id, ORDER_STATE.completed, null, '课时已全部消耗');
    if (!done && order.state === ORDER_STATE.completed) await setOrderState(db, id, ORDER_STATE.inProgress, null, '课时冲正后恢复进行中');
  }
}
