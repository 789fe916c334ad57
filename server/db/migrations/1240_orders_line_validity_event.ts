import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Recorded moves of a contract line's validity (order_contract_line.end_date) made for another
 * area's business, e.g. a student's freeze (server/modules/orders/validity.ts): one row per line and
 * move, with the days (signed), the end date before and after, the reason and the business record.
 * A rollback finds what its record moved here and moves it back, recorded again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('order_line_validity_event'))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('end_date_before', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date_after', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('operator_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('ix_order_line_validity_event_ref').on('order_line_validity_event').columns(['ref_type', 'ref_id']).execute();
  await db.schema.createIndex('ix_order_line_validity_event_line').on('order_line_validity_event').column('line_id').execute();
}
