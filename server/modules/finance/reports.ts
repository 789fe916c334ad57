import { sql, type Kysely } from 'kysely';
import { FLOW_TYPES, PAY_METHODS, RECEIPT_KINDS } from '../../../src/contract/finance-accounts';
import type { AmountRow, DayTotals, InstallmentFigures, ReceiptTotals, SchoolTotals } from '../../../src/contract/finance-reports';
import type { Database } from '../../db/schema';
import './schema';

type Db = Kysely<Database>;

/**
 * Figures of the finance reports and dashboard, read from the ledgers only and summed by the
 * database in integer fen. `schools` is the campuses to cover (undefined: every campus).
 */

/** One group of receipts: a day, a campus, a kind and a channel. */
export interface ReceiptGroup {
  day: string;
  school_id: number;
  kind: number;
  pay_method: string;
  amount: number;
  count: number;
}

const inSchools = (column: string, schools: readonly number[] | undefined) =>
  schools === undefined ? sql`1 = 1` : schools.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} in (${sql.join(schools.map((id) => sql`${id}`))})`;

/** Receipts of the days from..to (business dates, inclusive), grouped; every state counts (a cancellation is its own reversing receipt). */
export async function receiptGroups(db: Db, from: string, to: string, schools: readonly number[] | undefined): Promise<ReceiptGroup[]> {
  const rows = await sql<{ day: string; school_id: number; kind: number; pay_method: string; amount: number | string; n: number | string }>`
    select biz_date as day, school_id, kind, pay_method, sum(amount) as amount, count(*) as n
    from fin_stu_account_receipts
    where ${inSchools('school_id', schools)} and biz_date >= ${from} and biz_date <= ${to}
    group by school_id, biz_date, kind, pay_method`.execute(db);
  return rows.rows.map((r) => ({ day: r.day, school_id: Number(r.school_id), kind: Number(r.kind), pay_method: r.pay_method, amount: Number(r.amount), count: Number(r.n) }));
}

export function emptyTotals(): ReceiptTotals {
  return { income: 0, refund: 0, carry: 0, net: 0, from_account: 0, count: 0 };
}

function add(t: ReceiptTotals, g: ReceiptGroup): void {
  if (g.kind === 1) t.income += g.amount;
  else if (g.kind === 2) t.refund += g.amount;
  else t.carry += g.amount;
  if (g.pay_method === 'account') t.from_account += g.amount;
  t.net += g.amount;
  t.count += g.count;
}

export function totalsOf(groups: readonly ReceiptGroup[]): ReceiptTotals {
  const t = emptyTotals();
  for (const g of groups) add(t, g);
  return t;
}

/** Every day of from..to, with zeros on days without receipts (a chart needs them). */
export function byDay(groups: readonly ReceiptGroup[], days: readonly string[]): DayTotals[] {
  const map = new Map(days.map((d) => [d, { day: d, ...emptyTotals() }]));
  for (const g of groups) {
    const t = map.get(g.day);
    if (t) add(t, g);
  }
  return [...map.values()];
}

export function bySchool(groups: readonly ReceiptGroup[], names: ReadonlyMap<number, string>): SchoolTotals[] {
  const map = new Map<number, SchoolTotals>();
  for (const g of groups) {
    let t = map.get(g.school_id);
    if (!t) map.set(g.school_id, (t = { school_id: g.school_id, school_name: names.get(g.school_id) ?? `校区${g.school_id}`, ...emptyTotals() }));
    add(t, g);
  }
  return [...map.values()].sort((a, b) => b.net - a.net || a.school_id - b.school_id);
}

function amountRows(entries: Iterable<{ key: string; amount: number; count: number }>, texts: readonly { value: string | number; text: string }[]): AmountRow[] {
  const map = new Map<string, AmountRow>();
  for (const e of entries) {
    const row = map.get(e.key) ?? { key: e.key, text: texts.find((t) => String(t.value) === e.key)?.text ?? e.key, amount: 0, count: 0 };
    row.amount += e.amount;
    row.count += e.count;
    map.set(e.key, row);
  }
  const order = texts.map((t) => String(t.value));
  return [...map.values()].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

export const byMethod = (groups: readonly ReceiptGroup[]) => amountRows(groups.map((g) => ({ key: g.pay_method, amount: g.amount, count: g.count })), PAY_METHODS);
export const byKind = (groups: readonly ReceiptGroup[]) => amountRows(groups.map((g) => ({ key: String(g.kind), amount: g.amount, count: g.count })), RECEIPT_KINDS);

/**
 * The account ledger's rows of the days from..to (Shanghai local time) by business type, of the
 * campuses they were posted at (migration 1220): one covering index range per campus, and a past
 * month's figures stay as they were when a student later moves to another campus.
 */
export async function accountByType(db: Db, from: string, to: string, schools: readonly number[] | undefined): Promise<{ by_type: AmountRow[]; net: number; count: number }> {
  const start = `${from} 00:00:00`;
  const end = `${nextDay(to)} 00:00:00`;
  const rows =
    schools === undefined
      ? await sql<{ biz_type: string; amount: number | string; n: number | string }>`
          select biz_type, sum(amount) as amount, count(*) as n from fin_stu_account_flow
          where created_at >= ${start} and created_at < ${end} group by biz_type`.execute(db)
      : await sql<{ biz_type: string; amount: number | string; n: number | string }>`
          select biz_type, sum(amount) as amount, count(*) as n from fin_stu_account_flow
          where ${inSchools('school_id', schools)} and created_at >= ${start} and created_at < ${end}
          group by biz_type`.execute(db);
  const by_type = amountRows(
    rows.rows.map((r) => ({ key: r.biz_type, amount: Number(r.amount), count: Number(r.n) })),
    FLOW_TYPES,
  );
  return { by_type, net: by_type.reduce((s, r) => s + r.amount, 0), count: by_type.reduce((s, r) => s + r.count, 0) };
}

/** Open installment plans of the campuses: what they still owe and what is overdue. */
export async function installmentFigures(db: Db, schools: readonly number[] | undefined): Promise<InstallmentFigures> {
  // plan states 1 还款中, 2 已逾期, 3 逾期处理中; period states 1 待还, 3 已逾期 (server/modules/orders/installments.ts)
  const r = await sql<{ open_count: number | string | null; owed: number | string | null; overdue_periods: number | string | null; overdue_amount: number | string | null }>`
    select count(distinct p.installment_id) as open_count,
           sum(p.amount - coalesce(p.paid_amount, 0)) as owed,
           sum(case when p.state = 3 then 1 else 0 end) as overdue_periods,
           sum(case when p.state = 3 then p.amount - coalesce(p.paid_amount, 0) else 0 end) as overdue_amount
    from order_installment_period p join order_installment i on i.id = p.installment_id
    where ${inSchools('p.school_id', schools)} and p.state in (1, 3) and i.state in (1, 2, 3)`.execute(db);
  const row = r.rows[0];
  return { open_count: Number(row?.open_count ?? 0), owed: Number(row?.owed ?? 0), overdue_periods: Number(row?.overdue_periods ?? 0), overdue_amount: Number(row?.overdue_amount ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Calendar days (plain dates; the Shanghai day is already in the data)
// ---------------------------------------------------------------------------------------------

const dayMs = 86_400_000;
const toDate = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const fromDate = (t: number) => new Date(t).toISOString().slice(0, 10);

export function nextDay(d: string): string {
  return fromDate(toDate(d) + dayMs);
}

export function monthDays(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const to = fromDate(Date.UTC(y, m, 1) - dayMs);
  return { from, to };
}

export function previousMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = toDate(from); t <= toDate(to); t += dayMs) out.push(fromDate(t));
  return out;
}
