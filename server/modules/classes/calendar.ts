import type { SchoolCalendar } from './arrange';
import type { Db } from './common';

/** A campus's calendar over a date range: company-wide holidays and swap days plus its own. */
export async function loadCalendar(db: Db, schoolId: number, from: string, to: string): Promise<SchoolCalendar> {
  const [global, own, swaps, ownSwaps] = await Promise.all([
    db.selectFrom('base_holiday_set').select(['name', 'start_date', 'end_date']).where('start_date', '<=', to).where('end_date', '>=', from).execute(),
    db
      .selectFrom('base_holiday_set_school')
      .select(['name', 'start_date', 'end_date'])
      .where('school_id', '=', schoolId)
      .where('start_date', '<=', to)
      .where('end_date', '>=', from)
      .execute(),
    db.selectFrom('base_swap_day').select(['name', 'swap_date', 'follow_week_day']).where('swap_date', '>=', from).where('swap_date', '<=', to).execute(),
    db
      .selectFrom('base_swap_day_school')
      .select(['name', 'swap_date', 'follow_week_day'])
      .where('school_id', '=', schoolId)
      .where('swap_date', '>=', from)
      .where('swap_date', '<=', to)
      .execute(),
  ]);
  // The campus's own swap day wins over a company-wide one of the same date.
  const ownDates = new Set(ownSwaps.map((s) => s.swap_date));
  return {
    holidays: [...global, ...own],
    swapDays: [...ownSwaps, ...swaps.filter((s) => !ownDates.has(s.swap_date))],
  };
}
