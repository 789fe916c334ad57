import { defineResource, type FieldDef, type OptionItem } from '../resource';
import { classField, classTypeRef, dateField, monthField, remarkField, scoreField, staffField, staffRef, staticOptions, studentField, textField } from './teaching-shared';

/**
 * The declarations behind the teaching screens of the inventory (spec screens.tsv area
 * `teaching`): 课堂反馈 and its tabs (class content, feedback, memoir, assignment, review, parent
 * rating, teacher homework list, teacher correcting homework), 月度数据 with its leads detail,
 * 学员成绩 tabs (beyond, coumap, om; class pm and statistical read tch_stu_class_pm), 周数据报告,
 * 外教学员评分 (FT studying student score). The spec names the screens only; their fields are
 * defined here (docs/teaching.md).
 */

/** Menu codes of the teaching screens (src/contract/menus/teaching.ts). */
export const TEACHING_SCREENS_MENU = {
  classroomFeedback: 'teaching_classroom_feedback',
  monthData: 'teaching_month_data',
  studentResults: 'teaching_student_results',
  weekData: 'teaching_week_data_report',
  ftScore: 'teaching_ft_studying_student_score',
} as const;
const M = TEACHING_SCREENS_MENU;

/**
 * A note a teacher writes for one lesson of a class (课堂内容, 课堂反馈, 课堂回忆录, 课后作业): the
 * class, the lesson's date, the teacher and the text. One shape, four declarations.
 */
function lessonNote<const N extends string>(name: N, title: string, textLabel: string) {
  return defineResource({
    name,
    readBy: [M.classroomFeedback],
    title,
    table: name,
    scope: 'school',
    perm: name,
    defaultSort: 'lesson_date desc',
    indexes: [['school_id', 'lesson_date']],
    fields: {
      class_id: classField(),
      lesson_date: dateField('上课日期'),
      teacher_id: staffField('授课老师'),
      content: textField(textLabel),
      remark: remarkField,
    },
  });
}

export const classContentResource = lessonNote('tch_class_content', '课堂内容', '课堂内容');
export const classFeedbackResource = lessonNote('tch_class_feedback', '课堂反馈', '反馈内容');
export const classMemoirResource = lessonNote('tch_class_memoir', '课堂回忆录', '回忆录');
export const classAssignmentResource = lessonNote('tch_class_assignment', '课后作业', '作业内容');

const stars = (label: string) => ({ type: 'int', label, required: true, min: 1, max: 5, default: 5, search: 'eq', list: { width: 80 } }) satisfies FieldDef;

/** 课堂点评: the teacher's review of one student in a lesson. */
export const classReviewResource = defineResource({
  name: 'tch_class_review',
  readBy: [M.classroomFeedback],
  title: '课堂点评',
  table: 'tch_class_review',
  scope: 'school',
  perm: 'tch_class_review',
  defaultSort: 'lesson_date desc',
  fields: {
    student_id: studentField,
    class_id: classField(),
    lesson_date: dateField('上课日期'),
    teacher_id: staffField('点评老师'),
    stars: stars('课堂表现(星)'),
    comment: { type: 'string', label: '点评', required: true, max: 500, list: { width: 260 } },
  },
});

/** 家长评分: a parent's rating of a lesson and its teacher. */
export const parentRatingResource = defineResource({
  name: 'tch_parent_rating',
  readBy: [M.classroomFeedback],
  title: '家长评分',
  table: 'tch_parent_rating',
  scope: 'school',
  perm: 'tch_parent_rating',
  defaultSort: 'rating_date desc',
  fields: {
    student_id: studentField,
    class_id: classField(),
    teacher_id: staffField('被评老师'),
    rating_date: dateField('评分日期'),
    stars: stars('评分(星)'),
    comment: { type: 'string', label: '家长留言', max: 500, list: { width: 260 } },
  },
});

/** 老师作业列表: homework a teacher sets a class, with its due date. */
export const homeworkResource = defineResource({
  name: 'tch_homework',
  readBy: [M.classroomFeedback],
  title: '作业',
  table: 'tch_homework',
  scope: 'school',
  perm: 'tch_homework',
  defaultSort: 'assign_date desc',
  fields: {
    title: { type: 'string', label: '作业标题', required: true, max: 64, search: 'like', list: { width: 180 } },
    class_id: classField(),
    teacher_id: staffField('布置老师'),
    assign_date: dateField('布置日期'),
    due_date: { ...dateField('截止日期'), search: 'eq' },
    content: textField('作业要求', true, 2000),
  },
});

export const HOMEWORK_STATES: readonly OptionItem[] = [
  { value: 1, text: '待批改' },
  { value: 2, text: '已批改' },
  { value: 3, text: '需重做' },
];

/** 老师批改作业: a student's handed-in homework and the teacher's correction. */
export const homeworkSubmitResource = defineResource({
  name: 'tch_homework_submit',
  readBy: [M.classroomFeedback],
  title: '作业批改',
  table: 'tch_homework_submit',
  scope: 'school',
  perm: 'tch_homework_submit',
  defaultSort: 'submit_date desc',
  fields: {
    homework_id: { type: 'int', label: '作业', required: true, min: 1, search: 'eq', ref: { resource: 'tch_homework', label: ['title'], onDelete: 'allow' }, list: { width: 180 } },
    student_id: studentField,
    submit_date: dateField('提交日期'),
    state: { type: 'int', label: '批改状态', required: true, default: 1, options: staticOptions(HOMEWORK_STATES), search: 'eq', list: { format: 'option', width: 90 } },
    score: scoreField('得分'),
    correction: { type: 'string', label: '批改意见', max: 500, list: { width: 240 } },
  },
});

/** 月度数据: a campus's teaching figures of a month (students taught, lessons, attendance, renewals, referrals). */
export const monthDataResource = defineResource({
  name: 'tch_month_data',
  readBy: [M.monthData],
  title: '月度教学数据',
  table: 'tch_month_data',
  scope: 'school',
  perm: 'tch_month_data',
  defaultSort: 'data_month desc',
  fields: {
    data_month: monthField,
    active_students: scoreField('在读学员', 100000, true),
    lessons: scoreField('上课次数', 100000, true),
    attendance_rate: { type: 'int', label: '出勤率(%)', required: true, min: 0, max: 100, list: { width: 90 } },
    renewals: scoreField('续费人数', 100000, true),
    referrals: scoreField('转介绍资源', 100000, true),
    remark: remarkField,
  },
});

export const LEAD_RESULTS: readonly OptionItem[] = [
  { value: 1, text: '待跟进' },
  { value: 2, text: '已到访' },
  { value: 3, text: '已签约' },
  { value: 4, text: '无效' },
];

/** 资源明细 (month data with leads detail): the leads students and teachers referred, by month. */
export const monthLeadResource = defineResource({
  name: 'tch_month_lead',
  readBy: [M.monthData],
  title: '转介绍资源明细',
  table: 'tch_month_lead',
  scope: 'school',
  perm: 'tch_month_lead',
  defaultSort: 'lead_date desc',
  fields: {
    data_month: monthField,
    lead_name: { type: 'string', label: '资源姓名', required: true, max: 32, search: 'like', list: { width: 100 } },
    phone: { type: 'string', label: '联系电话', required: true, max: 11, mask: 'phone', pattern: { re: '^1\\d{10}$', msg: '手机号应为11位数字' }, list: { width: 120 } },
    referrer_id: { ...studentField, label: '推荐学员', required: false },
    teacher_id: staffField('跟进老师', false),
    lead_date: dateField('登记日期'),
    result: { type: 'int', label: '跟进结果', required: true, default: 1, options: staticOptions(LEAD_RESULTS), search: 'eq', list: { format: 'option', width: 90 } },
  },
});

/** 周数据报告: a teacher's report of a week (lessons, students, attendance, homework, summary). */
export const weekReportResource = defineResource({
  name: 'tch_week_report',
  readBy: [M.weekData],
  title: '周数据报告',
  table: 'tch_week_report',
  scope: 'school',
  perm: 'tch_week_report',
  defaultSort: 'week_start desc',
  fields: {
    week_start: dateField('周开始日期'),
    teacher_id: staffField('老师'),
    lessons: scoreField('上课次数', 1000, true),
    students: scoreField('授课人次', 10000, true),
    attendance_rate: { type: 'int', label: '出勤率(%)', required: true, min: 0, max: 100, list: { width: 90 } },
    homework_rate: { type: 'int', label: '作业完成率(%)', required: true, min: 0, max: 100, list: { width: 110 } },
    summary: textField('本周总结', true, 2000),
    issues: { type: 'string', label: '问题与建议', max: 500, list: { width: 220 } },
  },
});

/** 拔高测评 (student results / beyond): a test above the class's level, with the level reached. */
export const beyondResource = defineResource({
  name: 'tch_stu_beyond',
  readBy: [M.studentResults],
  title: '拔高测评',
  table: 'tch_stu_beyond',
  scope: 'school',
  perm: 'tch_stu_beyond',
  defaultSort: 'test_date desc',
  fields: {
    student_id: studentField,
    test_name: { type: 'string', label: '测评名称', required: true, max: 64, search: 'like', list: { width: 160 } },
    test_date: dateField('测评日期'),
    level: { type: 'string', label: '达到级别', required: true, max: 32, list: { width: 100 } },
    score: { type: 'int', label: '成绩', required: true, min: 0, max: 1000, list: { width: 70 } },
    full_score: { type: 'int', label: '满分', required: true, min: 1, max: 1000, default: 100, list: { width: 70 } },
    remark: remarkField,
  },
});

export const MASTERY_LEVELS: readonly OptionItem[] = [
  { value: 1, text: '未开始' },
  { value: 2, text: '学习中' },
  { value: 3, text: '已掌握' },
  { value: 4, text: '需巩固' },
];

/** 课程地图 (coumap): where a student stands in a class type's units. */
export const coumapResource = defineResource({
  name: 'tch_stu_coumap',
  readBy: [M.studentResults],
  title: '课程地图',
  table: 'tch_stu_coumap',
  scope: 'school',
  perm: 'tch_stu_coumap',
  defaultSort: 'update_date desc',
  fields: {
    student_id: studentField,
    class_type_id: { type: 'int', label: '班型', required: true, min: 1, search: 'eq', ref: classTypeRef, list: { width: 140 } },
    unit_name: { type: 'string', label: '单元', required: true, max: 64, list: { width: 140 } },
    progress: { type: 'int', label: '进度(%)', required: true, min: 0, max: 100, list: { width: 80 } },
    mastery: { type: 'int', label: '掌握程度', required: true, default: 2, options: staticOptions(MASTERY_LEVELS), search: 'eq', list: { format: 'option', width: 90 } },
    update_date: dateField('更新日期'),
  },
});

/** 口语测评 (om, oral marks): an examiner's marks of a student's speaking, with the total. */
export const oralMarkResource = defineResource({
  name: 'tch_stu_om',
  readBy: [M.studentResults],
  title: '口语测评',
  table: 'tch_stu_om',
  scope: 'school',
  perm: 'tch_stu_om',
  defaultSort: 'test_date desc',
  fields: {
    student_id: studentField,
    examiner_id: staffField('测评老师'),
    test_date: dateField('测评日期'),
    pronunciation: scoreField('发音', 25, true),
    fluency: scoreField('流利度', 25, true),
    vocabulary: scoreField('词汇', 25, true),
    grammar: scoreField('语法', 25, true),
    total_score: { type: 'int', label: '总分', readonly: true, list: { width: 70 } },
    comment: { type: 'string', label: '评语', max: 500, list: { width: 220 } },
  },
});

/** 外教学员评分 (FT studying student score): a foreign teacher's marks of a student in a class. */
export const ftStudentScoreResource = defineResource({
  name: 'tch_ft_stu_score',
  readBy: [M.ftScore],
  title: '外教学员评分',
  table: 'tch_ft_stu_score',
  scope: 'school',
  perm: 'tch_ft_stu_score',
  defaultSort: 'score_date desc',
  fields: {
    student_id: studentField,
    teacher_id: { ...staffField('外教'), ref: staffRef },
    class_id: classField(),
    score_date: dateField('评分日期'),
    speaking: scoreField('口语', 100, true),
    listening: scoreField('听力', 100, true),
    participation: scoreField('课堂参与', 100, true),
    total_score: { type: 'int', label: '总分', readonly: true, list: { width: 70 } },
    comment: { type: 'string', label: '评语', max: 500, list: { width: 220 } },
  },
});

/** The declarations of this file, for the area's list (resources/index.ts). */
export const TEACHING_RESULT_RESOURCES = [
  classContentResource,
  classFeedbackResource,
  classMemoirResource,
  classAssignmentResource,
  classReviewResource,
  parentRatingResource,
  homeworkResource,
  homeworkSubmitResource,
  monthDataResource,
  monthLeadResource,
  weekReportResource,
  beyondResource,
  coumapResource,
  oralMarkResource,
  ftStudentScoreResource,
] as const;
