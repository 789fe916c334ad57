import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob, type LeasedJob } from '../../lib/job-lease';
import { todayText } from '../../lib/time';
import { forfeitExpired } from './hours';

/**
 * Hours past their line's validity are forfeited once a day (an explicit `forfeit` posting of
 * the hours and their money, never a silent change of a balance), by whichever server process
 * takes the day's lease: exactly once per day across processes and machines.
 */
export const HOURS_EXPIRY_JOB: LeasedJob = {
  job: 'order_hours_expiry',
  everyMs: 86_400_000,
  work: async (trx) => {
    await forfeitExpired(trx, todayText(), null);
  },
};

/** Starts the daily hour expiry in this server process (see server/lib/job-lease.ts). */
export function scheduleHoursExpiry(db: Kysely<Database>): () => void {
  return scheduleJob(db, HOURS_EXPIRY_JOB);
}
