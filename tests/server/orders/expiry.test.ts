import { describe, expect, it } from 'vitest';
import { forfeitExpired, hoursLedger, HOURS_EXPIRY_JOB, ledgerViolations, lineAccount, moneyLedger, paidAccount, promoAccount } from '../../../server/modules/orders';
import { periodKey } from '../../../server/lib/job-lease';
import { todayText } from '../../../server/lib/time';
import { runWorker, sharedDatabase, type WorkerResult } from '../worker-processes';

/**
 * Hours past their validity are forfeited by a daily job every server process schedules: two
 * processes on one database (a SQLite file, or PostgreSQL) run the same day at the same moment;
 * one forfeits each expired line once, by an explicit posting of its hours and money.
 */
function expiryWorker(target: string, atMs: number, today: string): Promise<WorkerResult> {
  return runWorker<WorkerResult>('expiry-worker.ts', target, [String(atMs), today]);
}

describe('orders: the daily hour expiry', () => {
  it('runs once per day with two processes on one database and forfeits each expired line once, hours and money', async () => {
    const shared = await sharedDatabase();
    try {
      const db = shared.opened.db;
      const today = todayText();
      const line = await db.selectFrom('order_contract_line').selectAll().where('active', '=', 1).where('remaining_hours', '>', 0).orderBy('id').executeTakeFirstOrThrow();
      await db.updateTable('order_contract_line').set({ end_date: '2000-01-01' }).where('id', '=', line.id).execute();
      const due = await db.selectFrom('order_contract_line').select('id').where('active', '=', 1).where('remaining_hours', '>', 0).where('end_date', '<', today).execute();
      expect(due.map((d) => d.id)).toContain(line.id);

      // a fixed instant far from now: both processes are in the same day's period, whatever the clock
      const at = Date.UTC(2099, 0, 1, 4);
      const results = await Promise.all([expiryWorker(shared.target, at, today), expiryWorker(shared.target, at, today)]);
      expect(results.flatMap((r) => r.committed)).toEqual([String(due.length)]);
      expect(results.flatMap((r) => r.refused)).toEqual(['已由其他进程执行']);

      const after = await db.selectFrom('order_contract_line').select('remaining_hours').where('id', '=', line.id).executeTakeFirstOrThrow();
      expect(after.remaining_hours).toBe(0);
      expect(await hoursLedger.balance(db, lineAccount(line.id))).toBe(0);
      expect(await moneyLedger.balance(db, paidAccount(line.id))).toBe(0);
      expect(await moneyLedger.balance(db, promoAccount(line.id))).toBe(0);
      const forfeits = await db.selectFrom('order_hours_flow').select('amount').where('account_key', '=', lineAccount(line.id)).where('biz_type', '=', 'forfeit').execute();
      expect(forfeits.map((f) => Number(f.amount))).toEqual([-line.remaining_hours]);
      const leases = await db.selectFrom('sys_job_lease').select('job').where('job', '=', HOURS_EXPIRY_JOB.job).where('period', '=', periodKey(HOURS_EXPIRY_JOB.everyMs, at)).execute();
      expect(leases).toHaveLength(1);
      expect(await ledgerViolations(db)).toEqual([]);

      // run again, it finds nothing more to forfeit
      expect(await db.transaction().execute((trx) => forfeitExpired(trx, today, null))).toBe(0);
    } finally {
      await shared.close();
    }
  }, 120_000);
});
