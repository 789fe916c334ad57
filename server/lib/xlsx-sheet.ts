import type { Worksheet } from 'exceljs';
import { ApiError } from './http';

/**
 * The Excel machinery the imports share (students, marketing leads): the download headers, reading
 * the first sheet of an uploaded .xlsx with Chinese refusals, a cell's value whatever Excel stored
 * (rich text, formulas, links, dates), and the refused rows written back as an .xlsx with a reason
 * column. exceljs is loaded on the first import, not at start (about 0.5 s of CPU to import).
 */

/** A cell as the file holds it: text, a number, a date (Excel date cells), or nothing. */
export type RawCell = string | number | Date | null;

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const XLSX_HEADERS = (fileName: string): Record<string, string> => ({
  'Content-Type': XLSX_MIME,
  'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
});

export async function excel() {
  return (await import('exceljs')).default;
}

interface CellLike {
  value: unknown;
  text?: string;
}

/** A cell's value as text, number or date (rich text joined, formulas by their result, links by their text). */
export function rawOf(cell: CellLike): RawCell {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text?: unknown }[]).map((r) => String(r.text ?? '')).join('');
    if ('result' in o) {
      const r = o.result;
      return r instanceof Date || typeof r === 'number' || typeof r === 'string' ? r : r === null || r === undefined ? null : String(r);
    }
    if ('text' in o) return String(o.text ?? '');
    if ('error' in o) return String(o.error);
  }
  return String(cell.text ?? '');
}

/** A cell's value as trimmed text (numbers as written, dates as YYYY-MM-DD). */
export function textOf(cell: CellLike): string {
  const v = rawOf(cell);
  if (v === null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).trim();
}

export function isBlank(v: RawCell | undefined): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/**
 * The first sheet of an uploaded .xlsx; refuses a file that is not one (checked by its zip
 * signature before exceljs reads it) or has no sheet, telling the user to use the template.
 */
export async function firstSheet(bytes: Buffer): Promise<Worksheet> {
  const notXlsx = '文件不是有效的Excel(.xlsx)文件，请下载导入模板填写后上传';
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ApiError(400, notXlsx);
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(400, notXlsx);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new ApiError(400, '文件中没有工作表，请下载导入模板填写后上传');
  return ws;
}

/** Refused rows as an .xlsx: the template's columns with the texts as uploaded, the row number and 拒绝原因. */
export async function refusedRowsFile(columns: readonly { header: string; width?: number }[], rows: readonly { row_no: number; cells: readonly string[]; msg: string }[]): Promise<Buffer> {
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('拒绝的行');
  ws.columns = [
    ...columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 13, style: { numFmt: '@' } })),
    { header: '原行号', key: 'row_no', width: 8 },
    { header: '拒绝原因', key: 'msg', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow([...columns.map((_, i) => r.cells[i] ?? ''), r.row_no, r.msg]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
