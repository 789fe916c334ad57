import { addDays } from '../../lib/time';

/** One day of a birthday window: its date and the month-days (`MM-DD`) celebrated on it. */
export interface WindowDay {
  date: string;
  /** days after today (0: today) */
  offset: number;
  monthDays: string[];
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The days from `today` to `today + days` (Asia/Shanghai calendar dates, `YYYY-MM-DD`) with the
 * birthdays each one celebrates. Pure calendar arithmetic, so a window over a month's or a year's
 * end is just the next dates; someone born on 29 February is wished on 28 February of a year
 * without it.
 */
export function birthdayWindow(today: string, days: number): WindowDay[] {
  const out: WindowDay[] = [];
  for (let i = 0; i <= days; i++) {
    const date = addDays(today, i);
    const md = date.slice(5);
    const monthDays = [md];
    if (md === '02-28' && !isLeap(Number(date.slice(0, 4)))) monthDays.push('02-29');
    out.push({ date, offset: i, monthDays });
  }
  return out;
}

/** The age someone born on `birthday` (YYYY-MM-DD) turns on `date`, their birthday that year. */
export function ageOn(birthday: string, date: string): number {
  return Number(date.slice(0, 4)) - Number(birthday.slice(0, 4));
}
