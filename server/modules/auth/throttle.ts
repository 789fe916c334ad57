import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import '../../db/core-schema';

/**
 * Sign-in guessing limits. Every try reserves its slot with one atomic statement before the
 * password is looked at (increment, then check the returned count), so parallel tries, and tries
 * spread over several worker processes, never read the same count: at most MAX_FAILED passwords of
 * an account, and MAX_ADDRESS_TRIES passwords from one address, are evaluated per window.
 */
export const MAX_FAILED = 5;
export const MAX_ADDRESS_TRIES = 20;
export const LOCK_MINUTES = 10;
const WINDOW_MS = LOCK_MINUTES * 60_000;

interface LoginThrottleTable {
  address: string;
  tries: number;
  window_start: number;
}

declare module '../../db/schema' {
  interface Database {
    login_throttle: LoginThrottleTable;
  }
}

export type AccountSlot = { evaluate: true; count: number } | { evaluate: false; lockedUntil: number } | { evaluate: false; busy: true };

/**
 * Reserves one try of the account. A live lock refuses without counting; an expired one starts
 * afresh. A count above MAX_FAILED means MAX_FAILED tries are already evaluated or in flight: this
 * one is refused unseen and gives its slot back, without locking (several right passwords sent at
 * once must not lock the account; the lock comes from the last allowed try failing).
 */
export async function reserveAccountTry(db: Kysely<Database>, userId: number, now: number): Promise<AccountSlot> {
  const locked = sql`(locked_until is not null and locked_until > ${now})`;
  const row = await db
    .updateTable('users')
    .set({
      failed_count: sql<number>`case when ${locked} then failed_count when locked_until is not null then 1 else failed_count + 1 end`,
      locked_until: sql<number | null>`case when ${locked} then locked_until else null end`,
    })
    .where('id', '=', userId)
    .returning(['failed_count', 'locked_until'])
    .executeTakeFirstOrThrow();
  if (row.locked_until !== null && row.locked_until > now) return { evaluate: false, lockedUntil: row.locked_until };
  if (row.failed_count > MAX_FAILED) {
    await db.updateTable('users').set({ failed_count: sql<number>`failed_count - 1` }).where('id', '=', userId).where('failed_count', '>', 0).execute();
    return { evaluate: false, busy: true };
  }
  return { evaluate: true, count: row.failed_count };
}

/** Locks the account for LOCK_MINUTES (a lock already running is kept); answers its end. */
export async function lockAccount(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const until = now + WINDOW_MS;
  await db
    .updateTable('users')
    .set({ locked_until: until })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
  return until;
}

/** A right password: the account's count starts again. */
export async function clearAccountTries(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_count: 0, locked_until: null }).where('id', '=', userId).execute();
}

/** Reserves one try of the address in its ten-minute window; false when the address has used them up. */
export async function reserveAddressTry(db: Kysely<Database>, address: string, now: number): Promise<boolean> {
  const stale = now - WINDOW_MS;
  const row = await db
    .insertInto('login_throttle')
    .values({ address, tries: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet({
        tries: sql<number>`case when login_throttle.window_start <= ${stale} then 1 else login_throttle.tries + 1 end`,
        window_start: sql<number>`case when login_throttle.window_start <= ${stale} then ${now} else login_throttle.window_start end`,
      }),
    )
    .returning('tries')
    .executeTakeFirstOrThrow();
  // A new window: forget the addresses whose windows have run out, so the table stays small.
  if (row.tries === 1) await db.deleteFrom('login_throttle').where('window_start', '<=', stale).execute();
  return row.tries <= MAX_ADDRESS_TRIES;
}

/** A try that was not a wrong password (right one, or refused unseen) gives its slot back. */
export async function releaseAddressTry(db: Kysely<Database>, address: string): Promise<void> {
  await db.updateTable('login_throttle').set({ tries: sql<number>`tries - 1` }).where('address', '=', address).where('tries', '>', 0).execute();
}
