import { z } from 'zod';

/**
 * The special calls of the classes area (spec doc 001 §7 "Classes, schedules, attendance"), their
 * payloads and answers. Standard CRUD calls come from the declarations in resources/classes.ts,
 * resources/base.ts and resources/products.ts. Where the spec names no path, the choice is here.
 */
export const CLASSES_PATHS = {
  // ---- classes (base_class_manage) ----
  /** GET ?school_id=&class_type_id=&name=&page=&rows= → classes open for joining (state 招生中/开课中, not full): Page<JoinableClass> */
  classJoinPage: 'api/v1/base_class_manage/join_page',
  /** GET same filters → warm-up classes (is_warm_up = 1) open for joining: Page<JoinableClass> */
  classWarmUpPage: 'api/v1/base_class_manage/warm_up_page',
  /** POST {ids, state} */
  classUpdateState: 'api/v1/base_class_manage/update_cm_state',
  /** POST {id, kf_id} — one class's customer-service staff */
  classUpdateKf: 'api/v1/base_class_manage/update_kf',
  /** POST {ids, kf_id} — many classes at once */
  classUpdateKfs: 'api/v1/base_class_manage/update_kfs',
  /** GET ?class_id= → the class's teachers: ClassTeacher[] (head teacher first) */
  classGangers: 'api/v1/base_class_manage/gangers',
  /** GET ?class_id= → {have: boolean, count}: whether any lesson of the class has check-ins */
  classHaveTeaAttend: 'api/v1/base_class_manage/have_tea_attend',

  // ---- enrolment ----
  /** POST JoinBody → the enrolment row (path chosen: the spec names only withdraw etc.) */
  stuClassJoin: 'api/v1/stu_class/join',
  /** POST WithdrawBody */
  stuClassWithdraw: 'api/v1/stu_class/withdraw',
  /** POST JoinBody, class must be a warm-up class */
  stuClassJoinWarmUp: 'api/v1/stu_class/join_warm_up_class',
  /** GET ?student_id=&class_id= → {can: boolean, reason: string|null} */
  stuClassCanSignUp: 'api/v1/stu_class/is_can_sign_up',

  // ---- time ranges ----
  /** POST ?classId= body TimeRangeInput[] → appends ranges */
  timeRangeAdd: 'api/v1/edu_class_time_range/add',
  /** POST ?classId= body TimeRangeInput[] → replaces all ranges of the class */
  timeRangeUpdate: 'api/v1/edu_class_time_range/update',

  // ---- schedules ----
  arrange: 'api/v1/edu_class_schedule/arrange_schedule',
  reArrange: 'api/v1/edu_class_schedule/batch_re_arrange_schedule',
  exchange: 'api/v1/edu_class_schedule/batch_exchange_arrange_schedule',
  deleteSchedule: 'api/v1/edu_class_schedule/delete_schedule',
  updateBatch: 'api/v1/edu_class_schedule/update_batch',
  replaceTeacher: 'api/v1/edu_class_schedule/replace_teacher',
  revise: 'api/v1/edu_class_schedule/revise',
  multipleUndo: 'api/v1/edu_class_schedule/multiple_undo_attendance',
  /** GET same filters as os_page plus __name__ → downloads an .xlsx of the lessons (≤ 10000 rows) */
  scheduleExports: 'api/v1/edu_class_schedule/exports',
  /** GET OsPageQuery → Page<ScheduleRow> for the timetable */
  osPage: 'api/v1/edu_class_schedule/os_page',
  /** POST form-encoded AbsenceQuery → Page<AbsenceRow> (absent / leave marks) */
  absenceList: 'api/v1/edu_class_schedule_student/absenceList',

  // ---- check-in ----
  /** POST ?c=zh body CheckInBody → CheckInRow. Idempotent per (schedule, student). */
  checkIn: 'api/v1/check_in',
  /**
   * POST CheckInUndoBody → {count, hours_restored}. The front desk takes back its own check-in of the
   * last CHECK_IN_UNDO_MINUTES (a mis-tap); idempotent: nothing to undo answers count 0.
   */
  checkInUndo: 'api/v1/check_in/undo',
  /** GET CheckInPageQuery → Page<CheckInRow> */
  checkInPage: 'api/v1/edu_check_in/page',
  /** GET ?id= → CheckInRow & {logs: CheckInLogRow[]} */
  checkInDetail: 'api/v1/edu_check_in/detail',
  /** POST {id, mark, remark?} → CheckInRow (logged) */
  checkInPatch: 'api/v1/edu_check_in/patch',
  /** GET ?check_in_id= | ?schedule_id= | ?student_id= & page, rows → Page<CheckInLogRow> */
  checkInPatchLog: 'api/v1/edu_check_in/patch_log',
  /** POST {ids: schedule ids, deadline} → extends the check-in deadline of lessons */
  checkInProlong: 'api/v1/edu_check_in/prolong',
  /** GET ?school_id=&date= → RosterSession[] (front desk; feeds the offline roster) */
  todayRoster: 'api/v1/edu_check_in/today_roster',

  // ---- undo groups, progress, others ----
  undoGroupAbort: 'api/v1/edu_undo_group/abort',
  /** GET ?class_id= → ClassProgress; or ?school_id=&page=&rows= → Page<ClassProgressRow> */
  attendanceProgress: 'api/v1/edu_attendance/progress',
  /** POST {id, makeup_schedule_id} → books a make-up lesson for a leave */
  stuLeaveAdd: 'api/v1/edu_stu_leave/add',
  stuLeaveMakeup: 'api/v1/edu_stu_leave/makeup',
  applyPut: 'api/v1/plan_edu_class_schedule_apply/put',
  applyAbort: 'api/v1/plan_edu_class_schedule_apply/abort',
  /** GET → the signed-in teacher's own applications */
  applyTeaPage: 'api/v1/plan_edu_class_schedule_apply/tea_page',
  /** GET ?class_id= → TreeNode[] (stages → units → lessons) */
  courseTree: 'api/v1/edu_course_schedule/tree',
  /** POST {ids, review_state: 1|2, review_remark?} */
  courseReview: 'api/v1/edu_course_schedule/review',
  /** POST {id} → deletes the node and everything under it */
  courseLevelDelete: 'api/v1/edu_course_schedule/level_delete',
  /** GET ?school_id=&date_start=&date_end= → ClassData */
  classData: 'api/v1/data_center/class_data',
  prodClassTypeDetail: 'api/v1/prod_class_type/detail',
  prodClassTypeVisible: 'api/v1/prod_class_type/visible',
  prodClassTypeProtocol: 'api/v1/prod_class_type/protocol',
  prodClassTypeNamePage: 'api/v1/prod_class_type/name_page',

  // ---- attendance punch (/wf/clockIn) ----
  /** POST PunchBody with Idempotency-Key → PunchRow */
  punch: 'api/v1/wf_clock_in/punch',
  /** GET ?date_start=&date_end=&user_id= (user_id needs wf_clock_in_all) → Page<PunchRow> */
  punchPage: 'api/v1/wf_clock_in/page',
} as const;

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const id = (label: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', `请选择${label}`)
    .pipe(z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`));
const optionalId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(label).optional());
function realDate(v: string): boolean {
  const [y, m, d] = v.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
const date = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`)
    .refine(realDate, `${label}不是有效日期`);
const time = (label: string) => z.string({ error: `请输入${label}` }).regex(TIME_RE, `${label}格式应为 HH:mm`);
const idList = (label: string, max = 10000) =>
  z
    .array(id(label), { error: `请选择${label}` })
    .min(1, `请至少选择一个${label}`)
    .max(max, `一次最多 ${max} 个${label}`);

export const CHECK_IN_MARKS = ['present', 'late', 'leave', 'absent'] as const;
export type CheckInMark = (typeof CHECK_IN_MARKS)[number];
export const MARK_TEXT: Record<CheckInMark, string> = { present: '出勤', late: '迟到', leave: '请假', absent: '缺勤' };
/**
 * Marks that consume lesson hours: an attended lesson (on time or late) takes the class type's
 * hours per lesson; leave and absence take nothing (a leave can be made up later).
 */
export const CONSUMING_MARKS: readonly CheckInMark[] = ['present', 'late'];
/** Days after the lesson date during which check-ins are accepted, unless prolonged. */
export const CHECK_IN_WINDOW_DAYS = 7;

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
});
export type CheckInBody = z.infer<typeof checkInSchema>;

/** Minutes during which the user who checked a student in may take it back on the same screen. */
export const CHECK_IN_UNDO_MINUTES = 10;

export const checkInUndoSchema = z.object({
  schedule_id: id('课次'),
  student_id: id('学员'),
  device: z.string().max(64, '设备名称不能超过64个字符').optional(),
  /** when the undo was tapped (an offline replay keeps the tap time); default now */
  undone_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, '撤销时间格式应为 YYYY-MM-DD HH:mm:ss')
    .optional(),
});
export type CheckInUndoBody = z.infer<typeof checkInUndoSchema>;

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
  created_at: string;
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

export interface AbsenceRow extends CheckInRow {
  parent_name: string | null;
  parent_phone: string | null;
  leave_id: number | null;
  leave_state: number | null;
}

/** One lesson of today's roster (front desk tablet; cached offline in Dexie). */
export interface RosterSession {
  schedule_id: number;
  class_id: number;
  class_name: string;
  lesson_date: string;
  start_time: string;
  end_time: string;
  teacher_name: string | null;
  classroom_name: string | null;
  hours_per_lesson: number;
  students: RosterStudent[];
}

export interface RosterStudent {
  student_id: number;
  name: string;
  parent_name: string | null;
  /** full phone: the tablet searches by its last digits */
  parent_phone: string | null;
  is_makeup: boolean;
  mark: CheckInMark | null;
  check_in_id: number | null;
  remaining_hours: number;
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
// Attendance punch (/wf/clockIn)
// ---------------------------------------------------------------------------------------------

export const punchSchema = z.object({
  /** the moment of the tap ('YYYY-MM-DD HH:mm:ss'); an offline replay keeps it */
  time: z.string({ error: '请提供打卡时间' }).regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, '打卡时间格式应为 YYYY-MM-DD HH:mm:ss'),
  lat: z.coerce.number().min(-90, '纬度超出范围').max(90, '纬度超出范围').optional(),
  lng: z.coerce.number().min(-180, '经度超出范围').max(180, '经度超出范围').optional(),
  accuracy: z.coerce.number().min(0, '定位精度不能为负数').max(100000, '定位精度超出范围').optional(),
  device: z.string({ error: '请提供设备信息' }).trim().min(1, '请提供设备信息').max(128, '设备信息不能超过128个字符'),
});
export type PunchBody = z.infer<typeof punchSchema>;

export interface PunchRow {
  id: number;
  user_id: number;
  user_name: string;
  punch_time: string;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  device: string;
  created_at: string;
}
