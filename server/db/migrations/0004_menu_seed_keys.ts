import type { Kysely } from 'kysely';

/**
 * The menus and buttons of the areas' menu declarations this database has already received, by
 * their place in the declarations (`directory>screen>button` codes): at every start, a key not
 * seen yet is a new menu (inserted and granted once); a seen key is left exactly as the
 * administrators keep it, even renamed, moved, hidden, revoked or deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('menu_seed_keys')
    .ifNotExists()
    .addColumn('seed_key', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('menu_id', 'integer', (col) => col.notNull())
    .addColumn('seen_at', 'varchar(19)', (col) => col.notNull())
    .execute();
}
