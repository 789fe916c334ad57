import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { PIN_MAX_FAILED } from '../../../../src/contract/device';
import '../../../lib/device-auth';

/**
 * Staff PINs. A PIN is hashed with argon2id (server/lib/password.ts), whose every hash carries its
 * own random salt, so equal PINs of two people hash differently. A 4-6 digit PIN is weak on its
 * own, so it only ever works with a registered device's credential, and guessing is capped: every
 * try reserves its slot with one atomic statement before the PIN is looked at (as the sign-in
 * throttle does, modules/auth/throttle.ts), so parallel tries, also from several worker processes,
 * evaluate at most PIN_MAX_FAILED wrong PINs; the last allowed one failing locks the PIN until it
 * is set again (by its owner in 个人设置 or by an administrator).
 */

export async function setPin(db: Kysely<Database>, userId: number, pin: string): Promise<void> {
  const pinHash = await hashPassword(pin);
  const now = Date.now();
  await db
    .insertInto('user_pin')
    .values({ user_id: userId, pin_hash: pinHash, failed_count: 0, locked: 0, set_ms: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: pinHash, failed_count: 0, locked: 0, set_ms: now }))
    .execute();
}

export type PinTry = 'ok' | 'wrong' | 'locked' | 'busy' | 'none';

/** Reserves a try, checks the PIN, and counts, clears or locks. */
export async function tryPin(db: Kysely<Database>, userId: number, pin: string): Promise<PinTry> {
  const row = await db
    .updateTable('user_pin')
    .set({ failed_count: sql<number>`case when locked = 1 then failed_count else failed_count + 1 end` })
    .where('user_id', '=', userId)
    .returning(['failed_count', 'locked', 'pin_hash'])
    .executeTakeFirst();
  if (!row) return 'none';
  if (row.locked === 1) return 'locked';
  if (row.failed_count > PIN_MAX_FAILED) {
    // PIN_MAX_FAILED tries are already evaluated or in flight: this one is refused unseen and gives its slot back.
    await db.updateTable('user_pin').set({ failed_count: sql<number>`failed_count - 1` }).where('user_id', '=', userId).where('failed_count', '>', 0).execute();
    return 'busy';
  }
  if (await verifyPassword(row.pin_hash, pin)) {
    await db.updateTable('user_pin').set({ failed_count: 0 }).where('user_id', '=', userId).where('locked', '=', 0).execute();
    return 'ok';
  }
  if (row.failed_count >= PIN_MAX_FAILED) {
    await db.updateTable('user_pin').set({ locked: 1 }).where('user_id', '=', userId).execute();
    return 'locked';
  }
  return 'wrong';
}

export async function pinState(db: Kysely<Database>, userId: number): Promise<{ has_pin: boolean; locked: boolean }> {
  const row = await db.selectFrom('user_pin').select('locked').where('user_id', '=', userId).executeTakeFirst();
  return { has_pin: !!row, locked: row?.locked === 1 };
}
