import type { Kysely } from 'kysely';
import { PAY_METHODS } from '../../../src/contract/finance-accounts';
import type { ReceiptTotals } from '../../../src/contract/finance-reports';
import type { ReportRow } from '../../../src/contract/reports';
import { financeReport, financeReportCall, FINANCE_REPORT_GROUPS } from '../../../src/contract/reports-finance';
import type { Database } from '../../db/schema';
import { receiptGroups, totalsOf, type ReceiptGroup } from '../finance';
import type { ReportContext, ReportSource } from './source';
import { covOf, groupOf, keepTotals, keptTotals, type Cov } from './grouped';

type Db = Kysely<Database>;

const figures = (t: ReceiptTotals): ReportRow => ({ income: t.income, refund: t.refund, carry: t.carry, net: t.net, from_account: t.from_account, count: t.count });

/**
 * 报表中心's 财务报表: the finance area's receipt figures (its own computation, through its public
 * module) of the period, by city, by campus or by payment method.
 */
async function financeReportRows(db: Db, cov: Cov & { cityOf: Map<number, { id: number; name: string }> }, group: string): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const groups = await receiptGroups(db, cov.from, cov.to, cov.schools);
  const totals = figures(totalsOf(groups));
  const buckets = new Map<string, { head: ReportRow; groups: ReceiptGroup[] }>();
  const put = (key: string, head: ReportRow, g?: ReceiptGroup) => {
    const b = buckets.get(key) ?? { head: { key, ...head }, groups: [] };
    if (g) b.groups.push(g);
    buckets.set(key, b);
  };
  const school = (id: number) => cov.schoolNames.get(id) ?? `校区${id}`;
  if (group === 'method') {
    for (const g of groups) put(g.pay_method, { name: PAY_METHODS.find((m) => m.value === g.pay_method)?.text ?? g.pay_method }, g);
  } else if (group === 'school') {
    // every campus covered shows, a quiet one with zeros: the drill-down lists the city's campuses
    for (const id of cov.schools) put(`s${id}`, { name: school(id), city_name: cov.cityOf.get(id)?.name ?? '', org_id: id });
    for (const g of groups) put(`s${g.school_id}`, {}, g);
  } else {
    for (const id of cov.schools) {
      const city = cov.cityOf.get(id);
      put(`c${city?.id ?? 0}`, { name: city?.name ?? '其他', org_id: city?.id ?? null });
    }
    for (const g of groups) put(`c${cov.cityOf.get(g.school_id)?.id ?? 0}`, {}, g);
  }
  return { rows: [...buckets.values()].map((b) => ({ ...b.head, ...figures(totalsOf(b.groups)) })), totals };
}

/** campus → its city (parent organisation) */
async function citiesOf(db: Db): Promise<Map<number, { id: number; name: string }>> {
  const orgs = await db.selectFrom('organisations').select(['id', 'name', 'kind', 'parent_id']).where('del_flag', '=', 0).execute();
  const byId = new Map(orgs.map((o) => [Number(o.id), o]));
  const out = new Map<number, { id: number; name: string }>();
  for (const s of orgs.filter((o) => o.kind === 'school')) {
    const p = byId.get(Number(s.parent_id));
    if (p) out.set(Number(s.id), { id: Number(p.id), name: p.name });
  }
  return out;
}

export const financeSource: ReportSource = {
  def: financeReport,
  call: financeReportCall,
  async rows(ctx: ReportContext) {
    const { rows, totals } = await financeReportRows(ctx.db, { ...covOf(ctx), cityOf: await citiesOf(ctx.db) }, groupOf(ctx, FINANCE_REPORT_GROUPS.map((g) => g.value)));
    keepTotals(ctx, totals);
    return rows;
  },
  totalsOf: keptTotals,
};
