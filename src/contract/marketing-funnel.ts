import { z } from './zod';
import { answer, defineCall } from './call';
import { pageQuerySchema } from './paging';
import { MKT_SCREEN } from './marketing';

/**
 * The marketing funnel's special calls (declarations in resources/marketing-funnel.ts): the
 * visit's director notation and counts, trial lessons by role, the attendance check, withdraw and
 * who may join a trial lesson, the network channel tree, and the funnel report.
 *
 * Paths the spec does not name (documented in docs/marketing.md): `mkt_funnel/report`,
 * `mkt_funnel/staff_page`.
 */

const AREA = 'marketing';

/** Menu codes of the funnel's screens (src/contract/menus/marketing.ts). */
export const MKT_FUNNEL_SCREEN = {
  inviteVisit: 'mkt_invite_visit',
  studentVisit: 'mkt_student_visit',
  trialLesson: 'marketing_trial_lesson',
  trialStudent: 'mkt_trial_lesson_student',
  activity: 'mkt_activity',
  acquiring: 'marketing_acquiring',
  networkDetail: 'mkt_network_detail',
  course: 'marketing_course',
  timetable: 'marketing_timetable',
  funnel: 'marketing_funnel',
} as const;
const S = MKT_FUNNEL_SCREEN;

/** Operation codes of the funnel's special writes (their buttons: src/contract/menus/marketing-funnel.ts). */
export const MKT_FUNNEL_PERM = {
  directorNotation: 'mkt_student_visit_director_notation',
  checkAttend: 'mkt_trial_lesson_student_checkAttend',
  withdraw: 'mkt_trial_lesson_student_withdraw',
  book: 'mkt_trial_lesson_student_add',
} as const;

const id = (label: string) => z.coerce.number({ error: `请选择${label}` }).int(`${label}不正确`).positive(`请选择${label}`);
const idList = (label: string) =>
  z
    .array(id(label), { error: `请选择${label}` })
    .min(1, `请至少选择一个${label}`)
    .max(500, `一次最多 500 个${label}`);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const optDate = (label: string) =>
  z
    .string()
    .regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`)
    .optional()
    .or(z.literal('').transform(() => undefined));
const optId = z.coerce.number().int().positive().optional().or(z.literal('').transform(() => undefined));

export interface Page<T> {
  content: T[];
  totalSize: number;
}

// ---------------------------------------------------------------------------------------------
// Visits
// ---------------------------------------------------------------------------------------------

export const directorNotationCall = defineCall({
  area: AREA,
  title: '到访主管批注',
  method: 'POST',
  path: 'api/v1/mkt_student_visit/director_notation',
  perm: MKT_FUNNEL_PERM.directorNotation,
  body: z.object({ id: id('到访记录'), director_notation: z.string({ error: '请输入主管批注' }).trim().min(1, '请输入主管批注').max(500, '主管批注不能超过500个字符') }),
  labels: { id: '到访记录', director_notation: '主管批注' },
  answer: answer<{ id: number; director_notation: string; notation_time: string }>(),
});

export const visitCountQuery = z.object({
  /** the list's sort, checked as the list checks it (a count has no order) */
  sort: pageQuerySchema.shape.sort,
  visit_time_start: optDate('到访开始日期'),
  visit_time_end: optDate('到访结束日期'),
  receiver_id: optId,
  school_id: optId,
});
export interface VisitCounts {
  total: number;
  today: number;
  notated: number;
  unnotated: number;
  /** by 到访结果 value (0: not filled) */
  by_result: Record<string, number>;
}
export const visitPageCountCall = defineCall({
  area: AREA,
  title: '到访统计',
  method: 'GET',
  path: 'api/v1/mkt_student_visit/page_count',
  perm: [S.studentVisit],
  query: visitCountQuery,
  labels: { visit_time_start: '到访开始日期', visit_time_end: '到访结束日期', receiver_id: '接待人', school_id: '校区' },
  answer: answer<VisitCounts>(),
});

// ---------------------------------------------------------------------------------------------
// Trial lessons
// ---------------------------------------------------------------------------------------------

export interface TrialLessonRow {
  id: number;
  school_id: number;
  name: string;
  class_type_id: number;
  class_type_name: string | null;
  lesson_date: string;
  start_time: string;
  end_time: string;
  classroom_id: number | null;
  classroom_name: string | null;
  teacher_id: number | null;
  teacher_name: string | null;
  capacity: number;
  booked_count: number;
  state: number;
}

export const trialByRoleQuery = pageQuerySchema.extend({
  lesson_date_start: optDate('上课开始日期'),
  lesson_date_end: optDate('上课结束日期'),
  state: optId,
  name: z.string().max(64, '试听课名称不能超过64个字符').optional(),
});
const trialByRoleLabels = { lesson_date_start: '上课开始日期', lesson_date_end: '上课结束日期', state: '状态', name: '试听课名称' };

/**
 * Trial lessons as the caller's role sees them: a teacher the lessons they teach, a course
 * consultant the lessons where their students are booked, others every lesson of their campuses.
 */
export const trialPageByRoleCall = defineCall({
  area: AREA,
  title: '我的试听课',
  method: 'GET',
  path: 'api/v1/mkt_trial_lesson/page_by_role',
  perm: [S.trialLesson, S.timetable, S.course],
  query: trialByRoleQuery,
  labels: trialByRoleLabels,
  answer: answer<Page<TrialLessonRow>>(),
});

export interface TrialRoleCounts {
  total: number;
  /** by 试听课状态 value */
  by_state: Record<string, number>;
  booked: number;
  capacity: number;
}
export const trialPageByRoleCountCall = defineCall({
  area: AREA,
  title: '我的试听课统计',
  method: 'GET',
  path: 'api/v1/mkt_trial_lesson/page_by_role_count',
  perm: [S.trialLesson, S.timetable, S.course],
  query: trialByRoleQuery.omit({ page: true, rows: true }),
  labels: trialByRoleLabels,
  answer: answer<TrialRoleCounts>(),
});

export const checkAttendCall = defineCall({
  area: AREA,
  title: '试听考勤',
  method: 'POST',
  path: 'api/v1/mkt_trial_lesson_student/checkAttend',
  perm: MKT_FUNNEL_PERM.checkAttend,
  body: z.object({
    ids: idList('试听学员'),
    state: z.coerce.number({ error: '请选择考勤结果' }).int().refine((v) => v === 2 || v === 3, '考勤结果只能是到课或缺席'),
  }),
  labels: { ids: '试听学员', state: '考勤结果' },
  answer: answer<{ count: number; ids: number[]; state: number }>(),
});

export const withdrawCall = defineCall({
  area: AREA,
  title: '退出试听',
  method: 'POST',
  path: 'api/v1/mkt_trial_lesson_student/withdraw',
  perm: MKT_FUNNEL_PERM.withdraw,
  body: z.object({ ids: idList('试听学员'), reason: z.string().trim().max(255, '退出原因不能超过255个字符').optional() }),
  labels: { ids: '试听学员', reason: '退出原因' },
  answer: answer<{ count: number; ids: number[] }>(),
});

export interface JoinableLead {
  id: number;
  name: string;
  phone: string | null;
  school_id: number;
}
export const canJoinQuery = pageQuerySchema.extend({
  trial_lesson_id: id('试听课'),
  name: z.string().max(64, '学员姓名不能超过64个字符').optional(),
});
/** Leads of the lesson's campus that are in the caller's reach, not signed, and not booked into it already. */
export const canJoinStudentPageCall = defineCall({
  area: AREA,
  title: '可预约试听的学员',
  method: 'GET',
  path: 'api/v1/mkt_trial_lesson_student/can_join_student_page',
  perm: [S.trialStudent, S.trialLesson, S.course, S.timetable],
  query: canJoinQuery,
  labels: { trial_lesson_id: '试听课', name: '学员姓名' },
  answer: answer<Page<JoinableLead>>(),
});

// ---------------------------------------------------------------------------------------------
// Network detail
// ---------------------------------------------------------------------------------------------

export interface QuaoNode {
  id: string;
  text: string;
  nodes?: QuaoNode[];
}
/** 渠道树 of 网络明细: platforms, each with the promotion accounts recorded under it in the caller's campuses. */
export const quaoTreeCall = defineCall({
  area: AREA,
  title: '网络渠道树',
  method: 'GET',
  path: 'api/v1/mkt_network_detail/get_quao_tree',
  perm: [S.networkDetail],
  answer: answer<QuaoNode[]>(),
});

// ---------------------------------------------------------------------------------------------
// Staff picker
// ---------------------------------------------------------------------------------------------

export const staffPageQuery = pageQuerySchema.extend({ name: z.string().max(64, '姓名不能超过64个字符').optional() });
/**
 * The staff of the caller's campuses, id and name only: the target of the funnel's staff relations
 * (`mkt_staff` in refs.ts), so the screens pick 邀约人, 接待人, 授课老师 without reading the user list.
 */
export const staffPageCall = defineCall({
  area: AREA,
  title: '营销员工',
  method: 'GET',
  path: 'api/v1/mkt_funnel/staff_page',
  // 绘本学员 picks its 绘本老师 here too
  perm: [S.inviteVisit, S.studentVisit, S.trialLesson, S.trialStudent, S.activity, S.acquiring, S.networkDetail, S.course, S.timetable, MKT_SCREEN.pictureBook],
  query: staffPageQuery,
  labels: { name: '姓名' },
  answer: answer<Page<{ id: number; name: string }>>(),
});

// ---------------------------------------------------------------------------------------------
// The funnel report
// ---------------------------------------------------------------------------------------------

export const FUNNEL_STAGES = ['lead', 'called', 'invited', 'visited', 'trial', 'signed'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_STAGE_TEXT: Record<FunnelStage, string> = {
  lead: '资源',
  called: '已外呼',
  invited: '已邀约',
  visited: '已到访',
  trial: '已试听',
  signed: '已签约',
};
export const FUNNEL_GROUPS = ['channel', 'school', 'tmk', 'seller'] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];
export const FUNNEL_GROUP_TEXT: Record<FunnelGroup, string> = { channel: '渠道', school: '校区', tmk: '电销', seller: '课程顾问' };

export const funnelQuery = z.object({
  group_by: z.enum(FUNNEL_GROUPS, { error: '分组只能是渠道、校区、电销或课程顾问' }).default('channel'),
  lead_date_start: z.string({ error: '请选择开始日期' }).regex(DATE_RE, '开始日期格式应为 YYYY-MM-DD'),
  lead_date_end: z.string({ error: '请选择结束日期' }).regex(DATE_RE, '结束日期格式应为 YYYY-MM-DD'),
  school_id: optId,
  city_id: optId,
  channel: optId,
});

export interface FunnelRow {
  key: number | null;
  name: string;
  /** leads that reached each stage (a later stage counts as having passed the earlier ones) */
  counts: Record<FunnelStage, number>;
  /** percent of the previous stage, one decimal; null when the previous stage is 0 */
  rates: Record<Exclude<FunnelStage, 'lead'>, number | null>;
  /** median days from the previous stage's stamp to this one's, one decimal; null without a pair */
  median_days: Record<Exclude<FunnelStage, 'lead'>, number | null>;
}
export interface FunnelReport {
  group_by: FunnelGroup;
  rows: FunnelRow[];
  total: FunnelRow;
}
export const funnelReportCall = defineCall({
  area: AREA,
  title: '营销漏斗',
  method: 'GET',
  path: 'api/v1/mkt_funnel/report',
  perm: [S.funnel],
  query: funnelQuery,
  labels: { group_by: '分组', lead_date_start: '开始日期', lead_date_end: '结束日期', school_id: '校区', city_id: '分公司', channel: '渠道' },
  answer: answer<FunnelReport>(),
});
