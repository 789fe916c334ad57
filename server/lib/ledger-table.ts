import { sql, type Kysely } from 'kysely';
import { activeDialect, idColumn } from '../db/dialect';

/**
 * The table of one append-only ledger (DESIGN §7; posting in server/lib/ledger.ts). An area calls
 * this from its migration: `await createLedgerTable(db, 'fin_stu_account_flow')`.
 *
 * Columns: account_key (whose balance: 'student:12', 'line:345'), seq (1, 2, 3… per account),
 * amount (signed integer: fen, or hours in hundredths), balance_after, biz_type, ref_type/ref_id
 * (the business record), reverses_id (the row this one reverses), reason, created_by, created_at.
 * Unique (account_key, seq) keeps one chain per account even if a writer skipped the lock; unique
 * reverses_id lets a row be reversed only once. Triggers refuse UPDATE and DELETE in the database
 * itself, so no code path (nor a hand-written SQL) can edit history.
 */

export const LEDGER_APPEND_ONLY_MSG = '账本记录只能追加，不能修改或删除';

export async function createLedgerTable<DB>(database: Kysely<DB>, table: string): Promise<void> {
  const db = database as unknown as Kysely<unknown>;
  if (!/^[a-z][a-z0-9_]{0,50}$/.test(table)) throw new Error(`账本表名不正确：${table}`);
  await idColumn(db.schema.createTable(table))
    .addColumn('account_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('biz_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(32)')
    .addColumn('ref_id', 'varchar(64)')
    .addColumn('reverses_id', 'integer')
    .addColumn('reason', 'varchar(200)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex(`uq_${table}_account_seq`).on(table).columns(['account_key', 'seq']).unique().execute();
  // only the rows that reverse one hold an entry (migration 1180): a plain posting writes no index page for its NULL
  await db.schema.createIndex(`uq_${table}_reverses`).on(table).column('reverses_id').unique().where(sql.ref('reverses_id'), 'is not', null).execute();
  await db.schema.createIndex(`ix_${table}_ref`).on(table).columns(['ref_type', 'ref_id']).execute();
  const t = sql.table(table);
  if (activeDialect() === 'postgres') {
    await sql`create or replace function ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(LEDGER_APPEND_ONLY_MSG)}（%）', TG_TABLE_NAME; end $$`.execute(db);
    await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${t} for each row execute function ledger_append_only()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${t} for each statement execute function ledger_append_only()`.execute(db);
  } else {
    for (const op of ['update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_no_${op}`)} before ${sql.raw(op)} on ${t} begin select raise(abort, '${sql.raw(LEDGER_APPEND_ONLY_MSG)}'); end`.execute(db);
    }
  }
}
