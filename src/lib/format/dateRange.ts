import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { DateRangePreset } from '../../contract/search';
import { DATE_FORMAT, DATETIME_FORMAT } from './date';

dayjs.extend(utc);

/** The search-form date defaults of the spec (doc 000 §9). */
export type { DateRangePreset };

/** Minutes east of UTC of Asia/Shanghai, which keeps no daylight saving time. */
const SHANGHAI_OFFSET = 8 * 60;

/**
 * An instant (default: now) as the day and time in Asia/Shanghai, whatever the device's own zone:
 * the campuses' days, on which the server's dates are written too (server/lib/time.ts).
 */
function inShanghai(now: dayjs.ConfigType): dayjs.Dayjs {
  return dayjs(now).utcOffset(SHANGHAI_OFFSET);
}

export const DATE_RANGE_PRESET_LABELS: Record<DateRangePreset, string> = {
  currentMonth: '本月',
  monthSoFar: '本月至今',
  latestTwoMonths: '最近两个月',
  yesterday: '昨天',
  today: '今天',
};

export type DateRangeValue = [string, string];

/**
 * A preset as `[start, end]` strings of Asia/Shanghai days. With `withTime` the range covers whole
 * days (`00:00:00` to `23:59:59`). "Latest two months" is the previous calendar month plus this one
 * so far. `now` is an instant (a Date, milliseconds, or a text with its offset).
 */
export function dateRangeOf(preset: DateRangePreset, withTime = false, now: dayjs.ConfigType = undefined): DateRangeValue {
  const today = inShanghai(now);
  let start: dayjs.Dayjs;
  let end: dayjs.Dayjs;
  switch (preset) {
    case 'currentMonth':
      start = today.startOf('month');
      end = today.endOf('month');
      break;
    case 'monthSoFar':
      start = today.startOf('month');
      end = today;
      break;
    case 'latestTwoMonths':
      start = today.subtract(1, 'month').startOf('month');
      end = today;
      break;
    case 'yesterday':
      start = today.subtract(1, 'day');
      end = start;
      break;
    case 'today':
      start = today;
      end = today;
      break;
  }
  if (!withTime) return [start.format(DATE_FORMAT), end.format(DATE_FORMAT)];
  return [start.startOf('day').format(DATETIME_FORMAT), end.endOf('day').format(DATETIME_FORMAT)];
}

/** "Now" as an Asia/Shanghai datetime string, the default of single datetime filters. */
export function nowText(now: dayjs.ConfigType = undefined): string {
  return inShanghai(now).format(DATETIME_FORMAT);
}
