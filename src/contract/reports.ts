import { z } from './zod';
import { DATE_RE, optionalIdField, realDate } from './fields';
import { answer, defineCall } from './call';
import { pageQuerySchema } from './paging';
import type { OptionItem } from './resource';

/**
 * 报表中心 (the reports area): read-only reports whose figures the server sums from the other
 * areas' tables and ledgers (money in integer fen, counts as integers). One report is one
 * `ReportDef` (columns, dimension filters, default sort) and one GET call `api/v1/report/<key>`
 * answering every row of the period in a list shape (`content`, `totalSize`) plus the totals row,
 * so the shared export (`__export__`) writes it like any list. Each report lives in its own file
 * `reports-<key>.ts`; `reports-list.ts` lists them for both halves.
 *
 * Filters every report takes: the period `date_start`..`date_end` (Asia/Shanghai days, both
 * included; default the last two months), `org_id` (a city: its campuses; a campus) within the
 * caller's campuses (another is answered as missing), and the report's own dimension filters.
 * The same report is printed by `GET /ureport/preview?_u=<report code>&<filters>` (not api/v1):
 * a Chinese HTML page of the same rows, authorised by the session cookie.
 */

/** hours: hundredths of an hour shown as hours (150 = 1.5); score: tenths of a point shown with one decimal (855 = 85.5) */
export type ReportCellKind = 'text' | 'int' | 'money' | 'percent' | 'hours' | 'score';

export interface ReportColumn {
  prop: string;
  label: string;
  /** money: fen shown as yuan with two decimals; percent: a ratio in hundredths of a percent (1234 = 12.34%) */
  kind: ReportCellKind;
  width?: number;
}

/** A dimension filter of one report: a select of fixed values. */
export interface ReportFilter {
  name: string;
  label: string;
  options: readonly OptionItem[];
}

export interface ReportDef {
  /** the path's last part: api/v1/report/<key> */
  key: string;
  /** the menu (screen) code: the operation code of the call and of its preview; also the preview's `_u` */
  code: string;
  title: string;
  /** one line saying what the figures are and where they come from (shown under the filters) */
  note: string;
  columns: readonly ReportColumn[];
  filters: readonly ReportFilter[];
  defaultSort: string;
}

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell>;

export interface ReportAnswer {
  content: ReportRow[];
  totalSize: number;
  /** the sums of the whole period (not only of the page); ratios computed from the sums */
  totals: ReportRow;
  /** the period the figures cover */
  from: string;
  to: string;
}

/** Longest period a report sums (a year and a day). */
export const REPORT_MAX_DAYS = 366;

/** The path of the printable report page (the configured report host + this). */
export const REPORT_PREVIEW_PATH = '/ureport/preview';

const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`)
      .refine(realDate, `${label}不是有效日期`)
      .optional(),
  );

/** The filters every report takes (the period and the city or campus) with paging and sort. */
export const reportBaseShape = {
  ...pageQuerySchema.shape,
  date_start: optionalDate('开始日期'),
  date_end: optionalDate('结束日期'),
  org_id: optionalIdField('城市或校区'),
};

export const REPORT_LABELS: Readonly<Record<string, string>> = { page: '页码', rows: '每页行数', sort: '排序', date_start: '开始日期', date_end: '结束日期', org_id: '城市或校区' };

/** A dimension filter's query field: one of its values, or empty for all. */
export function filterField(f: ReportFilter) {
  const values = f.options.map((o) => String(o.value));
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .refine((v) => values.includes(v), `${f.label}只能是 ${f.options.map((o) => o.text).join('、')}`)
      .optional(),
  );
}

/** The query schema of a report: the common filters and its own. */
export function reportQuery(def: ReportDef) {
  return z.object({ ...reportBaseShape, ...Object.fromEntries(def.filters.map((f) => [f.name, filterField(f)])) });
}

export type ReportQuery = z.output<ReturnType<typeof reportQuery>>;

/** The GET call of a report. */
export function reportCall(def: ReportDef) {
  return defineCall({
    area: 'reports',
    title: def.title,
    method: 'GET',
    path: `api/v1/report/${def.key}`,
    perm: def.code,
    query: reportQuery(def),
    labels: { ...REPORT_LABELS, ...Object.fromEntries(def.filters.map((f) => [f.name, f.label])) },
    answer: answer<ReportAnswer>(),
  });
}

/** A node of the 城市或校区 picker: the caller's cities with their campuses (the tree option source's shape). */
export interface ReportOrgNode {
  id: number;
  text: string;
  nodes?: ReportOrgNode[];
}
