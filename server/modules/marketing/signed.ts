import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import { POOL } from '../../../src/contract/resources/marketing';
import { onOrderSigned, type OrderSignedEvent } from '../orders';
import { recordMove, stampFunnel, type LeadRow } from './leads';
import './schema';

type Db = Kysely<Database>;

/** Pools a signed lead leaves for its seller's (顾问跟进): waiting, a telemarketer's, the public pool. */
const TO_SELLER_POOLS: readonly number[] = [POOL.unassigned, POOL.tmk, POOL.public];

/**
 * A student's first signed order signs the lead the student came from (mkt_resource.student_id,
 * set by to_stu_load_school): `signed_at` is the audit time, stamped once (a later order changes
 * nothing), and the lead is credited to the order's seller (seller_id, the seller pool), with a
 * 签约 move on its timeline. The funnel report, the plans' 实际签约量, the MK dashboard and the
 * employee-pay lead deals read that stamp.
 */
export async function stampLeadsSigned(db: Db, order: { id: number; order_no: string | null; student_id: number; seller_id: number | null; seller_name: string | null; audit_at: string | null; audit_by: number | null }): Promise<number> {
  const leads = (await db
    .selectFrom('mkt_resource')
    .selectAll()
    .where('student_id', '=', order.student_id)
    .where('del_flag', '=', 0)
    .where('signed_at', 'is', null)
    .orderBy('id')
    .execute()) as LeadRow[];
  const at = order.audit_at ?? nowText();
  let stamped = 0;
  for (const lead of leads) {
    // the first sign only: a concurrent audit of another order of the student finds it stamped
    const seller = order.seller_id;
    const pool = seller !== null && TO_SELLER_POOLS.includes(Number(lead.pool)) ? POOL.seller : Number(lead.pool);
    const taken = await db
      .updateTable('mkt_resource')
      .set({
        ...(seller !== null ? { seller_id: seller, seller_name: order.seller_name, pool } : {}),
        recycle_warned_at: null,
        updated_at: nowText(),
        updated_by: order.audit_by,
      })
      .where('id', '=', lead.id)
      .where('signed_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) continue;
    await stampFunnel(db, lead.id, 'signed', at);
    await recordMove(db, order.audit_by, lead, { action: '签约', to_pool: pool, to_owner: seller ?? lead.seller_id, reason: `订单${order.order_no ?? order.id}审核通过` });
    stamped++;
  }
  return stamped;
}

onOrderSigned(async ({ db, order }: OrderSignedEvent) => {
  await stampLeadsSigned(db, order);
});
