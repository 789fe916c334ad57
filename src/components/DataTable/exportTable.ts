import { authHeaders, request, RequestError, resolveUrl, toSearchParams, type QueryValue } from '../../api/request';
import type { Page } from '../../contract/envelope';
import { EXPORT_ROW_CAP } from '../../contract/paging';
import { PATHS } from '../../contract/paths';
import { notifyError, notifyWarning } from '../feedback';
import { isFilled } from './searchRules';
import { callList } from './loadPage';
import type { DataTableColumn, ExportOptions, TableQuery, TableRow } from './types';

export const EXPORT_TIMEOUT_MSG = '下载任务耗时过长，请到 任务中心/我的导出 查看详情';
export const EXPORT_FAILED_MSG = '导出失败';
/** Column widths travel to the exporter in Excel character units: px × 0.125. */
export const EXPORT_WIDTH_SCALE = 0.125;
const DEFAULT_COLUMN_PX = 120;

/** How long the app waits for the server to finish a file before pointing to the task center. */
export const EXPORT_WAIT_MS = 60_000;
const POLL_MS = 1000;

/** A row of excel_export_status/page. */
export interface ExportTask {
  id: number;
  name: string;
  state: string;
  rows: number;
  file_size: number | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}
export const EXPORT_STATE = { RUNNING: '进行中', DONE: '已完成', CANCELLED: '已取消', FAILED: '失败' } as const;

export type ExportOutcome = { kind: 'done'; fileName: string } | { kind: 'blocked' | 'warning' | 'error'; message: string };

export interface ExportArgs<Row extends TableRow> {
  api: string;
  method?: 'GET' | 'POST_FORM';
  query: TableQuery;
  sort?: string;
  columns: readonly DataTableColumn<Row>[];
  options: ExportOptions;
  /** ms the server may take to answer the export call (default: the request layer's 30 s) */
  timeout?: number;
  /** ms to wait for the file to be written (default 60 s) */
  waitMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The file is written in the background: wait until its task is done. Answers undefined when it is
 * ready (or the backend keeps no task list), else the outcome to show.
 */
async function waitForFile(fileId: unknown, waitMs: number): Promise<ExportOutcome | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const env = await request<Page<ExportTask>>({ url: PATHS.exportStatusPage, params: { page: 1, rows: 50 }, silent: true });
    if (env.code !== 200 || !env.data) return undefined;
    const task = env.data.content.find((t) => String(t.id) === String(fileId));
    if (!task || task.state === EXPORT_STATE.DONE) return undefined;
    if (task.state === EXPORT_STATE.FAILED) return { kind: 'warning', message: task.error || EXPORT_FAILED_MSG };
    if (task.state === EXPORT_STATE.CANCELLED) return { kind: 'warning', message: '导出任务已取消' };
    if (Date.now() + POLL_MS > deadline) return { kind: 'warning', message: EXPORT_TIMEOUT_MSG };
    await sleep(POLL_MS);
  }
}

/** `__columns__`: the visible columns with widths scaled by 0.125 (spec doc 001 §7). */
export function exportColumns<Row extends TableRow>(columns: readonly DataTableColumn<Row>[]): { prop: string; label: string; width: number }[] {
  return columns
    .filter((c) => c.show !== false)
    .map((c) => ({ prop: c.prop, label: c.label, width: Math.round((c.width ?? c.minWidth ?? DEFAULT_COLUMN_PX) * EXPORT_WIDTH_SCALE) }));
}

function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  return plain ? plain[1] : fallback.endsWith('.xlsx') ? fallback : `${fallback}.xlsx`;
}

/** Fetches the prepared file with the session headers and hands it to the browser as a download. */
export async function download(params: Record<string, QueryValue>, fallbackName: string): Promise<ExportOutcome> {
  return downloadFrom(PATHS.exportDownload, params, fallbackName);
}

/**
 * Fetches a file a call answers (a template, an import's refused rows) with the session headers
 * and hands it to the browser as a download; a JSON answer is the server's refusal.
 */
export async function downloadFrom(path: string, params: Record<string, QueryValue>, fallbackName: string): Promise<ExportOutcome> {
  const search = toSearchParams(params).toString();
  const url = `${resolveUrl(path)}${search ? `?${search}` : ''}`;
  const res = await fetch(url, { headers: authHeaders(), credentials: 'omit' });
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const env = (await res.json()) as { code?: number; msg?: string };
    return { kind: 'warning', message: env.msg || EXPORT_FAILED_MSG };
  }
  if (!res.ok) return { kind: 'error', message: EXPORT_FAILED_MSG };
  const blob = await res.blob();
  const fileName = fileNameOf(res, fallbackName);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { kind: 'done', fileName };
}

/**
 * The `__export__` flow: the list api with the current search, page 1 and up to 10,000 rows starts an
 * export; on code 200 with `data.file_id` the file is downloaded with the answer's fields as query.
 */
export async function runExport<Row extends TableRow>(args: ExportArgs<Row>): Promise<ExportOutcome> {
  const req = args.options.requires;
  if (req && req.fields.some((f) => !isFilled(args.query[f]))) return { kind: 'blocked', message: req.tip };
  try {
    const env = await callList<Row>(
      { api: args.api, method: args.method, query: args.query, page: 1, rows: EXPORT_ROW_CAP, sort: args.sort, timeout: args.timeout },
      { __export__: true, __name__: args.options.name, __columns__: JSON.stringify(exportColumns(args.columns)) },
    );
    const data = env.data as unknown as Record<string, unknown> | null;
    if (env.code !== 200 || !data || data.file_id === undefined || data.file_id === null || data.file_id === '') {
      return { kind: 'warning', message: env.msg || EXPORT_FAILED_MSG };
    }
    const waited = await waitForFile(data.file_id, args.waitMs ?? EXPORT_WAIT_MS);
    if (waited) return waited;
    const params: Record<string, QueryValue> = {};
    for (const [k, v] of Object.entries(data)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') params[k] = v;
    return await download(params, args.options.name);
  } catch (e) {
    if (e instanceof RequestError && e.kind === 'timeout') return { kind: 'warning', message: EXPORT_TIMEOUT_MSG };
    return { kind: 'error', message: EXPORT_FAILED_MSG };
  }
}

/** 下载模板 / 下载拒绝行 and the like: the file a call answers, or its refusal as a warning. */
export async function downloadCallFile(path: string, params: Record<string, string | number>, name: string): Promise<void> {
  try {
    const out = await downloadFrom(path, params, name);
    if (out.kind !== 'done') notifyWarning(out.message);
  } catch {
    notifyError('下载失败');
  }
}
