import { sql, type Kysely } from 'kysely';
import type { ReportRow } from '../../../src/contract/reports';
import { supplyReport, supplyReportCall, SUPPLY_REPORT_GROUPS } from '../../../src/contract/reports-supply_groups';
import type { Database } from '../../db/schema';
import type { ReportContext, ReportSource } from './source';
import { covOf, groupOf, keepTotals, keptTotals, sumFigures, type Cov } from './grouped';
import { inSchools } from './scope';
import { ratio } from './table';

type Db = Kysely<Database>;
type Num = number | string | null;

const FIGURES = ['students', 'ordered_qty', 'delivered_qty', 'pending_qty', 'amount', 'supplied_students'] as const;

/**
 * 供应组报表 (docs/reports.md): per campus and class type, the students enrolled now (stu_class 在读)
 * against the textbooks of the class type (prod_text_book 启用) and the period's book orders
 * (fin_book_order by created_at, 已取消 left out) for those textbooks.
 */
async function supplyReportRows(db: Db, cov: Cov, group: string): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const [enrolled, books, orders] = await Promise.all([
    sql<{ school_id: number; class_type_id: number; n: Num }>`
      select school_id, class_type_id, count(distinct student_id) as n from stu_class where ${inSchools('school_id', cov.schools)} and state = 1 group by school_id, class_type_id`.execute(db),
    sql<{ class_type_id: number | null; n: Num }>`select class_type_id, count(*) as n from prod_text_book where status = 1 group by class_type_id`.execute(db),
    sql<{ school_id: number; class_type_id: number | null; ordered: Num; delivered: Num; pending: Num; amount: Num; supplied: Num }>`
      select o.school_id, b.class_type_id, sum(o.quantity) as ordered,
        sum(case when o.state = 3 then o.quantity else 0 end) as delivered,
        sum(case when o.state in (1, 2) then o.quantity else 0 end) as pending,
        sum(o.amount) as amount,
        count(distinct case when o.state = 3 then o.student_id end) as supplied
      from fin_book_order o left join prod_text_book b on b.id = o.text_book_id
      where ${inSchools('o.school_id', cov.schools)} and o.state <> 4 and o.created_at >= ${cov.start} and o.created_at < ${cov.end}
      group by o.school_id, b.class_type_id`.execute(db),
  ]);
  const typeIds = [...new Set([...enrolled.rows, ...orders.rows].flatMap((r) => (r.class_type_id === null ? [] : [Number(r.class_type_id)])))];
  const typeNames = new Map<number, string>();
  if (typeIds.length > 0) for (const t of await db.selectFrom('prod_class_type').select(['id', 'name']).where('id', 'in', typeIds).execute()) typeNames.set(Number(t.id), t.name);
  const bookCount = new Map(books.rows.map((b) => [b.class_type_id === null ? 0 : Number(b.class_type_id), Number(b.n ?? 0)]));
  const school = (id: number) => cov.schoolNames.get(id) ?? `校区${id}`;
  const rows = new Map<string, ReportRow>();
  const rowOf = (s: number, t: number | null): ReportRow => {
    const type = t === null ? 0 : Number(t);
    const k = `s${s}t${type}`;
    let r = rows.get(k);
    if (!r) {
      r = { key: k, name: type === 0 ? '通用教材' : (typeNames.get(type) ?? `班型${type}`), school_name: school(Number(s)), school_id: Number(s), textbooks: bookCount.get(type) ?? 0, students: 0, ordered_qty: 0, delivered_qty: 0, pending_qty: 0, amount: 0, supplied_students: 0 };
      rows.set(k, r);
    }
    return r;
  };
  for (const e of enrolled.rows) rowOf(Number(e.school_id), e.class_type_id).students = Number(e.n ?? 0);
  for (const o of orders.rows) {
    const r = rowOf(Number(o.school_id), o.class_type_id);
    r.ordered_qty = Number(o.ordered ?? 0);
    r.delivered_qty = Number(o.delivered ?? 0);
    r.pending_qty = Number(o.pending ?? 0);
    r.amount = Number(o.amount ?? 0);
    r.supplied_students = Number(o.supplied ?? 0);
  }
  const withCoverage = (r: ReportRow): ReportRow => ({ ...r, coverage: ratio(Number(r.supplied_students), Number(r.students)) });
  const perType = [...rows.values()];
  const totals = withCoverage({ ...sumFigures(perType, FIGURES), textbooks: [...new Set(perType.map((r) => String(r.key).replace(/^s\d+/, '')))].reduce((n, t) => n + (bookCount.get(Number(t.slice(1))) ?? 0), 0) });
  if (group === 'class_type') return { rows: perType.map(withCoverage), totals };
  const bySchool = new Map<number, ReportRow[]>();
  for (const r of perType) bySchool.set(Number(r.school_id), [...(bySchool.get(Number(r.school_id)) ?? []), r]);
  return {
    rows: [...bySchool.entries()].map(([id, list]) => withCoverage({ key: `s${id}`, name: school(id), ...sumFigures(list, FIGURES), textbooks: list.reduce((n, r) => n + Number(r.textbooks), 0) })),
    totals,
  };
}

export const supplySource: ReportSource = {
  def: supplyReport,
  call: supplyReportCall,
  async rows(ctx: ReportContext) {
    const { rows, totals } = await supplyReportRows(ctx.db, covOf(ctx), groupOf(ctx, SUPPLY_REPORT_GROUPS.map((g) => g.value)));
    keepTotals(ctx, totals);
    return rows;
  },
  totalsOf: keptTotals,
};
