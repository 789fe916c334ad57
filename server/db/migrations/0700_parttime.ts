import type { Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * The part-time acquirers' tables (server/modules/parttime, the open API of src/contract/parttime.ts):
 * the acquirers of a campus, what was done to them, the families they collected and their working days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('pt_part_time_user')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('gender', 'integer')
    // 1 在职, 2 停用, 3 已转销售
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('monthly_target', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seller_user_id', 'integer')
    .addColumn('joined_on', 'varchar(10)')
    .addColumn('remark', 'varchar(255)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_pt_part_time_user_school').on('pt_part_time_user').columns(['school_id', 'del_flag', 'state']).execute();

  await idColumn(db.schema.createTable('pt_part_time_user_log'))
    .addColumn('part_time_user_id', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_pt_part_time_user_log_user').on('pt_part_time_user_log').columns(['part_time_user_id', 'id']).execute();
  await db.schema.createIndex('ix_pt_part_time_user_log_school').on('pt_part_time_user_log').columns(['school_id', 'id']).execute();

  await baseColumns(idColumn(db.schema.createTable('pt_acquirer_student')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('part_time_user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent_name', 'varchar(64)')
    .addColumn('parent_phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('gender', 'integer')
    .addColumn('grade', 'integer')
    .addColumn('address', 'varchar(128)')
    .addColumn('remark', 'varchar(255)')
    // 1 待处理, 2 已转资源, 3 重复, 4 无效
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('resource_id', 'integer')
    .addColumn('collected_at', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_pt_acquirer_student_school').on('pt_acquirer_student').columns(['school_id', 'collected_at']).execute();
  await db.schema.createIndex('ix_pt_acquirer_student_user').on('pt_acquirer_student').columns(['part_time_user_id', 'collected_at']).execute();
  await db.schema.createIndex('ix_pt_acquirer_student_phone').on('pt_acquirer_student').columns(['parent_phone']).execute();

  await baseColumns(idColumn(db.schema.createTable('pt_acquirer_attendance')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('part_time_user_id', 'integer', (c) => c.notNull())
    .addColumn('work_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('punch_in_at', 'varchar(19)')
    .addColumn('punch_out_at', 'varchar(19)')
    .addColumn('place', 'varchar(128)')
    .execute();
  await db.schema.createIndex('ux_pt_acquirer_attendance_day').on('pt_acquirer_attendance').columns(['part_time_user_id', 'work_date']).unique().execute();
  await db.schema.createIndex('ix_pt_acquirer_attendance_school').on('pt_acquirer_attendance').columns(['school_id', 'work_date']).execute();
}
