import type { Kysely } from 'kysely';
import { tableColumns } from '../dialect';

/**
 * The points ledger (student_integral_log, a declared table) gains each row's kind (biz_type) and,
 * on a 冲正 row, the row it reverses (reverses_id), unique so that a row is reversed once. A new
 * database gets both with the table from the declaration (migrations run first, the table does not
 * exist yet); an installed one gets them here, with the unique index the declaration step would
 * only make for a new table. Rows already posted keep no kind: they are not reversed by 冲正.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === 'student_integral_log')) return;
  const columns = await tableColumns(db, 'student_integral_log');
  if (!columns.includes('biz_type')) await db.schema.alterTable('student_integral_log').addColumn('biz_type', 'varchar(32)').execute();
  if (!columns.includes('reverses_id')) await db.schema.alterTable('student_integral_log').addColumn('reverses_id', 'integer').execute();
  await db.schema.createIndex('uq_student_integral_log_reverses_id').ifNotExists().on('student_integral_log').column('reverses_id').unique().execute();
}
