import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { TRIAL_ATTENDED } from '../../../src/contract/resources/marketing-funnel';
import { addDays } from '../../lib/time';

/**
 * Lead figures of campuses over business days (inclusive `YYYY-MM-DD`, Asia/Shanghai: a row stamped
 * `D 23:59:59` is day D, `D+1 00:00:00` the next), for the daily reports (server/modules/cmp).
 */
export interface LeadFigures {
  /** leads created (not deleted) */
  new_leads: number;
  /** visits received (mkt_student_visit) */
  visits: number;
  /** students who attended a trial lesson dated in the days */
  trials: number;
}

export const emptyLeadFigures = (): LeadFigures => ({ new_leads: 0, visits: 0, trials: 0 });

const inList = (column: string, ids: readonly number[]): RawBuilder<unknown> =>
  ids.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} in (${sql.join(ids.map((id) => sql`${id}`))})`;

export async function leadFiguresByCampus(db: Kysely<Database>, from: string, to: string, schools: readonly number[]): Promise<Map<number, LeadFigures>> {
  const start = `${from} 00:00:00`;
  const end = `${addDays(to, 1)} 00:00:00`;
  const out = new Map<number, LeadFigures>();
  const at = (id: number): LeadFigures => {
    let f = out.get(id);
    if (!f) out.set(id, (f = emptyLeadFigures()));
    return f;
  };
  const leads = await sql<{ school_id: number; n: number | string }>`
    select school_id, count(*) as n from mkt_resource
    where ${inList('school_id', schools)} and del_flag = 0 and created_at >= ${start} and created_at < ${end}
    group by school_id`.execute(db);
  for (const r of leads.rows) at(Number(r.school_id)).new_leads = Number(r.n);
  const visits = await sql<{ school_id: number; n: number | string }>`
    select school_id, count(*) as n from mkt_student_visit
    where ${inList('school_id', schools)} and del_flag = 0 and visit_time >= ${start} and visit_time < ${end}
    group by school_id`.execute(db);
  for (const r of visits.rows) at(Number(r.school_id)).visits = Number(r.n);
  const trials = await sql<{ school_id: number; n: number | string }>`
    select s.school_id, count(*) as n from mkt_trial_lesson_student s
    inner join mkt_trial_lesson l on l.id = s.trial_lesson_id
    where ${inList('s.school_id', schools)} and l.del_flag = 0 and s.state = ${TRIAL_ATTENDED} and l.lesson_date >= ${from} and l.lesson_date <= ${to}
    group by s.school_id`.execute(db);
  for (const r of trials.rows) at(Number(r.school_id)).trials = Number(r.n);
  return out;
}
