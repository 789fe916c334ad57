import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * The refused rows of a lead import (the import itself is the declared table mkt_resource_import):
 * the file's own cell texts and the reason, for the refused-rows file the importer downloads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('mkt_resource_import_row')))
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('msg', 'varchar(500)', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_mkt_resource_import_row').on('mkt_resource_import_row').columns(['import_id', 'row_no']).execute();
}
