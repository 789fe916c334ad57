import { sql, type Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * The asset stock the asset applications move (server/modules/workflow/assets.ts): one row per
 * campus and item with its quantity, which a check keeps at zero or above in the database too,
 * and every move with the approval that made it and the quantity after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('wf_asset_stock')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('item', 'varchar(100)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`quantity >= 0`))
    .execute();
  await db.schema.createIndex('uq_wf_asset_stock').on('wf_asset_stock').columns(['school_id', 'item']).unique().execute();

  await baseColumns(idColumn(db.schema.createTable('wf_asset_move')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('item', 'varchar(100)', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('quantity_after', 'integer', (c) => c.notNull())
    .addColumn('instance_id', 'integer')
    .addColumn('reason', 'varchar(255)')
    .execute();
  await db.schema.createIndex('ix_wf_asset_move_item').on('wf_asset_move').columns(['school_id', 'item']).execute();
}

