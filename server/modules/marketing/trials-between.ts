import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { whereInScope } from '../../lib/scope';

export interface TrialItem {
  id: number;
  name: string;
  lesson_date: string;
  start_time: string;
  end_time: string;
  school_name: string | null;
  booked_count: number | null;
}

/** Trial lessons between two dates for the home calendar: those the caller teaches, or all of their campuses. */
export async function trialsBetween(db: Kysely<Database>, p: Principal, from: string, to: string, teacherOnly: boolean, limit = 500): Promise<TrialItem[]> {
  let qb = db
    .selectFrom('mkt_trial_lesson as t')
    .leftJoin('organisations as o', 'o.id', 't.school_id')
    .select(['t.id', 't.name', 't.lesson_date', 't.start_time', 't.end_time', 'o.name as school_name', 't.booked_count'])
    .where('t.del_flag', '=', 0)
    .where('t.lesson_date', '>=', from)
    .where('t.lesson_date', '<=', to);
  qb = teacherOnly ? qb.where('t.teacher_id', '=', p.userId) : whereInScope(qb, 't.school_id', p);
  return qb.orderBy('t.lesson_date').orderBy('t.start_time').limit(limit).execute();
}
