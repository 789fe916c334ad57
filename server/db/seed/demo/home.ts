import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { addDays, nowText, todayText } from '../../../lib/time';
import '../../core-schema';

/**
 * Demo data of the home page's reminders, relative to the day the demo is seeded: in every campus
 * three studying students have their birthday in the coming week (today, in 3 days, in 6 days), and
 * every telemarketer's and seller's leads have a follow-up due (one today, one overdue since
 * yesterday), so each demo role sees rows in the reminders it may see. Overdue installments, low
 * hours and workflow tasks come from the orders, classes and workflow demos.
 */
export const order = 95;

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export async function seed(db: Kysely<Database>): Promise<void> {
  const today = todayText();
  const now = nowText();
  const schools = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  for (const school of schools) {
    const students = await db.selectFrom('student').select(['id', 'birthday']).where('school_id', '=', school.id).where('del_flag', '=', 0).where('state', '=', 1).orderBy('id').limit(3).execute();
    for (const [k, s] of students.entries()) {
      const md = addDays(today, [0, 3, 6][k]).slice(5);
      let year = s.birthday ? Number(String(s.birthday).slice(0, 4)) : 2015 - k;
      if (md === '02-29' && !isLeap(year)) year = 2016;
      await db.updateTable('student').set({ birthday: `${year}-${md}`, updated_at: now }).where('id', '=', s.id).execute();
    }
  }
  const owners = await db
    .selectFrom('users')
    .select('id')
    .where('login_id', 'in', ['telemarketer', 'sales'])
    .execute();
  for (const o of owners) {
    const leads = await db
      .selectFrom('mkt_resource')
      .select('id')
      .where('del_flag', '=', 0)
      .where((eb) => eb.or([eb('tmk_id', '=', o.id), eb('seller_id', '=', o.id)]))
      .where('pool', 'in', [2, 3])
      .orderBy('id')
      .limit(2)
      .execute();
    const times = [`${today} 10:00:00`, `${addDays(today, -1)} 15:30:00`];
    for (const [k, l] of leads.entries()) await db.updateTable('mkt_resource').set({ next_follow_at: times[k], updated_at: now }).where('id', '=', l.id).execute();
  }
}
