import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, type TestServer } from '../helpers';
import { ledgerViolations, type Violation } from '../../../server/modules/orders';

/**
 * `npm run ledger:check` (ledgerViolations) finds each kind of break it promises, on SQLite and
 * PostgreSQL: the demo database passes, then rows written behind the ledger functions' back (a
 * cached total edited, a posting of an unknown type, a posting without a line, a broken chain,
 * money below zero, an active line never credited, a balance nobody posted) are each reported
 * with their subject. The check sums in the database (it must stay within bounded memory on
 * millions of lines: tests/bench/orders-bench.ts), so these are its only proof of coverage.
 */

let s: TestServer;

beforeAll(async () => {
  s = await createTestServer();
}, 300_000);

afterAll(async () => {
  await s?.close();
});

async function lastOf(table: 'order_hours_flow' | 'order_money_flow', account: string): Promise<{ seq: number; balance: number }> {
  const r = await sql<{ seq: number; balance_after: number }>`select seq, balance_after from ${sql.table(table)} where account_key = ${account} order by seq desc limit 1`.execute(s.db);
  return { seq: Number(r.rows[0]?.seq ?? 0), balance: Number(r.rows[0]?.balance_after ?? 0) };
}

async function append(table: 'order_hours_flow' | 'order_money_flow', account: string, amount: number, bizType: string, balanceAfter?: number): Promise<void> {
  const last = await lastOf(table, account);
  await sql`insert into ${sql.table(table)} (account_key, seq, amount, balance_after, biz_type, created_at)
    values (${account}, ${last.seq + 1}, ${amount}, ${balanceAfter ?? last.balance + amount}, ${bizType}, '2026-01-01 10:00:00')`.execute(s.db);
}

const has = (found: Violation[], kind: string, subject: string, detail?: string): boolean => found.some((v) => v.kind === kind && v.subject === subject && (detail === undefined || v.detail.includes(detail)));

describe('ledger:check', () => {
  it('reports every kind of break with its subject, and nothing on a sound ledger', async () => {
    expect(await ledgerViolations(s.db)).toEqual([]);
    const lines = await s.db
      .selectFrom('order_contract_line')
      .select(['id', 'school_id', 'student_id', 'class_type_id', 'remaining_hours'])
      .where('active', '=', 1)
      .where('remaining_hours', '>', 0)
      .where('order_id', 'is not', null)
      .orderBy('id')
      .execute();
    const [cached, unknown] = [lines[0], lines.find((l) => l.student_id !== lines[0].student_id || l.class_type_id !== lines[0].class_type_id)];
    if (!cached || !unknown) throw new Error('演示数据缺少两条可消课的合同明细');

    // a line's cached hours edited in place
    await s.db.updateTable('order_contract_line').set({ remaining_hours: cached.remaining_hours + 50 }).where('id', '=', cached.id).execute();
    // a posting of a type the ledger does not know, on another line (its chain itself is sound)
    await append('order_hours_flow', `line:${unknown.id}`, 100, 'mystery');
    // postings of a line that does not exist
    await append('order_hours_flow', 'line:99999999', 300, 'purchase');
    // a money account whose stored balance is not the running sum, and below zero
    await append('order_money_flow', 'paid:88888888', -500, 'consumption', 700);
    // an active line with hours bought that were never credited
    const uncredited = await s.db
      .insertInto('order_contract_line')
      .values({ school_id: cached.school_id, student_id: cached.student_id, class_type_id: cached.class_type_id, source: 'grant', bought_hours: 400, gift_hours: 0, paid_money: 0, promo_money: 0, active: 1, consumed_hours: 0, remaining_hours: 0, created_at: '2026-01-01 10:00:00', updated_at: '2026-01-01 10:00:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // a balance with hours but no line at all
    const student = await s.db
      .selectFrom('student')
      .select(['id', 'school_id'])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_contract_line as l').select('l.id').whereRef('l.student_id', '=', 'student.id'))))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const freeType = await s.db.selectFrom('prod_class_type').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await s.db.deleteFrom('student_class_type').where('student_id', '=', student.id).where('class_type_id', '=', freeType.id).execute();
    await s.db.insertInto('student_class_type').values({ school_id: student.school_id, student_id: student.id, class_type_id: freeType.id, total_hours: 3, remaining_hours: 3, created_at: '2026-01-01 10:00:00', updated_at: '2026-01-01 10:00:00' }).execute();

    const found = await ledgerViolations(s.db);
    expect(has(found, 'cache', `合同明细 ${cached.id}`, `缓存剩余课时 ${cached.remaining_hours + 50}，账本 ${cached.remaining_hours}`)).toBe(true);
    expect(has(found, 'biz_type', `合同明细 ${unknown.id}`, '未知的记账类型 mystery')).toBe(true);
    expect(has(found, 'invariant', `合同明细 ${unknown.id}`)).toBe(true);
    expect(has(found, 'cache', `合同明细 ${unknown.id}`, `缓存剩余课时 ${unknown.remaining_hours}，账本 ${unknown.remaining_hours + 100}`)).toBe(true);
    expect(has(found, 'cache', `学员 ${unknown.student_id} 班型 ${unknown.class_type_id}`)).toBe(true);
    expect(has(found, 'orphan', 'line:99999999')).toBe(true);
    expect(has(found, 'chain', 'order_money_flow paid:88888888', '第1条余额 700，应为 -500')).toBe(true);
    expect(has(found, 'negative', 'paid:88888888', '金额余额 -500')).toBe(true);
    expect(has(found, 'credits', `合同明细 ${uncredited.id}`, '入账课时 0，购买+赠送 400')).toBe(true);
    expect(has(found, 'uncovered', `学员 ${student.id} 班型 ${freeType.id}`, '剩余 300 不在账本上')).toBe(true);
    // the line whose cache alone was edited: its student's balance still equals the ledger
    expect(has(found, 'cache', `学员 ${cached.student_id} 班型 ${cached.class_type_id}`)).toBe(cached.student_id === unknown.student_id && cached.class_type_id === unknown.class_type_id);
    // nothing else
    expect(found.filter((v) => v.kind === 'chain')).toHaveLength(1);
    expect(found).toHaveLength(10);
  });
});
