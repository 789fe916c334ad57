import type { Kysely } from 'kysely';

/**
 * Warnings of contract lines about to expire (server/modules/orders/expiry.ts): one row per line and
 * end date, written with the bell message it sends, so each line's owner is warned once (again only
 * if a delay gives the line a new end date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_line_expiry_notice')
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('warned_at', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_order_line_expiry_notice', ['line_id', 'end_date'])
    .execute();
}
