import { sql } from 'kysely';
import { salesReport, salesReportCall } from '../../../src/contract/reports-sales';
import type { ReportRow } from '../../../src/contract/reports';
import type { ReportContext, ReportSource } from './source';
import { inSchools } from './scope';
import { num, ratio } from './table';

const inPeriod = (column: string, ctx: ReportContext) => sql`case when ${sql.ref(column)} >= ${ctx.period.start} and ${sql.ref(column)} < ${ctx.period.end} then 1 else 0 end`;

async function rows(ctx: ReportContext): Promise<ReportRow[]> {
  const { db, schools, period } = ctx;
  const [leads, follows] = await Promise.all([
    sql<{ school_id: number; seller_id: number; seller_name: string | null; assigned: unknown; visits: unknown; trials: unknown; deals: unknown }>`
      select r.school_id, r.seller_id, max(r.seller_name) as seller_name,
        sum(${inPeriod('r.assigned_at', ctx)}) as assigned, sum(${inPeriod('r.visited_at', ctx)}) as visits,
        sum(${inPeriod('r.trial_at', ctx)}) as trials, sum(${inPeriod('r.signed_at', ctx)}) as deals
      from mkt_resource r
      where ${inSchools('r.school_id', schools.ids)} and r.del_flag = 0 and r.seller_id is not null
      group by r.school_id, r.seller_id`.execute(db),
    sql<{ school_id: number; seller_id: number; seller_name: string | null; n: unknown }>`
      select r.school_id, r.seller_id, max(r.seller_name) as seller_name, count(*) as n
      from mkt_record f join mkt_resource r on r.id = f.resource_id
      where ${inSchools('r.school_id', schools.ids)} and r.seller_id is not null and f.follow_at >= ${period.start} and f.follow_at < ${period.end}
      group by r.school_id, r.seller_id`.execute(db),
  ]);
  const map = new Map<string, ReportRow>();
  const row = (schoolId: number, sellerId: number, name: string | null): ReportRow => {
    const key = `${schoolId}:${sellerId}`;
    let r = map.get(key);
    if (!r) map.set(key, (r = { school_name: schools.names.get(Number(schoolId)) ?? `校区${schoolId}`, seller_name: name ?? `用户${sellerId}`, assigned: 0, follow_ups: 0, visits: 0, trials: 0, deals: 0, visit_rate: null, deal_rate: null, visit_deal_rate: null }));
    return r;
  };
  for (const l of leads.rows) {
    const r = row(l.school_id, l.seller_id, l.seller_name);
    r.assigned = num(l.assigned);
    r.visits = num(l.visits);
    r.trials = num(l.trials);
    r.deals = num(l.deals);
  }
  for (const f of follows.rows) row(f.school_id, f.seller_id, f.seller_name).follow_ups = num(f.n);
  return [...map.values()].filter((r) => [r.assigned, r.follow_ups, r.visits, r.trials, r.deals].some((v) => Number(v) > 0));
}

function derive(r: ReportRow): void {
  const assigned = Number(r.assigned);
  r.visit_rate = ratio(Number(r.visits), assigned);
  r.deal_rate = ratio(Number(r.deals), assigned);
  r.visit_deal_rate = ratio(Number(r.deals), Number(r.visits));
}

export const salesSource: ReportSource = { def: salesReport, call: salesReportCall, rows, derive };
