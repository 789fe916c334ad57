import { sql, type Kysely } from 'kysely';
import { baseColumns, idColumn } from '../dialect';

/**
 * Classes-area tables that need composite indexes or constraints a declaration cannot express:
 * enrolments, hour balances, lessons, lesson students, check-ins and their log, staff punches.
 * Their declarations (src/contract/resources/classes.ts) see the tables already made and only
 * add columns they lack.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await baseColumns(idColumn(db.schema.createTable('stu_class')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('class_type_id', 'integer', (c) => c.notNull())
    .addColumn('join_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('leave_date', 'varchar(10)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_warm_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('ix_stu_class_class').on('stu_class').columns(['class_id', 'state']).execute();
  await db.schema.createIndex('ix_stu_class_student').on('stu_class').columns(['student_id', 'state']).execute();
  await db.schema.createIndex('ix_stu_class_school_id').on('stu_class').column('school_id').execute();

  // Balance of lesson hours of one student in one class type; check constraint keeps it >= 0.
  await baseColumns(idColumn(db.schema.createTable('student_class_type')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('class_type_id', 'integer', (c) => c.notNull())
    .addColumn('total_hours', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('remaining_hours', 'double precision', (c) => c.notNull().defaultTo(0).check(sqlCheck('remaining_hours >= 0')))
    .execute();
  await db.schema.createIndex('uq_student_class_type').on('student_class_type').columns(['student_id', 'class_type_id']).unique().execute();
  await db.schema.createIndex('ix_student_class_type_school_id').on('student_class_type').column('school_id').execute();

  await baseColumns(idColumn(db.schema.createTable('edu_class_schedule')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('class_type_id', 'integer', (c) => c.notNull())
    .addColumn('lesson_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('teacher_id', 'integer')
    .addColumn('classroom_id', 'integer')
    .addColumn('lesson_no', 'integer')
    .addColumn('hours', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('check_in_deadline', 'varchar(10)')
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('ix_edu_class_schedule_class').on('edu_class_schedule').columns(['class_id', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_class_schedule_teacher').on('edu_class_schedule').columns(['teacher_id', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_class_schedule_room').on('edu_class_schedule').columns(['classroom_id', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_class_schedule_school').on('edu_class_schedule').columns(['school_id', 'lesson_date']).execute();

  await baseColumns(idColumn(db.schema.createTable('edu_class_schedule_student')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('schedule_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('lesson_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('is_makeup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('uq_edu_class_schedule_student').on('edu_class_schedule_student').columns(['schedule_id', 'student_id']).unique().execute();
  await db.schema.createIndex('ix_edu_class_schedule_student_stu').on('edu_class_schedule_student').columns(['student_id', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_class_schedule_student_school').on('edu_class_schedule_student').columns(['school_id', 'lesson_date']).execute();

  // One check-in per (lesson, student): a second tap updates it (and the log keeps both).
  await baseColumns(idColumn(db.schema.createTable('edu_check_in')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('schedule_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('class_type_id', 'integer', (c) => c.notNull())
    .addColumn('lesson_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('mark', 'varchar(16)', (c) => c.notNull())
    .addColumn('hours', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('device', 'varchar(64)')
    .addColumn('checked_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('undo_group_id', 'integer')
    .execute();
  await db.schema.createIndex('uq_edu_check_in').on('edu_check_in').columns(['schedule_id', 'student_id']).unique().execute();
  await db.schema.createIndex('ix_edu_check_in_school_date').on('edu_check_in').columns(['school_id', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_check_in_class_date').on('edu_check_in').columns(['class_id', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_check_in_student_date').on('edu_check_in').columns(['student_id', 'lesson_date']).execute();
  await db.schema.createIndex('ix_edu_check_in_school_mark_date').on('edu_check_in').columns(['school_id', 'mark', 'lesson_date']).execute();

  await baseColumns(idColumn(db.schema.createTable('edu_check_in_log')))
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('check_in_id', 'integer', (c) => c.notNull())
    .addColumn('schedule_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('old_mark', 'varchar(16)')
    .addColumn('new_mark', 'varchar(16)')
    .addColumn('hours_delta', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('device', 'varchar(64)')
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'varchar(64)')
    .addColumn('remark', 'varchar(255)')
    .execute();
  await db.schema.createIndex('ix_edu_check_in_log_check_in').on('edu_check_in_log').column('check_in_id').execute();
  await db.schema.createIndex('ix_edu_check_in_log_schedule').on('edu_check_in_log').column('schedule_id').execute();
  await db.schema.createIndex('ix_edu_check_in_log_student').on('edu_check_in_log').column('student_id').execute();

  await baseColumns(idColumn(db.schema.createTable('wf_clock_in')))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('punch_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('device', 'varchar(128)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_wf_clock_in_user_time').on('wf_clock_in').columns(['user_id', 'punch_time']).execute();
}

function sqlCheck(expr: string) {
  return sql.raw(expr);
}
