import { sql } from 'kysely';
import { networkReport, networkReportCall } from '../../../src/contract/reports-network';
import { POOL } from '../../../src/contract/resources/marketing';
import type { ReportRow } from '../../../src/contract/reports';
import type { ReportContext, ReportSource } from './source';
import { inSchools } from './scope';
import { num, ratio } from './table';

/** 来源 网络推广 (STUDENT_SOURCES): the online leads. */
const ONLINE_SOURCE = 3;

async function rows(ctx: ReportContext): Promise<ReportRow[]> {
  const { db, schools, period } = ctx;
  const [leads, plans, spend] = await Promise.all([
    sql<{ school_id: number; received: unknown; valid: unknown; visited: unknown; dealt: unknown }>`
      select r.school_id, count(*) as received,
        sum(case when r.pool <> ${POOL.invalid} then 1 else 0 end) as valid,
        sum(case when r.visited_at is not null then 1 else 0 end) as visited,
        sum(case when r.signed_at is not null then 1 else 0 end) as dealt
      from mkt_resource r
      where ${inSchools('r.school_id', schools.ids)} and r.del_flag = 0 and r.source = ${ONLINE_SOURCE} and r.created_at >= ${period.start} and r.created_at < ${period.end}
      group by r.school_id`.execute(db),
    sql<{ school_id: number; leads: unknown; visits: unknown; signs: unknown }>`
      select p.school_id, sum(p.target_leads) as leads, sum(p.target_visits) as visits, sum(p.target_signs) as signs
      from mkt_sch_network_plan p
      where ${inSchools('p.school_id', schools.ids)} and p.plan_month >= ${period.from.slice(0, 7)} and p.plan_month <= ${period.to.slice(0, 7)}
      group by p.school_id`.execute(db),
    sql<{ school_id: number; spend: unknown; leads: unknown }>`
      select d.school_id, sum(d.spend) as spend, sum(d.lead_count) as leads
      from mkt_network_detail d
      where ${inSchools('d.school_id', schools.ids)} and d.del_flag = 0 and d.stat_date >= ${period.from} and d.stat_date <= ${period.to}
      group by d.school_id`.execute(db),
  ]);
  const map = new Map<number, ReportRow>();
  const row = (schoolId: number): ReportRow => {
    let r = map.get(Number(schoolId));
    if (!r) {
      r = { school_name: schools.names.get(Number(schoolId)) ?? `校区${schoolId}`, received: 0, valid: 0, visited: 0, dealt: 0, target_leads: 0, target_visits: 0, target_signs: 0, lead_done_rate: null, spend: 0, platform_leads: 0, deal_rate: null };
      map.set(Number(schoolId), r);
    }
    return r;
  };
  for (const l of leads.rows) Object.assign(row(l.school_id), { received: num(l.received), valid: num(l.valid), visited: num(l.visited), dealt: num(l.dealt) });
  for (const p of plans.rows) Object.assign(row(p.school_id), { target_leads: num(p.leads), target_visits: num(p.visits), target_signs: num(p.signs) });
  for (const d of spend.rows) Object.assign(row(d.school_id), { spend: num(d.spend), platform_leads: num(d.leads) });
  return [...map.values()];
}

function derive(r: ReportRow): void {
  r.lead_done_rate = ratio(Number(r.received), Number(r.target_leads));
  r.deal_rate = ratio(Number(r.dealt), Number(r.received));
}

export const networkSource: ReportSource = { def: networkReport, call: networkReportCall, rows, derive };
