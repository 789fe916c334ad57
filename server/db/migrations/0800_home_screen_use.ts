import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * 常用功能: how often each user opened each screen, and the screens they pinned (home area,
 * server/modules/home/shortcuts.ts). Personal usage, one row per user and screen address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('home_screen_use')))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_opened_at', 'varchar(19)')
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uq_home_screen_use').on('home_screen_use').columns(['user_id', 'path']).unique().execute();
}
