import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, forfeitExpired, hoursLedger, HOURS_EXPIRY_JOB, ledgerViolations, lineAccount, moneyLedger, paidAccount, promoAccount, warnExpiringLines } from '../../../server/modules/orders';
import { periodKey } from '../../../server/lib/job-lease';
import { addDays, todayText } from '../../../server/lib/time';
import { runWorker, sharedDatabase, type WorkerResult } from '../worker-processes';

/**
 * Hours past their validity are forfeited by a daily job every server process schedules: two
 * processes on one database (a SQLite file, or PostgreSQL) run the same day at the same moment;
 * one forfeits each expired line once, by an explicit posting of its hours and money.
 */
type ExpiryResult = WorkerResult & { warned: string[] };

function expiryWorker(target: string, atMs: number, today: string): Promise<ExpiryResult> {
  return runWorker<ExpiryResult>('expiry-worker.ts', target, [String(atMs), today]);
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

  it('warns the owner of a line ending within 30 days once, by a bell message, with two processes on one database', async () => {
    const shared = await sharedDatabase();
    try {
      const db = shared.opened.db;
      const today = todayText();
      // nothing else of the demo is due, so the counts below are this test's lines only
      await db.updateTable('order_contract_line').set({ end_date: addDays(today, 400) }).where('end_date', 'is not', null).execute();
      const candidates = await db
        .selectFrom('order_contract_line as l')
        .innerJoin('student as s', 's.id', 'l.student_id')
        .select(['l.id', 'l.student_id', 's.name', 's.seller_id', 'l.remaining_hours'])
        .where('l.active', '=', 1)
        .where('l.remaining_hours', '>', 0)
        .where('s.seller_id', 'is not', null)
        .orderBy('l.id')
        .execute();
      // three students with different names, one line each, so each bell message names one line
      const lines = candidates.filter((c, i) => candidates.findIndex((o) => o.name === c.name) === i).slice(0, 3);
      expect(lines).toHaveLength(3);
      const [soon, edge, later] = lines;
      await db.updateTable('order_contract_line').set({ end_date: addDays(today, 10) }).where('id', '=', soon.id).execute();
      await db.updateTable('order_contract_line').set({ end_date: addDays(today, EXPIRY_WARNING_DAYS) }).where('id', '=', edge.id).execute();
      await db.updateTable('order_contract_line').set({ end_date: addDays(today, EXPIRY_WARNING_DAYS + 1) }).where('id', '=', later.id).execute();
      const bell = (userId: number | null, name: string) =>
        db.selectFrom('sys_user_message').select(['title', 'content']).where('user_id', '=', userId ?? 0).where('title', '=', `课时即将到期：${name}`).execute();
      expect(await bell(soon.seller_id, soon.name)).toEqual([]);

      const at = Date.UTC(2099, 0, 2, 4);
      const results = await Promise.all([expiryWorker(shared.target, at, today), expiryWorker(shared.target, at, today)]);
      expect(results.flatMap((r) => r.warned)).toEqual(['2']);
      expect(results.flatMap((r) => r.refused)).toEqual(['已由其他进程执行']);

      const messages = await bell(soon.seller_id, soon.name);
      expect(messages).toHaveLength(1);
      expect(messages[0].content).toContain(`有效期至 ${addDays(today, 10)}`);
      expect(messages[0].content).toContain(`剩余 ${soon.remaining_hours / 100} 课时`);
      expect(await bell(edge.seller_id, edge.name)).toHaveLength(1);
      expect(await bell(later.seller_id, later.name)).toEqual([]);
      const notices = await db.selectFrom('order_line_expiry_notice').select(['line_id', 'user_id']).orderBy('line_id').execute();
      expect(notices).toEqual([{ line_id: soon.id, user_id: soon.seller_id }, { line_id: edge.id, user_id: edge.seller_id }].sort((a, b) => a.line_id - b.line_id));

      // the same day warns nothing again; the next day only the line that has come within 30 days
      expect(await db.transaction().execute((trx) => warnExpiringLines(trx, today))).toBe(0);
      expect(await db.transaction().execute((trx) => warnExpiringLines(trx, addDays(today, 1)))).toBe(1);
      expect(await bell(later.seller_id, later.name)).toHaveLength(1);
      expect(await bell(soon.seller_id, soon.name)).toHaveLength(1);
      // a delay to a new end date warns once more
      await db.updateTable('order_contract_line').set({ end_date: addDays(today, 20) }).where('id', '=', soon.id).execute();
      expect(await db.transaction().execute((trx) => warnExpiringLines(trx, today))).toBe(1);
      expect(await bell(soon.seller_id, soon.name)).toHaveLength(2);
    } finally {
      await shared.close();
    }
  }, 120_000);
});
