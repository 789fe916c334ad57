import { REPORT_MAX_DAYS } from '../../../src/contract/reports';
import { ApiError } from '../../lib/http';
import { addDays, todayText } from '../../lib/time';

/** A report's period: Asia/Shanghai days `from`..`to`, both included. */
export interface ReportPeriod {
  from: string;
  to: string;
  /** `from 00:00:00` and the day after `to` at 00:00:00: datetime columns hold Shanghai local time */
  start: string;
  end: string;
}

/** The first day of the month before today's, Shanghai (the screen's default 最近两个月). */
function defaultFrom(today: string): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The period of the filters: missing ends default to the last two months up to today. */
export function reportPeriod(dateStart: string | undefined, dateEnd: string | undefined, now: number = Date.now()): ReportPeriod {
  const today = todayText(now);
  const to = dateEnd ?? (dateStart && dateStart > today ? dateStart : today);
  const from = dateStart ?? (defaultFrom(today) <= to ? defaultFrom(today) : to);
  if (from > to) throw new ApiError(400, '开始日期不能晚于结束日期');
  if (daysBetween(from, to) + 1 > REPORT_MAX_DAYS) throw new ApiError(400, `统计区间不能超过${REPORT_MAX_DAYS}天`);
  return { from, to, start: `${from} 00:00:00`, end: `${addDays(to, 1)} 00:00:00` };
}
