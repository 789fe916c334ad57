import type { Kysely } from 'kysely';

/**
 * Claims of scheduled jobs (server/lib/job-lease.ts): one row per job and period. The primary key
 * makes the claim: whichever process inserts the row runs that period's work, in the same
 * transaction, so a crash mid-run leaves the period unclaimed and another process takes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_job_lease')
    .addColumn('job', 'varchar(64)', (c) => c.notNull())
    .addColumn('period', 'varchar(32)', (c) => c.notNull())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_job_lease', ['job', 'period'])
    .execute();
}
