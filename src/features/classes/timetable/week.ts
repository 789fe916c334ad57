import dayjs from 'dayjs';
import type { ScheduleRow } from '../../../contract/classes';

export const WEEK_DAY_TEXT = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

/** ISO weekday 1 (Monday) … 7 (Sunday) of a 'YYYY-MM-DD' date. */
export function isoWeekDay(date: string): number {
  const d = dayjs(date).day();
  return d === 0 ? 7 : d;
}

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return dayjs(date).subtract(isoWeekDay(date) - 1, 'day').format('YYYY-MM-DD');
}

export function addDays(date: string, n: number): string {
  return dayjs(date).add(n, 'day').format('YYYY-MM-DD');
}

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

const DEFAULT_FIRST_HOUR = 8;
const DEFAULT_LAST_HOUR = 20;

/** The hour rows of the grid: 08:00-20:00, widened to every lesson of the week. */
export function hourRows(lessons: readonly Pick<ScheduleRow, 'start_time'>[]): number[] {
  let first = DEFAULT_FIRST_HOUR;
  let last = DEFAULT_LAST_HOUR;
  for (const l of lessons) {
    const h = Number(l.start_time.slice(0, 2));
    if (Number.isFinite(h)) {
      first = Math.min(first, h);
      last = Math.max(last, h);
    }
  }
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export function cellKey(date: string, hour: number): string {
  return `${date}|${hour}`;
}

/** Lessons by grid cell (day × start hour), each cell in start order. */
export function cellsOf<T extends Pick<ScheduleRow, 'lesson_date' | 'start_time' | 'id'>>(lessons: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  const sorted = lessons.toSorted((a, b) => a.start_time.localeCompare(b.start_time) || a.id - b.id);
  for (const l of sorted) {
    const k = cellKey(l.lesson_date, Number(l.start_time.slice(0, 2)));
    const list = out.get(k);
    if (list) list.push(l);
    else out.set(k, [l]);
  }
  return out;
}

const PALETTE = ['blue', 'teal', 'grape', 'orange', 'indigo', 'cyan', 'pink', 'lime', 'violet', 'green'] as const;

/** A stable colour per class, so one class reads the same across the week. */
export function classColor(classId: number): (typeof PALETTE)[number] {
  return PALETTE[Math.abs(classId) % PALETTE.length];
}

export function weekLabel(monday: string): string {
  const end = addDays(monday, 6);
  return `${monday} ~ ${dayjs(end).format(dayjs(end).year() === dayjs(monday).year() ? 'MM-DD' : 'YYYY-MM-DD')}`;
}
