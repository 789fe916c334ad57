import { defineResource, type OptionItem } from '../resource';
import { MKT_FUNNEL_SCREEN as S } from '../marketing-funnel';

/**
 * The marketing area's funnel after the lead (spec doc 001 "Other marketing"): invitations to
 * visit, visits with the director's notation, trial lessons and their students, activities with
 * their acquiring tables, and the network (online channel) detail. The lead itself (mkt_resource),
 * its pools and call records are in resources/marketing.ts. Special calls (checkAttend, withdraw,
 * page_by_role, director_notation, the funnel report …) are in src/contract/marketing-funnel.ts,
 * the server side in server/modules/marketing/funnel.
 */

export const INVITE_STATES: readonly OptionItem[] = [
  { value: 1, text: '待到访' },
  { value: 2, text: '已到访' },
  { value: 3, text: '未到访' },
  { value: 4, text: '已取消' },
];

export const VISIT_RESULTS: readonly OptionItem[] = [
  { value: 1, text: '有意向' },
  { value: 2, text: '考虑中' },
  { value: 3, text: '无意向' },
  { value: 4, text: '已报名' },
];

export const TRIAL_LESSON_STATES: readonly OptionItem[] = [
  { value: 1, text: '待上课' },
  { value: 2, text: '已上课' },
  { value: 3, text: '已取消' },
];

/** A trial student's booking: 已预约 until the attendance check (到课/缺席) or a withdraw (已退出). */
export const TRIAL_STUDENT_STATES: readonly OptionItem[] = [
  { value: 1, text: '已预约' },
  { value: 2, text: '已到课' },
  { value: 3, text: '缺席' },
  { value: 4, text: '已退出' },
];
export const TRIAL_BOOKED = 1;
export const TRIAL_ATTENDED = 2;
export const TRIAL_ABSENT = 3;
export const TRIAL_WITHDRAWN = 4;

export const ACTIVITY_TYPES: readonly OptionItem[] = [
  { value: 1, text: '地推' },
  { value: 2, text: '线下活动' },
  { value: 3, text: '线上活动' },
  { value: 4, text: '讲座' },
  { value: 5, text: '展会' },
];
export const ACTIVITY_ACQUIRING = 1;

export const ACTIVITY_STATES: readonly OptionItem[] = [
  { value: 1, text: '筹备中' },
  { value: 2, text: '进行中' },
  { value: 3, text: '已结束' },
];

/** Online platforms of 网络明细; get_quao_tree answers them with the accounts seen under each. */
export const NETWORK_PLATFORMS: readonly OptionItem[] = [
  { value: 1, text: '百度' },
  { value: 2, text: '抖音' },
  { value: 3, text: '小红书' },
  { value: 4, text: '微信' },
  { value: 5, text: '大众点评' },
  { value: 6, text: '美团' },
];

// staff of the caller's campuses, names only (src/contract/refs.ts mkt_staff): not the user list
const staffRef = { resource: 'mkt_staff', label: ['name'] } as const;
// a lead (资源) of resources/marketing.ts; its records stay with it when it is deleted
const leadRef = { resource: 'mkt_resource', label: ['name'], onDelete: 'allow' } as const;

export const inviteVisitResource = defineResource({
  name: 'mkt_invite_visit',
  readBy: [S.inviteVisit, S.funnel],
  title: '邀约到访',
  table: 'mkt_invite_visit',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_invite_visit',
  defaultSort: 'visit_time desc',
  indexes: [['school_id', 'del_flag', 'visit_time'], ['resource_id']],
  actions: [{ name: 'state', label: '修改邀约状态', column: 'state', ui: 'row' }],
  fields: {
    resource_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: leadRef, list: { width: 100 } },
    visit_time: { type: 'datetime', label: '预约到访时间', required: true, search: 'range', list: { format: 'datetime', width: 150, sortable: true } },
    invited_by: { type: 'int', label: '邀约人', search: 'eq', ref: staffRef, list: { width: 90 } },
    state: { type: 'int', label: '邀约状态', default: 1, options: { kind: 'static', items: INVITE_STATES }, search: 'eq', form: false, list: { format: 'option', width: 90 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const studentVisitResource = defineResource({
  name: 'mkt_student_visit',
  readBy: [S.studentVisit, S.funnel],
  title: '到访记录',
  table: 'mkt_student_visit',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_student_visit',
  defaultSort: 'visit_time desc',
  // the spec's page is slow (50 s time-out): the campus's visits by time are one index range
  listIndex: ['school_id', 'del_flag', 'visit_time'],
  indexes: [['resource_id'], ['school_id', 'del_flag', 'receiver_id', 'visit_time']],
  fields: {
    resource_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: leadRef, list: { width: 100 } },
    invite_visit_id: { type: 'int', label: '邀约记录', min: 1, form: false, list: false },
    visit_time: { type: 'datetime', label: '到访时间', required: true, search: 'range', list: { format: 'datetime', width: 150, sortable: true } },
    receiver_id: { type: 'int', label: '接待人', search: 'eq', ref: staffRef, list: { width: 90 } },
    result: { type: 'int', label: '到访结果', options: { kind: 'static', items: VISIT_RESULTS }, search: 'eq', list: { format: 'option', width: 90 } },
    content: { type: 'string', label: '沟通内容', max: 500, list: { width: 220 } },
    director_notation: { type: 'string', label: '主管批注', max: 500, form: false, readonly: true, list: { width: 200 } },
    notation_by: { type: 'int', label: '批注人', form: false, readonly: true, ref: staffRef, list: { width: 90, show: false } },
    notation_time: { type: 'datetime', label: '批注时间', form: false, readonly: true, list: { format: 'datetime', width: 150, show: false } },
  },
});

export const trialLessonResource = defineResource({
  name: 'mkt_trial_lesson',
  readBy: [S.trialLesson, S.trialStudent, S.course, S.timetable],
  title: '试听课',
  table: 'mkt_trial_lesson',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_trial_lesson',
  defaultSort: 'lesson_date desc',
  indexes: [['school_id', 'del_flag', 'lesson_date'], ['teacher_id', 'lesson_date']],
  fields: {
    name: { type: 'string', label: '试听课名称', required: true, max: 64, search: 'like', list: { width: 150 } },
    class_type_id: { type: 'int', label: '班型', required: true, min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'] }, list: { width: 120 } },
    lesson_date: { type: 'date', label: '上课日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    start_time: { type: 'string', label: '开始时间', required: true, input: 'time', pattern: { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '开始时间应为 HH:mm' }, list: { width: 70 } },
    end_time: { type: 'string', label: '结束时间', required: true, input: 'time', pattern: { re: '^([01]\\d|2[0-3]):[0-5]\\d$', msg: '结束时间应为 HH:mm' }, list: { width: 70 } },
    classroom_id: { type: 'int', label: '教室', min: 1, ref: { resource: 'base_otm_classroom', label: ['name'] }, list: { width: 100 } },
    teacher_id: { type: 'int', label: '授课老师', min: 1, search: 'eq', ref: staffRef, list: { width: 90 } },
    capacity: { type: 'int', label: '容纳人数', required: true, min: 1, max: 200, default: 8, list: { width: 80 } },
    booked_count: { type: 'int', label: '已预约', default: 0, readonly: true, form: false, list: { width: 70 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: TRIAL_LESSON_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const trialStudentResource = defineResource({
  name: 'mkt_trial_lesson_student',
  readBy: [S.trialStudent, S.trialLesson, S.funnel],
  title: '试听学员',
  table: 'mkt_trial_lesson_student',
  scope: 'school',
  // a booking deleted is gone (its seat is free again); a withdraw keeps it as 已退出
  perm: 'mkt_trial_lesson_student',
  defaultSort: 'id desc',
  indexes: [['trial_lesson_id', 'state'], ['resource_id'], ['school_id', 'created_at']],
  fields: {
    trial_lesson_id: { type: 'int', label: '试听课', required: true, min: 1, search: 'eq', ref: { resource: 'mkt_trial_lesson', label: ['name', 'lesson_date'] }, list: { width: 200 } },
    resource_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: leadRef, list: { width: 100 } },
    seller_id: { type: 'int', label: '课程顾问', search: 'eq', ref: staffRef, list: { width: 90 } },
    state: { type: 'int', label: '状态', default: 1, readonly: true, form: false, options: { kind: 'static', items: TRIAL_STUDENT_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    attend_time: { type: 'datetime', label: '考勤时间', readonly: true, form: false, list: { format: 'datetime', width: 150 } },
    withdraw_reason: { type: 'string', label: '退出原因', max: 255, readonly: true, form: false, list: { width: 160, show: false } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const activityResource = defineResource({
  name: 'mkt_activity',
  readBy: [S.activity, S.acquiring],
  title: '市场活动',
  table: 'mkt_activity',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_activity',
  defaultSort: 'start_date desc',
  indexes: [['school_id', 'del_flag', 'start_date']],
  fields: {
    name: { type: 'string', label: '活动名称', required: true, max: 64, search: 'like', list: { width: 160 } },
    type: { type: 'int', label: '活动类型', required: true, options: { kind: 'static', items: ACTIVITY_TYPES }, search: 'eq', list: { format: 'option', width: 90 } },
    start_date: { type: 'date', label: '开始日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    end_date: { type: 'date', label: '结束日期', required: true, list: { format: 'date', width: 110 } },
    address: { type: 'string', label: '活动地点', max: 128, list: { width: 160 } },
    owner_id: { type: 'int', label: '负责人', search: 'eq', ref: staffRef, list: { width: 90 } },
    budget: { type: 'money', label: '预算', min: 0, list: { width: 100 } },
    target_count: { type: 'int', label: '目标资源数', min: 0, max: 100000, list: { width: 100 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: ACTIVITY_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 地推表: one stall of an acquiring activity, who staffed it and how many leads it collected. */
export const acquiringTableResource = defineResource({
  name: 'mkt_acquiring_table',
  readBy: [S.acquiring],
  title: '地推表',
  table: 'mkt_acquiring_table',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_acquiring_table',
  defaultSort: 'work_date desc',
  indexes: [['activity_id', 'del_flag']],
  fields: {
    activity_id: { type: 'int', label: '活动', required: true, min: 1, search: 'eq', ref: { resource: 'mkt_activity', label: ['name'] }, list: { width: 160 } },
    name: { type: 'string', label: '地推点', required: true, max: 64, search: 'like', list: { width: 140 } },
    work_date: { type: 'date', label: '地推日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    staff_id: { type: 'int', label: '地推人员', search: 'eq', ref: staffRef, list: { width: 90 } },
    lead_count: { type: 'int', label: '收集资源数', default: 0, min: 0, max: 100000, list: { width: 100 } },
    cost: { type: 'money', label: '费用', min: 0, list: { width: 100 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const networkDetailResource = defineResource({
  name: 'mkt_network_detail',
  readBy: [S.networkDetail],
  title: '网络明细',
  table: 'mkt_network_detail',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_network_detail',
  defaultSort: 'stat_date desc',
  indexes: [['school_id', 'del_flag', 'stat_date'], ['platform', 'account']],
  fields: {
    stat_date: { type: 'date', label: '日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    platform: { type: 'int', label: '平台', required: true, options: { kind: 'static', items: NETWORK_PLATFORMS }, search: 'eq', list: { format: 'option', width: 90 } },
    account: { type: 'string', label: '推广账户', required: true, max: 64, search: 'like', list: { width: 140 } },
    spend: { type: 'money', label: '消费', min: 0, list: { width: 100 } },
    impressions: { type: 'int', label: '展现量', min: 0, default: 0, list: { width: 90 } },
    clicks: { type: 'int', label: '点击量', min: 0, default: 0, list: { width: 90 } },
    lead_count: { type: 'int', label: '留资数', min: 0, default: 0, list: { width: 90 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const MARKETING_FUNNEL_RESOURCES = [
  inviteVisitResource,
  studentVisitResource,
  trialLessonResource,
  trialStudentResource,
  activityResource,
  acquiringTableResource,
  networkDetailResource,
] as const;
