import { z } from './zod';
import { answer, defineCall } from './call';
import { DATE_RE, idField, optionalIdField, optionalTextField, realDate } from './fields';
import { pageQuerySchema, PAGE_LABELS } from './paging';

/**
 * The campus daily reports (城市日报, 校区日报, 学管日报) and the plan report (计划报表): screens.tsv
 * area `cmp`. The reports are made by the scheduled job of server/modules/cmp from the generation
 * rules of 日报生成规则 (cmp_gen_rule, teaching area) and stored as snapshots; the plan report sets
 * each campus's 校区经营计划 (cmp_plan) against its actual figures. Paths are this product's choice
 * (the spec names the screens only): docs/cmp.md.
 */

/** Menu codes of the screens (src/contract/menus/cmp.ts). */
export const CMP_SCREEN = {
  city: 'cmp_daily_report_city',
  school: 'cmp_daily_report_school',
  ta: 'cmp_daily_report_ta',
  plan: 'cmp_plan_report',
} as const;

/** Operation codes beyond reading. */
export const CMP_PERM = {
  /** 重新生成 on each screen: make a report again from today's figures (recorded who and when) */
  regenerate: { city: 'cmp_daily_report_city_regenerate', school: 'cmp_daily_report_school_regenerate', ta: 'cmp_daily_report_ta_regenerate' },
  /** 查看全部学管日报: every 学管's report of the campuses, not only one's own */
  ta_all: 'cmp_daily_report_ta_all',
} as const;

/** cmp_gen_rule.report_kind (CMP_REPORT_KINDS of resources/teaching-records.ts) */
export const REPORT_KIND = { city: 1, school: 2, ta: 3 } as const;
export type ReportKindName = keyof typeof REPORT_KIND;

/** One campus's (or city's) figures over some days. Money in fen, hours in hundredths, rates in hundredths of a percent (9250 = 92.50%). */
export interface CampusFigures {
  new_leads: number;
  visits: number;
  trials: number;
  orders: number;
  order_amount: number;
  new_signs: number;
  renewals: number;
  /** receipts of kind 收费, net of cancellations */
  collected: number;
  refunds: number;
  refund_amount: number;
  lessons: number;
  check_ins: number;
  attended: number;
  leaves: number;
  absents: number;
  /** attended / check-ins; null without check-ins */
  attendance_rate: number | null;
  consumed_hours: number;
  consumed_value: number;
}

/** Month to date against the campus plan (cmp_plan): null targets and rates where no plan exists. */
export interface PlanProgress {
  month: string;
  has_plan: boolean;
  collected: number;
  target_revenue: number | null;
  revenue_rate: number | null;
  new_signs: number;
  target_new_students: number | null;
  new_rate: number | null;
  renewals: number;
  target_renewals: number | null;
  renewal_rate: number | null;
  attendance_rate: number | null;
  /** whole percent, as the plan keeps it */
  target_attendance_rate: number | null;
}

export interface CampusSection {
  school_id: number;
  school_name: string;
  day: CampusFigures;
  month: PlanProgress;
}

export interface LowHoursEntry {
  student_id: number;
  student_name: string;
  class_name: string;
  remaining_hours: number;
}

export interface TaFigures {
  classes: number;
  students: number;
  check_ins: number;
  attended: number;
  leaves: number;
  absents: number;
  attendance_rate: number | null;
  leave_requests: number;
  low_hours_count: number;
  low_hours: LowHoursEntry[];
}

/** What a report holds (the snapshot). */
export type ReportContent =
  | { kind: 'school'; campus: CampusSection }
  | { kind: 'city'; city_name: string; total: CampusFigures; month: PlanProgress; campuses: CampusSection[] }
  | { kind: 'ta'; staff_name: string; school_name: string; figures: TaFigures };

/** A report in the lists: who/what/when, and the headline figures of its kind. */
export interface DailyReportRow {
  id: number;
  rule_id: number;
  rule_name: string | null;
  report_kind: number;
  report_date: string;
  city_id: number | null;
  city_name: string | null;
  school_id: number | null;
  school_name: string | null;
  staff_id: number | null;
  staff_name: string | null;
  generated_at: string;
  /** 定时任务 when the job made it */
  generated_by_name: string;
  regenerate_count: number;
  regenerated_at: string | null;
  regenerated_by_name: string | null;
  /** city and campus reports: the day's figures; 学管: theirs */
  new_leads?: number;
  visits?: number;
  trials?: number;
  orders?: number;
  order_amount?: number;
  collected?: number;
  refund_amount?: number;
  lessons?: number;
  attendance_rate?: number | null;
  consumed_hours?: number;
  consumed_value?: number;
  revenue_rate?: number | null;
  students?: number;
  attended?: number;
  leaves?: number;
  leave_requests?: number;
  low_hours_count?: number;
  /** city reports seen by a user of some of the city's campuses: only those campuses are shown */
  partial?: boolean;
}

export interface DailyReportDetail extends DailyReportRow {
  content: ReportContent;
}

const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`).refine(realDate, `${label}不是有效日期`).optional(),
  );

/** Most days one list may span. */
export const REPORT_RANGE_MAX_DAYS = 366;

export const reportPageQuery = pageQuerySchema.extend({
  report_date_start: optionalDate('开始日期'),
  report_date_end: optionalDate('结束日期'),
  school_id: optionalIdField('校区'),
  staff_name: optionalTextField('学管', 32),
});
const REPORT_LABELS = { ...PAGE_LABELS, report_date_start: '开始日期', report_date_end: '结束日期', school_id: '校区', staff_name: '学管' };

const pageCall = (kind: ReportKindName, title: string) =>
  defineCall({
    area: 'cmp',
    title,
    method: 'GET',
    path: `api/v1/${CMP_SCREEN[kind]}/page`,
    perm: [CMP_SCREEN[kind]],
    query: reportPageQuery,
    labels: REPORT_LABELS,
    answer: answer<{ content: DailyReportRow[]; totalSize: number }>(),
  });

const getCall = (kind: ReportKindName, title: string) =>
  defineCall({
    area: 'cmp',
    title,
    method: 'GET',
    path: `api/v1/${CMP_SCREEN[kind]}/get`,
    perm: [CMP_SCREEN[kind]],
    query: z.object({ id: idField('日报') }),
    labels: { id: '日报' },
    answer: answer<DailyReportDetail>(),
  });

export const cityReportPageCall = pageCall('city', '城市日报列表');
export const schoolReportPageCall = pageCall('school', '校区日报列表');
export const taReportPageCall = pageCall('ta', '学管日报列表');
export const cityReportGetCall = getCall('city', '城市日报详情');
export const schoolReportGetCall = getCall('school', '校区日报详情');
export const taReportGetCall = getCall('ta', '学管日报详情');

export const REPORT_CALLS = {
  city: { page: cityReportPageCall, get: cityReportGetCall },
  school: { page: schoolReportPageCall, get: schoolReportGetCall },
  ta: { page: taReportPageCall, get: taReportGetCall },
} as const;

/** 重新生成: the report made again from the figures as they are now; who and when are recorded. */
export const regenerateReportCall = defineCall({
  area: 'cmp',
  title: '重新生成日报',
  method: 'POST',
  path: 'api/v1/cmp_daily_report/regenerate',
  perm: [CMP_PERM.regenerate.city, CMP_PERM.regenerate.school, CMP_PERM.regenerate.ta],
  body: z.object({ id: idField('日报') }, { error: '请求体必须是对象' }),
  labels: { id: '日报' },
  answer: answer<DailyReportDetail>(),
});

/** One campus's plan of one month against its figures of that month (up to today). */
export interface PlanReportRow extends PlanProgress {
  id: number;
  school_id: number;
  school_name: string;
  plan_month: string;
}

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const optionalMonth = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().regex(MONTH_RE, `${label}格式应为 YYYY-MM`).optional());

export const planReportPageCall = defineCall({
  area: 'cmp',
  title: '计划报表',
  method: 'GET',
  path: `api/v1/${CMP_SCREEN.plan}/page`,
  perm: [CMP_SCREEN.plan],
  query: pageQuerySchema.extend({ plan_month_start: optionalMonth('开始月份'), plan_month_end: optionalMonth('结束月份'), school_id: optionalIdField('校区') }),
  labels: { ...PAGE_LABELS, plan_month_start: '开始月份', plan_month_end: '结束月份', school_id: '校区' },
  answer: answer<{ content: PlanReportRow[]; totalSize: number }>(),
});

/** Hundredths of a percent of `actual` against `target` (rounded half up); null without a positive target. */
export function attainment(actual: number, target: number | null): number | null {
  if (target === null || target <= 0) return null;
  return Math.round((actual * 10000) / target);
}

/** A rate in hundredths of a percent as text: 9250 → 92.50%; null → —. */
export function rateText(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${(rate / 100).toFixed(2)}%`;
}
