import { z } from './zod';

/** Page sizes the tables offer (spec doc 001 §9). */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Operation codes and exports read up to this many rows in one call. */
export const MAX_ROWS = 10000;
export const EXPORT_ROW_CAP = 10000;
/**
 * Highest page number a list accepts: with MAX_ROWS rows a page, the OFFSET stays below 10^9, far
 * inside what SQLite and PostgreSQL take (page=9007199254740991 overflowed the OFFSET).
 */
export const MAX_PAGE = 100000;

/** `sort=<prop>` or `sort=<prop> desc`. */
export const SORT_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*( (desc|asc))?$/;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, '页码必须从 1 开始').max(MAX_PAGE, `页码不能超过 ${MAX_PAGE}`).default(1),
  rows: z.coerce.number().int().min(1, '每页行数至少为 1').max(MAX_ROWS, `每页行数不能超过 ${MAX_ROWS}`).default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .trim()
    .regex(SORT_PATTERN, '排序参数格式应为 字段 或 字段 desc')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
/** Field names of `pageQuerySchema` in its messages (`check(pageQuerySchema, params, PAGE_LABELS)`). */
export const PAGE_LABELS: Readonly<Record<string, string>> = { page: '页码', rows: '每页行数', sort: '排序' };

export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface SortSpec {
  prop: string;
  desc: boolean;
}

export function parseSort(sort: string | undefined): SortSpec | undefined {
  if (!sort) return undefined;
  const [prop, dir] = sort.trim().split(/\s+/);
  return { prop, desc: dir === 'desc' };
}

export function formatSort(s: SortSpec): string {
  return s.desc ? `${s.prop} desc` : s.prop;
}

/** Query-string names that belong to the export flow, not to the filters. */
export const EXPORT_PARAMS = ['__export__', '__name__', '__columns__'] as const;
