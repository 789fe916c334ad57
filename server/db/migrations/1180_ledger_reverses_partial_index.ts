import { sql, type Kysely } from 'kysely';

/**
 * The ledgers' "reversed once" index holds only the reversal rows: almost every posting has no
 * reverses_id, and the full index took a page write per posting for those NULLs (a check-in posts
 * two or three rows). Unique on the rows that reverse something, as before; `reverses_id = ?`
 * lookups imply IS NOT NULL, so both SQLite and PostgreSQL use the partial index for them.
 */
export const LEDGER_TABLES = ['order_hours_flow', 'order_money_flow', 'fin_stu_account_flow'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of LEDGER_TABLES) {
    await db.schema.dropIndex(`uq_${table}_reverses`).ifExists().execute();
    await db.schema.createIndex(`uq_${table}_reverses`).on(table).column('reverses_id').unique().where(sql.ref('reverses_id'), 'is not', null).execute();
  }
}
