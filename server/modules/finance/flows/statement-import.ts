import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../lib/http';
import { mountCall } from '../../../lib/call-routes';
import { CAMPUS, requireInScope } from '../../../lib/scope';
import { nowText } from '../../../lib/time';
import { yuanToFen } from '../../../../src/lib/format/money';
import { MONEY_MAX_FEN } from '../../../../src/contract/resource';
import { importStatementCall, STATEMENT_COLUMNS, STATEMENT_MAX_BYTES } from '../../../../src/contract/finance-flows';
import type { FlowKind } from '../../../../src/contract/resources/finance-flows';
import { channelName, closedDays, dayOf, flowTable } from './common';

/** Rows of one statement import at most (a channel's month for one merchant stays far below). */
const MAX_ROWS = 10000;
const HEADER_LABEL: Record<string, string> = { trade_no: '渠道流水号', pay_time: '交易时间', amount: '交易金额' };

type Cell = string | number | Date | null;

/** A statement's rows as cells, the first one the header (row numbers as in the file). */
export async function readSheet(fileName: string, bytes: Buffer): Promise<Cell[][]> {
  if (/\.csv$/i.test(fileName)) return parseCsv(decodeText(bytes));
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(400, '对账单文件无法读取，请上传渠道导出的 .xlsx 或 .csv 文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new ApiError(400, '对账单文件没有工作表');
  const out: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const v = cell.value;
      cells[col - 1] =
        v === null || v === undefined ? null : v instanceof Date || typeof v === 'number' || typeof v === 'string' ? v : typeof v === 'object' && 'text' in v ? String(v.text) : typeof v === 'object' && 'result' in v ? (v.result as Cell) : String(cell.text);
    });
    out[n - 1] = cells;
  });
  for (let i = 0; i < out.length; i++) out[i] ??= [];
  return out;
}

/** UTF-8 (with or without BOM), else GB18030 as Chinese Excel saves CSV. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** RFC 4180 CSV: quoted fields with "" escapes, commas and line breaks inside quotes. */
export function parseCsv(textIn: string): Cell[][] {
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < textIn.length; i++) {
    const ch = textIn[i];
    if (quoted) {
      if (ch === '"' && textIn[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && textIn[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function cellText(v: Cell | undefined): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A statement time as 'YYYY-MM-DD HH:mm:ss' (Excel dates carry the wall time as UTC). */
export function statementTime(v: Cell | undefined): string | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
  }
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(cellText(v));
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  if (t.getUTCMonth() !== Number(mo) - 1 || t.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return `${y}-${pad(Number(mo))}-${pad(Number(d))} ${pad(Number(h))}:${mi}:${pad(Number(s))}`;
}

/** Yuan as the channels write it (`1,234.50`, `¥12.00`, `-30`) to fen; null when not money. */
export function statementFen(v: Cell | undefined): number | null {
  const t = typeof v === 'number' ? String(v) : cellText(v).replace(/[,¥￥\s元]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return null;
  return yuanToFen(t);
}

export interface StatementRow {
  line: number;
  trade_no: string;
  order_no: string | null;
  merchant_no: string | null;
  pay_time: string;
  amount: number;
  fee: number;
  trade_type: number;
  pay_method: string | null;
  payer_name: string | null;
  terminal_no: string | null;
}

/** The statement's flows, or a Chinese message naming the row and the column that is wrong. */
export function statementRows(kind: FlowKind, sheet: Cell[][]): StatementRow[] {
  const layout = STATEMENT_COLUMNS[kind];
  const headerAt = sheet.findIndex((r) => r.some((c) => cellText(c) !== ''));
  if (headerAt < 0) throw new ApiError(400, '对账单是空的');
  const header = sheet[headerAt].map(cellText);
  const col = (field: keyof typeof layout): number => header.findIndex((h) => layout[field].includes(h));
  for (const field of ['trade_no', 'pay_time', 'amount'] as const) {
    if (col(field) < 0) throw new ApiError(400, `对账单缺少「${layout[field][0]}」列（${HEADER_LABEL[field]}），请确认上传的是${channelName(kind)}的对账单`);
  }
  const idx = Object.fromEntries((Object.keys(layout) as (keyof typeof layout)[]).map((f) => [f, col(f)])) as Record<keyof typeof layout, number>;
  const get = (r: Cell[], f: keyof typeof layout) => (idx[f] < 0 ? undefined : r[idx[f]]);
  const opt = (r: Cell[], f: keyof typeof layout, max: number) => {
    const t = cellText(get(r, f));
    return t === '' ? null : t.slice(0, max);
  };
  const out: StatementRow[] = [];
  for (let i = headerAt + 1; i < sheet.length; i++) {
    const r = sheet[i];
    if (!r.some((c) => cellText(c) !== '')) continue;
    const line = i + 1;
    const tradeNo = cellText(get(r, 'trade_no'));
    if (tradeNo === '') throw new ApiError(400, `第${line}行：渠道流水号不能为空`);
    if (tradeNo.length > 64) throw new ApiError(400, `第${line}行：渠道流水号不能超过64个字符`);
    const payTime = statementTime(get(r, 'pay_time'));
    if (!payTime) throw new ApiError(400, `第${line}行：交易时间「${cellText(get(r, 'pay_time'))}」格式不正确，应为 YYYY-MM-DD HH:mm:ss`);
    const signed = statementFen(get(r, 'amount'));
    if (signed === null || signed === 0 || Math.abs(signed) > MONEY_MAX_FEN) throw new ApiError(400, `第${line}行：交易金额「${cellText(get(r, 'amount'))}」不是有效金额`);
    const feeCell = get(r, 'fee');
    const fee = cellText(feeCell) === '' ? 0 : statementFen(feeCell);
    if (fee === null) throw new ApiError(400, `第${line}行：手续费「${cellText(feeCell)}」不是有效金额`);
    const typeText = cellText(get(r, 'trade_type'));
    const refund = signed < 0 || /退/.test(typeText);
    out.push({
      line,
      trade_no: tradeNo,
      order_no: opt(r, 'order_no', 64),
      merchant_no: opt(r, 'merchant_no', 32),
      pay_time: payTime,
      amount: Math.abs(signed),
      fee: Math.abs(fee),
      trade_type: refund ? 2 : 1,
      pay_method: opt(r, 'pay_method', 32),
      payer_name: opt(r, 'payer_name', 64),
      terminal_no: opt(r, 'terminal_no', 32),
    });
    if (out.length > MAX_ROWS) throw new ApiError(400, `对账单一次最多导入 ${MAX_ROWS} 行，请按日期分开导入`);
  }
  if (out.length === 0) throw new ApiError(400, '对账单没有流水行');
  return out;
}

/**
 * Writes a statement's flows at a campus: all or nothing. A trade number seen before (in the same
 * file or already imported, at any campus) or a row of a closed day refuses the whole file with
 * the row's number.
 */
export async function importFlows(db: Kysely<Database>, kind: FlowKind, schoolId: number, rows: readonly StatementRow[], userId: number): Promise<{ ids: number[]; amount: number }> {
  const table = flowTable(kind);
  const seen = new Map<string, number>();
  for (const r of rows) {
    const first = seen.get(r.trade_no);
    if (first !== undefined) throw new ApiError(409, `第${r.line}行：渠道流水号 ${r.trade_no} 与第${first}行重复`);
    seen.set(r.trade_no, r.line);
  }
  const list = [...seen.keys()];
  for (let i = 0; i < list.length; i += 500) {
    const dup = await db.selectFrom(table).select('trade_no').where('trade_no', 'in', list.slice(i, i + 500)).orderBy('trade_no').executeTakeFirst();
    if (dup) throw new ApiError(409, `第${seen.get(dup.trade_no)}行：渠道流水号 ${dup.trade_no} 已导入过，不能重复导入`);
  }
  const closed = await closedDays(db, schoolId, rows.map((r) => dayOf(r.pay_time)));
  const frozen = rows.find((r) => closed.has(dayOf(r.pay_time)));
  if (frozen) throw new ApiError(409, `第${frozen.line}行：${dayOf(frozen.pay_time)} 已关账，不能导入该日流水，请先重新打开该对账日`);
  const now = nowText();
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows.slice(i, i + 200).map(({ line: _line, ...r }) => ({
      ...r,
      school_id: schoolId,
      student_id: null,
      recon_state: 0,
      source: 1,
      remark: null,
      created_at: now,
      updated_at: now,
      created_by: userId,
      updated_by: userId,
    }));
    const saved = await db.insertInto(table).values(values).returning('id').execute();
    ids.push(...saved.map((s) => s.id));
  }
  return { ids, amount: rows.reduce((sum, r) => sum + (r.trade_type === 2 ? -r.amount : r.amount), 0) };
}

export function registerStatementImport(app: Hono<AppEnv>): void {
  mountCall(app, importStatementCall, async ({ db, principal, body }) => {
    await requireInScope(db, principal, CAMPUS, body.school_id, '校区');
    const bytes = Buffer.from(body.content.replace(/^data:[^,]*,/, ''), 'base64');
    if (bytes.length === 0) throw new ApiError(400, '对账单文件是空的');
    if (bytes.length > STATEMENT_MAX_BYTES) throw new ApiError(400, '对账单文件不能超过700KB');
    const rows = statementRows(body.kind, await readSheet(body.file_name, bytes));
    const { ids, amount } = await importFlows(db, body.kind, body.school_id, rows, principal.userId);
    return { kind: body.kind, count: ids.length, amount, ids };
  });
}
