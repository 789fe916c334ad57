import { request, type QueryValue } from '../../api/request';
import type { Envelope, Page } from '../../contract/envelope';
import type { TableQuery, TableRow } from './types';

export interface TablePage<Row> {
  rows: Row[];
  total: number;
  /** the answer was a plain array: all rows at once, no paging */
  unpaged: boolean;
}

export interface LoadPageArgs {
  api: string;
  method?: 'GET' | 'POST_FORM';
  query: TableQuery;
  page: number;
  rows: number;
  sort?: string;
  signal?: AbortSignal;
  timeout?: number;
}

/** Calls a list api; answers either `{content, totalSize}` or a plain array (spec doc 001 §3). */
export async function callList<Row extends TableRow>(args: LoadPageArgs, extra: Record<string, QueryValue> = {}): Promise<Envelope<Page<Row> | Row[] | null>> {
  const params: Record<string, QueryValue> = { ...args.query, page: args.page, rows: args.rows, ...extra };
  if (args.sort) params.sort = args.sort;
  if (args.method === 'POST_FORM') return request<Page<Row> | Row[] | null>({ url: args.api, method: 'POST', form: params, signal: args.signal, timeout: args.timeout });
  return request<Page<Row> | Row[] | null>({ url: args.api, method: 'GET', params, signal: args.signal, timeout: args.timeout });
}

export function pageOf<Row>(data: Page<Row> | Row[] | null | undefined): TablePage<Row> {
  if (Array.isArray(data)) return { rows: data, total: data.length, unpaged: true };
  if (data && Array.isArray(data.content)) return { rows: data.content, total: Number(data.totalSize) || 0, unpaged: false };
  return { rows: [], total: 0, unpaged: false };
}
