import type { BaseColumns, DeclaredTable } from '../../db/schema';
import type * as B from '../../../src/contract/resources/base';
import type * as R from '../../../src/contract/resources/classes';
import type { studentResource } from '../../../src/contract/resources/students';
import type { classTypeResource } from '../../../src/contract/resources/products';
import type { CheckInMark } from '../../../src/contract/classes';

/**
 * Tables of the classes area as the server reads them. A declared table's type is derived from its
 * declaration (DeclaredTable; the second argument names the columns the server always writes
 * although the form leaves them out, an intersection adds columns the declaration does not show);
 * the class types and students belong to the products and students areas' declarations (typed
 * here from them).
 */

interface SchoolRow extends BaseColumns {
  school_id: number;
}

/** The class type row: its declaration is the products area's (src/contract/resources/products.ts). */
export type ClassTypeTable = DeclaredTable<typeof classTypeResource, 'visible'>;

export type ClassroomTable = DeclaredTable<typeof B.classroomResource, 'state'>;

export type HolidayTable = DeclaredTable<typeof B.holidaySetResource>;
export type HolidaySchoolTable = DeclaredTable<typeof B.holidaySetSchoolResource>;
export type SwapDayTable = DeclaredTable<typeof B.swapDayResource>;
export type SwapDaySchoolTable = DeclaredTable<typeof B.swapDaySchoolResource>;

/** The student row: its declaration is the students area's (src/contract/resources/students.ts). */
export type StudentTable = DeclaredTable<typeof studentResource, 'state'> & { school_id: number; del_flag: number };

export type ClassTable = DeclaredTable<typeof R.classResource, 'state' | 'is_warm_up'>;

export type ClassTeacherTable = DeclaredTable<typeof R.classTeacherResource>;

export type EnrolmentTable = DeclaredTable<typeof R.enrolmentResource, 'state' | 'class_id' | 'student_id' | 'join_date' | 'class_type_id' | 'is_warm_up'>;

export type HourBalanceTable = DeclaredTable<typeof R.hourBalanceResource, 'student_id' | 'class_type_id' | 'total_hours' | 'remaining_hours'>;

export type TimeRangeTable = DeclaredTable<typeof R.timeRangeResource, 'week_day' | 'start_time' | 'end_time' | 'class_id'>;

export type ScheduleTable = DeclaredTable<typeof R.scheduleResource, 'state' | 'class_type_id' | 'hours'>;

export type ScheduleStudentTable = DeclaredTable<typeof R.scheduleStudentResource, 'class_id' | 'lesson_date' | 'is_makeup'>;

export type TeacherLeaveTable = DeclaredTable<typeof R.teacherLeaveResource, 'state'>;

export type StudentLeaveTable = DeclaredTable<typeof R.studentLeaveResource, 'state'>;

/**
 * A check-in: its declaration's columns (all written by the check-in calls), the mark narrowed to
 * its union, and the device and operator columns migration 0210 added that the declaration does
 * not show.
 */
export type CheckInTable = DeclaredTable<
  typeof R.checkInResource,
  'schedule_id' | 'student_id' | 'class_id' | 'class_type_id' | 'lesson_date' | 'start_time' | 'mark' | 'hours' | 'checked_at' | 'state'
> & {
  mark: CheckInMark;
  /** the front-desk device (front_desk_device) and the person who made the current mark */
  device_id: number | null;
  operator_id: number | null;
};

export interface CheckInLogTable extends SchoolRow {
  check_in_id: number;
  schedule_id: number;
  student_id: number;
  action: 'add' | 'repeat' | 'patch' | 'undo';
  old_mark: CheckInMark | null;
  new_mark: CheckInMark | null;
  hours_delta: number;
  device: string | null;
  device_id: number | null;
  operator_id: number | null;
  operator_name: string | null;
  remark: string | null;
}

export type UndoGroupTable = DeclaredTable<typeof R.undoGroupResource, 'state'>;

export type ClassTransferTable = DeclaredTable<typeof R.classTransferResource>;

export type ScheduleApplyTable = DeclaredTable<typeof R.scheduleApplyResource, 'state'>;

export type CourseScheduleTable = DeclaredTable<typeof R.courseScheduleResource, 'review_state'>;

declare module '../../db/schema' {
  interface Database {
    prod_class_type: ClassTypeTable;
    base_otm_classroom: ClassroomTable;
    base_holiday_set: HolidayTable;
    base_holiday_set_school: HolidaySchoolTable;
    base_swap_day: SwapDayTable;
    base_swap_day_school: SwapDaySchoolTable;
    student: StudentTable;
    base_class_manage: ClassTable;
    edu_sc_class_tea: ClassTeacherTable;
    stu_class: EnrolmentTable;
    student_class_type: HourBalanceTable;
    edu_class_time_range: TimeRangeTable;
    edu_class_schedule: ScheduleTable;
    edu_class_schedule_student: ScheduleStudentTable;
    edu_tea_leave_management: TeacherLeaveTable;
    edu_stu_leave: StudentLeaveTable;
    edu_check_in: CheckInTable;
    edu_check_in_log: CheckInLogTable;
    edu_undo_group: UndoGroupTable;
    ct_transfer: ClassTransferTable;
    plan_edu_class_schedule_apply: ScheduleApplyTable;
    edu_course_schedule: CourseScheduleTable;
    tch_course_content_tmpl: DeclaredTable<typeof R.courseContentTemplateResource>;
  }
}
