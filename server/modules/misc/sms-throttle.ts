import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './schema';

/**
 * Reserves one use of `key` in its window, counted by one atomic upsert (as the sign-in limits in
 * auth/throttle.ts): parallel requests, and requests spread over several worker processes, never
 * read the same count. False when the key has used up `limit` in the running window.
 */
export async function reserveWindow(db: Kysely<Database>, key: string, limit: number, windowMs: number, now: number): Promise<boolean> {
  const stale = now - windowMs;
  const row = await db
    .insertInto('sms_throttle')
    .values({ key, tries: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        tries: sql<number>`case when sms_throttle.window_start <= ${stale} then 1 else sms_throttle.tries + 1 end`,
        window_start: sql<number>`case when sms_throttle.window_start <= ${stale} then ${now} else sms_throttle.window_start end`,
      }),
    )
    .returning('tries')
    .executeTakeFirstOrThrow();
  return row.tries <= limit;
}

/** Forgets windows older than a day, so the table stays small (run when a code is sent). */
export async function pruneWindows(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('sms_throttle').where('window_start', '<=', now - 24 * 3600_000).execute();
}
