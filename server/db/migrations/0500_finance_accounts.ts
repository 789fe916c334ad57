import { sql, type Kysely } from 'kysely';
import { baseColumns, dialectOf, idColumn } from '../dialect';
import { createLedgerTable } from '../../lib/ledger-table';

/**
 * The finance area's student accounts (server/modules/finance): the account ledger
 * fin_stu_account_flow (append-only, server/lib/ledger-table.ts; account key `student:<id>`) with
 * a derived `student_id` column so a campus's or a day's flow joins the student by index, and the
 * calls the payment provider was asked to make (fin_provider_log), card bindings and quick
 * payments of the card-payment calls. Receipts, corrections, service rates and 中金 accounts are
 * declared tables (src/contract/resources/finance-accounts.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLedgerTable(db, 'fin_stu_account_flow');
  // every key of this ledger is 'student:<id>': the id, computed by the database itself (a
  // generated column is not an UPDATE, so the append-only triggers are untouched)
  const studentId = sql`cast(substr(account_key, 9) as integer)`;
  if (dialectOf(db) === 'postgres') {
    await sql`alter table fin_stu_account_flow add column student_id integer generated always as (${studentId}) stored`.execute(db);
  } else {
    await sql`alter table fin_stu_account_flow add column student_id integer generated always as (${studentId}) virtual`.execute(db);
  }
  await db.schema.createIndex('ix_fin_stu_account_flow_created').on('fin_stu_account_flow').columns(['created_at']).execute();
  await db.schema.createIndex('ix_fin_stu_account_flow_student').on('fin_stu_account_flow').columns(['student_id', 'seq']).execute();

  // what the built-in payment provider would have sent (and what a real one sent): the audit of every provider call
  await idColumn(db.schema.createTable('fin_provider_log'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('operation', 'varchar(32)', (c) => c.notNull())
    .addColumn('school_id', 'integer')
    .addColumn('student_id', 'integer')
    .addColumn('out_trade_no', 'varchar(64)')
    .addColumn('amount', 'bigint')
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_fin_provider_log_trade').on('fin_provider_log').columns(['out_trade_no']).execute();

  // a bank card bound to a student for quick payment (中金 card payment)
  await baseColumns(idColumn(db.schema.createTable('fin_bank_binding')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('bind_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('bank_name', 'varchar(64)')
    .addColumn('card_tail', 'varchar(4)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone_tail', 'varchar(4)', (c) => c.notNull())
    // 1 待验证, 2 已绑定, 3 已解绑
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('sms_code', 'varchar(8)')
    .execute();
  await db.schema.createIndex('ix_fin_bank_binding_student').on('fin_bank_binding').columns(['student_id', 'state']).execute();

  // a quick payment through a bound card: confirmed by the SMS code, then credited to the account
  await baseColumns(idColumn(db.schema.createTable('fin_quick_pay')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('binding_id', 'integer', (c) => c.notNull())
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // 1 待确认, 2 已支付, 3 失败
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('sms_code', 'varchar(8)')
    .addColumn('receipt_id', 'integer')
    .execute();
}
