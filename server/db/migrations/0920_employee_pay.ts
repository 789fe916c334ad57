import type { Kysely } from 'kysely';
import { baseColumns, idColumn, moneyType } from '../dialect';

/**
 * 薪酬提成 (server/modules/employee_pay, docs/employee_pay.md): the pay rules of a campus or city
 * per kind, and the locked pay sheets with their lines. Sheets and lines are append-only: a sheet
 * is written once when a month is confirmed, a correction is a new reversing and correcting line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('pay_rule')))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_pay_rule_org_kind').on('pay_rule').columns(['org_id', 'kind']).unique().execute();

  await idColumn(db.schema.createTable('pay_sheet'))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('amount', moneyType(), (c) => c.notNull())
    // the rules the figures were computed with (JSON), kept with the sheet
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'integer')
    .addColumn('locked_by_name', 'varchar(64)')
    .addColumn('locked_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_pay_sheet').on('pay_sheet').columns(['school_id', 'kind', 'month']).unique().execute();

  await idColumn(db.schema.createTable('pay_sheet_line'))
    .addColumn('sheet_id', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    // computed, reversal, correction
    .addColumn('line_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', moneyType(), (c) => c.notNull())
    // the items and the records they counted (JSON), as computed when locked
    .addColumn('items', 'text')
    .addColumn('reverses_id', 'integer')
    .addColumn('reason', 'varchar(255)')
    .addColumn('created_by', 'integer')
    .addColumn('created_by_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_pay_sheet_line_sheet').on('pay_sheet_line').columns(['sheet_id', 'user_id']).execute();
}
