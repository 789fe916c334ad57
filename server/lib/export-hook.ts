import type { Context } from 'hono';
import type { ResourceDef } from '../../src/contract/resource';
import type { AppEnv } from './context';
import { ApiError } from './http';

/**
 * Any list call with `__export__=true` hands its query to the export module (the shared table's
 * export): the module owns tasks, files and the 10,000-row cap; a list call only says how to
 * fetch its rows. The export module calls `setListExporter` when it registers.
 */
export interface ListExportRequest {
  c: Context<AppEnv>;
  /** Chinese title of the list (the default file name) */
  title: string;
  /** the list call's parameters (filters, sort, `__name__`, `__columns__`) */
  params: Record<string, string>;
  /** rows of the list with the same filters and sort, at most `limit` */
  fetchRows(limit: number): Promise<Record<string, unknown>[]>;
  /** the list's declaration: its columns are written as their cells show them (export-labels.ts) */
  def?: ResourceDef;
  /** a hand-written list's own cell texts, applied to each row before it is written */
  asShown?: (row: Record<string, unknown>) => Record<string, unknown>;
}

export type ListExporter = (req: ListExportRequest) => Promise<Response>;

let exporter: ListExporter | undefined;

export function setListExporter(fn: ListExporter | undefined): void {
  exporter = fn;
}

/** Hand-written lists' own cell texts (a list replayed by list-export.ts), by path. */
const exportTexts = new Map<string, (row: Record<string, unknown>) => Record<string, unknown>>();

/** A hand-written list says how its rows read on the screen, so its export writes the same texts. */
export function setExportText(path: string, fn: (row: Record<string, unknown>) => Record<string, unknown>): void {
  exportTexts.set(path, fn);
}

export function exportTextOf(path: string): ((row: Record<string, unknown>) => Record<string, unknown>) | undefined {
  return exportTexts.get(path);
}

export function isExportRequest(params: Record<string, string | undefined>): boolean {
  return params.__export__ === 'true' || params.__export__ === '1';
}

export function runListExport(req: ListExportRequest): Promise<Response> {
  if (!exporter) throw new ApiError(501, '导出功能未启用');
  return exporter(req);
}
