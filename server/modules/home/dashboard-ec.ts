import { sql } from 'kysely';
import type { EcFigures, EcRankRow, PeriodRange } from '../../../src/contract/home-dashboards';
import { SIGNED_STATES } from '../orders';
import { TRIAL_ATTENDED } from '../../../src/contract/resources/marketing-funnel';
import { timeBounds } from './dashboard-period';
import { inSchools, ofPerson, one, rate, type Db, type Schools } from './dashboard-sql';

/** 已退出 trial bookings do not count as booked (mkt_trial_lesson_student state 4). */
const TRIAL_WITHDRAWN = 4;
const signedStates = sql.join(SIGNED_STATES.map((s) => sql`${s}`));

/**
 * The consultant's figures of the period at the campuses: one consultant's (`sellerId`) or the
 * whole team's. Leads by their stamps (assigned_at, visited_at), follow-ups by follow_at and their
 * author, trials by the lesson's date, orders signed (approved, not undone) by order date, money
 * collected by the orders' payments in the period.
 */
export async function ecFigures(db: Db, range: PeriodRange, schools: Schools, sellerId: number | undefined): Promise<EcFigures> {
  const { start, end } = timeBounds(range.from, range.to);
  const lead = (column: string) =>
    one(
      db,
      sql<{ n: number }>`select count(*) as n from mkt_resource where del_flag = 0 and ${inSchools('school_id', schools)} and ${ofPerson('seller_id', sellerId)}
        and ${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end}${column === 'assigned_at' ? sql` and seller_id is not null` : sql``}`,
    );
  const trials = (attended: boolean) =>
    one(
      db,
      sql<{ n: number }>`select count(*) as n from mkt_trial_lesson_student s join mkt_trial_lesson l on l.id = s.trial_lesson_id
        where ${inSchools('s.school_id', schools)} and ${ofPerson('s.seller_id', sellerId)} and l.lesson_date >= ${range.from} and l.lesson_date <= ${range.to}
        and ${attended ? sql`s.state = ${TRIAL_ATTENDED}` : sql`s.state <> ${TRIAL_WITHDRAWN}`}`,
    );
  const [leads_assigned, follow_ups, visits, trials_booked, trials_attended, orders, collected_amount] = await Promise.all([
    lead('assigned_at'),
    one(db, sql<{ n: number }>`select count(*) as n from mkt_record where ${inSchools('school_id', schools)} and ${ofPerson('created_by', sellerId)} and follow_at >= ${start} and follow_at < ${end}`),
    lead('visited_at'),
    trials(false),
    trials(true),
    sql<{ n: number | string; amount: number | string | null }>`select count(*) as n, sum(deal_amount) as amount from order_form
      where del_flag = 0 and state in (${signedStates}) and ${inSchools('school_id', schools)} and ${ofPerson('seller_id', sellerId)}
      and order_date >= ${range.from} and order_date <= ${range.to}`.execute(db),
    one(
      db,
      sql<{ n: number }>`select sum(p.amount) as n from order_payment p join order_form o on o.id = p.order_id
        where ${inSchools('p.school_id', schools)} and ${ofPerson('o.seller_id', sellerId)} and p.paid_at >= ${start} and p.paid_at < ${end}`,
    ),
  ]);
  const orders_signed = Number(orders.rows[0]?.n ?? 0);
  return {
    leads_assigned,
    follow_ups,
    visits,
    trials_booked,
    trials_attended,
    orders_signed,
    signed_amount: Number(orders.rows[0]?.amount ?? 0),
    collected_amount,
    visit_rate: rate(visits, leads_assigned),
    deal_rate: rate(orders_signed, visits),
  };
}

/** The consultants of the campuses by signed amount of the period (then orders, then visits). */
export async function ecRanking(db: Db, range: PeriodRange, schools: Schools, limit = 10): Promise<EcRankRow[]> {
  const { start, end } = timeBounds(range.from, range.to);
  const [orders, visits] = await Promise.all([
    sql<{ seller_id: number; n: number | string; amount: number | string | null }>`select seller_id, count(*) as n, sum(deal_amount) as amount from order_form
      where del_flag = 0 and seller_id is not null and state in (${signedStates}) and ${inSchools('school_id', schools)}
      and order_date >= ${range.from} and order_date <= ${range.to} group by seller_id`.execute(db),
    sql<{ seller_id: number; n: number | string }>`select seller_id, count(*) as n from mkt_resource
      where del_flag = 0 and seller_id is not null and ${inSchools('school_id', schools)} and visited_at >= ${start} and visited_at < ${end} group by seller_id`.execute(db),
  ]);
  const rows = new Map<number, EcRankRow>();
  const row = (id: number) => {
    let r = rows.get(id);
    if (!r) rows.set(id, (r = { seller_id: id, seller_name: '', orders_signed: 0, signed_amount: 0, visits: 0 }));
    return r;
  };
  for (const o of orders.rows) Object.assign(row(Number(o.seller_id)), { orders_signed: Number(o.n), signed_amount: Number(o.amount ?? 0) });
  for (const v of visits.rows) row(Number(v.seller_id)).visits = Number(v.n);
  if (rows.size === 0) return [];
  const names = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...rows.keys()]).execute();
  for (const n of names) row(Number(n.id)).seller_name = n.name;
  return [...rows.values()]
    .map((r) => ({ ...r, seller_name: r.seller_name || `用户${r.seller_id}` }))
    .sort((a, b) => b.signed_amount - a.signed_amount || b.orders_signed - a.orders_signed || b.visits - a.visits || a.seller_id - b.seller_id)
    .slice(0, limit);
}
