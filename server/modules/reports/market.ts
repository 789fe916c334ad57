import { sql } from 'kysely';
import { marketReport, marketReportCall } from '../../../src/contract/reports-market';
import { POOL } from '../../../src/contract/resources/marketing';
import { STUDENT_SOURCES } from '../../../src/contract/resources/students';
import type { ReportRow } from '../../../src/contract/reports';
import type { ReportContext, ReportSource } from './source';
import { inSchools } from './scope';
import { num, ratio } from './table';

const sourceText = (v: number | null) => STUDENT_SOURCES.find((s) => s.value === Number(v))?.text ?? '未填写';

async function rows(ctx: ReportContext): Promise<ReportRow[]> {
  const { db, schools, period } = ctx;
  const bySchool = ctx.filters.group_by === 'school';
  const source = ctx.filters.source === undefined ? sql`1 = 1` : sql`r.source = ${Number(ctx.filters.source)}`;
  const [leads, plans] = await Promise.all([
    sql<{ school_id: number; source: number | null; leads: unknown; valid: unknown; visited: unknown; deals: unknown }>`
      select r.school_id, r.source, count(*) as leads,
        sum(case when r.pool <> ${POOL.invalid} then 1 else 0 end) as valid,
        sum(case when r.visited_at is not null then 1 else 0 end) as visited,
        sum(case when r.signed_at is not null then 1 else 0 end) as deals
      from mkt_resource r
      where ${inSchools('r.school_id', schools.ids)} and r.del_flag = 0 and ${source} and r.created_at >= ${period.start} and r.created_at < ${period.end}
      group by r.school_id, r.source`.execute(db),
    bySchool
      ? sql<{ school_id: number; budget: unknown; target: unknown }>`
          select p.school_id, sum(p.budget) as budget, sum(p.target_leads) as target
          from mkt_market_plan p
          where ${inSchools('p.school_id', schools.ids)} and p.start_date <= ${period.to} and p.end_date >= ${period.from}
          group by p.school_id`.execute(db)
      : Promise.resolve({ rows: [] }),
  ]);
  const map = new Map<string, ReportRow>();
  for (const l of leads.rows) {
    const key = bySchool ? `${l.school_id}` : `${l.school_id}:${l.source ?? ''}`;
    let r = map.get(key);
    if (!r) {
      r = { school_name: schools.names.get(Number(l.school_id)) ?? `校区${l.school_id}`, source_text: bySchool ? '全部来源' : sourceText(l.source), leads: 0, valid: 0, valid_rate: null, visited: 0, visit_rate: null, deals: 0, deal_rate: null, plan_budget: null, plan_target_leads: null, cost_per_lead: null };
      map.set(key, r);
    }
    r.leads = Number(r.leads) + num(l.leads);
    r.valid = Number(r.valid) + num(l.valid);
    r.visited = Number(r.visited) + num(l.visited);
    r.deals = Number(r.deals) + num(l.deals);
  }
  for (const p of plans.rows) {
    const key = `${p.school_id}`;
    let r = map.get(key);
    if (!r) {
      r = { school_name: schools.names.get(Number(p.school_id)) ?? `校区${p.school_id}`, source_text: '全部来源', leads: 0, valid: 0, valid_rate: null, visited: 0, visit_rate: null, deals: 0, deal_rate: null, plan_budget: null, plan_target_leads: null, cost_per_lead: null };
      map.set(key, r);
    }
    r.plan_budget = num(p.budget);
    r.plan_target_leads = num(p.target);
  }
  return [...map.values()];
}

function derive(r: ReportRow): void {
  const leads = Number(r.leads);
  r.valid_rate = ratio(Number(r.valid), leads);
  r.visit_rate = ratio(Number(r.visited), leads);
  r.deal_rate = ratio(Number(r.deals), leads);
  r.cost_per_lead = r.plan_budget === null || r.plan_budget === undefined || !leads ? null : Math.round(Number(r.plan_budget) / leads);
}

export const marketSource: ReportSource = { def: marketReport, call: marketReportCall, rows, derive };
