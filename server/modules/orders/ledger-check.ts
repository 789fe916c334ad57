import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { CREDIT_TYPES, DEBIT_TYPES, hoursLedger, moneyLedger } from './ledgers';
import { dueMoneyViolations } from './due-money-check';

export interface Violation {
  /** what is broken: the ledger chain, a line's invariant, a cached total */
  kind: string;
  subject: string;
  detail: string;
}

/** One contract line with its ledger sums by the type each posting counts under. */
interface LineSums {
  line_id: number;
  account_key: string | null;
  active: number | null;
  bought_hours: number | null;
  gift_hours: number | null;
  consumed_hours: number | null;
  remaining_hours: number | null;
  credits: number | null;
  consumed: number | null;
  refunded: number | null;
  transferred: number | null;
  forfeited: number | null;
  remaining: number | null;
  transfer_in: number | null;
  unknown: number | null;
}

const list = (values: readonly string[]): RawBuilder<unknown> => sql.join(values.map((v) => sql.lit(v)));

/** What a posting counts under: a reversal counts under the type it reverses. */
const BIZ = sql`coalesce(o.biz_type, f.biz_type)`;
const sumOf = (types: readonly string[], sign = 1): RawBuilder<unknown> => sql`sum(case when ${BIZ} in (${list(types)}) then ${sql.lit(sign)} * f.amount else 0 end)`;

/**
 * The hour ledger summed per account in the database, one row per account: memory and time grow
 * with the postings inside the database only (its own grouping, spilled to disk when large), never
 * with a copy of them in this process.
 */
const LEDGER_SUMS = sql`select f.account_key,
    ${sumOf(CREDIT_TYPES)} as credits,
    ${sumOf(['consumption'], -1)} as consumed,
    ${sumOf(['refund'], -1)} as refunded,
    ${sumOf(['transfer_out'], -1)} as transferred,
    ${sumOf(['forfeit'], -1)} as forfeited,
    sum(f.amount) as remaining,
    max(case when ${BIZ} = 'transfer_in' then 1 else 0 end) as transfer_in,
    sum(case when ${BIZ} in (${list([...CREDIT_TYPES, ...DEBIT_TYPES])}) then 0 else 1 end) as unknown
  from order_hours_flow f left join order_hours_flow o on o.id = f.reverses_id
  group by f.account_key`;

const LINE_KEY = sql`${sql.lit('line:')} || cast(l.id as varchar(20))`;

const n = (v: number | string | null): number => Number(v ?? 0);

/** The messages of one line whose sums the database flagged (the same rules as the filter below). */
function lineViolations(r: LineSums, unknownTypes: (account: string) => Promise<string[]>): Promise<Violation[]> | Violation[] {
  const out: Violation[] = [];
  const subject = `合同明细 ${r.line_id}`;
  const [credits, consumed, refunded, transferred, forfeited, remaining] = [r.credits, r.consumed, r.refunded, r.transferred, r.forfeited, r.remaining].map(n);
  const expectedCredits = n(r.active) === 1 ? n(r.bought_hours) + n(r.gift_hours) : 0;
  if (credits < expectedCredits || (credits !== expectedCredits && n(r.transfer_in) === 0)) out.push({ kind: 'credits', subject, detail: `入账课时 ${credits}，购买+赠送 ${expectedCredits}` });
  if (credits !== consumed + remaining + refunded + transferred + forfeited) out.push({ kind: 'invariant', subject, detail: `购买+赠送 ${credits} ≠ 已消 ${consumed} + 剩余 ${remaining} + 退费 ${refunded} + 转出 ${transferred} + 作废 ${forfeited}` });
  if (remaining < 0) out.push({ kind: 'negative', subject, detail: `剩余课时 ${remaining}` });
  if (n(r.remaining_hours) !== remaining) out.push({ kind: 'cache', subject, detail: `缓存剩余课时 ${n(r.remaining_hours)}，账本 ${remaining}` });
  if (n(r.consumed_hours) !== consumed) out.push({ kind: 'cache', subject, detail: `缓存已消课时 ${n(r.consumed_hours)}，账本 ${consumed}` });
  if (n(r.unknown) === 0 || r.account_key === null) return out;
  return unknownTypes(r.account_key).then((types) => [...types.map((t) => ({ kind: 'biz_type', subject, detail: `未知的记账类型 ${t}` })), ...out]);
}

/**
 * Every invariant of the orders ledgers over the whole database (npm run ledger:check):
 * - each ledger's chains (balance_after is the running sum, seq counts 1, 2, 3…);
 * - per contract line: bought + gift = consumed + remaining + refunded + transferred + forfeited,
 *   the credits on the ledger equal bought + gift of an active line (none for an inactive one), and
 *   the line's cached consumed/remaining hours equal the ledger;
 * - per line, the money left (paid and promotion) is never below zero;
 * - per student and class type, the cached balance (student_class_type) equals the lines' ledger;
 * - per order, the 应补差价 it shows (due_amount) equals its dues (order_due).
 * Each rule is one statement that sums in the database and answers only the rows that break it,
 * so this process holds the violations and nothing that grows with the lines or postings (3
 * million orders with 30 million consumptions: tests/bench/orders-bench.ts).
 */
export async function ledgerViolations(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const ledger of [hoursLedger, moneyLedger]) {
    for (const b of await ledger.checkBalances(db)) out.push({ kind: 'chain', subject: `${ledger.table} ${b.account_key}`, detail: `第${b.seq}条余额 ${b.balance_after}，应为 ${b.expected}` });
  }
  // each line with its ledger sums (an automatic index on the sums: one probe per line)
  const flagged = await sql<LineSums>`with s as (${LEDGER_SUMS})
    select l.id as line_id, s.account_key, l.active, l.bought_hours, l.gift_hours, l.consumed_hours, l.remaining_hours,
      s.credits, s.consumed, s.refunded, s.transferred, s.forfeited, s.remaining, s.transfer_in, s.unknown
    from order_contract_line l left join s on s.account_key = ${LINE_KEY}
    where coalesce(s.unknown, 0) > 0
      or coalesce(s.credits, 0) < (case when l.active = 1 then l.bought_hours + l.gift_hours else 0 end)
      or (coalesce(s.credits, 0) <> (case when l.active = 1 then l.bought_hours + l.gift_hours else 0 end) and coalesce(s.transfer_in, 0) = 0)
      or coalesce(s.credits, 0) <> coalesce(s.consumed, 0) + coalesce(s.remaining, 0) + coalesce(s.refunded, 0) + coalesce(s.transferred, 0) + coalesce(s.forfeited, 0)
      or coalesce(s.remaining, 0) < 0
      or l.remaining_hours <> coalesce(s.remaining, 0)
      or l.consumed_hours <> coalesce(s.consumed, 0)
    order by l.id`.execute(db);
  const unknownTypes = async (account: string): Promise<string[]> => {
    const r = await sql<{ biz: string }>`select distinct ${BIZ} as biz from order_hours_flow f left join order_hours_flow o on o.id = f.reverses_id
      where f.account_key = ${account} and ${BIZ} not in (${list([...CREDIT_TYPES, ...DEBIT_TYPES])}) order by 1`.execute(db);
    return r.rows.map((x) => x.biz);
  };
  for (const r of flagged.rows) out.push(...(await lineViolations(r, unknownTypes)));
  // ledger accounts without a line (the account index alone, no posting read)
  const orphans = await sql<{ account_key: string }>`select account_key from order_hours_flow group by account_key except select ${LINE_KEY} from order_contract_line l order by 1`.execute(db);
  for (const o of orphans.rows) out.push({ kind: 'orphan', subject: o.account_key, detail: '账本记录没有对应的合同明细' });
  const money = await sql<{ account_key: string; balance: number }>`select account_key, sum(amount) as balance from order_money_flow group by account_key having sum(amount) < 0`.execute(db);
  for (const m of money.rows) out.push({ kind: 'negative', subject: m.account_key, detail: `金额余额 ${m.balance}` });
  // per student and class type: the cached balance against its lines' ledger; a balance with no
  // line at all is one written before the ledger, reconciled at its next posting
  const balances = await sql<{ student_id: number; class_type_id: number; hundredths: number; lines: number; ledger: number | null }>`with s as (select account_key, sum(amount) as remaining from order_hours_flow group by account_key),
      per as (select l.student_id, l.class_type_id, count(*) as lines, sum(coalesce(s.remaining, 0)) as ledger
        from order_contract_line l left join s on s.account_key = ${LINE_KEY} group by l.student_id, l.class_type_id)
    select c.student_id, c.class_type_id, round(c.remaining_hours * 100) as hundredths, coalesce(per.lines, 0) as lines, per.ledger
    from student_class_type c left join per on per.student_id = c.student_id and per.class_type_id = c.class_type_id
    where (per.lines is null and round(c.remaining_hours * 100) <> 0) or (per.lines is not null and round(c.remaining_hours * 100) <> per.ledger)
    order by c.student_id, c.class_type_id`.execute(db);
  for (const b of balances.rows) {
    const subject = `学员 ${b.student_id} 班型 ${b.class_type_id}`;
    const hundredths = n(b.hundredths);
    if (n(b.lines) === 0) out.push({ kind: 'uncovered', subject, detail: `剩余 ${hundredths} 不在账本上` });
    else out.push({ kind: 'cache', subject, detail: `学员课时 ${hundredths}，账本 ${n(b.ledger)}` });
  }
  // per order: the 应补差价 it shows (order_form.due_amount) against its dues (order_due)
  const dues = await sql<{ id: number; due_amount: number | null; posted: number }>`select o.id, o.due_amount, coalesce(d.posted, 0) as posted
    from order_form o left join (select order_id, sum(amount) as posted from order_due group by order_id) d on d.order_id = o.id
    where coalesce(o.due_amount, 0) <> coalesce(d.posted, 0) order by o.id`.execute(db);
  for (const d of dues.rows) out.push({ kind: 'cache', subject: `订单 ${d.id}`, detail: `应补差价 ${n(d.due_amount ?? 0)}，补差记录合计 ${n(d.posted)}` });
  // 应补差价 received: on its lines' paid money, which equals their paid accounts' credits (due-money-check.ts)
  out.push(...(await dueMoneyViolations(db)));
  return out;
}
