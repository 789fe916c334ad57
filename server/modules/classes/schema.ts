import type { BaseColumns } from '../../db/schema';
import type { CheckInMark } from '../../../src/contract/classes';

/**
 * Tables of the classes area as the server reads them. Most come from declarations
 * (src/contract/resources), the rest from migration 0200_classes.
 */

interface SchoolRow extends BaseColumns {
  school_id: number;
}

export interface ClassTypeTable extends BaseColumns {
  name: string;
  code: string | null;
  lesson_count: number;
  hours_per_lesson: number;
  minutes_per_lesson: number | null;
  /** fen */
  price: number | null;
  category_id: number | null;
  course_line: number | null;
  level: string | null;
  billing_unit: number | null;
  visible: number;
  order_num: number | null;
  detail: string | null;
  protocol: string | null;
  remark: string | null;
  del_flag: number;
}

export interface ClassroomTable extends SchoolRow {
  name: string;
  capacity: number;
  location: string | null;
  state: number;
  remark: string | null;
  del_flag: number;
}

export interface HolidayTable extends BaseColumns {
  name: string;
  start_date: string;
  end_date: string;
  remark: string | null;
}
export interface HolidaySchoolTable extends HolidayTable {
  school_id: number;
}
export interface SwapDayTable extends BaseColumns {
  name: string | null;
  swap_date: string;
  follow_week_day: number | null;
  remark: string | null;
}
export interface SwapDaySchoolTable extends SwapDayTable {
  school_id: number;
}

export interface StudentTable extends SchoolRow {
  name: string;
  gender: number | null;
  birthday: string | null;
  parent_name: string | null;
  parent_phone: string | null;
  state: number | null;
  remark: string | null;
  del_flag: number;
}

export interface ClassTable extends SchoolRow {
  name: string;
  class_type_id: number;
  head_teacher_id: number | null;
  classroom_id: number | null;
  capacity: number;
  state: number;
  start_date: string | null;
  end_date: string | null;
  kf_id: number | null;
  is_warm_up: number;
  remark: string | null;
  del_flag: number;
}

export interface ClassTeacherTable extends SchoolRow {
  class_id: number;
  teacher_id: number;
  role: number | null;
  remark: string | null;
}

export interface EnrolmentTable extends SchoolRow {
  student_id: number;
  class_id: number;
  class_type_id: number;
  join_date: string;
  leave_date: string | null;
  state: number;
  is_warm_up: number;
  remark: string | null;
}

export interface HourBalanceTable extends SchoolRow {
  student_id: number;
  class_type_id: number;
  total_hours: number;
  remaining_hours: number;
}

export interface TimeRangeTable extends SchoolRow {
  class_id: number;
  week_day: number;
  start_time: string;
  end_time: string;
}

export interface ScheduleTable extends SchoolRow {
  class_id: number;
  class_type_id: number;
  lesson_date: string;
  start_time: string;
  end_time: string;
  teacher_id: number | null;
  classroom_id: number | null;
  lesson_no: number | null;
  hours: number;
  state: number;
  check_in_deadline: string | null;
  remark: string | null;
}

export interface ScheduleStudentTable extends SchoolRow {
  schedule_id: number;
  student_id: number;
  class_id: number;
  lesson_date: string;
  is_makeup: number;
  remark: string | null;
}

export interface TeacherLeaveTable extends SchoolRow {
  teacher_id: number;
  start_time: string;
  end_time: string;
  reason: string;
  substitute_teacher_id: number | null;
  state: number;
}

export interface StudentLeaveTable extends SchoolRow {
  student_id: number;
  schedule_id: number;
  class_id: number | null;
  lesson_date: string | null;
  reason: string | null;
  state: number;
  makeup_schedule_id: number | null;
}

export interface CheckInTable extends SchoolRow {
  schedule_id: number;
  student_id: number;
  class_id: number;
  class_type_id: number;
  lesson_date: string;
  start_time: string;
  mark: CheckInMark;
  hours: number;
  device: string | null;
  /** the front-desk device (front_desk_device) and the person who made the current mark */
  device_id: number | null;
  operator_id: number | null;
  checked_at: string;
  state: number;
  undo_group_id: number | null;
}

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

export interface UndoGroupTable extends SchoolRow {
  name: string;
  check_in_ids: string;
  reason: string;
  state: number;
}

export interface ClassTransferTable extends SchoolRow {
  student_id: number;
  from_class_id: number;
  to_class_id: number;
  transfer_date: string | null;
  reason: string | null;
}

export interface ScheduleApplyTable extends SchoolRow {
  schedule_id: number;
  teacher_id: number | null;
  apply_type: number;
  new_date: string | null;
  new_start_time: string | null;
  new_end_time: string | null;
  new_teacher_id: number | null;
  reason: string;
  state: number;
}

export interface CourseScheduleTable extends SchoolRow {
  class_id: number;
  parent_id: number | null;
  level: number;
  name: string;
  lesson_no: number | null;
  content: string | null;
  order_num: number | null;
  review_state: number;
  review_remark: string | null;
}

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
  }
}
