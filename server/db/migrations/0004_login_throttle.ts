import type { Kysely } from 'kysely';

/**
 * Sign-in tries per source address (server/modules/auth/throttle.ts): one row per address and
 * ten-minute window, counted by an atomic upsert so parallel tries (and several worker processes)
 * cannot read the same count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('address', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tries', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}
