import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Frozen terms of language packs and fee standards (server/modules/products/price-versions.ts):
 * one row per version of a priced row, appended and never changed, so an order that recorded a
 * version reads exactly what it bought however the price changes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('prod_price_version'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('uq_prod_price_version').on('prod_price_version').columns(['kind', 'ref_id', 'version']).unique().execute();
}
