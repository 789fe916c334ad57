import type { Kysely } from 'kysely';

/**
 * One write counter per table, bumped by triggers in the writing transaction (see
 * server/db/table-versions.ts): list calls reuse an exact row count while the table is unchanged,
 * and every server process (WORKERS) sees the same counter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('table_versions')
    .ifNotExists()
    .addColumn('name', 'varchar(63)', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}
