import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../lib/format/date';

/** Today as YYYY-MM-DD (the browser's day; the server checks the dates again). */
export function todayDate(): string {
  return dayjs().format(DATE_FORMAT);
}

/** `date` moved by `months` calendar months (the 31st becomes the month's last day). */
export function addMonths(date: string, months: number): string {
  return dayjs(date).add(months, 'month').format(DATE_FORMAT);
}

/** `total` fen in `count` whole-fen parts that add up to it exactly: the last part takes the rest. */
export function splitEvenly(total: number, count: number): number[] {
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? total - part * (count - 1) : part));
}
