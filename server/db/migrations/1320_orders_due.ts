import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

/**
 * Dues posted on an order after it was audited (server/modules/orders/dues-posting.ts): 应补差价 of
 * a class type transfer whose new hours cost more than the value moved. Append-only: a revocation
 * is a row of the opposite amount naming the row it reverses (reverses_id). The order's deal amount
 * rises and falls by the same amounts, so the difference is collected by the ordinary 收款.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('order_due'))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('reverses_id', 'integer')
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('operator_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('ix_order_due_order').on('order_due').column('order_id').execute();
  await db.schema.createIndex('ix_order_due_ref').on('order_due').columns(['ref_type', 'ref_id']).execute();
}
