import { defineResource, type OptionItem } from '../resource';
import { classField, classTypeRef, dateField, monthField, remarkField, scoreField, staffField, staticOptions, studentField, textField } from './teaching-shared';

/**
 * The teaching area's records (spec doc 001 "Teachers and teaching", calls.tsv area `teaching`):
 * the foreign teachers' records (teacher_cam 外教考勤, teacher_fas 外教月度考核, teacher_ft 外教档案,
 * teacher_oa 听课评估), class results (tch_stu_class_pm), the teaching schedule (tch_si 教学进度),
 * study-report templates (edu_report_template), campus business plans and the rules generating
 * their daily reports (cmp_plan, cmp_gen_rule), and complaint work orders
 * (crm_complaints_repair_order). The spec names the calls only (implied add/update/delete/page);
 * the fields are defined here, the way a training school's staff keep these records
 * (docs/teaching.md). Each is a list screen of its own, read by the menus of TEACHING_RECORD_SCREENS.
 */

/** Menu codes of the record screens (src/contract/menus/teaching.ts): each is its declaration's name. */
export const TEACHING_RECORD_SCREENS = {
  cam: 'teacher_cam',
  fas: 'teacher_fas',
  ft: 'teacher_ft',
  oa: 'teacher_oa',
  classPm: 'tch_stu_class_pm',
  si: 'tch_si',
  reportTemplate: 'edu_report_template',
  cmpPlan: 'cmp_plan',
  cmpGenRule: 'cmp_gen_rule',
  complaint: 'crm_complaints_repair_order',
  /** 学员成绩 (teaching/student_results): its 班级成绩 and 成绩统计 tabs read tch_stu_class_pm */
  studentResults: 'teaching_student_results',
} as const;
const S = TEACHING_RECORD_SCREENS;

export const CAM_STATES: readonly OptionItem[] = [
  { value: 1, text: '出勤' },
  { value: 2, text: '迟到' },
  { value: 3, text: '早退' },
  { value: 4, text: '缺勤' },
  { value: 5, text: '请假' },
];

/** 外教考勤 (CAM): a foreign teacher's day at a campus: hours taught and attendance. */
export const teacherCamResource = defineResource({
  name: 'teacher_cam',
  readBy: [S.cam, S.ft],
  title: '外教考勤',
  table: 'teacher_cam',
  scope: 'school',
  perm: 'teacher_cam',
  defaultSort: 'work_date desc',
  indexes: [['school_id', 'work_date']],
  fields: {
    teacher_id: staffField('外教'),
    work_date: dateField('考勤日期'),
    state: { type: 'int', label: '考勤状态', required: true, default: 1, options: staticOptions(CAM_STATES), search: 'eq', list: { format: 'option', width: 90 } },
    // hundredths of an hour (DESIGN §7): 150 = 1.5 课时
    lesson_hours: { type: 'int', label: '授课课时(0.01)', required: true, min: 0, max: 2400, default: 0, list: { width: 110 } },
    sign_in_time: { type: 'string', label: '签到时间', max: 5, input: 'time', pattern: { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '时间格式应为 HH:mm' }, list: { width: 90 } },
    sign_out_time: { type: 'string', label: '签退时间', max: 5, input: 'time', pattern: { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '时间格式应为 HH:mm' }, list: { width: 90 } },
    remark: remarkField,
  },
});

export const FAS_LEVELS: readonly OptionItem[] = [
  { value: 1, text: '优秀' },
  { value: 2, text: '良好' },
  { value: 3, text: '合格' },
  { value: 4, text: '待改进' },
];

/** 外教月度考核 (FAS & FAM): a foreign teacher's assessment of a month, by item, with the level reached. */
export const teacherFasResource = defineResource({
  name: 'teacher_fas',
  readBy: [S.fas, S.ft],
  title: '外教月度考核',
  table: 'teacher_fas',
  scope: 'school',
  perm: 'teacher_fas',
  defaultSort: 'assess_month desc',
  fields: {
    teacher_id: staffField('外教'),
    assess_month: { ...monthField, label: '考核月份' },
    teaching_score: scoreField('教学质量', 40, true),
    attendance_score: scoreField('出勤纪律', 20, true),
    feedback_score: scoreField('家长反馈', 20, true),
    cooperation_score: scoreField('团队协作', 20, true),
    total_score: { type: 'int', label: '总分', readonly: true, list: { width: 70 } },
    level: { type: 'int', label: '考核等级', required: true, default: 3, options: staticOptions(FAS_LEVELS), search: 'eq', list: { format: 'option', width: 90 } },
    assessor_id: staffField('考核人', false),
    comment: { type: 'string', label: '考核意见', max: 500, list: { width: 220 } },
  },
});

export const FT_TYPES: readonly OptionItem[] = [
  { value: 1, text: '外教(FT)' },
  { value: 2, text: '资深外教(SFT)' },
];
export const FT_STATES: readonly OptionItem[] = [
  { value: 1, text: '在职' },
  { value: 2, text: '试用' },
  { value: 3, text: '离职' },
];

/** 外教档案 (FT & SFT): a foreign teacher's contract, visa and level at a campus. */
export const teacherFtResource = defineResource({
  name: 'teacher_ft',
  readBy: [S.ft, S.cam, S.fas, S.oa],
  title: '外教档案',
  table: 'teacher_ft',
  scope: 'school',
  perm: 'teacher_ft',
  defaultSort: 'id desc',
  fields: {
    teacher_id: staffField('外教'),
    english_name: { type: 'string', label: '英文名', required: true, max: 64, search: 'like', list: { width: 120 } },
    nationality: { type: 'string', label: '国籍', required: true, max: 32, search: 'eq', list: { width: 90 } },
    ft_type: { type: 'int', label: '外教类型', required: true, default: 1, options: staticOptions(FT_TYPES), search: 'eq', list: { format: 'option', width: 120 } },
    contract_start: dateField('合同开始'),
    contract_end: { ...dateField('合同结束'), search: undefined },
    visa_expiry: { ...dateField('签证到期', false), search: undefined },
    state: { type: 'int', label: '状态', required: true, default: 1, options: staticOptions(FT_STATES), search: 'eq', list: { format: 'option', width: 80 } },
    remark: remarkField,
  },
});

/** 听课评估 (lesson observation): an observer's marks for a lesson of a class. */
export const teacherOaResource = defineResource({
  name: 'teacher_oa',
  readBy: [S.oa],
  title: '听课评估',
  table: 'teacher_oa',
  scope: 'school',
  perm: 'teacher_oa',
  defaultSort: 'observe_date desc',
  fields: {
    teacher_id: staffField('授课老师'),
    observer_id: staffField('听课人'),
    class_id: classField(),
    observe_date: dateField('听课日期'),
    preparation_score: scoreField('备课', 25, true),
    delivery_score: scoreField('授课', 25, true),
    interaction_score: scoreField('课堂互动', 25, true),
    management_score: scoreField('课堂管理', 25, true),
    total_score: { type: 'int', label: '总分', readonly: true, list: { width: 70 } },
    comment: { type: 'string', label: '评价', max: 500, list: { width: 220 } },
  },
});

/** 班级成绩 (class PM): a student's mark in a class's test; read by 学员成绩 (班级成绩, 成绩统计). */
export const classPmResource = defineResource({
  name: 'tch_stu_class_pm',
  readBy: [S.classPm, S.studentResults],
  title: '班级成绩',
  table: 'tch_stu_class_pm',
  scope: 'school',
  perm: 'tch_stu_class_pm',
  defaultSort: 'exam_date desc',
  indexes: [['school_id', 'class_id', 'exam_name']],
  fields: {
    student_id: studentField,
    class_id: classField(),
    exam_name: { type: 'string', label: '考试名称', required: true, max: 64, search: 'like', list: { width: 150 } },
    exam_date: dateField('考试日期'),
    score: { type: 'int', label: '成绩', required: true, min: 0, max: 1000, list: { width: 70 } },
    full_score: { type: 'int', label: '满分', required: true, min: 1, max: 1000, default: 100, list: { width: 70 } },
    remark: remarkField,
  },
});

/** 教学进度 (teaching schedule items): what a class covers in a week of its term. */
export const teachingScheduleResource = defineResource({
  name: 'tch_si',
  readBy: [S.si],
  title: '教学进度',
  table: 'tch_si',
  scope: 'school',
  perm: 'tch_si',
  defaultSort: 'week_no',
  fields: {
    class_id: classField(),
    week_no: { type: 'int', label: '周次', required: true, min: 1, max: 60, list: { width: 70, sortable: true } },
    unit_title: { type: 'string', label: '单元', required: true, max: 64, search: 'like', list: { width: 160 } },
    teaching_goal: textField('教学目标', true, 1000),
    teacher_id: staffField('授课老师', false),
    done: { type: 'bool', label: '已完成', default: 0, search: 'eq', list: { format: 'bool', width: 80 } },
    remark: remarkField,
  },
});

/** 学习报告模板: the text of a study report sent to parents, with {学员}-style placeholders. */
export const reportTemplateResource = defineResource({
  name: 'edu_report_template',
  readBy: [S.reportTemplate],
  title: '学习报告模板',
  table: 'edu_report_template',
  scope: 'global',
  perm: 'edu_report_template',
  defaultSort: 'id desc',
  fields: {
    name: { type: 'string', label: '模板名称', required: true, max: 64, unique: true, search: 'like', list: { width: 180 } },
    class_type_id: { type: 'int', label: '适用班型', min: 1, search: 'eq', ref: classTypeRef, list: { width: 140 } },
    content: { ...textField('模板内容', true, 5000), placeholder: '可使用 {学员}、{班级}、{老师}、{月份} 等占位符' },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
  },
});

/** 校区经营计划 (cmp plan): a campus's monthly targets for revenue, new students and renewals. */
export const cmpPlanResource = defineResource({
  name: 'cmp_plan',
  readBy: [S.cmpPlan],
  title: '校区经营计划',
  table: 'cmp_plan',
  scope: 'school',
  perm: 'cmp_plan',
  defaultSort: 'plan_month desc',
  fields: {
    plan_month: { ...monthField, label: '计划月份' },
    target_revenue: { type: 'money', label: '目标营收', required: true, min: 0, list: { width: 120 } },
    target_new_students: scoreField('目标新生数', 100000, true),
    target_renewals: scoreField('目标续费人数', 100000, true),
    target_attendance_rate: { type: 'int', label: '目标出勤率(%)', required: true, min: 0, max: 100, default: 90, list: { width: 110 } },
    remark: remarkField,
  },
});

export const CMP_REPORT_KINDS: readonly OptionItem[] = [
  { value: 1, text: '城市日报' },
  { value: 2, text: '校区日报' },
  { value: 3, text: '学管日报' },
];

/** 日报生成规则 (cmp generation rules): which daily report is generated at what time, from which plan figures. */
export const cmpGenRuleResource = defineResource({
  name: 'cmp_gen_rule',
  readBy: [S.cmpGenRule],
  title: '日报生成规则',
  table: 'cmp_gen_rule',
  scope: 'global',
  perm: 'cmp_gen_rule',
  defaultSort: 'id',
  fields: {
    name: { type: 'string', label: '规则名称', required: true, max: 64, unique: true, search: 'like', list: { width: 180 } },
    report_kind: { type: 'int', label: '日报类型', required: true, options: staticOptions(CMP_REPORT_KINDS), search: 'eq', list: { format: 'option', width: 100 } },
    generate_time: { type: 'string', label: '生成时间', required: true, max: 5, input: 'time', pattern: { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '时间格式应为 HH:mm' }, list: { width: 90 } },
    include_weekend: { type: 'bool', label: '周末生成', default: 0, list: { format: 'bool', width: 90 } },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    remark: remarkField,
  },
});

export const COMPLAINT_TYPES: readonly OptionItem[] = [
  { value: 1, text: '教学质量' },
  { value: 2, text: '服务态度' },
  { value: 3, text: '课程安排' },
  { value: 4, text: '收费退费' },
  { value: 5, text: '环境设施' },
  { value: 9, text: '其他' },
];
export const COMPLAINT_STATES: readonly OptionItem[] = [
  { value: 1, text: '待处理' },
  { value: 2, text: '处理中' },
  { value: 3, text: '已解决' },
  { value: 4, text: '已关闭' },
];

/** 客诉工单 (complaint repair order): a complaint about a student's service, who handles it and how it ended. */
export const complaintOrderResource = defineResource({
  name: 'crm_complaints_repair_order',
  readBy: [S.complaint],
  title: '客诉工单',
  table: 'crm_complaints_repair_order',
  scope: 'school',
  perm: 'crm_complaints_repair_order',
  defaultSort: 'complaint_date desc',
  indexes: [['school_id', 'state', 'complaint_date']],
  fields: {
    student_id: studentField,
    complaint_type: { type: 'int', label: '投诉类型', required: true, options: staticOptions(COMPLAINT_TYPES), search: 'eq', list: { format: 'option', width: 100 } },
    complaint_date: dateField('投诉日期'),
    content: textField('投诉内容', true, 1000),
    handler_id: staffField('处理人', false),
    state: { type: 'int', label: '处理状态', required: true, default: 1, options: staticOptions(COMPLAINT_STATES), search: 'eq', list: { format: 'option', width: 90 } },
    result: { type: 'string', label: '处理结果', max: 500, list: { width: 220 } },
  },
});

/** The declarations of this file, for the area's list (resources/index.ts). */
export const TEACHING_RECORD_RESOURCES = [
  teacherCamResource,
  teacherFasResource,
  teacherFtResource,
  teacherOaResource,
  classPmResource,
  teachingScheduleResource,
  reportTemplateResource,
  cmpPlanResource,
  cmpGenRuleResource,
  complaintOrderResource,
] as const;
