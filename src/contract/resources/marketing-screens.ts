import { defineResource, type OptionItem } from '../resource';
import { GENDERS, GRADES } from './students';
import { LEAD_POOLS } from './marketing';
import { MKT_SCREEN as S } from '../marketing';

/**
 * The marketing screens around the lead that are not a pool of it (docs/marketing.md "老学员添加学员,
 * 绘本学员, AI日志"): the referrals existing students' families make, the picture-book course's
 * students, and the log of what the system did to leads by itself. 添加学员 is a form over
 * mkt_resource/add (resources/marketing.ts) and declares nothing. The server side is in
 * server/modules/marketing/screens/.
 */

const PHONE = { re: '^1\\d{10}$', msg: '手机号应为11位数字，以1开头' } as const;
// staff of the caller's campuses, names only (src/contract/refs.ts mkt_staff): not the user list
const staffRef = { resource: 'mkt_staff', label: ['name'] } as const;
// the campus is the referring student's or the lead's, never picked in the form (the hooks' schoolOf)
const ownCampus = { type: 'int', label: '校区', readonly: true, form: false, list: false } as const;
// a lead (资源); records stay with it when it is deleted
const leadRef = { resource: 'mkt_resource', label: ['name'], onDelete: 'allow' } as const;

/** How the new child is related to the student whose family refers them. */
export const REFERRAL_RELATIONS: readonly OptionItem[] = [
  { value: 1, text: '兄弟姐妹' },
  { value: 2, text: '同学' },
  { value: 3, text: '亲戚' },
  { value: 4, text: '朋友' },
  { value: 5, text: '邻居' },
  { value: 9, text: '其他' },
];

/** STUDENT_SOURCES value of a referral (转介绍): the lead a referral makes carries it. */
export const REFERRAL_SOURCE = 2;

/**
 * 老学员添加学员: an existing student's family refers a new child. Adding one makes the lead (source
 * 转介绍, in the referrer's campus, the caller's like any lead they enter) and keeps who referred it;
 * the lead's id is answered in `resource_id`. A referral is not edited afterwards: the lead is.
 */
export const referralResource = defineResource({
  name: 'mkt_stu_referral',
  title: '老学员转介绍',
  table: 'mkt_stu_referral',
  scope: 'school',
  perm: 'mkt_stu_referral',
  readBy: [S.referral],
  calls: { update: false, delete: false },
  defaultSort: 'id desc',
  indexes: [['school_id', 'created_at'], ['student_id'], ['resource_id']],
  fields: {
    school_id: ownCampus,
    student_id: { type: 'int', label: '推荐学员', required: true, min: 1, search: 'eq', ref: { resource: 'student', label: ['name'] }, list: { width: 100 } },
    relation: { type: 'int', label: '与推荐学员关系', required: true, options: { kind: 'static', items: REFERRAL_RELATIONS }, search: 'eq', list: { format: 'option', width: 110 } },
    name: { type: 'string', label: '新学员姓名', required: true, max: 64, search: 'like', list: { width: 100 } },
    gender: { type: 'int', label: '性别', options: { kind: 'static', items: GENDERS }, list: { format: 'option', width: 70 } },
    grade: { type: 'int', label: '年级', options: { kind: 'static', items: GRADES }, list: { format: 'option', width: 90 } },
    parent_name: { type: 'string', label: '家长姓名', max: 64, list: { width: 100 } },
    parent_phone: { type: 'string', label: '联系电话', required: true, max: 11, pattern: PHONE, mask: 'phone', search: 'like', list: { width: 120 } },
    resource_id: { type: 'int', label: '资源编号', readonly: true, form: false, list: { width: 90 } },
    remark: { type: 'string', label: '备注', max: 255, list: { width: 180 } },
  },
});

export const PICTURE_BOOK_LEVELS: readonly OptionItem[] = [
  { value: 1, text: '启蒙级' },
  { value: 2, text: '初级' },
  { value: 3, text: '中级' },
  { value: 4, text: '高级' },
];

export const PICTURE_BOOK_STATES: readonly OptionItem[] = [
  { value: 1, text: '在读' },
  { value: 2, text: '已结课' },
  { value: 3, text: '已转正式课' },
  { value: 4, text: '已退出' },
];

/**
 * 绘本学员: children of the campus's picture-book reading course (绘本课), the low-price course a
 * campus runs to bring families in: level, teacher, lessons taken of the course, books borrowed,
 * and whether the child went on to a regular course. Each names its lead and takes its campus.
 */
export const pictureBookResource = defineResource({
  name: 'mkt_picture_book_student',
  title: '绘本学员',
  table: 'mkt_picture_book_student',
  scope: 'school',
  softDelete: true,
  perm: 'mkt_picture_book_student',
  readBy: [S.pictureBook],
  defaultSort: 'join_date desc',
  indexes: [['school_id', 'del_flag', 'join_date'], ['resource_id']],
  fields: {
    school_id: ownCampus,
    resource_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: leadRef, list: { width: 100, fixed: 'left' } },
    level: { type: 'int', label: '绘本级别', required: true, options: { kind: 'static', items: PICTURE_BOOK_LEVELS }, search: 'eq', list: { format: 'option', width: 80 } },
    join_date: { type: 'date', label: '入班日期', required: true, search: 'range', list: { format: 'date', width: 110, sortable: true } },
    teacher_id: { type: 'int', label: '绘本老师', min: 1, search: 'eq', ref: staffRef, list: { width: 90 } },
    class_time: { type: 'string', label: '上课时间', max: 32, placeholder: '如 周六 10:00', list: { width: 110 } },
    lesson_total: { type: 'int', label: '总课次', required: true, min: 1, max: 200, default: 12, list: { width: 70 } },
    lesson_done: { type: 'int', label: '已上课次', min: 0, max: 200, default: 0, list: { width: 80 } },
    borrow_count: { type: 'int', label: '借阅绘本(册)', min: 0, max: 10000, default: 0, list: { width: 100 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: PICTURE_BOOK_STATES }, search: 'eq', list: { format: 'option', width: 90 } },
    remark: { type: 'string', label: '备注', max: 255, list: { width: 160, show: false } },
  },
});

/** What the system does to leads by itself (server/modules/marketing/recycle.ts), as the timeline names it. */
export const AI_ACTIONS: readonly OptionItem[] = [
  { value: '自动回收', text: '自动回收' },
  { value: '回收提醒', text: '回收提醒' },
];

/**
 * AI日志: the moves of leads nobody made (mkt_resource_move without created_by), i.e. what the
 * scheduled jobs did: recycling to the public pool and the warnings before it. A view of the
 * timeline table: read only, written by the jobs alone.
 */
export const aiLogResource = defineResource({
  name: 'mkt_ai_log',
  title: 'AI日志',
  table: 'mkt_resource_move',
  scope: 'school',
  perm: 'mkt_ai_log',
  readBy: [S.aiLog],
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  fields: {
    resource_id: { type: 'int', label: '资源', required: true, search: 'eq', ref: leadRef, list: { width: 100 } },
    action: { type: 'string', label: '动作', required: true, max: 32, options: { kind: 'static', items: AI_ACTIONS }, search: 'eq', list: { format: 'option', width: 90 } },
    from_pool: { type: 'int', label: '原资源池', options: { kind: 'static', items: LEAD_POOLS }, list: { format: 'option', width: 90 } },
    to_pool: { type: 'int', label: '新资源池', options: { kind: 'static', items: LEAD_POOLS }, search: 'eq', list: { format: 'option', width: 90 } },
    // the holder the lead was taken from, or the one warned
    from_owner: { type: 'int', label: '负责人', ref: staffRef, list: { width: 90 } },
    reason: { type: 'string', label: '原因', max: 255, list: { width: 200 } },
  },
});

export const MARKETING_SCREEN_RESOURCES = [referralResource, pictureBookResource, aiLogResource] as const;
