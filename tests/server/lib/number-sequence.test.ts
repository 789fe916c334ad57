import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, nextNumber, periodOf } from '../../../server/lib/number-sequence';
import { ApiError } from '../../../server/lib/http';
import { moneyWorker, sharedDatabase, type SharedDatabase } from '../worker-processes';

/**
 * Document numbers are unique and gapless under concurrency: three processes (SQLite: one file,
 * transactions begin immediate; PostgreSQL: each process with a pool of 5, row locks) issue 60
 * numbers of one series at once, 10 of them in transactions that roll back. The 50 committed are
 * exactly 1..50; a rolled-back issue afterwards gives its number to the next one.
 */
let shared: SharedDatabase;

beforeAll(async () => {
  shared = await sharedDatabase();
}, 60_000);

afterAll(async () => {
  await shared?.close();
});

const counterOf = (no: string): number => Number(no.split('-')[1]);

describe('periodOf and formatNumber', () => {
  it('uses the Asia/Shanghai calendar: 16:30 UTC on 31 December is already next year there', () => {
    const at = Date.UTC(2026, 11, 31, 16, 30);
    expect(periodOf('year', at)).toBe('2027');
    expect(periodOf('month', at)).toBe('202701');
    expect(periodOf('month', Date.UTC(2026, 10, 30, 15, 59))).toBe('202611');
  });
  it('formats kind, period and a zero-padded counter', () => {
    expect(formatNumber({ kind: 'SK', scope: '3', period: '202611' }, 123)).toBe('SK202611-000123');
    expect(formatNumber({ kind: 'HT', scope: 'all', period: '2026' }, 1234567)).toBe('HT2026-1234567');
  });
});

describe('nextNumber', () => {
  it('is refused outside a transaction and for a malformed key', async () => {
    const { db } = shared.opened;
    await expect(nextNumber(db, { kind: 'SK', scope: '1', period: '2026' })).rejects.toThrow(/事务/);
    await expect(db.transaction().execute((trx) => nextNumber(trx, { kind: 'sk', scope: '1', period: '2026' }))).rejects.toBeInstanceOf(ApiError);
    await expect(db.transaction().execute((trx) => nextNumber(trx, { kind: 'SK', scope: '1', period: '2026-11' }))).rejects.toThrow(/单据编号参数不正确/);
  });

  it('keeps separate series per kind, scope and period', async () => {
    const { db } = shared.opened;
    const issue = (kind: string, scope: string, period: string) => db.transaction().execute((trx) => nextNumber(trx, { kind, scope, period }));
    expect(await issue('TF', '1', '2026')).toBe('TF2026-000001');
    expect(await issue('TF', '1', '2026')).toBe('TF2026-000002');
    expect(await issue('TF', '2', '2026')).toBe('TF2026-000001');
    expect(await issue('TF', '1', '2027')).toBe('TF2027-000001');
    expect(await issue('HT', '1', '2026')).toBe('HT2026-000001');
  });

  it('50 committed issuers across 3 processes get 1..50 without gap or duplicate; rollbacks give their numbers back', async () => {
    const period = periodOf('month');
    const results = await Promise.all([
      moneyWorker(shared.target, ['number', '20', '5', period]),
      moneyWorker(shared.target, ['number', '20', '5', period]),
      moneyWorker(shared.target, ['number', '20', '10', period]),
    ]);
    const numbers = results.flatMap((r) => r.committed);
    expect(results.flatMap((r) => r.refused)).toEqual([]);
    expect(numbers).toHaveLength(50);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.every((n) => n.startsWith(`SK${period}-`))).toBe(true);
    expect(numbers.map(counterOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));

    // a document that fails after taking its number leaves no hole
    const { db } = shared.opened;
    const key = { kind: 'SK', scope: '1', period };
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await nextNumber(trx, key)).toBe(`SK${period}-000051`);
        throw new Error('单据保存失败');
      }),
    ).rejects.toThrow('单据保存失败');
    expect(await db.transaction().execute((trx) => nextNumber(trx, key))).toBe(`SK${period}-000051`);
  }, 60_000);
});
