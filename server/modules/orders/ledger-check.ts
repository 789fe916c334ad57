import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { CREDIT_TYPES, DEBIT_TYPES, hoursLedger, lineIdOf, moneyLedger } from './ledgers';

export interface Violation {
  /** what is broken: the ledger chain, a line's invariant, a cached total */
  kind: string;
  subject: string;
  detail: string;
}

interface Sums {
  line: string;
  biz: string;
  amount: number;
}

/**
 * Every invariant of the orders ledgers over the whole database (npm run ledger:check):
 * - each ledger's chains (balance_after is the running sum, seq counts 1, 2, 3…);
 * - per contract line: bought + gift = consumed + remaining + refunded + transferred + forfeited,
 *   the credits on the ledger equal bought + gift of an active line (none for an inactive one), and
 *   the line's cached consumed/remaining hours equal the ledger;
 * - per line, the money left (paid and promotion) is never below zero;
 * - per student and class type, the cached balance (student_class_type) equals the lines' ledger.
 * Sums are read grouped in SQL, so memory grows with the number of lines, not of postings.
 */
export async function ledgerViolations(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const ledger of [hoursLedger, moneyLedger]) {
    for (const b of await ledger.checkBalances(db)) out.push({ kind: 'chain', subject: `${ledger.table} ${b.account_key}`, detail: `第${b.seq}条余额 ${b.balance_after}，应为 ${b.expected}` });
  }
  // each posting's effect by the type it counts under: a reversal counts under the type it reverses
  const sums = await sql<Sums>`select f.account_key as line, coalesce(o.biz_type, f.biz_type) as biz, sum(f.amount) as amount
    from order_hours_flow f left join order_hours_flow o on o.id = f.reverses_id
    group by f.account_key, coalesce(o.biz_type, f.biz_type)`.execute(db);
  const byLine = new Map<number, Map<string, number>>();
  for (const r of sums.rows) {
    const id = lineIdOf(r.line);
    const m = byLine.get(id) ?? new Map<string, number>();
    m.set(r.biz, (m.get(r.biz) ?? 0) + Number(r.amount));
    byLine.set(id, m);
  }
  const known = new Set<string>([...CREDIT_TYPES, ...DEBIT_TYPES]);
  const lines = await db.selectFrom('order_contract_line').select(['id', 'student_id', 'class_type_id', 'active', 'bought_hours', 'gift_hours', 'consumed_hours', 'remaining_hours']).execute();
  const perBalance = new Map<string, number>();
  for (const l of lines) {
    const m = byLine.get(l.id) ?? new Map<string, number>();
    byLine.delete(l.id);
    const subject = `合同明细 ${l.id}`;
    for (const biz of m.keys()) if (!known.has(biz)) out.push({ kind: 'biz_type', subject, detail: `未知的记账类型 ${biz}` });
    const credits = CREDIT_TYPES.reduce((n, t) => n + (m.get(t) ?? 0), 0);
    const [consumed, refunded, transferred, forfeited] = DEBIT_TYPES.map((t) => -(m.get(t) ?? 0));
    const remaining = [...m.values()].reduce((n, v) => n + v, 0);
    const expectedCredits = l.active === 1 ? Number(l.bought_hours) + Number(l.gift_hours) : 0;
    if (credits < expectedCredits || (credits !== expectedCredits && !m.has('transfer_in'))) out.push({ kind: 'credits', subject, detail: `入账课时 ${credits}，购买+赠送 ${expectedCredits}` });
    if (credits !== consumed + remaining + refunded + transferred + forfeited) out.push({ kind: 'invariant', subject, detail: `购买+赠送 ${credits} ≠ 已消 ${consumed} + 剩余 ${remaining} + 退费 ${refunded} + 转出 ${transferred} + 作废 ${forfeited}` });
    if (remaining < 0) out.push({ kind: 'negative', subject, detail: `剩余课时 ${remaining}` });
    if (Number(l.remaining_hours) !== remaining) out.push({ kind: 'cache', subject, detail: `缓存剩余课时 ${l.remaining_hours}，账本 ${remaining}` });
    if (Number(l.consumed_hours) !== consumed) out.push({ kind: 'cache', subject, detail: `缓存已消课时 ${l.consumed_hours}，账本 ${consumed}` });
    const key = `${l.student_id}:${l.class_type_id}`;
    perBalance.set(key, (perBalance.get(key) ?? 0) + remaining);
  }
  for (const id of byLine.keys()) out.push({ kind: 'orphan', subject: `line:${id}`, detail: '账本记录没有对应的合同明细' });
  const money = await sql<{ account_key: string; balance: number }>`select account_key, sum(amount) as balance from order_money_flow group by account_key having sum(amount) < 0`.execute(db);
  for (const m of money.rows) out.push({ kind: 'negative', subject: m.account_key, detail: `金额余额 ${m.balance}` });
  const cached = await db.selectFrom('student_class_type').select(['student_id', 'class_type_id', 'remaining_hours']).execute();
  for (const c of cached) {
    const key = `${c.student_id}:${c.class_type_id}`;
    const ledger = perBalance.get(key);
    const hundredths = Math.round(Number(c.remaining_hours) * 100);
    // a balance with no line at all is one written before the ledger: reconciled at its next posting
    if (ledger === undefined) {
      if (hundredths !== 0) out.push({ kind: 'uncovered', subject: `学员 ${c.student_id} 班型 ${c.class_type_id}`, detail: `剩余 ${hundredths} 不在账本上` });
      continue;
    }
    if (hundredths !== ledger) out.push({ kind: 'cache', subject: `学员 ${c.student_id} 班型 ${c.class_type_id}`, detail: `学员课时 ${hundredths}，账本 ${ledger}` });
  }
  return out;
}
