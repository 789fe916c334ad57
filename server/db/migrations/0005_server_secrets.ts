import type { Kysely } from 'kysely';

/**
 * Secrets the server makes for itself (server/lib/server-secret.ts), e.g. the key of signed file
 * addresses: kept in the database so every worker process and every restart uses the same one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .execute();
}
