import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerTable } from '../../../server/lib/ledger-table';
import { defineLedger, type LedgerRow } from '../../../server/lib/ledger';
import { moneyWorker, sharedDatabase, type SharedDatabase } from '../worker-processes';

/**
 * The append-only ledger: the database itself refuses UPDATE and DELETE; posts carry the balance
 * after them and never take an account below zero, also when three processes post to one account
 * at once; a reversal is the exact opposite row, once; checkBalances finds a broken chain.
 */
let shared: SharedDatabase;
const TABLE = 'test_money_flow';
const ledger = defineLedger({ table: TABLE, mayGoNegative: (account) => account.startsWith('credit:') });

beforeAll(async () => {
  shared = await sharedDatabase();
  await createLedgerTable(shared.opened.db, TABLE);
}, 60_000);

afterAll(async () => {
  await shared?.close();
});

const post = (account: string, amount: number, bizType = 'deposit'): Promise<LedgerRow> => shared.opened.db.transaction().execute((trx) => ledger.post(trx, account, amount, { bizType, refType: 'test', refId: 1, by: 1 }));
const reverse = (id: number, reason: string): Promise<LedgerRow> => shared.opened.db.transaction().execute((trx) => ledger.reverse(trx, id, reason, 1));
const rowsOf = async (account: string): Promise<LedgerRow[]> => (await sql<LedgerRow>`select * from ${sql.table(TABLE)} where account_key = ${account} order by seq`.execute(shared.opened.db)).rows;

describe('append-only', () => {
  it('a raw UPDATE or DELETE is refused by the database', async () => {
    const row = await post('ro', 100);
    const { db } = shared.opened;
    await expect(sql`update ${sql.table(TABLE)} set amount = 1 where id = ${row.id}`.execute(db)).rejects.toThrow(/账本记录只能追加/);
    await expect(sql`delete from ${sql.table(TABLE)} where id = ${row.id}`.execute(db)).rejects.toThrow(/账本记录只能追加/);
    expect((await rowsOf('ro')).map((r) => Number(r.amount))).toEqual([100]);
  });
});

describe('post', () => {
  it('carries the balance after each row and refuses going below zero in Chinese, writing nothing', async () => {
    expect((await post('a', 1000)).balance_after).toBe(1000);
    expect((await post('a', -400, 'consumption')).balance_after).toBe(600);
    await expect(post('a', -601, 'consumption')).rejects.toThrow(/余额不足/);
    expect((await post('a', -600, 'consumption')).balance_after).toBe(0);
    expect(await ledger.balance(shared.opened.db, 'a')).toBe(0);
    expect((await rowsOf('a')).map((r) => [Number(r.seq), Number(r.balance_after)])).toEqual([[1, 1000], [2, 600], [3, 0]]);
  });

  it('an account kind that may go negative does', async () => {
    expect((await post('credit:1', -250, 'consumption')).balance_after).toBe(-250);
  });

  it('refuses a zero, fractional or unsafe amount and a post outside a transaction', async () => {
    await expect(post('b', 0)).rejects.toThrow(/非零整数/);
    await expect(post('b', 1.5)).rejects.toThrow(/非零整数/);
    await expect(post('b', 2 ** 60)).rejects.toThrow(/非零整数/);
    await expect(ledger.post(shared.opened.db, 'b', 1, { bizType: 'deposit' })).rejects.toThrow(/事务/);
    expect(await rowsOf('b')).toEqual([]);
  });
});

describe('reverse', () => {
  it('posts the exact opposite row referencing the original, once; a reversal is not reversed', async () => {
    const deposit = await post('r', 500);
    const spend = await post('r', -200, 'consumption');
    const back = await reverse(spend.id, '误扣课时');
    expect(back).toMatchObject({ account_key: 'r', amount: 200, balance_after: 500, biz_type: 'reversal', reverses_id: spend.id, ref_type: 'test', ref_id: '1', reason: '误扣课时' });
    await expect(reverse(spend.id, '再来一次')).rejects.toThrow(/已冲正/);
    await expect(reverse(back.id, '冲正的冲正')).rejects.toThrow(/冲正记录不能再冲正/);
    await expect(reverse(deposit.id, '  ')).rejects.toThrow(/请填写冲正原因/);
    await expect(reverse(999_999, '不存在')).rejects.toThrow(/账本记录不存在/);
    expect((await reverse(deposit.id, '收款作废')).balance_after).toBe(0);
  });

  it('a reversal that would take the account below zero is refused', async () => {
    const deposit = await post('s', 300);
    await post('s', -300, 'consumption');
    await expect(reverse(deposit.id, '收款作废')).rejects.toThrow(/余额不足/);
    expect((await rowsOf('s')).length).toBe(2);
  });
});

describe('concurrent posts and checkBalances', () => {
  it('30 posts of -60 from 3 processes against a balance of 1000: 16 pass, 14 are refused, never below zero', async () => {
    await post('race', 1000);
    const results = await Promise.all([0, 1, 2].map(() => moneyWorker(shared.target, ['post', '10', '-60'])));
    const passed = results.flatMap((r) => r.committed);
    const refused = results.flatMap((r) => r.refused);
    expect(passed).toHaveLength(16);
    expect(refused).toHaveLength(14);
    expect(refused.every((m) => m.startsWith('余额不足'))).toBe(true);
    const rows = await rowsOf('race');
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(rows.every((r) => Number(r.balance_after) >= 0)).toBe(true);
    const sum = rows.reduce((s, r) => s + Number(r.amount), 0);
    expect(sum).toBe(40);
    expect(await ledger.balance(shared.opened.db, 'race')).toBe(sum);
    expect(await ledger.checkBalances(shared.opened.db)).toEqual([]);
  }, 60_000);

  it('checkBalances reports the first row whose stored balance breaks the chain', async () => {
    await post('broken', 100);
    // a row written past post(): inserts are allowed, so the check is what catches it
    await sql`insert into ${sql.table(TABLE)} (account_key, seq, amount, balance_after, biz_type, created_at) values ('broken', 2, 50, 160, 'deposit', '2026-11-24 10:00:00')`.execute(shared.opened.db);
    await post('broken', 10);
    const breaks = await ledger.checkBalances(shared.opened.db);
    expect(breaks).toHaveLength(1);
    expect(breaks[0]).toMatchObject({ account_key: 'broken', seq: 2, balance_after: 160, expected: 150 });
  });
});
