import type { Kysely } from 'kysely';
import type { ReportDef, ReportRow } from '../../../src/contract/reports';
import type { CallDef } from '../../../src/contract/call';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import type { ReportPeriod } from './period';
import type { ReportSchools } from './scope';

/** What a report's figures are computed from: the caller, the campuses, the period, its dimension filters. */
export interface ReportContext {
  db: Kysely<Database>;
  principal: Principal;
  schools: ReportSchools;
  period: ReportPeriod;
  /** the report's own filters (values as text; absent: all) */
  filters: Readonly<Record<string, string | undefined>>;
}

/** One report of the server: its declaration, its call and how its rows are computed. */
export interface ReportSource {
  def: ReportDef;
  call: CallDef;
  rows(ctx: ReportContext): Promise<ReportRow[]>;
  /**
   * The totals row when it is not the sum of the rows (opening and closing balances, averages of
   * records): computed with the rows, returned by `totalsOf` after `rows` ran for the same context.
   */
  totalsOf?(ctx: ReportContext): ReportRow | undefined;
  /** fills the ratio columns of a row from its counts (rows and the totals row) */
  derive?(row: ReportRow): void;
}
