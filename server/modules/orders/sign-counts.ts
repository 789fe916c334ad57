import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import './schema';

/** Orders that count as signed: approved and not undone (已审核, 已确认合同, 进行中, 已完成). */
export const SIGNED_STATES: readonly number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress, ORDER_STATE.completed];

/**
 * The signed orders of a month (`YYYY-MM`, by order date) at some campuses (all when undefined),
 * optionally of one seller: how many and their deal amount in fen. Marketing compares its sign
 * targets with this.
 */
export async function signedOrders(db: Kysely<Database>, at: { month: string; schoolIds?: readonly number[]; sellerId?: number }): Promise<{ count: number; amount: number }> {
  if (at.schoolIds && at.schoolIds.length === 0) return { count: 0, amount: 0 };
  let q = db
    .selectFrom('order_form')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('deal_amount').as('amount')])
    .where('del_flag', '=', 0)
    .where('state', 'in', [...SIGNED_STATES])
    .where('order_date', '>=', `${at.month}-01`)
    .where('order_date', '<=', `${at.month}-31`);
  if (at.schoolIds) q = q.where('school_id', 'in', [...at.schoolIds]);
  if (at.sellerId !== undefined) q = q.where('seller_id', '=', at.sellerId);
  const row = await q.executeTakeFirst();
  return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
}
