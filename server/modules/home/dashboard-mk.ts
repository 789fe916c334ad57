import { sql } from 'kysely';
import type { MkDashboard, PeriodRange } from '../../../src/contract/home-dashboards';
import { POOL } from '../../../src/contract/resources/marketing';
import { STUDENT_SOURCES } from '../../../src/contract/resources/students';
import { daysOf, timeBounds } from './dashboard-period';
import { inSchools, one, type Db, type Schools } from './dashboard-sql';

/**
 * Marketing's figures of the period at the campuses, from the leads (mkt_resource) and their
 * first-time stamps: new leads by created_at (invalid: those now in the 无效 pool), assigned by
 * assigned_at, invited / arrived / deals by invited_at / visited_at / signed_at.
 */
export async function mkDashboard(db: Db, range: PeriodRange, schools: Schools): Promise<Omit<MkDashboard, 'range'>> {
  const { start, end } = timeBounds(range.from, range.to);
  const scoped = sql`del_flag = 0 and ${inSchools('school_id', schools)}`;
  const stamped = (column: string) => one(db, sql<{ n: number }>`select count(*) as n from mkt_resource where ${scoped} and ${sql.ref(column)} >= ${start} and ${sql.ref(column)} < ${end}`);
  const [sources, days, assigned, invited, arrived, deals] = await Promise.all([
    sql<{ source: number | null; pool: number; n: number | string }>`select source, pool, count(*) as n from mkt_resource
      where ${scoped} and created_at >= ${start} and created_at < ${end} group by source, pool`.execute(db),
    sql<{ day: string; n: number | string }>`select substr(created_at, 1, 10) as day, count(*) as n from mkt_resource
      where ${scoped} and created_at >= ${start} and created_at < ${end} group by substr(created_at, 1, 10)`.execute(db),
    stamped('assigned_at'),
    stamped('invited_at'),
    stamped('visited_at'),
    stamped('signed_at'),
  ]);
  let newLeads = 0;
  let invalid = 0;
  const bySource = new Map<string, number>();
  for (const r of sources.rows) {
    const n = Number(r.n);
    newLeads += n;
    if (Number(r.pool) === POOL.invalid) invalid += n;
    const key = r.source === null ? '' : String(r.source);
    bySource.set(key, (bySource.get(key) ?? 0) + n);
  }
  const perDay = new Map(days.rows.map((r) => [r.day, Number(r.n)]));
  return {
    new_leads: newLeads,
    valid_leads: newLeads - invalid,
    invalid_leads: invalid,
    assigned,
    invited,
    arrived,
    deals,
    by_source: [...bySource.entries()]
      .map(([key, count]) => ({ key, count, text: key === '' ? '未填来源' : (STUDENT_SOURCES.find((s) => String(s.value) === key)?.text ?? `来源${key}`) }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
    by_day: daysOf(range.from, range.to).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
  };
}
