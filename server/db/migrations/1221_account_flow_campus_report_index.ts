import type { Kysely } from 'kysely';

/**
 * The finance reports sum the account ledger per campus and business type (server/modules/finance
 * reports.ts): the campus-day index of migration 1220 gains the two columns they read, so a city's
 * month is read from the index alone. The flow page's campus-day uses the same leading columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ix_fin_stu_account_flow_school_day').ifExists().execute();
  await db.schema.createIndex('ix_fin_stu_account_flow_school_day_type').on('fin_stu_account_flow').columns(['school_id', 'created_at', 'biz_type', 'amount']).execute();
}
