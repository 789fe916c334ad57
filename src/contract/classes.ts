import { z } from './zod';
import { idField as id, optionalIdField as optionalId, dateField as date } from './fields';
import { answer, defineCall, type Answer } from './call';
import type { Page } from './envelope';
import type { TreeNode } from './menu';
import { PAGE_LABELS, pageQuerySchema } from './paging';
import { CHECK_IN_MARKS, CHECK_IN_PATH, CHECK_IN_UNDO_PATH, TODAY_ROSTER_PATH, type CheckInBody, type CheckInMark, type CheckInUndoBody, type RosterSession } from './check-in';

/**
 * The special calls of the classes area (spec doc 001 §7 "Classes, schedules, attendance"), their
 * payloads and answers. Standard CRUD calls come from the declarations in resources/classes.ts,
 * resources/base.ts and resources/products.ts. Where the spec names no path, the choice is here.
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const time = (label: string) => z.string({ error: `请输入${label}` }).regex(TIME_RE, `${label}格式应为 HH:mm`);
const idList = (label: string, max = 10000) =>
  z
    .array(id(label), { error: `请选择${label}` })
    .min(1, `请至少选择一个${label}`)
    .max(max, `一次最多 ${max} 个${label}`);

export {
  CHECK_IN_MARKS,
  MARK_TEXT,
  CONSUMING_MARKS,
  CHECK_IN_WINDOW_DAYS,
  CHECK_IN_OPENS_MINUTES,
  CHECK_IN_UNDO_MINUTES,
  CHECK_IN_PATH,
  CHECK_IN_UNDO_PATH,
  TODAY_ROSTER_PATH,
} from './check-in';
export type { CheckInMark, CheckInBody, CheckInUndoBody, RosterSession, RosterStudent } from './check-in';

const mark = z.enum(CHECK_IN_MARKS, { error: '考勤标记只能是 present、late、leave 或 absent' });

export const timeRangeInputSchema = z
  .object({
    week_day: z.coerce.number({ error: '星期必须是数字' }).int('星期必须是整数').min(1, '星期必须是 1-7').max(7, '星期必须是 1-7'),
    start_time: time('开始时间'),
    end_time: time('结束时间'),
  })
  .refine((r) => r.end_time > r.start_time, '结束时间必须晚于开始时间');
export type TimeRangeInput = z.infer<typeof timeRangeInputSchema>;

export const timeRangeListSchema = z.array(timeRangeInputSchema, { error: '请提供上课时间段列表' }).max(50, '上课时间段最多 50 个');

// ---------------------------------------------------------------------------------------------
// Arranging
// ---------------------------------------------------------------------------------------------

export const arrangeSchema = z
  .object({
    class_id: id('班级'),
    date_start: date('开始日期'),
    date_end: date('结束日期'),
    /** the weekly pattern; absent → the class's time ranges (edu_class_time_range) */
    slots: z.array(timeRangeInputSchema).max(50, '上课时间段最多 50 个').optional(),
    /** absent → the class's head teacher */
    teacher_id: optionalId('老师'),
    /** absent → the class's classroom */
    classroom_id: optionalId('教室'),
    /** stop after this many lessons; absent → until date_end */
    limit: z.coerce.number().int('课次数必须是整数').min(1, '课次数至少为 1').max(1000, '课次数不能超过 1000').optional(),
  })
  .refine((b) => b.date_end >= b.date_start, '结束日期不能早于开始日期')
  .refine((b) => b.date_end <= addYear(b.date_start), '排课日期范围不能超过一年');
export type ArrangeBody = z.infer<typeof arrangeSchema>;

function addYear(d: string): string {
  return `${Number(d.slice(0, 4)) + 1}${d.slice(4)}`;
}

/** Answer of arrange and re-arrange. */
export interface ArrangeResult {
  count: number;
  ids: number[];
  first_date: string | null;
  last_date: string | null;
  skipped: { date: string; reason: string }[];
}

/** Re-lays the chosen (unattended) lessons, in order, onto a pattern from date_start; ids and students are kept. */
export const reArrangeSchema = z.object({
  ids: idList('课次'),
  date_start: date('开始日期'),
  slots: z.array(timeRangeInputSchema).max(50, '上课时间段最多 50 个').optional(),
  teacher_id: optionalId('老师'),
  classroom_id: optionalId('教室'),
});

/** Swaps date and times of two lessons. */
export const exchangeSchema = z.object({
  ids: z.array(id('课次'), { error: '请选择两次课' }).length(2, '请选择两次课进行交换'),
});

/** Deletes a class's unattended lessons in a date range (both ends optional). */
export const deleteScheduleSchema = z.object({
  class_id: id('班级'),
  date_start: date('开始日期').optional(),
  date_end: date('结束日期').optional(),
});

export const updateBatchSchema = z
  .object({
    ids: idList('课次'),
    teacher_id: optionalId('老师'),
    classroom_id: optionalId('教室'),
    start_time: time('开始时间').optional(),
    end_time: time('结束时间').optional(),
    remark: z.string().max(255, '备注不能超过255个字符').optional(),
  })
  .refine((b) => (b.start_time === undefined) === (b.end_time === undefined), '开始时间和结束时间需同时修改')
  .refine((b) => !b.start_time || !b.end_time || b.end_time > b.start_time, '结束时间必须晚于开始时间');

/** Hands lessons to another teacher: the chosen ids, or a class's lessons from date_start (to date_end). */
export const replaceTeacherSchema = z
  .object({
    ids: idList('课次').optional(),
    class_id: optionalId('班级'),
    date_start: date('开始日期').optional(),
    date_end: date('结束日期').optional(),
    teacher_id: id('新老师'),
  })
  .refine((b) => b.ids !== undefined || (b.class_id !== undefined && b.date_start !== undefined), '请选择课次，或选择班级和开始日期');

export const reviseSchema = z
  .object({
    id: id('课次'),
    lesson_date: date('上课日期'),
    start_time: time('开始时间'),
    end_time: time('结束时间'),
    teacher_id: optionalId('老师'),
    classroom_id: optionalId('教室'),
    remark: z.string().max(255, '备注不能超过255个字符').optional(),
  })
  .refine((b) => b.end_time > b.start_time, '结束时间必须晚于开始时间');

export const osPageSchema = z.object({
  school_id: optionalId('校区'),
  class_id: optionalId('班级'),
  teacher_id: optionalId('老师'),
  classroom_id: optionalId('教室'),
  date_start: date('开始日期'),
  date_end: date('结束日期'),
});

/** A lesson as the timetable shows it. */
export interface ScheduleRow {
  id: number;
  school_id: number;
  class_id: number;
  class_name: string;
  class_type_id: number;
  lesson_date: string;
  start_time: string;
  end_time: string;
  teacher_id: number | null;
  teacher_name: string | null;
  classroom_id: number | null;
  classroom_name: string | null;
  lesson_no: number | null;
  hours: number;
  state: number;
  student_count: number;
}

// ---------------------------------------------------------------------------------------------
// Enrolment
// ---------------------------------------------------------------------------------------------

export const joinSchema = z.object({
  student_id: id('学员'),
  class_id: id('班级'),
  join_date: date('入班日期').optional(),
  /**
   * Lesson hours to add to the student's balance of the class type. Absent and no balance yet:
   * the class type's full course (lesson_count × hours_per_lesson) is granted, so a class can be
   * filled before the orders area sells hours.
   */
  add_hours: z.coerce.number({ error: '课时必须是数字' }).min(0, '课时不能为负数').max(10000, '课时不能超过 10000').optional(),
  remark: z.string().max(255, '备注不能超过255个字符').optional(),
});
export type JoinBody = z.infer<typeof joinSchema>;

export const withdrawSchema = z.object({
  id: id('学员班级记录'),
  leave_date: date('离班日期').optional(),
  remark: z.string().max(255, '备注不能超过255个字符').optional(),
});

export interface JoinableClass {
  id: number;
  name: string;
  school_id: number;
  class_type_id: number;
  class_type_name: string;
  capacity: number;
  enrolled: number;
  state: number;
  start_date: string | null;
  head_teacher_name: string | null;
}

export interface ClassTeacher {
  teacher_id: number;
  name: string;
  role: 'head' | 'main' | 'assistant';
}

// ---------------------------------------------------------------------------------------------
// Check-in
// ---------------------------------------------------------------------------------------------

export const checkInSchema = z.object({
  schedule_id: id('课次'),
  student_id: id('学员'),
  mark,
  device: z.string().max(64, '设备名称不能超过64个字符').optional(),
  /** when the mark was taken (offline replays keep the tap time); default now */
  checked_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, '签到时间格式应为 YYYY-MM-DD HH:mm:ss')
    .optional(),
}) satisfies z.ZodType<CheckInBody>; // the schema-free shape in ./check-in

export const checkInUndoSchema = z.object({
  schedule_id: id('课次'),
  student_id: id('学员'),
  device: z.string().max(64, '设备名称不能超过64个字符').optional(),
  /** when the undo was tapped (an offline replay keeps the tap time); default now */
  undone_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, '撤销时间格式应为 YYYY-MM-DD HH:mm:ss')
    .optional(),
}) satisfies z.ZodType<CheckInUndoBody>;

export const checkInPatchSchema = z.object({
  id: id('签到记录'),
  mark,
  remark: z.string().max(255, '备注不能超过255个字符').optional(),
});

export const prolongSchema = z.object({
  ids: idList('课次'),
  deadline: date('截止日期'),
});

export const checkInPageSchema = z.object({
  school_id: optionalId('校区'),
  class_id: optionalId('班级'),
  student_id: optionalId('学员'),
  schedule_id: optionalId('课次'),
  /** one mark or several comma-joined */
  mark: z
    .string()
    .regex(/^(present|late|leave|absent)(,(present|late|leave|absent))*$/, '考勤标记只能是 present、late、leave 或 absent')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  lesson_date_start: date('开始日期').optional().or(z.literal('').transform(() => undefined)),
  lesson_date_end: date('结束日期').optional().or(z.literal('').transform(() => undefined)),
  state: z.coerce.number().int().min(0).max(1).optional(),
});

export interface CheckInRow {
  id: number;
  school_id: number;
  schedule_id: number;
  student_id: number;
  student_name: string;
  class_id: number;
  class_name: string;
  class_type_id: number;
  lesson_date: string;
  start_time: string;
  /** end of the lesson and its teacher (null when the lesson was deleted) */
  end_time: string | null;
  teacher_name: string | null;
  mark: CheckInMark;
  hours: number;
  device: string | null;
  checked_at: string;
  checked_by: number | null;
  state: number;
  undo_group_id: number | null;
}

export interface CheckInLogRow {
  id: number;
  check_in_id: number;
  schedule_id: number;
  student_id: number;
  action: 'add' | 'repeat' | 'patch' | 'undo';
  old_mark: CheckInMark | null;
  new_mark: CheckInMark | null;
  hours_delta: number;
  device: string | null;
  operator_id: number | null;
  operator_name: string | null;
  remark: string | null;
  created_at: string | null;
}

/** Undo check-ins, restoring hours; with group_id the undo group is executed (its ids are used when ids is absent). */
export const multipleUndoSchema = z
  .object({
    ids: idList('签到记录').optional(),
    group_id: optionalId('撤销组'),
    reason: z.string().max(255, '撤销原因不能超过255个字符').optional(),
  })
  .refine((b) => b.ids !== undefined || b.group_id !== undefined, '请选择要撤销的签到记录');

export const absenceQuerySchema = z.object({
  school_id: optionalId('校区'),
  class_id: optionalId('班级'),
  student_id: optionalId('学员'),
  /** comma-joined; default 'absent,leave' */
  mark: z
    .string()
    .regex(/^(leave|absent)(,(leave|absent))*$/, '缺勤记录的考勤标记只能是 leave 或 absent')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  date_start: date('开始日期').optional().or(z.literal('').transform(() => undefined)),
  date_end: date('结束日期').optional().or(z.literal('').transform(() => undefined)),
});

/** An absent or leave mark as 缺勤记录 lists it: the check-in without lesson end, teacher and undo group. */
export interface AbsenceRow extends Omit<CheckInRow, 'end_time' | 'teacher_name' | 'checked_by' | 'undo_group_id'> {
  parent_name: string | null;
  parent_phone: string | null;
  leave_id: number | null;
  leave_state: number | null;
}

export const rosterQuerySchema = z.object({
  school_id: id('校区'),
  date: date('日期').optional(),
});

export interface ClassProgress {
  class_id: number;
  class_name: string;
  sessions_total: number;
  sessions_done: number;
  lesson_count: number;
  students: {
    student_id: number;
    name: string;
    attended: number;
    late: number;
    leave: number;
    absent: number;
    remaining_hours: number;
  }[];
}

export interface ClassProgressRow {
  class_id: number;
  class_name: string;
  school_id: number;
  sessions_total: number;
  sessions_done: number;
  students: number;
}

export interface ClassData {
  classes: number;
  active_classes: number;
  students: number;
  sessions: number;
  sessions_done: number;
  check_ins: Record<CheckInMark, number>;
  /** (present + late) / all marks, 0-1; null without marks */
  attendance_rate: number | null;
}

// ---------------------------------------------------------------------------------------------
// Leave and make-up, applications, course plan
// ---------------------------------------------------------------------------------------------

export const stuLeaveAddSchema = z.object({
  student_id: id('学员'),
  schedule_id: id('请假课次'),
  reason: z.string().max(255, '请假原因不能超过255个字符').optional(),
});

export const stuLeaveMakeupSchema = z.object({
  id: id('请假记录'),
  makeup_schedule_id: id('补课课次'),
});

export const applyPutSchema = z.object({
  id: optionalId('申请'),
  schedule_id: id('课次'),
  apply_type: z.coerce.number().int().refine((v) => v === 1 || v === 2, '申请类型只能是 调课 或 代课'),
  new_date: date('新日期').optional(),
  new_start_time: time('新开始时间').optional(),
  new_end_time: time('新结束时间').optional(),
  new_teacher_id: optionalId('代课老师'),
  reason: z.string({ error: '请输入申请原因' }).trim().min(1, '请输入申请原因').max(255, '申请原因不能超过255个字符'),
});

export const courseReviewSchema = z.object({
  ids: idList('教学计划'),
  review_state: z.coerce.number().int().refine((v) => v === 1 || v === 2, '审核结果只能是 通过 或 驳回'),
  review_remark: z.string().max(255, '审核意见不能超过255个字符').optional(),
});

// ---------------------------------------------------------------------------------------------
// The special calls of the area (defineCall, see call.ts): the server mounts them with
// mountCall, the app calls them with callApi. Reads name the screens that show them.
// ---------------------------------------------------------------------------------------------

/** A stored row as the server answers it (columns of the table; the screens read a few). */
export type StoredRow = { id: number } & Record<string, unknown>;

const AREA = 'classes';
const PAGE = pageQuerySchema;

/**
 * The screens (menu codes) of 教务管理: they share one request layer (classes, lessons, rosters,
 * check-ins), so the area's reads are allowed to the holders of any of them.
 */
export const TEACHING_SCREENS = [
  'base_class_manage',
  'base_class_detail',
  'educational_timetable',
  'educational_arrange',
  'educational_front_desk_check_in',
  'educational_teacher_check_in',
  'educational_check_in',
  'educational_leave_makeup',
  'educational_absence',
  'educational_attendance_progress',
  'educational_tea_leave',
  'educational_class_data',
  'classes_class_degree',
] as const;
/** Reads a student's screen makes too (joining a class). */
const JOIN_SCREENS = [...TEACHING_SCREENS, 'students_student'] as const;

const classIdQuery = z.object({ class_id: z.coerce.number({ error: '请选择班级' }).int().positive('请选择班级') });
const idQuery = z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数') });

export const joinPageQuerySchema = PAGE.extend({
  school_id: z.coerce.number().int().positive().optional(),
  class_type_id: z.coerce.number().int().positive().optional(),
  name: z.string().max(64, '班级名称不能超过64个字符').optional(),
});
const joinPageLabels = { school_id: '校区', class_type_id: '班型', name: '班级名称' };

export const classJoinPageCall = defineCall({
  area: AREA,
  title: '可入班班级',
  method: 'GET',
  path: 'api/v1/base_class_manage/join_page',
  perm: JOIN_SCREENS,
  query: joinPageQuerySchema,
  labels: joinPageLabels,
  answer: answer<Page<JoinableClass>>(),
});
export const classWarmUpPageCall = defineCall({ ...classJoinPageCall, title: '可加入的热身班', path: 'api/v1/base_class_manage/warm_up_page' });
export const classGangersCall = defineCall({
  area: AREA,
  title: '班级老师',
  method: 'GET',
  path: 'api/v1/base_class_manage/gangers',
  perm: TEACHING_SCREENS,
  query: classIdQuery,
  answer: answer<ClassTeacher[]>(),
});
export const classHaveTeaAttendCall = defineCall({
  area: AREA,
  title: '班级是否已有签到',
  method: 'GET',
  path: 'api/v1/base_class_manage/have_tea_attend',
  perm: TEACHING_SCREENS,
  query: classIdQuery,
  answer: answer<{ have: boolean; count: number }>(),
});

const joinLabels = { student_id: '学员', class_id: '班级', join_date: '入班日期', add_hours: '课时' };
export const stuClassJoinCall = defineCall({
  area: AREA,
  title: '学员入班',
  method: 'POST',
  path: 'api/v1/stu_class/join',
  perm: 'stu_class_join',
  body: joinSchema,
  labels: joinLabels,
  answer: answer<StoredRow>(),
});
export const stuClassJoinWarmUpCall = defineCall({ ...stuClassJoinCall, title: '加入热身班', path: 'api/v1/stu_class/join_warm_up_class', perm: 'stu_class_join_warm_up_class' });
export const stuClassWithdrawCall = defineCall({
  area: AREA,
  title: '学员退班',
  method: 'POST',
  path: 'api/v1/stu_class/withdraw',
  perm: 'stu_class_withdraw',
  body: withdrawSchema,
  labels: { id: '学员班级记录', leave_date: '离班日期' },
  answer: answer<StoredRow>(),
});
export const stuClassCanSignUpCall = defineCall({
  area: AREA,
  title: '学员能否入班',
  method: 'GET',
  path: 'api/v1/stu_class/is_can_sign_up',
  perm: JOIN_SCREENS,
  query: z.object({
    student_id: z.coerce.number({ error: '请选择学员' }).int().positive('请选择学员'),
    class_id: z.coerce.number({ error: '请选择班级' }).int().positive('请选择班级'),
  }),
  answer: answer<{ can: boolean; reason: string | null }>(),
});

const timeRangeQuery = z.object({ classId: z.coerce.number({ error: '请选择班级' }).int('班级必须是整数').positive('请选择班级') });
const timeRangeLabels = { classId: '班级', week_day: '星期', start_time: '开始时间', end_time: '结束时间' };
export const timeRangeAddCall = defineCall({
  area: AREA,
  title: '新增上课时间段',
  method: 'POST',
  path: 'api/v1/edu_class_time_range/add',
  perm: 'edu_class_time_range_add',
  query: timeRangeQuery,
  body: timeRangeListSchema,
  labels: timeRangeLabels,
  answer: answer<StoredRow[]>(),
});
export const timeRangeUpdateCall = defineCall({ ...timeRangeAddCall, title: '修改上课时间段', path: 'api/v1/edu_class_time_range/update', perm: 'edu_class_time_range_update' });

const scheduleWrite = <B extends z.ZodType, A>(path: `api/v1/${string}`, title: string, perm: string, body: B, _a: Answer<A>) =>
  defineCall({ area: AREA, title, method: 'POST', path, perm, body, answer: answer<A>() });
export const arrangeCall = scheduleWrite('api/v1/edu_class_schedule/arrange_schedule', '排课', 'edu_class_schedule_arrange', arrangeSchema, answer<ArrangeResult>());
export const reArrangeCall = scheduleWrite('api/v1/edu_class_schedule/batch_re_arrange_schedule', '批量重排', 'edu_class_schedule_re_arrange', reArrangeSchema, answer<ArrangeResult>());
export const exchangeCall = scheduleWrite('api/v1/edu_class_schedule/batch_exchange_arrange_schedule', '交换课次', 'edu_class_schedule_exchange', exchangeSchema, answer<{ ids: number[] }>());
export const deleteScheduleCall = scheduleWrite('api/v1/edu_class_schedule/delete_schedule', '按班级删课', 'edu_class_schedule_delete_schedule', deleteScheduleSchema, answer<{ count: number; kept: number }>());
export const updateBatchCall = scheduleWrite('api/v1/edu_class_schedule/update_batch', '批量修改课次', 'edu_class_schedule_update_batch', updateBatchSchema, answer<{ count: number }>());
export const replaceTeacherCall = scheduleWrite('api/v1/edu_class_schedule/replace_teacher', '更换老师', 'edu_class_schedule_replace_teacher', replaceTeacherSchema, answer<{ count: number }>());
export const reviseCall = scheduleWrite('api/v1/edu_class_schedule/revise', '调整课次', 'edu_class_schedule_revise', reviseSchema, answer<StoredRow>());

const osPageLabels = { date_start: '开始日期', date_end: '结束日期', school_id: '校区', class_id: '班级', teacher_id: '老师', classroom_id: '教室' };
export const osPageCall = defineCall({
  area: AREA,
  title: '课表',
  method: 'GET',
  path: 'api/v1/edu_class_schedule/os_page',
  perm: TEACHING_SCREENS,
  query: osPageSchema.extend(PAGE.extend({ rows: PAGE.shape.rows.default(10000) }).shape),
  labels: osPageLabels,
  answer: answer<Page<ScheduleRow>>(),
});
export const scheduleExportsCall = defineCall({
  area: AREA,
  title: '导出课表',
  method: 'GET',
  path: 'api/v1/edu_class_schedule/exports',
  perm: TEACHING_SCREENS,
  query: osPageSchema,
  labels: osPageLabels,
  answer: answer<Blob>(),
});
export const absenceListCall = defineCall({
  area: AREA,
  title: '缺勤记录',
  method: 'POST',
  form: true,
  readOnly: true,
  path: 'api/v1/edu_class_schedule_student/absenceList',
  perm: TEACHING_SCREENS,
  body: absenceQuerySchema.extend(PAGE.shape),
  labels: { date_start: '开始日期', date_end: '结束日期', mark: '考勤标记' },
  answer: answer<Page<AbsenceRow>>(),
});
export const multipleUndoCall = defineCall({
  area: AREA,
  title: '撤销考勤',
  method: 'POST',
  path: 'api/v1/edu_class_schedule/multiple_undo_attendance',
  perm: 'edu_class_schedule_undo_attendance',
  body: multipleUndoSchema,
  labels: { ids: '签到记录', group_id: '撤销组', reason: '撤销原因' },
  answer: answer<{ count: number; hours_restored: number }>(),
});

/** The stored check-in after a check-in or a correction, with the student's hours left. */
export type CheckInSaved = StoredRow & { mark: CheckInMark; hours: number; remaining_hours: number };

export const checkInCall = defineCall({
  area: AREA,
  title: '签到',
  method: 'POST',
  path: CHECK_IN_PATH,
  perm: 'edu_check_in_add',
  /** `c` is the language of messages (the spec's `?c=zh`) */
  query: z.object({ c: z.string().optional() }),
  body: checkInSchema,
  labels: { schedule_id: '课次', student_id: '学员', mark: '考勤标记', device: '设备', checked_at: '签到时间' },
  answer: answer<CheckInSaved>(),
  offline: true,
});
/**
 * The front desk takes back its own check-in of the last CHECK_IN_UNDO_MINUTES (a mis-tap), queued
 * like the check-in; idempotent: nothing to undo answers count 0.
 */
export const checkInUndoCall = defineCall({
  area: AREA,
  title: '撤销本人签到',
  method: 'POST',
  path: CHECK_IN_UNDO_PATH,
  perm: 'edu_check_in_add',
  body: checkInUndoSchema,
  labels: { schedule_id: '课次', student_id: '学员', device: '设备', undone_at: '撤销时间' },
  answer: answer<{ count: number; hours_restored: number }>(),
  offline: true,
});
export const checkInPageCall = defineCall({
  area: AREA,
  title: '考勤记录',
  method: 'GET',
  path: 'api/v1/edu_check_in/page',
  perm: TEACHING_SCREENS,
  query: checkInPageSchema.extend(PAGE.shape),
  labels: { lesson_date_start: '开始日期', lesson_date_end: '结束日期', mark: '考勤标记', ...PAGE_LABELS },
  answer: answer<Page<CheckInRow>>(),
});
export const checkInDetailCall = defineCall({
  area: AREA,
  title: '签到详情',
  method: 'GET',
  path: 'api/v1/edu_check_in/detail',
  perm: TEACHING_SCREENS,
  query: idQuery,
  answer: answer<CheckInRow & { logs: CheckInLogRow[] }>(),
});
export const checkInPatchCall = defineCall({
  area: AREA,
  title: '修改考勤',
  method: 'POST',
  path: 'api/v1/edu_check_in/patch',
  perm: 'edu_check_in_patch',
  body: checkInPatchSchema,
  labels: { id: '签到记录', mark: '考勤标记' },
  answer: answer<CheckInSaved>(),
});
export const checkInPatchLogCall = defineCall({
  area: AREA,
  title: '考勤修改记录',
  method: 'GET',
  path: 'api/v1/edu_check_in/patch_log',
  perm: TEACHING_SCREENS,
  query: z
    .object({
      check_in_id: z.coerce.number().int().positive().optional(),
      schedule_id: z.coerce.number().int().positive().optional(),
      student_id: z.coerce.number().int().positive().optional(),
    })
    .extend(PAGE.shape),
  labels: { check_in_id: '签到记录', schedule_id: '课次', student_id: '学员' },
  answer: answer<Page<CheckInLogRow>>(),
});
export const checkInProlongCall = defineCall({
  area: AREA,
  title: '延长签到期限',
  method: 'POST',
  path: 'api/v1/edu_check_in/prolong',
  perm: 'edu_check_in_prolong',
  body: prolongSchema,
  labels: { ids: '课次', deadline: '截止日期' },
  answer: answer<{ count: number; deadline: string }>(),
});
export const todayRosterCall = defineCall({
  area: AREA,
  title: '今日签到名单',
  method: 'GET',
  path: TODAY_ROSTER_PATH,
  perm: TEACHING_SCREENS,
  query: rosterQuerySchema,
  labels: { school_id: '校区', date: '日期' },
  answer: answer<RosterSession[]>(),
});

const idBody = idQuery;
export const undoGroupAbortCall = defineCall({
  area: AREA,
  title: '中止撤销组',
  method: 'POST',
  path: 'api/v1/edu_undo_group/abort',
  perm: 'edu_undo_group_abort',
  body: idBody,
  answer: answer<{ id: number; state: number }>(),
});
export const attendanceProgressCall = defineCall({
  area: AREA,
  title: '考勤进度',
  method: 'GET',
  path: 'api/v1/edu_attendance/progress',
  perm: TEACHING_SCREENS,
  query: PAGE.extend({
    class_id: z.coerce.number({ error: '班级必须是数字' }).int().positive('请选择班级').optional(),
    school_id: z.coerce.number({ error: '校区必须是数字' }).int().positive('请选择校区').optional(),
  }),
  labels: { class_id: '班级', school_id: '校区' },
  answer: answer<ClassProgress | Page<ClassProgressRow>>(),
});
export const stuLeaveAddCall = defineCall({
  area: AREA,
  title: '登记请假',
  method: 'POST',
  path: 'api/v1/edu_stu_leave/add',
  perm: 'edu_stu_leave_add',
  body: stuLeaveAddSchema,
  labels: { student_id: '学员', schedule_id: '请假课次', reason: '请假原因' },
  answer: answer<StoredRow>(),
});
export const stuLeaveMakeupCall = defineCall({
  area: AREA,
  title: '安排补课',
  method: 'POST',
  path: 'api/v1/edu_stu_leave/makeup',
  perm: 'edu_stu_leave_makeup',
  body: stuLeaveMakeupSchema,
  labels: { id: '请假记录', makeup_schedule_id: '补课课次' },
  answer: answer<StoredRow>(),
});
export const applyPutCall = defineCall({
  area: AREA,
  title: '调课申请',
  method: 'POST',
  path: 'api/v1/plan_edu_class_schedule_apply/put',
  perm: 'plan_edu_class_schedule_apply_put',
  body: applyPutSchema,
  labels: { schedule_id: '课次', apply_type: '申请类型', reason: '申请原因' },
  answer: answer<StoredRow>(),
});
export const applyAbortCall = defineCall({
  area: AREA,
  title: '中止调课申请',
  method: 'POST',
  path: 'api/v1/plan_edu_class_schedule_apply/abort',
  perm: 'plan_edu_class_schedule_apply_abort',
  body: idBody,
  answer: answer<{ id: number; state: number }>(),
});
export const applyTeaPageCall = defineCall({
  area: AREA,
  title: '我的调课申请',
  method: 'GET',
  path: 'api/v1/plan_edu_class_schedule_apply/tea_page',
  perm: TEACHING_SCREENS,
  query: PAGE.extend({ state: z.coerce.number().int().optional() }),
  answer: answer<Page<StoredRow>>(),
});
export const courseTreeCall = defineCall({
  area: AREA,
  title: '教学计划',
  method: 'GET',
  path: 'api/v1/edu_course_schedule/tree',
  perm: TEACHING_SCREENS,
  query: classIdQuery,
  answer: answer<TreeNode<StoredRow>[]>(),
});
export const courseReviewCall = defineCall({
  area: AREA,
  title: '审核教学计划',
  method: 'POST',
  path: 'api/v1/edu_course_schedule/review',
  perm: 'edu_course_schedule_review',
  body: courseReviewSchema,
  labels: { ids: '教学计划', review_state: '审核结果', review_remark: '审核意见' },
  answer: answer<{ count: number }>(),
});
export const courseLevelDeleteCall = defineCall({
  area: AREA,
  title: '按层级删除教学计划',
  method: 'POST',
  path: 'api/v1/edu_course_schedule/level_delete',
  perm: 'edu_course_schedule_level_delete',
  body: idBody,
  answer: answer<{ count: number }>(),
});
export const classDataCall = defineCall({
  area: AREA,
  title: '班级数据',
  method: 'GET',
  path: 'api/v1/data_center/class_data',
  perm: TEACHING_SCREENS,
  query: z.object({
    school_id: z.coerce.number({ error: '校区必须是数字' }).int().positive('请选择校区').optional(),
    date_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 YYYY-MM-DD'),
    date_end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为 YYYY-MM-DD'),
  }),
  labels: { school_id: '校区', date_start: '开始日期', date_end: '结束日期' },
  answer: answer<ClassData>(),
});

const CLASS_TYPE_SCREENS = ['products_class_type', ...TEACHING_SCREENS] as const;
export const prodClassTypeDetailCall = defineCall({
  area: AREA,
  title: '班型详情',
  method: 'GET',
  path: 'api/v1/prod_class_type/detail',
  perm: CLASS_TYPE_SCREENS,
  query: idQuery,
  answer: answer<StoredRow & { hours_per_lesson: number; total_hours: number; class_count: number }>(),
});
export const prodClassTypeProtocolCall = defineCall({
  area: AREA,
  title: '班型协议',
  method: 'GET',
  path: 'api/v1/prod_class_type/protocol',
  perm: CLASS_TYPE_SCREENS,
  query: idQuery,
  answer: answer<{ id: number; name: string; protocol: string | null }>(),
});
export const prodClassTypeProtocolSaveCall = defineCall({
  area: AREA,
  title: '编辑班型协议',
  method: 'POST',
  path: 'api/v1/prod_class_type/protocol',
  perm: 'prod_class_type_protocol',
  body: idQuery.extend({ protocol: z.string({ error: '请输入协议内容' }).max(50000, '协议内容不能超过50000个字符') }),
  answer: answer<{ id: number }>(),
});
export const prodClassTypeNamePageCall = defineCall({
  area: AREA,
  title: '班型名称',
  method: 'GET',
  path: 'api/v1/prod_class_type/name_page',
  perm: CLASS_TYPE_SCREENS,
  query: PAGE.extend({ name: z.string().max(64, '班型名称不能超过64个字符').optional() }),
  answer: answer<Page<{ id: number; name: string; lesson_count: number; hours_per_lesson: number }>>(),
});

/**
 * The paths of the area's special calls (relative to the site), by the names the screens used
 * before the calls were declared; each is the path of its declaration above.
 */
export const CLASSES_PATHS = {
  classJoinPage: classJoinPageCall.path,
  classWarmUpPage: classWarmUpPageCall.path,
  /** declared actions of classResource (resources/classes.ts): POST {ids, state} / {id, kf_id} / {ids, kf_id} */
  classUpdateState: 'api/v1/base_class_manage/update_cm_state',
  classUpdateKf: 'api/v1/base_class_manage/update_kf',
  classUpdateKfs: 'api/v1/base_class_manage/update_kfs',
  classGangers: classGangersCall.path,
  classHaveTeaAttend: classHaveTeaAttendCall.path,
  stuClassJoin: stuClassJoinCall.path,
  stuClassWithdraw: stuClassWithdrawCall.path,
  stuClassJoinWarmUp: stuClassJoinWarmUpCall.path,
  stuClassCanSignUp: stuClassCanSignUpCall.path,
  timeRangeAdd: timeRangeAddCall.path,
  timeRangeUpdate: timeRangeUpdateCall.path,
  arrange: arrangeCall.path,
  reArrange: reArrangeCall.path,
  exchange: exchangeCall.path,
  deleteSchedule: deleteScheduleCall.path,
  updateBatch: updateBatchCall.path,
  replaceTeacher: replaceTeacherCall.path,
  revise: reviseCall.path,
  multipleUndo: multipleUndoCall.path,
  scheduleExports: scheduleExportsCall.path,
  osPage: osPageCall.path,
  absenceList: absenceListCall.path,
  checkIn: checkInCall.path,
  checkInUndo: checkInUndoCall.path,
  checkInPage: checkInPageCall.path,
  checkInDetail: checkInDetailCall.path,
  checkInPatch: checkInPatchCall.path,
  checkInPatchLog: checkInPatchLogCall.path,
  checkInProlong: checkInProlongCall.path,
  todayRoster: todayRosterCall.path,
  undoGroupAbort: undoGroupAbortCall.path,
  attendanceProgress: attendanceProgressCall.path,
  stuLeaveAdd: stuLeaveAddCall.path,
  stuLeaveMakeup: stuLeaveMakeupCall.path,
  applyPut: applyPutCall.path,
  applyAbort: applyAbortCall.path,
  applyTeaPage: applyTeaPageCall.path,
  courseTree: courseTreeCall.path,
  courseReview: courseReviewCall.path,
  courseLevelDelete: courseLevelDeleteCall.path,
  classData: classDataCall.path,
  prodClassTypeDetail: prodClassTypeDetailCall.path,
  /** a declared action of classTypeResource: POST {id, visible} */
  prodClassTypeVisible: 'api/v1/prod_class_type/visible',
  prodClassTypeProtocol: prodClassTypeProtocolCall.path,
  prodClassTypeNamePage: prodClassTypeNamePageCall.path,
} as const;
