import type { Kysely } from 'kysely';
import { ensureVersionTriggers } from '../table-versions';

/**
 * Write counters for the workflow's instances and tasks (server/db/table-versions.ts). They are
 * not declared resources, so the start-up sync never gave them the counting triggers, yet the
 * monitor's and my-applications' totals were already kept by wf_instance's counter (count-cache.ts):
 * without a trigger the counter never moved and a new instance left those totals stale in a
 * running server. The task center's done badge is kept by wf_task's counter (lists.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await ensureVersionTriggers(db, ['wf_instance', 'wf_task']);
}
