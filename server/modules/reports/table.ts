import type { ReportAnswer, ReportColumn, ReportDef, ReportRow } from '../../../src/contract/reports';
import { parseSort } from '../../../src/contract/paging';
import { ApiError } from '../../lib/http';

/** A ratio in hundredths of a percent (1234 = 12.34%), rounded half up; null without a base. */
export function ratio(part: number, whole: number): number | null {
  if (!whole) return null;
  return Math.round((part * 10000) / whole);
}

/** Sorts rows by a column of the report (text by pinyin order, numbers numerically, empty last). */
export function sortRows(def: ReportDef, rows: ReportRow[], sort: string | undefined): ReportRow[] {
  const spec = parseSort(sort ?? def.defaultSort);
  if (!spec) return rows;
  const col = def.columns.find((c) => c.prop === spec.prop);
  if (!col) throw new ApiError(400, `不能按 ${spec.prop} 排序，可排序的列：${def.columns.map((c) => c.label).join('、')}`);
  const dir = spec.desc ? -1 : 1;
  const key = def.columns[0].prop;
  return [...rows].sort((a, b) => {
    const x = a[col.prop];
    const y = b[col.prop];
    if (x === y) return String(a[key] ?? '').localeCompare(String(b[key] ?? ''), 'zh-CN');
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh-CN');
    return c * dir;
  });
}

/** Sums of the numeric columns (ratios are left to `derive`, which computes them from the sums). */
export function sumRows(columns: readonly ReportColumn[], rows: readonly ReportRow[]): ReportRow {
  const totals: ReportRow = {};
  columns.forEach((c, i) => {
    if (c.kind === 'int' || c.kind === 'money' || c.kind === 'hours') totals[c.prop] = rows.reduce((s, r) => s + (typeof r[c.prop] === 'number' ? (r[c.prop] as number) : 0), 0);
    else if (c.kind === 'percent' || c.kind === 'score') totals[c.prop] = null;
    else totals[c.prop] = i === 0 ? '合计' : '';
  });
  return totals;
}

/** Sorted, totalled and paged: the answer of a report call. */
export function reportAnswer(def: ReportDef, rows: ReportRow[], opts: { sort?: string; page: number; rows: number; from: string; to: string; derive?: (r: ReportRow) => void; totals?: ReportRow }): ReportAnswer {
  const sorted = sortRows(def, rows, opts.sort);
  const totals = opts.totals ? { ...sumRows(def.columns, []), ...opts.totals } : sumRows(def.columns, rows);
  opts.derive?.(totals);
  const start = (opts.page - 1) * opts.rows;
  return { content: sorted.slice(start, start + opts.rows), totalSize: rows.length, totals, from: opts.from, to: opts.to };
}

/** Reads a number from a database answer (bigint sums come back as text on PostgreSQL). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
