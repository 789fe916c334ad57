import type { Kysely } from 'kysely';

/**
 * Indexes of the finance reports (server/modules/finance/reports.ts) on the account ledger: a
 * campus's or city's month is read student by student (student_id, created_at), an all-campus
 * month by time (created_at); both carry biz_type and amount so the sums never visit the table.
 * They replace the plain created_at index of 0500 (a prefix of the new one). The receipts' covering
 * index is declared on the receipt resource (its table is created from the declaration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('ix_fin_stu_account_flow_student_day').on('fin_stu_account_flow').columns(['student_id', 'created_at', 'biz_type', 'amount']).execute();
  await db.schema.createIndex('ix_fin_stu_account_flow_day_type').on('fin_stu_account_flow').columns(['created_at', 'biz_type', 'amount']).execute();
  await db.schema.dropIndex('ix_fin_stu_account_flow_created').ifExists().execute();
}
