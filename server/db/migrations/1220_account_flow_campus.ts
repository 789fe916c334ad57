import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import { LEDGER_APPEND_ONLY_MSG } from '../../lib/ledger-table';

/**
 * The account ledger's rows carry the campus they were posted at (server/modules/finance/ledgers.ts
 * stamps it from the student), so the flows of one campus and day are one index range instead of
 * every student of the campus looked up one by one (60 ms at 10,000,000 flows).
 *
 * Rows posted before this carry the student's campus of now, the best that is known. Filling them
 * is the one edit this table ever gets: its append-only trigger is lifted for that statement only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table fin_stu_account_flow add column school_id integer`.execute(db);
  // a new database has no rows yet (nor its declared student table, made after the migrations)
  const rows = await sql`select 1 from fin_stu_account_flow limit 1`.execute(db);
  if (rows.rows.length > 0) await fillCampuses(db);
  await db.schema.createIndex('ix_fin_stu_account_flow_school_day').on('fin_stu_account_flow').columns(['school_id', 'created_at']).execute();
}

async function fillCampuses(db: Kysely<unknown>): Promise<void> {
  const fill = sql`update fin_stu_account_flow set school_id = (select s.school_id from student s where s.id = fin_stu_account_flow.student_id)`;
  if (dialectOf(db) === 'postgres') {
    await sql`alter table fin_stu_account_flow disable trigger fin_stu_account_flow_append_only`.execute(db);
    await fill.execute(db);
    await sql`alter table fin_stu_account_flow enable trigger fin_stu_account_flow_append_only`.execute(db);
  } else {
    await sql`drop trigger fin_stu_account_flow_no_update`.execute(db);
    await fill.execute(db);
    await sql`create trigger fin_stu_account_flow_no_update before update on fin_stu_account_flow begin select raise(abort, '${sql.raw(LEDGER_APPEND_ONLY_MSG)}'); end`.execute(db);
  }
}
