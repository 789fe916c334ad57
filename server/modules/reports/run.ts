import type { Kysely } from 'kysely';
import type { ReportAnswer, ReportQuery } from '../../../src/contract/reports';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { reportPeriod } from './period';
import { reportSchools } from './scope';
import type { ReportSource } from './source';
import { reportAnswer } from './table';

/** Computes a report for a caller: campuses in their reach, the period, the rows, sorted, totalled and paged. */
export async function runReport(db: Kysely<Database>, principal: Principal, source: ReportSource, query: ReportQuery): Promise<ReportAnswer> {
  const period = reportPeriod(query.date_start, query.date_end);
  const schools = await reportSchools(db, principal, query.org_id);
  const q = query as Readonly<Record<string, unknown>>;
  const filters = Object.fromEntries(source.def.filters.map((f) => [f.name, typeof q[f.name] === 'string' ? (q[f.name] as string) : undefined]));
  const ctx = { db, principal, schools, period, filters };
  const rows = await source.rows(ctx);
  if (source.derive) rows.forEach(source.derive);
  return reportAnswer(source.def, rows, { sort: query.sort, page: query.page, rows: query.rows, from: period.from, to: period.to, derive: source.derive, totals: source.totalsOf?.(ctx) });
}
