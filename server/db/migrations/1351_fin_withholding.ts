import type { Kysely } from 'kysely';
import { baseColumns, idColumn, moneyType } from '../dialect';

/**
 * 代扣 of due installments (server/modules/finance/withholding.ts): one row per attempt at the
 * payment provider. `out_trade_no` is unique and derived from the plan, the day and what the plan
 * had paid, so a replay or a second process running the same withholding finds the row taken and
 * asks the channel nothing; only a successful attempt (state 1) has a receipt and a posting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('fin_withholding')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('installment_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', moneyType(), (c) => c.notNull())
    // 0 asking, 1 taken, 2 refused by the channel
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)')
    .addColumn('message', 'varchar(200)')
    .addColumn('request_id', 'integer')
    .addColumn('receipt_no', 'varchar(32)')
    .execute();
  await db.schema.createIndex('uq_fin_withholding_trade').on('fin_withholding').column('out_trade_no').unique().execute();
  await db.schema.createIndex('ix_fin_withholding_plan').on('fin_withholding').columns(['installment_id', 'id']).execute();
}
