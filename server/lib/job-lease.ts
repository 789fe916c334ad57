import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/dialect';
import { nowText } from './time';

/**
 * Scheduled jobs that must run exactly once per period although every server process (WORKERS=N,
 * or several machines on one PostgreSQL) schedules them: `runOncePerPeriod` claims the period by
 * inserting (job, period) into `sys_job_lease` (migration 0330) and runs the work in the SAME
 * transaction. The primary key lets one process in: on SQLite the transaction begins immediate,
 * so a second process waits and then finds the row; on PostgreSQL its insert waits on the first
 * one's key and fails once that commits. The work commits together with the claim, so a process
 * that dies mid-run leaves the period unclaimed for the next one.
 *
 *   const stop = scheduleJob(db, { job: 'wf_remind', everyMs: 600_000, work: (trx, period) => … });
 */

export interface LeasedJob {
  /** the job's name, unique in the installation */
  job: string;
  /** length of a period; the period key is the start of the period in Asia/Shanghai time */
  everyMs: number;
  work(trx: Kysely<Database>, period: string): Promise<void>;
}

interface LeaseTable {
  job: string;
  period: string;
  holder: string;
  claimed_at: string;
}

declare module '../db/schema' {
  interface Database {
    sys_job_lease: LeaseTable;
  }
}

/** This process's name in the claims (diagnostics only). */
const HOLDER = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** The key of the period `atMs` falls in: its start as 'YYYY-MM-DD HH:mm:ss'. */
export function periodKey(everyMs: number, atMs = Date.now()): string {
  return nowText(Math.floor(atMs / everyMs) * everyMs);
}

class AlreadyClaimed extends Error {}

/** Runs `work` if no process has run this job for this period; true when this call ran it. */
export async function runOncePerPeriod(db: Kysely<Database>, job: LeasedJob, atMs = Date.now()): Promise<boolean> {
  return runOnceForPeriod(db, job.job, periodKey(job.everyMs, atMs), (trx, period) => job.work(trx, period), atMs);
}

/**
 * The claim of `runOncePerPeriod` for a period the caller names (a business day, a report's date):
 * runs `work` in the claim's transaction if no process has claimed (job, period) before; true when
 * this call ran it. Jobs whose periods are not fixed lengths of time (daily reports at a rule's
 * own time, caught up after a stop) claim with this.
 */
export async function runOnceForPeriod(db: Kysely<Database>, job: string, period: string, work: (trx: Kysely<Database>, period: string) => Promise<void>, atMs = Date.now()): Promise<boolean> {
  const claim = async (trx: Kysely<Database>): Promise<void> => {
    const row = await trx
      .insertInto('sys_job_lease')
      .values({ job, period, holder: HOLDER, claimed_at: nowText(atMs) })
      .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
      .executeTakeFirst();
    if (Number(row.numInsertedOrUpdatedRows ?? 0) === 0) throw new AlreadyClaimed();
    await work(trx, period);
  };
  try {
    // inside a transaction already (the demo seed): the claim commits with it
    if (db.isTransaction) await claim(db);
    else await db.transaction().execute(claim);
    return true;
  } catch (err) {
    if (err instanceof AlreadyClaimed || isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Claims older than this are removed when a job runs (the table stays small). */
const KEEP_MS = 7 * 86_400_000;

/**
 * Schedules a job in this process: first at `firstMs`, then every `everyMs`; each run goes through
 * `runOncePerPeriod`, so across processes a period runs once. A failure is logged, not thrown.
 */
export function scheduleJob(db: Kysely<Database>, job: LeasedJob, firstMs = 15_000): () => void {
  const run = (): void => {
    runOncePerPeriod(db, job)
      .then(async (ran) => {
        if (ran) await db.deleteFrom('sys_job_lease').where('job', '=', job.job).where('claimed_at', '<', nowText(Date.now() - KEEP_MS)).execute();
      })
      .catch((err: unknown) => console.error(`定时任务 ${job.job} 失败: ${err instanceof Error ? err.message : String(err)}`));
  };
  const first = setTimeout(run, firstMs);
  const every = setInterval(run, job.everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
