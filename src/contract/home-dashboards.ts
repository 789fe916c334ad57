import { z } from './zod';
import { optionalIdField } from './fields';
import { answer, defineCall } from './call';

/**
 * 首页 dashboards (spec screens.tsv area `home`: dashboard ec, mk, ta, finance, data statistics;
 * calls.tsv `home_base_data/ec` and `/mk`, the others' paths chosen here in the same style).
 * Each dashboard has its own operation code, granted per demo role in src/contract/menus/home.ts;
 * the 首页 shows the dashboards whose code the user holds. Figures are read from the real tables
 * and ledgers of the caller's campuses (DESIGN §8), money in integer fen, hours in hundredths.
 * Periods are Asia/Shanghai days (`from`..`to` inclusive).
 */

export const HOME_DASHBOARD_CODES = {
  ec: 'home_dashboard_ec',
  mk: 'home_dashboard_mk',
  ta: 'home_dashboard_ta',
  finance: 'home_dashboard_finance',
  statistics: 'home_data_statistics',
} as const;
export type HomeDashboardKind = keyof typeof HOME_DASHBOARD_CODES;

export const DASHBOARD_PERIODS = [
  { value: 'today', text: '今日' },
  { value: 'week', text: '本周' },
  { value: 'month', text: '本月' },
  { value: 'last_month', text: '上月' },
  { value: 'custom', text: '自定义' },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];

/** The longest custom range (a year and a day: a leap year's whole year fits). */
export const MAX_PERIOD_DAYS = 366;

const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dateField = (label: string) => z.string().regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`).optional();

export const dashboardQuery = z.object({
  period: z.enum(['today', 'week', 'month', 'last_month', 'custom'], { error: '统计周期只能是今日、本周、本月、上月或自定义' }).optional(),
  from: dateField('开始日期'),
  to: dateField('结束日期'),
  /** one campus of the caller's; empty: all of them */
  school_id: optionalIdField('校区'),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;
const labels = { period: '统计周期', from: '开始日期', to: '结束日期', school_id: '校区' };

/** The days a dashboard covers, as the server resolved them. */
export interface PeriodRange {
  period: DashboardPeriod;
  from: string;
  to: string;
  /** the period before, of the same length (data statistics compares with it) */
  prev_from: string;
  prev_to: string;
}

/** A percentage with one decimal, or null when the base is zero. */
export type Rate = number | null;

export interface EcFigures {
  /** leads given to the consultant(s) in the period (assigned_at) */
  leads_assigned: number;
  follow_ups: number;
  /** first visits of the period's leads stamps */
  visits: number;
  trials_booked: number;
  trials_attended: number;
  orders_signed: number;
  /** fen */
  signed_amount: number;
  /** fen: what those orders' receipts collected in the period */
  collected_amount: number;
  /** visits ÷ leads assigned */
  visit_rate: Rate;
  /** orders signed ÷ visits */
  deal_rate: Rate;
}

export interface EcRankRow {
  seller_id: number;
  seller_name: string;
  orders_signed: number;
  signed_amount: number;
  visits: number;
}

export interface EcDashboard {
  range: PeriodRange;
  /** the signed-in consultant's own */
  mine: EcFigures;
  /** every consultant of the campuses */
  team: EcFigures;
  ranking: EcRankRow[];
}

export interface CountRow {
  key: string;
  text: string;
  count: number;
}

export interface MkDashboard {
  range: PeriodRange;
  new_leads: number;
  valid_leads: number;
  invalid_leads: number;
  /** leads assigned to a telemarketer or consultant in the period */
  assigned: number;
  invited: number;
  arrived: number;
  deals: number;
  by_source: CountRow[];
  /** leads created per day of the period (a chart) */
  by_day: { day: string; count: number }[];
}

export interface TaDashboard {
  range: PeriodRange;
  /** lessons on the timetable today (Asia/Shanghai) */
  lessons_today: number;
  /** lessons on the timetable in the period */
  lessons: number;
  /** valid check-ins of the period */
  check_ins: number;
  /** present + late of them */
  attended: number;
  attendance_rate: Rate;
  /** hundredths of an hour taken from the students' lines by consumption (reversals netted) */
  hours_consumed: number;
  /** fen of paid money those hours used */
  consumed_value: number;
  /** students with hours left but at most LOW_HOURS (renewal due) */
  low_hours_students: number;
  leaves: number;
  makeups: number;
}

/** A student with at most this many hundredths of an hour left is due for renewal (10 hours). */
export const LOW_HOURS = 1000;

export interface FinanceHomeDashboard {
  range: PeriodRange;
  /** fen: 收费 receipts */
  collected: number;
  /** fen, negative: 退费 receipts */
  refunded: number;
  /** fen: every receipt of the period */
  net: number;
  by_method: { key: string; text: string; amount: number; count: number }[];
  /** open installment plans now: what they still owe, overdue periods */
  installments: { open_count: number; owed: number; overdue_periods: number; overdue_amount: number };
}

export interface StatFigure {
  key: 'new_leads' | 'new_students' | 'orders' | 'revenue' | 'consumption' | 'refunds' | 'active_students' | 'classes';
  label: string;
  /** fen for money, hundredths for hours, else a count */
  unit: 'count' | 'fen' | 'hours';
  value: number;
  previous: number;
}

export interface DataStatistics {
  range: PeriodRange;
  figures: StatFigure[];
}

export const ecDashboardCall = defineCall({
  area: 'home',
  title: '课程顾问看板',
  method: 'GET',
  path: 'api/v1/home_base_data/ec',
  perm: HOME_DASHBOARD_CODES.ec,
  query: dashboardQuery,
  labels,
  answer: answer<EcDashboard>(),
});

export const mkDashboardCall = defineCall({
  area: 'home',
  title: '市场看板',
  method: 'GET',
  path: 'api/v1/home_base_data/mk',
  perm: HOME_DASHBOARD_CODES.mk,
  query: dashboardQuery,
  labels,
  answer: answer<MkDashboard>(),
});

export const taDashboardCall = defineCall({
  area: 'home',
  title: '教务看板',
  method: 'GET',
  path: 'api/v1/home_base_data/ta',
  perm: HOME_DASHBOARD_CODES.ta,
  query: dashboardQuery,
  labels,
  answer: answer<TaDashboard>(),
});

export const financeDashboardHomeCall = defineCall({
  area: 'home',
  title: '财务看板（首页）',
  method: 'GET',
  path: 'api/v1/home_base_data/finance',
  perm: HOME_DASHBOARD_CODES.finance,
  query: dashboardQuery,
  labels,
  answer: answer<FinanceHomeDashboard>(),
});

export const dataStatisticsCall = defineCall({
  area: 'home',
  title: '数据统计',
  method: 'GET',
  path: 'api/v1/home_base_data/statistics',
  perm: HOME_DASHBOARD_CODES.statistics,
  query: dashboardQuery,
  labels,
  answer: answer<DataStatistics>(),
});
