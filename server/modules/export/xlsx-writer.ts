import { z } from 'zod';

/** One column of `__columns__`: the client sends widths already scaled to Excel units (×0.125). */
export const exportColumnSchema = z.object({
  prop: z.string({ error: '导出列缺少字段名' }).min(1, '导出列缺少字段名').max(64, '导出列字段名过长'),
  label: z.string({ error: '导出列缺少标题' }).max(64, '导出列标题过长'),
  width: z.coerce.number().optional(),
});
export type ExportColumn = z.infer<typeof exportColumnSchema>;

export const exportColumnsSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.array(exportColumnSchema, { error: '导出列（__columns__）须为 [{prop,label,width}] 的 JSON' }).min(1, '请至少选择一个导出列').max(200, '导出列不能超过200个'),
);

export interface XlsxJob {
  filePath: string;
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: readonly Record<string, unknown>[];
  /** checked between rows; when true the writer stops and the file is left incomplete */
  isCancelled: () => boolean;
}

export interface XlsxResult {
  rows: number;
  cancelled: boolean;
}

function cellValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return JSON.stringify(v);
}

function widthOf(col: ExportColumn): number {
  const w = col.width && Number.isFinite(col.width) ? col.width : Math.max(10, col.label.length * 2 + 2);
  return Math.min(100, Math.max(4, w));
}

/** Excel forbids []:*?/\ in sheet names and caps them at 31 characters. */
export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return cleaned || 'Sheet1';
}

/**
 * Writes rows with exceljs's streaming writer: each committed row goes to the file, so memory stays
 * flat however wide the rows are. Yields to the event loop every few hundred rows so a cancel call
 * can be heard.
 */
export async function writeXlsx(job: XlsxJob): Promise<XlsxResult> {
  // Loaded on the first export, not at start: importing exceljs costs about 0.5 s of CPU, paid by
  // every server start and every server test file otherwise.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: job.filePath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(safeSheetName(job.sheetName));
  sheet.columns = job.columns.map((c) => ({ header: c.label, key: c.prop, width: widthOf(c) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  for (const row of job.rows) {
    if (written % 200 === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (job.isCancelled()) {
        await workbook.commit();
        return { rows: written, cancelled: true };
      }
    }
    sheet.addRow(job.columns.map((c) => cellValue(row[c.prop]))).commit();
    written += 1;
  }
  sheet.commit();
  await workbook.commit();
  return { rows: written, cancelled: false };
}
