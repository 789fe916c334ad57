import { defineResource, type OptionItem } from '../resource';
import { WEEK_DAYS } from './base';
import { TEACHING_SCREENS } from '../classes';
import { STUDENT_SCREENS } from '../students';

/**
 * Classes, schedules and attendance (spec doc 001 §7 "Classes, schedules, attendance").
 * The special calls beside these declarations (arrange, check-in, undo, roster, …) and the paths
 * chosen where the spec names none are in src/contract/classes.ts.
 * Rows that belong to a class or a lesson (lessons, lesson students, class teachers, course plan,
 * undo groups) take their campus from it: the server overwrites `school_id`; a user with several
 * campuses still sends one on add (the standard add asks for it), a single-campus user need not.
 */

// Relations (src/contract/resource.ts RefDef): rows answer `<field without _id>_name` beside the id.
const teacherRef = { resource: 'sys_user', label: ['name'] } as const;
const classRef = { resource: 'base_class_manage', label: ['name'] } as const;
const studentRef = { resource: 'student', label: ['name'] } as const;
const classTypeRef = { resource: 'prod_class_type', label: ['name'] } as const;
const classroomRef = { resource: 'base_otm_classroom', label: ['name'] } as const;

export const CLASS_STATES: readonly OptionItem[] = [
  { value: 1, text: '招生中' },
  { value: 2, text: '开课中' },
  { value: 3, text: '已结课' },
  { value: 4, text: '已停班' },
];

/** Enrolment states (stu_class.state). */
export const ENROL_STATES: readonly OptionItem[] = [
  { value: 1, text: '在读' },
  { value: 2, text: '已退班' },
  { value: 3, text: '已转班' },
];

export const SCHEDULE_STATES: readonly OptionItem[] = [
  { value: 1, text: '待上课' },
  { value: 2, text: '已上课' },
];

export const CHECK_IN_MARK_ITEMS: readonly OptionItem[] = [
  { value: 'present', text: '出勤' },
  { value: 'late', text: '迟到' },
  { value: 'leave', text: '请假' },
  { value: 'absent', text: '缺勤' },
];

export const classResource = defineResource({
  name: 'base_class_manage',
  readBy: TEACHING_SCREENS,
  title: '班级',
  table: 'base_class_manage',
  scope: 'school',
  softDelete: true,
  perm: 'base_class_manage',
  // the class screen asks for the state and the customer-service teacher in dialogs of its own
  actions: [
    { name: 'update_cm_state', label: '修改状态', column: 'state', ui: 'none' },
    { name: 'update_kf', label: '设置班级客服', column: 'kf_id', ui: 'none' },
    { name: 'update_kfs', label: '批量设置班级客服', column: 'kf_id', perm: 'base_class_manage_update_kf', ui: 'none' },
  ],
  fields: {
    name: { type: 'string', label: '班级名称', required: true, max: 64, search: 'like' },
    class_type_id: { type: 'int', label: '班型', required: true, ref: classTypeRef, search: 'eq', index: true },
    head_teacher_id: { type: 'int', label: '主讲老师', ref: teacherRef, search: 'eq', index: true },
    classroom_id: { type: 'int', label: '教室', ref: classroomRef, search: 'eq' },
    capacity: { type: 'int', label: '班级容量', required: true, min: 1, max: 500, list: { width: 90 } },
    state: { type: 'int', label: '班级状态', default: 1, options: { kind: 'static', items: CLASS_STATES }, search: 'eq', list: { format: 'option', width: 90 }, form: false },
    start_date: { type: 'date', label: '开班日期', search: 'range', list: { sortable: true } },
    end_date: { type: 'date', label: '结班日期', list: { sortable: true } },
    // a member of staff in the class's campus (the server checks; the dialog offers only those)
    kf_id: { type: 'int', label: '班级客服', ref: teacherRef, search: 'eq' },
    is_warm_up: { type: 'bool', label: '热身班', default: 0, search: 'eq', list: { format: 'bool', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const classTeacherResource = defineResource({
  name: 'edu_sc_class_tea',
  readBy: TEACHING_SCREENS,
  title: '班级老师',
  table: 'edu_sc_class_tea',
  scope: 'school',
  perm: 'edu_sc_class_tea',
  fields: {
    class_id: { type: 'int', label: '班级', required: true, ref: classRef, search: 'eq', index: true },
    teacher_id: { type: 'int', label: '老师', required: true, ref: teacherRef, search: 'eq', index: true },
    role: { type: 'int', label: '角色', default: 1, options: { kind: 'static', items: [{ value: 1, text: '主讲' }, { value: 2, text: '助教' }] }, list: { format: 'option' } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** Enrolments. Written only by stu_class/join, withdraw, join_warm_up_class and ct_transfer. */
export const enrolmentResource = defineResource({
  name: 'stu_class',
  readBy: [...TEACHING_SCREENS, ...STUDENT_SCREENS],
  title: '学员班级',
  table: 'stu_class',
  scope: 'school',
  perm: 'stu_class',
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  fields: {
    student_id: { type: 'int', label: '学员', ref: studentRef, search: 'eq', readonly: true },
    class_id: { type: 'int', label: '班级', ref: classRef, search: 'eq', readonly: true },
    class_type_id: { type: 'int', label: '班型', ref: classTypeRef, search: 'eq', readonly: true },
    join_date: { type: 'date', label: '入班日期', search: 'range', readonly: true },
    leave_date: { type: 'date', label: '离班日期', readonly: true },
    state: { type: 'int', label: '状态', options: { kind: 'static', items: ENROL_STATES }, search: 'eq', readonly: true, list: { format: 'option' } },
    is_warm_up: { type: 'bool', label: '热身班', readonly: true, list: { format: 'bool' } },
    remark: { type: 'string', label: '备注', max: 255, readonly: true },
  },
});

/** A student's lesson hours per class type (read-only here: join grants, check-ins consume, undo restores). */
export const hourBalanceResource = defineResource({
  name: 'student_class_type',
  readBy: [...TEACHING_SCREENS, ...STUDENT_SCREENS],
  title: '学员课时',
  table: 'student_class_type',
  scope: 'school',
  perm: 'student_class_type',
  calls: { add: false, update: false, delete: false },
  fields: {
    student_id: { type: 'int', label: '学员', ref: studentRef, search: 'eq', readonly: true },
    class_type_id: { type: 'int', label: '班型', ref: classTypeRef, search: 'eq', readonly: true },
    total_hours: { type: 'number', label: '总课时', readonly: true, list: { format: 'round' } },
    remaining_hours: { type: 'number', label: '剩余课时', readonly: true, list: { format: 'round', sortable: true } },
  },
});

/** Weekly time ranges of a class. add/update are special: `?classId=` plus the range list as body. */
export const timeRangeResource = defineResource({
  name: 'edu_class_time_range',
  readBy: TEACHING_SCREENS,
  title: '上课时间段',
  table: 'edu_class_time_range',
  scope: 'school',
  perm: 'edu_class_time_range',
  calls: { add: false, update: false },
  defaultSort: 'week_day',
  fields: {
    class_id: { type: 'int', label: '班级', ref: classRef, search: 'eq', readonly: true, index: true },
    week_day: { type: 'int', label: '星期', options: { kind: 'static', items: WEEK_DAYS }, readonly: true, list: { format: 'option' } },
    start_time: { type: 'string', label: '开始时间', max: 5, readonly: true },
    end_time: { type: 'string', label: '结束时间', max: 5, readonly: true },
  },
});

const TIME_PATTERN = { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '时间格式应为 HH:mm' };

/** A lesson (一次课). add/update/revise refuse double bookings of teacher, classroom and class. */
export const scheduleResource = defineResource({
  name: 'edu_class_schedule',
  readBy: TEACHING_SCREENS,
  title: '课表',
  table: 'edu_class_schedule',
  scope: 'school',
  perm: 'edu_class_schedule',
  defaultSort: 'lesson_date',
  fields: {
    class_id: { type: 'int', label: '班级', required: true, ref: classRef, search: 'eq' },
    class_type_id: { type: 'int', label: '班型', ref: classTypeRef, search: 'eq', readonly: true },
    lesson_date: { type: 'date', label: '上课日期', required: true, search: 'range', list: { sortable: true } },
    start_time: { type: 'string', label: '开始时间', required: true, max: 5, input: 'time', pattern: { ...TIME_PATTERN, msg: '开始时间格式应为 HH:mm' }, list: { sortable: true } },
    end_time: { type: 'string', label: '结束时间', required: true, max: 5, input: 'time', pattern: { ...TIME_PATTERN, msg: '结束时间格式应为 HH:mm' } },
    teacher_id: { type: 'int', label: '老师', ref: teacherRef, search: 'eq' },
    classroom_id: { type: 'int', label: '教室', ref: classroomRef, search: 'eq' },
    lesson_no: { type: 'int', label: '课次', readonly: true, list: { width: 70 } },
    hours: { type: 'number', label: '课时', readonly: true, list: { width: 70, format: 'round' } },
    state: { type: 'int', label: '状态', readonly: true, options: { kind: 'static', items: SCHEDULE_STATES }, search: 'eq', list: { format: 'option' } },
    check_in_deadline: { type: 'date', label: '签到截止', readonly: true },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** Students of one lesson: the class's enrolled students plus make-up/trial students added by hand. */
export const scheduleStudentResource = defineResource({
  name: 'edu_class_schedule_student',
  readBy: TEACHING_SCREENS,
  title: '上课学员',
  table: 'edu_class_schedule_student',
  scope: 'school',
  perm: 'edu_class_schedule_student',
  fields: {
    schedule_id: { type: 'int', label: '课次', required: true, search: 'eq' },
    student_id: { type: 'int', label: '学员', required: true, ref: studentRef, search: 'eq' },
    class_id: { type: 'int', label: '班级', ref: classRef, search: 'eq', readonly: true },
    lesson_date: { type: 'date', label: '上课日期', readonly: true, search: 'range' },
    is_makeup: { type: 'bool', label: '补课', default: 0, search: 'eq', list: { format: 'bool' } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const teacherLeaveResource = defineResource({
  name: 'edu_tea_leave_management',
  readBy: TEACHING_SCREENS,
  title: '老师请假',
  table: 'edu_tea_leave_management',
  scope: 'school',
  perm: 'edu_tea_leave_management',
  defaultSort: 'start_time desc',
  fields: {
    teacher_id: { type: 'int', label: '老师', required: true, ref: teacherRef, search: 'eq', index: true },
    start_time: { type: 'datetime', label: '开始时间', required: true, search: 'range', list: { sortable: true } },
    end_time: { type: 'datetime', label: '结束时间', required: true },
    reason: { type: 'string', label: '请假原因', required: true, max: 255 },
    substitute_teacher_id: { type: 'int', label: '代课老师', ref: teacherRef },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: [{ value: 1, text: '有效' }, { value: 0, text: '已撤销' }] }, search: 'eq', list: { format: 'option' } },
  },
});

export const STUDENT_LEAVE_STATES: readonly OptionItem[] = [
  { value: 1, text: '已请假' },
  { value: 2, text: '已安排补课' },
  { value: 3, text: '已补课' },
  { value: 0, text: '已撤销' },
];

/**
 * Student leave and make-up lessons (请假与补课). The spec names no module for it (orders has
 * edu_order_excused); chosen: edu_stu_leave. add (special) marks the lesson 'leave';
 * edu_stu_leave/makeup books a make-up lesson; delete revokes a leave not yet made up.
 */
export const studentLeaveResource = defineResource({
  name: 'edu_stu_leave',
  // the student hub shows a student's leave and check-ins too
  readBy: [...TEACHING_SCREENS, ...STUDENT_SCREENS],
  title: '学员请假',
  table: 'edu_stu_leave',
  scope: 'school',
  perm: 'edu_stu_leave',
  calls: { add: false },
  fields: {
    student_id: { type: 'int', label: '学员', required: true, ref: studentRef, search: 'eq', readonly: true },
    schedule_id: { type: 'int', label: '请假课次', required: true, search: 'eq', readonly: true },
    class_id: { type: 'int', label: '班级', ref: classRef, search: 'eq', readonly: true },
    lesson_date: { type: 'date', label: '上课日期', search: 'range', readonly: true },
    reason: { type: 'string', label: '请假原因', max: 255 },
    state: { type: 'int', label: '状态', options: { kind: 'static', items: STUDENT_LEAVE_STATES }, search: 'eq', readonly: true, list: { format: 'option' } },
    makeup_schedule_id: { type: 'int', label: '补课课次', readonly: true },
  },
});

/** Check-ins: written by check_in, patch, undo; listed by the special edu_check_in/page. */
export const checkInResource = defineResource({
  name: 'edu_check_in',
  readBy: [...TEACHING_SCREENS, ...STUDENT_SCREENS],
  title: '签到记录',
  table: 'edu_check_in',
  scope: 'school',
  perm: 'edu_check_in',
  calls: { page: false, get: false, add: false, update: false, delete: false },
  defaultSort: 'lesson_date desc',
  fields: {
    schedule_id: { type: 'int', label: '课次', search: 'eq', readonly: true },
    student_id: { type: 'int', label: '学员', ref: studentRef, search: 'eq', readonly: true },
    class_id: { type: 'int', label: '班级', ref: classRef, search: 'eq', readonly: true },
    class_type_id: { type: 'int', label: '班型', ref: classTypeRef, readonly: true },
    lesson_date: { type: 'date', label: '上课日期', search: 'range', readonly: true, list: { sortable: true } },
    start_time: { type: 'string', label: '上课时间', max: 5, readonly: true },
    mark: { type: 'string', label: '考勤', max: 16, options: { kind: 'static', items: CHECK_IN_MARK_ITEMS }, search: 'in', readonly: true, list: { format: 'option' } },
    hours: { type: 'number', label: '消耗课时', readonly: true },
    device: { type: 'string', label: '设备', max: 64, readonly: true },
    checked_at: { type: 'datetime', label: '签到时间', readonly: true, list: { sortable: true } },
    state: { type: 'int', label: '有效', readonly: true, options: { kind: 'static', items: [{ value: 1, text: '有效' }, { value: 0, text: '已撤销' }] }, search: 'eq' },
    undo_group_id: { type: 'int', label: '撤销组', readonly: true },
  },
});

export const UNDO_GROUP_STATES: readonly OptionItem[] = [
  { value: 1, text: '待撤销' },
  { value: 2, text: '已撤销' },
  { value: 3, text: '已中止' },
];

/**
 * Undo groups (撤销考勤组; module name not shown in the spec, chosen: edu_undo_group): a named set
 * of check-ins to undo, executed by edu_class_schedule/multiple_undo_attendance with group_id,
 * or aborted by edu_undo_group/abort.
 */
export const undoGroupResource = defineResource({
  name: 'edu_undo_group',
  readBy: TEACHING_SCREENS,
  title: '撤销考勤组',
  table: 'edu_undo_group',
  scope: 'school',
  perm: 'edu_undo_group',
  fields: {
    name: { type: 'string', label: '名称', required: true, max: 64, search: 'like' },
    check_in_ids: { type: 'ids', label: '签到记录', required: true },
    reason: { type: 'string', label: '撤销原因', required: true, max: 255 },
    state: { type: 'int', label: '状态', readonly: true, default: 1, options: { kind: 'static', items: UNDO_GROUP_STATES }, search: 'eq', list: { format: 'option' } },
  },
});

/** Class transfers (转班). add moves the student: withdraws from one class and joins the other. */
export const classTransferResource = defineResource({
  name: 'ct_transfer',
  readBy: TEACHING_SCREENS,
  title: '转班记录',
  table: 'ct_transfer',
  scope: 'school',
  perm: 'ct_transfer',
  fields: {
    student_id: { type: 'int', label: '学员', required: true, ref: studentRef, search: 'eq' },
    from_class_id: { type: 'int', label: '原班级', required: true, ref: classRef, search: 'eq' },
    to_class_id: { type: 'int', label: '新班级', required: true, ref: classRef, search: 'eq' },
    transfer_date: { type: 'date', label: '转班日期', search: 'range', readonly: true },
    reason: { type: 'string', label: '转班原因', max: 255 },
  },
});

export const APPLY_TYPES: readonly OptionItem[] = [
  { value: 1, text: '调课' },
  { value: 2, text: '代课' },
];
export const APPLY_STATES: readonly OptionItem[] = [
  { value: 1, text: '待审批' },
  { value: 2, text: '已通过' },
  { value: 3, text: '已中止' },
];

/** A teacher's request to move or hand over a lesson (put creates or updates, abort withdraws). */
export const scheduleApplyResource = defineResource({
  name: 'plan_edu_class_schedule_apply',
  readBy: TEACHING_SCREENS,
  title: '调课申请',
  table: 'plan_edu_class_schedule_apply',
  scope: 'school',
  perm: 'plan_edu_class_schedule_apply',
  calls: { add: false, update: false, delete: false },
  fields: {
    schedule_id: { type: 'int', label: '课次', required: true, search: 'eq' },
    teacher_id: { type: 'int', label: '申请老师', ref: teacherRef, search: 'eq', readonly: true },
    apply_type: { type: 'int', label: '申请类型', required: true, options: { kind: 'static', items: APPLY_TYPES }, search: 'eq', list: { format: 'option' } },
    new_date: { type: 'date', label: '新日期' },
    new_start_time: { type: 'string', label: '新开始时间', max: 5, pattern: TIME_PATTERN },
    new_end_time: { type: 'string', label: '新结束时间', max: 5, pattern: TIME_PATTERN },
    new_teacher_id: { type: 'int', label: '代课老师', ref: teacherRef },
    reason: { type: 'string', label: '申请原因', required: true, max: 255 },
    state: { type: 'int', label: '状态', readonly: true, default: 1, options: { kind: 'static', items: APPLY_STATES }, search: 'eq', list: { format: 'option' } },
  },
});

export const COURSE_LEVELS: readonly OptionItem[] = [
  { value: 1, text: '阶段' },
  { value: 2, text: '单元' },
  { value: 3, text: '课次' },
];
export const REVIEW_STATES: readonly OptionItem[] = [
  { value: 0, text: '待审核' },
  { value: 1, text: '已通过' },
  { value: 2, text: '已驳回' },
];

/** A class's teaching plan: stages → units → lessons (tree by class, review, level delete). */
export const courseScheduleResource = defineResource({
  name: 'edu_course_schedule',
  readBy: TEACHING_SCREENS,
  title: '教学计划',
  table: 'edu_course_schedule',
  scope: 'school',
  perm: 'edu_course_schedule',
  calls: { tree: false },
  defaultSort: 'order_num',
  fields: {
    class_id: { type: 'int', label: '班级', required: true, ref: classRef, search: 'eq', index: true },
    parent_id: { type: 'int', label: '上级', default: 0, min: 0 },
    level: { type: 'int', label: '层级', required: true, options: { kind: 'static', items: COURSE_LEVELS }, search: 'eq', list: { format: 'option' } },
    name: { type: 'string', label: '名称', required: true, max: 128, search: 'like' },
    lesson_no: { type: 'int', label: '课次', min: 1 },
    content: { type: 'text', label: '教学内容', max: 20000 },
    order_num: { type: 'int', label: '排序', default: 0 },
    review_state: { type: 'int', label: '审核状态', readonly: true, default: 0, options: { kind: 'static', items: REVIEW_STATES }, search: 'eq', list: { format: 'option' } },
    review_remark: { type: 'string', label: '审核意见', max: 255, readonly: true },
  },
});

export const courseContentTemplateResource = defineResource({
  name: 'tch_course_content_tmpl',
  readBy: TEACHING_SCREENS,
  title: '课程内容模板',
  table: 'tch_course_content_tmpl',
  scope: 'global',
  perm: 'tch_course_content_tmpl',
  defaultSort: 'lesson_no',
  fields: {
    class_type_id: { type: 'int', label: '班型', required: true, ref: classTypeRef, search: 'eq', index: true },
    lesson_no: { type: 'int', label: '课次', required: true, min: 1, list: { sortable: true } },
    title: { type: 'string', label: '标题', required: true, max: 128, search: 'like' },
    content: { type: 'text', label: '内容', max: 20000 },
  },
});

export const CLASSES_RESOURCES = [
  classResource,
  classTeacherResource,
  enrolmentResource,
  hourBalanceResource,
  timeRangeResource,
  scheduleResource,
  scheduleStudentResource,
  teacherLeaveResource,
  studentLeaveResource,
  checkInResource,
  undoGroupResource,
  classTransferResource,
  scheduleApplyResource,
  courseScheduleResource,
  courseContentTemplateResource,
] as const;
