import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DIFFERENCE, DUE_REF } from './due-money';
import type { Violation } from './ledger-check';

const n = (v: number | string | null): number => Number(v ?? 0);

/** Paid-money postings that credit a line (a reversal counts under what it reverses). */
const PAID_CREDITS = sql.join(['purchase', 'transfer_in', DIFFERENCE].map((t) => sql.lit(t)));

/**
 * Per line: its paid money (order_contract_line.paid_money, read for its value per hour and by the
 * refund calculator; 应补差价 received raises it) equals what its paid account was credited, 0 for a
 * line not consumable. One grouping in the database; only the lines that break it come back.
 */
async function paidMoneyViolations(db: Kysely<Database>): Promise<Violation[]> {
  const rows = await sql<{ line_id: number; paid_money: number; credited: number | null }>`with c as (
      select f.account_key, sum(case when coalesce(o.biz_type, f.biz_type) in (${PAID_CREDITS}) then f.amount else 0 end) as credited
      from order_money_flow f left join order_money_flow o on o.id = f.reverses_id
      where f.account_key like 'paid:%' group by f.account_key)
    select l.id as line_id, l.paid_money, c.credited
    from order_contract_line l left join c on c.account_key = ${sql.lit('paid:')} || cast(l.id as varchar(20))
    where coalesce(c.credited, 0) <> (case when l.active = 1 then l.paid_money else 0 end)
    order by l.id`.execute(db);
  return rows.rows.map((r) => ({ kind: 'cache', subject: `合同明细 ${r.line_id}`, detail: `实收金额 ${n(r.paid_money)}，账本入账 ${n(r.credited)}` }));
}

/**
 * Per order with 应补差价: the difference money standing on its lines (postings naming order_due,
 * reversals included) equals what its payments cover of its dues (received beyond deal − dues, at
 * most the dues: due-money.ts).
 */
async function dueCoverageViolations(db: Kysely<Database>): Promise<Violation[]> {
  const rows = await sql<{ id: number; deal_amount: number; paid_amount: number | null; due_amount: number | null; credited: number | null }>`select o.id, o.deal_amount, o.paid_amount, o.due_amount, m.credited
    from order_form o
    left join (select d.order_id, sum(f.amount) as credited from order_money_flow f join order_due d on f.ref_id = cast(d.id as varchar(20))
      where f.ref_type = ${DUE_REF} group by d.order_id) m on m.order_id = o.id
    where coalesce(o.due_amount, 0) <> 0 or coalesce(m.credited, 0) <> 0
    order by o.id`.execute(db);
  const out: Violation[] = [];
  for (const r of rows.rows) {
    const due = n(r.due_amount);
    const covered = Math.min(due, Math.max(0, n(r.paid_amount) - (n(r.deal_amount) - due)));
    if (n(r.credited) !== covered) out.push({ kind: 'due_money', subject: `订单 ${r.id}`, detail: `已收应补差价 ${covered}，合同明细入账 ${n(r.credited)}` });
  }
  return out;
}

/** The invariants of 应补差价 money on the ledger (ledgerViolations runs them with the others). */
export async function dueMoneyViolations(db: Kysely<Database>): Promise<Violation[]> {
  return [...(await paidMoneyViolations(db)), ...(await dueCoverageViolations(db))];
}
