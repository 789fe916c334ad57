import type { DashboardQuery, PeriodRange } from '../../../src/contract/home-dashboards';
import { MAX_PERIOD_DAYS } from '../../../src/contract/home-dashboards';
import { ApiError } from '../../lib/http';
import { addDays } from '../../lib/time';

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
const validDate = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
};

function monthEnd(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function previousMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The Asia/Shanghai days a dashboard covers for `today` (the caller's Shanghai date): 本月 by
 * default, 本周 Monday to Sunday, 上月, or a custom range of at most MAX_PERIOD_DAYS. The period
 * before is the previous calendar month for the months, otherwise the same number of days just
 * before. Bad ranges answer 400 in Chinese.
 */
export function resolvePeriod(q: Pick<DashboardQuery, 'period' | 'from' | 'to'>, today: string): PeriodRange {
  const period = q.period ?? 'month';
  const month = today.slice(0, 7);
  let from: string;
  let to: string;
  if (period === 'month' || period === 'last_month') {
    const m = period === 'month' ? month : previousMonth(month);
    const prev = previousMonth(m);
    return { period, from: `${m}-01`, to: monthEnd(m), prev_from: `${prev}-01`, prev_to: monthEnd(prev) };
  }
  if (period === 'today') {
    from = today;
    to = today;
  } else if (period === 'week') {
    // Monday is the first day of the week in China; getUTCDay of a plain date has no time zone.
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    from = addDays(today, -weekday);
    to = addDays(from, 6);
  } else {
    if (!q.from || !q.to) throw new ApiError(400, '自定义周期请选择开始日期和结束日期');
    if (!validDate(q.from) || !validDate(q.to)) throw new ApiError(400, '日期不存在，请重新选择');
    if (q.from > q.to) throw new ApiError(400, '开始日期不能晚于结束日期');
    if (dayNumber(q.to) - dayNumber(q.from) + 1 > MAX_PERIOD_DAYS) throw new ApiError(400, `统计周期最长${MAX_PERIOD_DAYS}天`);
    from = q.from;
    to = q.to;
  }
  const days = dayNumber(to) - dayNumber(from) + 1;
  return { period, from, to, prev_from: addDays(from, -days), prev_to: addDays(from, -1) };
}

/** Every day of from..to (a chart's axis). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The Shanghai local-time bounds of the days from..to: `>= start and < end` (stamps are local text). */
export function timeBounds(from: string, to: string): { start: string; end: string } {
  return { start: `${from} 00:00:00`, end: `${addDays(to, 1)} 00:00:00` };
}
