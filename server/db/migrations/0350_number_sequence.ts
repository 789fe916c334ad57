import type { Kysely } from 'kysely';

/**
 * Counters of server-issued document numbers (server/lib/number-sequence.ts): one row per kind,
 * scope (a campus id or 'all') and period. The counter is raised inside the transaction that
 * uses the number, so a rolled-back document gives its number back (gapless), and the row's
 * write lock makes concurrent issuers wait their turn (no duplicates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('number_sequence')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('scope', 'varchar(32)', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_number_sequence', ['kind', 'scope', 'period'])
    .execute();
}
