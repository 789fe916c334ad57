import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { whereInScope } from '../../lib/scope';

/** States of a student who no longer studies here (结课, 退费, 流失): not wished a happy birthday. */
const LEFT_STATES = [3, 4, 8];

export interface BornOnRow {
  id: number;
  name: string;
  school_id: number;
  school_name: string | null;
  birthday: string;
  phone: string | null;
  parent_phone: string | null;
}

/**
 * Students of the caller's campuses born on one of the month-days `MM-DD` (any year), for the
 * home page's birthday reminders. The month-day is the date's characters 6 to 10 (dates are kept
 * as `YYYY-MM-DD` text on both databases).
 */
export async function studentsBornOn(db: Kysely<Database>, p: Principal, monthDays: readonly string[]): Promise<BornOnRow[]> {
  if (monthDays.length === 0) return [];
  const qb = db
    .selectFrom('student as s')
    .leftJoin('organisations as o', 'o.id', 's.school_id')
    .select(['s.id', 's.name', 's.school_id', 'o.name as school_name', 's.birthday', 's.phone', 's.parent_phone'])
    .where('s.del_flag', '=', 0)
    .where('s.state', 'not in', LEFT_STATES)
    .where('s.birthday', 'is not', null)
    .where(sql<boolean>`substr(s.birthday, 6, 5) in (${sql.join(monthDays.map((d) => sql`${d}`))})`);
  const rows = await whereInScope(qb, 's.school_id', p).orderBy('s.id').limit(2000).execute();
  return rows.map((r) => ({ ...r, birthday: String(r.birthday) }));
}
