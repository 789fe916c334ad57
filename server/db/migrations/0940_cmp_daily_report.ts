import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

/**
 * The generated daily reports (server/modules/cmp): one row per generation rule, day and subject
 * (a city, a campus, or a 学管 at a campus). The figures are a snapshot taken when the report was
 * made (`content`, JSON); a report is never edited, only made again by an administrator's explicit
 * 重新生成, which records who and when. The unique key backs the job's lease: a report exists once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('cmp_daily_report'))
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    // 1 城市日报, 2 校区日报, 3 学管日报 (CMP_REPORT_KINDS)
    .addColumn('report_kind', 'integer', (c) => c.notNull())
    .addColumn('report_date', 'varchar(10)', (c) => c.notNull())
    // city:<org id> | school:<id> | ta:<user id>:<school id>
    .addColumn('subject_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('city_id', 'integer')
    .addColumn('school_id', 'integer')
    .addColumn('staff_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'varchar(19)', (c) => c.notNull())
    // null: the scheduled job
    .addColumn('generated_by', 'integer')
    .addColumn('regenerate_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('regenerated_at', 'varchar(19)')
    .addColumn('regenerated_by', 'integer')
    .execute();
  await db.schema.createIndex('uq_cmp_daily_report_subject').on('cmp_daily_report').columns(['rule_id', 'report_date', 'subject_key']).unique().execute();
  await db.schema.createIndex('ix_cmp_daily_report_kind_date').on('cmp_daily_report').columns(['report_kind', 'report_date']).execute();
  await db.schema.createIndex('ix_cmp_daily_report_school').on('cmp_daily_report').columns(['school_id', 'report_date']).execute();
}
