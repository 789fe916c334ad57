import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import { divideAmounts } from './order-write';
import './schema';

type Db = Kysely<Database>;

const SIGNED = 1;
const REFUND_REVERSAL = 2;

/**
 * The sellers' performance (业绩分配) taken back by a paid refund: one 退费冲减 row per share of
 * the order, appended beside it (never an edit), for the refunded money split by the shares'
 * ratios as the signing split the deal amount (divideAmounts: the rounding remainder on the first).
 * A refund already reversed (same refund number) adds nothing, so a replay cannot double it.
 */
export async function reverseDividesForRefund(db: Db, orderId: number, refundNo: string, refunded: number, by: number | null): Promise<number> {
  if (refunded <= 0) return 0;
  const done = await db.selectFrom('order_sch_achievement_divide').select('id').where('order_id', '=', orderId).where('kind', '=', REFUND_REVERSAL).where('ref_no', '=', refundNo).executeTakeFirst();
  if (done) return 0;
  const shares = await db
    .selectFrom('order_sch_achievement_divide')
    .select(['school_id', 'user_id', 'user_name', 'ratio', 'order_date'])
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('kind', '=', SIGNED), eb('kind', 'is', null)]))
    .orderBy('id')
    .execute();
  if (shares.length === 0) return 0;
  const amounts = divideAmounts(shares.map((s) => ({ user_id: s.user_id, ratio: s.ratio })), refunded);
  const now = nowText();
  await db
    .insertInto('order_sch_achievement_divide')
    .values(shares.map((s, i) => ({ school_id: s.school_id, order_id: orderId, user_id: s.user_id, user_name: s.user_name, ratio: s.ratio, amount: -amounts[i], order_date: s.order_date, kind: REFUND_REVERSAL, ref_no: refundNo, created_at: now, updated_at: now, created_by: by, updated_by: by })))
    .execute();
  return shares.length;
}
