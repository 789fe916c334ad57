import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Placeholder dates the old backends store for "no date": shown as blank. */
const EMPTY_PREFIXES = ['1970', '0001', '2006'];

function isPlaceholder(text: string): boolean {
  return EMPTY_PREFIXES.some((p) => text.startsWith(p));
}

/** A 13-digit timestamp is milliseconds, any other number of digits is seconds. */
function fromTimestamp(n: number): dayjs.Dayjs {
  const digits = String(Math.trunc(Math.abs(n))).length;
  return dayjs(digits === 13 ? n : n * 1000);
}

export type DateInput = string | number | Date | null | undefined;

function toDayjs(value: DateInput): dayjs.Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (value instanceof Date) return dayjs(value);
  if (typeof value === 'number') return fromTimestamp(value);
  const text = value.trim();
  if (isPlaceholder(text)) return undefined;
  if (/^\d+$/.test(text) && (text.length === 10 || text.length === 13)) return fromTimestamp(Number(text));
  return dayjs(text);
}

/** Formats a date value; blank for empty, invalid and placeholder values (1970…, 0001…, 2006…). */
export function formatDate(value: DateInput, pattern: string = DATE_FORMAT): string {
  const d = toDayjs(value);
  if (!d || !d.isValid()) return '';
  const out = d.format(pattern);
  return isPlaceholder(out) ? '' : out;
}

export function formatDateTime(value: DateInput): string {
  return formatDate(value, DATETIME_FORMAT);
}
