import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { addDays } from '../../lib/time';
import { SIGNED_STATES } from './sign-counts';
import './schema';

/**
 * Order figures of campuses over business days (inclusive `YYYY-MM-DD`), for the daily reports
 * (server/modules/cmp): orders signed by order date (approved and not undone, SIGNED_STATES) with
 * their deal amount, split 新签/续费; refunds paid out (已退款) by their payout time. Money in fen.
 */
export interface SignFigures {
  orders: number;
  order_amount: number;
  new_signs: number;
  renewals: number;
  refunds: number;
  refund_amount: number;
}

export const emptySignFigures = (): SignFigures => ({ orders: 0, order_amount: 0, new_signs: 0, renewals: 0, refunds: 0, refund_amount: 0 });

/** 已退款 (REFUND_STATES) */
const REFUND_PAID = 6;

const inList = (column: string, ids: readonly (number | string)[]): RawBuilder<unknown> =>
  ids.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} in (${sql.join(ids.map((id) => sql`${id}`))})`;

export async function signFiguresByCampus(db: Kysely<Database>, from: string, to: string, schools: readonly number[]): Promise<Map<number, SignFigures>> {
  const out = new Map<number, SignFigures>();
  const at = (id: number): SignFigures => {
    let f = out.get(id);
    if (!f) out.set(id, (f = emptySignFigures()));
    return f;
  };
  const orders = await sql<{ school_id: number; n: number | string; amount: number | string | null; fresh: number | string | null; renew: number | string | null }>`
    select school_id, count(*) as n, sum(deal_amount) as amount,
      sum(case when if_first_sign = 1 then 1 else 0 end) as fresh,
      sum(case when if_first_sign = 2 then 1 else 0 end) as renew
    from order_form
    where ${inList('school_id', schools)} and del_flag = 0 and state in (${sql.join(SIGNED_STATES.map((s) => sql`${s}`))})
      and order_date >= ${from} and order_date <= ${to}
    group by school_id`.execute(db);
  for (const r of orders.rows) Object.assign(at(Number(r.school_id)), { orders: Number(r.n), order_amount: Number(r.amount ?? 0), new_signs: Number(r.fresh ?? 0), renewals: Number(r.renew ?? 0) });
  const refunds = await sql<{ school_id: number; n: number | string; amount: number | string | null }>`
    select school_id, count(*) as n, sum(amount) as amount from order_refund
    where ${inList('school_id', schools)} and state = ${REFUND_PAID} and refunded_at >= ${`${from} 00:00:00`} and refunded_at < ${`${addDays(to, 1)} 00:00:00`}
    group by school_id`.execute(db);
  for (const r of refunds.rows) Object.assign(at(Number(r.school_id)), { refunds: Number(r.n), refund_amount: Number(r.amount ?? 0) });
  return out;
}

/**
 * The money (paid and promotion, fen) consumed by the postings of business records (`refType`,
 * ids), less what was reversed: the value of the hours a day's check-ins took.
 */
export async function consumedValue(db: Kysely<Database>, refType: string, refIds: readonly number[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < refIds.length; i += 500) {
    const chunk = refIds.slice(i, i + 500).map(String);
    const row = await sql<{ amount: number | string | null }>`
      select sum(f.amount) as amount from order_money_flow f
      where f.ref_type = ${refType} and ${inList('f.ref_id', chunk)} and f.biz_type = 'consumption'
        and not exists (select 1 from order_money_flow r where r.reverses_id = f.id)`.execute(db);
    total -= Number(row.rows[0]?.amount ?? 0);
  }
  return total;
}
