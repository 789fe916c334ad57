import { defineResource, type OptionItem } from '../resource';
import { STUDENT_SCREENS } from '../students';
import { studentImportResource } from './students-import';

/**
 * The students area (spec doc 001 §7 "Students"): the student, parents, and the records hanging
 * on a student (points, freezes, stop-class applies, scores, textbooks, attract-traffic records).
 * Special calls (search, points, freeze, get_by_phone, …) are in src/contract/students.ts; the
 * server side in server/modules/students. `student/page` is a large search: POST form-encoded.
 */

/**
 * Student states. 1-4 are the values the first minimal declaration stored (classes and enrolment
 * read 1 as 在读); 5-8 complete the life cycle. Which change is allowed is STATE_TRANSITIONS in
 * src/contract/students.ts; 冻结 and 停课 are only reached through an approved apply.
 */
export const STUDENT_STATES = [
  { value: 5, text: '潜在' },
  { value: 6, text: '试听' },
  { value: 1, text: '在读' },
  { value: 7, text: '冻结' },
  { value: 2, text: '停课' },
  { value: 3, text: '结课' },
  { value: 4, text: '退费' },
  { value: 8, text: '流失' },
] as const;

export const GENDERS = [
  { value: 1, text: '男' },
  { value: 2, text: '女' },
] as const;

export const GRADES: readonly OptionItem[] = [
  '托班', '幼儿园小班', '幼儿园中班', '幼儿园大班', '一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '初一', '初二', '初三', '高一', '高二', '高三',
].map((text, i) => ({ value: i + 1, text }));

export const STUDENT_SOURCES: readonly OptionItem[] = [
  { value: 1, text: '地推' },
  { value: 2, text: '转介绍' },
  { value: 3, text: '网络推广' },
  { value: 4, text: '自然到访' },
  { value: 5, text: '电话邀约' },
  { value: 6, text: '活动引流' },
  { value: 7, text: 'AI外呼' },
  { value: 9, text: '其他' },
];

export const PARENT_RELATIONS: readonly OptionItem[] = [
  { value: 1, text: '父亲' },
  { value: 2, text: '母亲' },
  { value: 3, text: '爷爷' },
  { value: 4, text: '奶奶' },
  { value: 5, text: '外公' },
  { value: 6, text: '外婆' },
  { value: 7, text: '其他' },
];

/** Applies that need an approval (freeze, freeze-off, stop class). */
export const APPLY_STATES: readonly OptionItem[] = [
  { value: 1, text: '待审核' },
  { value: 2, text: '已通过' },
  { value: 3, text: '已拒绝' },
  { value: 4, text: '已撤回' },
];

/** A freeze's own life: approved freezes are 生效中 until ended early (已解冻) or rolled back. */
export const FREEZE_STATES: readonly OptionItem[] = [
  { value: 1, text: '待审核' },
  { value: 2, text: '已冻结' },
  { value: 3, text: '已拒绝' },
  { value: 4, text: '已撤回' },
  { value: 5, text: '已解冻' },
];

const PHONE = { re: '^1\\d{10}$', msg: '手机号应为11位数字，以1开头' } as const;
const staffRef = { resource: 'sys_user', label: ['name'] } as const;
// The student is soft-deleted and recoverable: its own records (parents, points, scores …) stay
// with it and do not block the delete; enrolments of the classes area still do.
const studentRef = { resource: 'student', label: ['name'], onDelete: 'allow' } as const;
const classTypeRef = { resource: 'prod_class_type', label: ['name'] } as const;

export const studentResource = defineResource({
  name: 'student',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '学员',
  table: 'student',
  scope: 'school',
  softDelete: true,
  perm: 'student',
  pageMethod: 'POST_FORM',
  // A campus's students by state, newest first: the list screen's usual search.
  listIndex: ['school_id', 'del_flag', 'state', 'created_at'],
  indexes: [['school_id', 'del_flag', 'seller_id'], ['school_id', 'del_flag', 'created_by']],
  // Direct changes among the open states; 冻结 and 停课 come only from an approved apply, and the
  // server checks each change against STATE_TRANSITIONS (src/contract/students.ts).
  actions: [
    {
      name: 'change_state',
      label: '变更状态',
      column: 'state',
      ui: 'none',
    },
    {
      name: 'onoff_exempt',
      label: '免考勤',
      column: 'is_exempt',
      buttons: [
        { value: 1, label: '设为免考勤', color: 'orange', confirm: '确定将选中的学员设为免考勤吗？免考勤学员缺勤不计入考勤异常' },
        { value: 0, label: '取消免考勤' },
      ],
    },
  ],
  fields: {
    name: { type: 'string', label: '学员姓名', required: true, max: 64, search: 'like', grams: true, index: true, list: { width: 100, fixed: 'left' } },
    gender: { type: 'int', label: '性别', options: { kind: 'static', items: GENDERS }, list: { format: 'option', width: 70 } },
    birthday: { type: 'date', label: '出生日期', search: 'range', list: { format: 'date', width: 110 } },
    grade: { type: 'int', label: '年级', options: { kind: 'static', items: GRADES }, search: 'eq', list: { format: 'option', width: 100 } },
    phone: { type: 'string', label: '学员电话', max: 11, pattern: PHONE, mask: 'phone', search: 'like', index: true, list: { width: 120, show: false } },
    id_card: {
      type: 'string',
      label: '身份证号',
      max: 18,
      pattern: { re: '^\\d{17}[\\dXx]$', msg: '身份证号应为18位，最后一位可为数字或X' },
      mask: 'id_card',
      index: true,
      list: { width: 170, show: false },
    },
    parent_name: { type: 'string', label: '家长姓名', max: 64, search: 'like', list: { width: 100 } },
    parent_relation: { type: 'int', label: '家长关系', options: { kind: 'static', items: PARENT_RELATIONS }, list: { format: 'option', width: 80, show: false } },
    parent_phone: {
      type: 'string',
      label: '家长电话',
      max: 11,
      pattern: { re: '^1\\d{10}$', msg: '家长电话应为11位手机号' },
      mask: 'phone',
      search: 'like',
      index: true,
      list: { width: 120 },
    },
    source: { type: 'int', label: '来源', options: { kind: 'static', items: STUDENT_SOURCES }, search: 'eq', list: { format: 'option', width: 90 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: STUDENT_STATES }, search: 'in', list: { format: 'option', width: 80 } },
    seller_id: { type: 'int', label: '课程顾问', search: 'eq', ref: staffRef, list: { width: 90 } },
    tmk_id: { type: 'int', label: '电销', search: 'eq', ref: staffRef, list: { width: 90, show: false } },
    teacher_id: { type: 'int', label: '班主任', search: 'eq', ref: staffRef, list: { width: 90 } },
    pusher_id: { type: 'int', label: '推荐人', ref: studentRef, list: { width: 90, show: false } },
    attend_school: { type: 'string', label: '就读学校', max: 64, list: { show: false } },
    valid_until: { type: 'date', label: '课程有效期至', search: 'range', list: { format: 'date', width: 110, show: false } },
    is_exempt: { type: 'bool', label: '免考勤', default: 0, search: 'eq', form: false, list: { format: 'bool', width: 80, show: false } },
    integral: { type: 'int', label: '积分', default: 0, readonly: true, list: { sortable: true, width: 70 } },
    freeze_start: { type: 'date', label: '冻结开始', readonly: true, list: { format: 'date', width: 110, show: false } },
    freeze_end: { type: 'date', label: '冻结结束', readonly: true, list: { format: 'date', width: 110, show: false } },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
});

/**
 * A parent (家长). One person with several children is ONE record, linked to each child in
 * stu_parent_student (migration 0310) with whether they are that child's primary contact. The
 * `student_id` of a write names the child the parent is added to or edited with; the page filters
 * by it through the links and answers `children` (names) per parent.
 */
export const parentResource = defineResource({
  name: 'stu_parent',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '家长',
  table: 'stu_parent',
  scope: 'school',
  softDelete: true,
  perm: 'stu_parent',
  indexes: [['school_id', 'phone']],
  fields: {
    name: { type: 'string', label: '家长姓名', required: true, max: 64, search: 'like', list: { width: 100 } },
    relation: { type: 'int', label: '关系', required: true, options: { kind: 'static', items: PARENT_RELATIONS }, list: { format: 'option', width: 80 } },
    phone: { type: 'string', label: '手机号', required: true, max: 11, pattern: PHONE, mask: 'phone', search: 'like', index: true, list: { width: 120 } },
    student_id: { type: 'int', label: '学员', required: true, ref: studentRef, list: false },
    is_primary: { type: 'bool', label: '主联系人', default: 0, list: { format: 'bool', width: 90 } },
    occupation: { type: 'string', label: '职业', max: 64 },
    wechat: { type: 'string', label: '微信号', max: 64, list: { show: false } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/**
 * What posted a points ledger row. 增加/扣减积分 (add_integral / reduce_integral) may be reversed by
 * 冲正 (crm_points/reverse); a gift exchange's rows are undone through the exchange order only.
 */
export const POINTS_KINDS: readonly OptionItem[] = [
  { value: 'grant', text: '增加积分' },
  { value: 'deduct', text: '扣减积分' },
  { value: 'exchange', text: '礼品兑换' },
  { value: 'exchange_return', text: '兑换退回' },
  { value: 'reversal', text: '冲正' },
];

/** Kinds of rows a 冲正 may reverse (each once). */
export const REVERSIBLE_POINTS_KINDS: readonly string[] = ['grant', 'deduct'];

/**
 * The points ledger (积分流水): appended by add_integral / reduce_integral (and the gift exchange),
 * never edited; a mistake is corrected by the reversing row of 冲正, which names the row it reverses.
 */
export const integralLogResource = defineResource({
  name: 'student_integral_log',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …);
  // 客户关系 › 积分记录 (crm_points_record) lists the whole ledger, 积分管理 and 客户列表 one customer's
  readBy: [...STUDENT_SCREENS, 'crm_points_record', 'crm_points', 'crm_customers'],
  title: '积分流水',
  table: 'student_integral_log',
  scope: 'school',
  perm: 'student_integral_log',
  calls: { add: false, update: false, delete: false },
  indexes: [['student_id', 'id']],
  fields: {
    student_id: { type: 'int', label: '学员', required: true, search: 'eq', ref: studentRef, list: { width: 100 } },
    points: { type: 'int', label: '积分变动', required: true, list: { width: 90 } },
    balance_after: { type: 'int', label: '变动后余额', required: true, list: { width: 100 } },
    reason: { type: 'string', label: '原因', required: true, max: 255, list: { width: 200 } },
    operator_name: { type: 'string', label: '操作人', max: 64, list: { width: 90 } },
    // rows from before the kinds were recorded have none (and are not reversed by 冲正)
    biz_type: { type: 'string', label: '类型', max: 32, options: { kind: 'static', items: POINTS_KINDS }, search: 'eq', list: { format: 'option', width: 90 } },
    // a 冲正 row: the row it reverses (unique: a row is reversed once)
    reverses_id: { type: 'int', label: '冲正的流水', unique: true, list: { show: false, width: 90 } },
  },
});

/** A freeze (冻结): applied, checked, rolled back or ended early (freeze-off). */
export const freezeResource = defineResource({
  name: 'student_freeze',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '冻结记录',
  table: 'student_freeze',
  scope: 'school',
  perm: 'student_freeze',
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  indexes: [['student_id', 'state']],
  fields: {
    student_id: { type: 'int', label: '学员', required: true, search: 'eq', ref: studentRef, list: { width: 100, fixed: 'left' } },
    start_date: { type: 'date', label: '冻结开始', required: true, search: 'range', list: { format: 'date', width: 110 } },
    end_date: { type: 'date', label: '冻结结束', required: true, list: { format: 'date', width: 110 } },
    days: { type: 'int', label: '冻结天数', required: true, list: { width: 90 } },
    reason: { type: 'string', label: '冻结原因', required: true, max: 255, list: { width: 180 } },
    state: { type: 'int', label: '状态', required: true, options: { kind: 'static', items: FREEZE_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    check_remark: { type: 'string', label: '审核意见', max: 255, list: { width: 150 } },
    checked_by: { type: 'int', label: '审核人', ref: staffRef, list: { width: 90 } },
    checked_at: { type: 'datetime', label: '审核时间', list: { format: 'datetime', width: 160 } },
    wf_instance_id: { type: 'int', label: '审批单', list: false },
  },
});

/** An apply to end a freeze early (解冻申请), approved by its declared `check` action. */
export const freezeOffResource = defineResource({
  name: 'student_freeze_off_apply',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '解冻申请',
  table: 'student_freeze_off_apply',
  scope: 'school',
  perm: 'student_freeze_off_apply',
  actions: [
    {
      name: 'check',
      label: '审核',
      column: 'state',
      buttons: [
        { value: 2, label: '通过', color: 'green', confirm: '确定通过选中的解冻申请吗？学员将从解冻日期起恢复在读' },
        { value: 3, label: '拒绝', color: 'red' },
      ],
    },
  ],
  fields: {
    freeze_id: { type: 'int', label: '冻结记录', required: true, min: 1, search: 'eq', list: false, form: false },
    student_id: { type: 'int', label: '学员', required: true, search: 'eq', ref: studentRef, list: { width: 100 } },
    off_date: { type: 'date', label: '解冻日期', required: true, list: { format: 'date', width: 110 } },
    reason: { type: 'string', label: '申请原因', required: true, max: 255, list: { width: 180 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: APPLY_STATES }, search: 'eq', form: false, list: { format: 'option', width: 80 } },
  },
});

/**
 * A stop-class apply (停课): the student stops from `start_date` for `days`, approved by `check`.
 * The spec's calls: add, delete, `stus` (the list) and the stopped days of a student
 * (`student_stop_apply/stopped_days`, src/contract/students.ts).
 */
export const stopApplyResource = defineResource({
  name: 'student_stop_apply',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '停课申请',
  table: 'student_stop_apply',
  scope: 'school',
  perm: 'student_stop_apply',
  calls: { page: 'student_stop_apply/stus', update: false },
  actions: [
    {
      name: 'check',
      label: '审核',
      column: 'state',
      buttons: [
        { value: 2, label: '通过', color: 'green', confirm: '确定通过选中的停课申请吗？学员状态将变为停课' },
        { value: 3, label: '拒绝', color: 'red' },
      ],
    },
  ],
  fields: {
    student_id: { type: 'int', label: '学员', required: true, search: 'eq', ref: studentRef, list: { width: 100 } },
    start_date: { type: 'date', label: '停课开始', required: true, list: { format: 'date', width: 110 } },
    days: { type: 'int', label: '停课天数', required: true, min: 1, max: 366, list: { width: 90 } },
    reason: { type: 'string', label: '停课原因', required: true, max: 255, list: { width: 180 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: APPLY_STATES }, search: 'eq', form: false, list: { format: 'option', width: 80 } },
    wf_instance_id: { type: 'int', label: '审批单', list: false, form: false },
  },
});

const stuField = { type: 'int', label: '学员', required: true, search: 'eq', ref: studentRef, list: { width: 100, fixed: 'left' } } as const;

export const attractTrafficResource = defineResource({
  name: 'student_attract_traffic',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '引流记录',
  table: 'student_attract_traffic',
  scope: 'school',
  perm: 'student_attract_traffic',
  fields: {
    student_id: stuField,
    channel: { type: 'int', label: '引流渠道', required: true, options: { kind: 'static', items: STUDENT_SOURCES }, search: 'eq', list: { format: 'option', width: 100 } },
    activity: { type: 'string', label: '活动名称', max: 64, search: 'like', list: { width: 150 } },
    attract_date: { type: 'date', label: '引流日期', required: true, search: 'range', list: { format: 'date', width: 110 } },
    pusher_id: { type: 'int', label: '推荐人', ref: studentRef, list: { width: 90 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const textbookResource = defineResource({
  name: 'stu_class_type_textbook',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '学员教材',
  table: 'stu_class_type_textbook',
  scope: 'school',
  perm: 'stu_class_type_textbook',
  fields: {
    student_id: stuField,
    class_type_id: { type: 'int', label: '班型', required: true, search: 'eq', ref: classTypeRef, list: { width: 120 } },
    textbook_name: { type: 'string', label: '教材名称', required: true, max: 64, search: 'like', list: { width: 150 } },
    quantity: { type: 'int', label: '数量', default: 1, min: 1, max: 100, list: { width: 70 } },
    issued: { type: 'bool', label: '已发放', default: 0, search: 'eq', list: { format: 'bool', width: 80 } },
    issue_date: { type: 'date', label: '发放日期', list: { format: 'date', width: 110 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 认证积分 (rz): points a student earns for a certificate or contest, with its level. */
export const rzIntegralResource = defineResource({
  name: 'student_rz_integral',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '认证积分',
  table: 'student_rz_integral',
  scope: 'school',
  perm: 'student_rz_integral',
  fields: {
    student_id: stuField,
    item: { type: 'string', label: '认证项目', required: true, max: 64, search: 'like', list: { width: 160 } },
    level: { type: 'string', label: '等级', max: 32, list: { width: 80 } },
    points: { type: 'int', label: '积分', required: true, min: 0, max: 100000, list: { width: 70 } },
    award_date: { type: 'date', label: '获得日期', required: true, search: 'range', list: { format: 'date', width: 110 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 知识点分析 (kw_jfx): the score rate of one knowledge point in one test. */
export const kwAnalysisResource = defineResource({
  name: 'student_kw_jfx',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '知识点分析',
  table: 'student_kw_jfx',
  scope: 'school',
  perm: 'student_kw_jfx',
  fields: {
    student_id: stuField,
    class_type_id: { type: 'int', label: '班型', ref: classTypeRef, list: { width: 120 } },
    knowledge_point: { type: 'string', label: '知识点', required: true, max: 64, search: 'like', list: { width: 150 } },
    score_rate: { type: 'int', label: '得分率(%)', required: true, min: 0, max: 100, list: { width: 90 } },
    test_date: { type: 'date', label: '测试日期', required: true, list: { format: 'date', width: 110 } },
    analysis: { type: 'string', label: '分析', max: 255, list: { width: 200 } },
  },
});

export const scoreResource = defineResource({
  name: 'student_score',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '学员成绩',
  table: 'student_score',
  scope: 'school',
  perm: 'student_score',
  defaultSort: 'exam_date desc',
  fields: {
    student_id: stuField,
    exam_name: { type: 'string', label: '考试名称', required: true, max: 64, search: 'like', list: { width: 150 } },
    class_type_id: { type: 'int', label: '班型', ref: classTypeRef, list: { width: 120 } },
    exam_date: { type: 'date', label: '考试日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    score: { type: 'number', label: '成绩', required: true, min: 0, max: 1000, list: { width: 70, format: 'round' } },
    full_score: { type: 'number', label: '满分', required: true, min: 1, max: 1000, default: 100, list: { width: 70, format: 'round' } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** A teacher's assessment of a student (教师评分): four skills and a comment. */
export const teacherScoreResource = defineResource({
  name: 'tch_stu_score',
  // every students screen opens the student hub (profile, parents, points, freezes, scores …)
  readBy: STUDENT_SCREENS,
  title: '教师评分',
  table: 'tch_stu_score',
  scope: 'school',
  perm: 'tch_stu_score',
  defaultSort: 'score_date desc',
  fields: {
    student_id: stuField,
    teacher_id: { type: 'int', label: '评分老师', required: true, search: 'eq', ref: staffRef, list: { width: 90 } },
    score_date: { type: 'date', label: '评分日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    listening: { type: 'int', label: '听', min: 0, max: 100, list: { width: 60 } },
    speaking: { type: 'int', label: '说', min: 0, max: 100, list: { width: 60 } },
    reading: { type: 'int', label: '读', min: 0, max: 100, list: { width: 60 } },
    writing: { type: 'int', label: '写', min: 0, max: 100, list: { width: 60 } },
    comment: { type: 'string', label: '评语', max: 255, list: { width: 200 } },
  },
});

export const STUDENT_RESOURCES = [
  studentResource,
  parentResource,
  integralLogResource,
  freezeResource,
  freezeOffResource,
  stopApplyResource,
  attractTrafficResource,
  textbookResource,
  rzIntegralResource,
  kwAnalysisResource,
  scoreResource,
  teacherScoreResource,
  studentImportResource,
] as const;
