import type { ReportRow } from '../../../src/contract/reports';
import type { ReportContext } from './source';

/**
 * Reports whose totals row is not the plain sum of their rows (opening and closing balances,
 * averages over records, a grouping's own denominators) compute it with the rows: `rows` keeps it
 * here for the same context and the source's `totalsOf` hands it over (run.ts).
 */
const kept = new WeakMap<ReportContext, ReportRow>();

export function keepTotals(ctx: ReportContext, totals: ReportRow): void {
  kept.set(ctx, totals);
}

export function keptTotals(ctx: ReportContext): ReportRow | undefined {
  return kept.get(ctx);
}

/** The grouping a report was asked for (its `group_by` filter), or its first. */
export function groupOf(ctx: ReportContext, groups: readonly string[]): string {
  const g = ctx.filters.group_by;
  return g && groups.includes(g) ? g : groups[0];
}

/** Sums the named figures of rows. */
export function sumFigures(rows: readonly ReportRow[], props: readonly string[]): ReportRow {
  const out: ReportRow = {};
  for (const p of props) out[p] = rows.reduce((n, r) => n + (typeof r[p] === 'number' ? r[p] : 0), 0);
  return out;
}

/** What the figures of a report read: its campuses, their names and cities, the period. */
export interface Cov {
  schools: readonly number[];
  schoolNames: ReadonlyMap<number, string>;
  from: string;
  to: string;
  start: string;
  end: string;
}

export function covOf(ctx: ReportContext): Cov {
  return { schools: ctx.schools.ids, schoolNames: ctx.schools.names, from: ctx.period.from, to: ctx.period.to, start: ctx.period.start, end: ctx.period.end };
}
