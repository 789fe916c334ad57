/** China has no daylight saving: Asia/Shanghai is always UTC+8. */
const OFFSET_MS = 8 * 60 * 60 * 1000;

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai local time. */
export function nowText(at: Date | number = Date.now()): string {
  const d = new Date((typeof at === 'number' ? at : at.getTime()) + OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** 'YYYY-MM-DD' in Asia/Shanghai local time. */
export function todayText(at: Date | number = Date.now()): string {
  return nowText(at).slice(0, 10);
}

/** A 'YYYY-MM-DD' calendar date moved by whole days (calendar arithmetic: no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
