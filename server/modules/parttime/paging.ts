import { todayText } from '../../lib/time';

/** OFFSET of a page (page from 1; both bounded by pageQuerySchema). */
export function offsetOf(q: { page: number; rows: number }): number {
  return (q.page - 1) * q.rows;
}

/** `YYYY-MM` of today in Asia/Shanghai. */
export function currentMonth(): string {
  return todayText().slice(0, 7);
}

/** First and last day (`YYYY-MM-DD`) of a month `YYYY-MM`. */
export function monthRange(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}
