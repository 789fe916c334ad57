import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { inScope, requireInScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { maskFor } from '../../lib/mask';
import { chunk } from '../../lib/chunk';
import { XLSX_HEADERS, excel, firstSheet, refusedRowsFile, textOf } from '../../lib/xlsx-sheet';
import { importCall, importRefusedFileCall, importTemplateCall, type ImportAnswer, type ImportRowResult } from '../../../src/contract/marketing';
import { GRADES, STUDENT_SOURCES } from '../../../src/contract/resources/students';
import { POOL } from '../../../src/contract/resources/marketing';
import { poolText } from './leads';
import './schema';

type Db = Kysely<Database>;

/** The template's columns, in order: header text and the lead's column. */
const COLUMNS = [
  ['学员姓名*', 'name'],
  ['联系电话*', 'parent_phone'],
  ['家长姓名', 'parent_name'],
  ['性别(男/女)', 'gender'],
  ['年级', 'grade'],
  ['来源', 'source'],
  ['就读学校', 'attend_school'],
  ['备注', 'remark'],
] as const;

const MAX_ROWS = 20_000;
/** Rows per INSERT (a lead has about thirty columns: well inside both databases' parameter limits). */
const CHUNK = 500;

async function templateFile(): Promise<Buffer> {
  const ExcelJS = await excel();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('资源导入');
  // the phone column as text, so Excel keeps every digit
  ws.columns = COLUMNS.map(([header, key]) => ({ header, key, width: 16, style: key === 'parent_phone' ? { numFmt: '@' } : {} }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(['张小明', '13800001234', '张先生', '男', '三年级', '地推', '实验小学', '示例行，导入前请删除']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Parsed {
  row: number;
  /** the row's texts in the template's order (for the refused-rows file) */
  cells: string[];
  values: Record<string, string | number | null>;
  problem: string | null;
}

async function readRows(base64: string): Promise<Parsed[]> {
  const ws = await firstSheet(Buffer.from(base64, 'base64'));
  const header = COLUMNS.map((_, i) => textOf(ws.getRow(1).getCell(i + 1)));
  if (header[0] !== COLUMNS[0][0] || header[1] !== COLUMNS[1][0]) throw new ApiError(400, '表头与导入模板不一致，请下载模板后填写');
  const out: Parsed[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const cells = COLUMNS.map((_, i) => textOf(r.getCell(i + 1)));
    if (cells.every((x) => x === '')) return;
    const values: Record<string, string | number | null> = {};
    const problems: string[] = [];
    COLUMNS.forEach(([label, key], i) => {
      const text = cells[i] ?? '';
      if (key === 'gender') values.gender = text === '男' ? 1 : text === '女' ? 2 : null;
      else if (key === 'grade') values.grade = text ? (GRADES.find((g) => g.text === text)?.value as number | undefined) ?? null : null;
      else if (key === 'source') values.source = text ? (STUDENT_SOURCES.find((g) => g.text === text)?.value as number | undefined) ?? null : null;
      else values[key] = text || null;
      if (key === 'grade' && text && values.grade === null) problems.push(`年级“${text}”不存在`);
      if (key === 'source' && text && values.source === null) problems.push(`来源“${text}”不存在`);
      if (key === 'gender' && text && values.gender === null) problems.push('性别只能填写男或女');
      if ((key === 'name' || key === 'parent_phone') && !text) problems.push(`${label.replace('*', '')}不能为空`);
    });
    const phone = String(values.parent_phone ?? '');
    if (phone && !/^1\d{10}$/.test(phone)) problems.push('联系电话应为11位数字，以1开头');
    if (String(values.name ?? '').length > 64) problems.push('学员姓名不能超过64个字');
    out.push({ row: n, cells, values, problem: problems.length ? problems.join('；') : null });
  });
  if (out.length > MAX_ROWS) throw new ApiError(400, `一次最多导入${MAX_ROWS}行`);
  if (out.length === 0) throw new ApiError(400, '文件中没有资源数据：第一行为表头，请从第二行起填写');
  return out;
}

/** Existing live leads of the campus with these phones: phone → a description of the owner. */
async function owners(db: Db, schoolId: number, phones: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const part of chunk(phones, CHUNK)) {
    const rows = await db
      .selectFrom('mkt_resource as r')
      .leftJoin('users as tu', 'tu.id', 'r.tmk_id')
      .leftJoin('users as su', 'su.id', 'r.seller_id')
      .select(['r.parent_phone', 'r.name', 'r.pool', 'tu.name as tmk_name', 'su.name as seller_name'])
      .where('r.school_id', '=', schoolId)
      .where('r.del_flag', '=', 0)
      .where('r.pool', '!=', POOL.invalid)
      .where('r.parent_phone', 'in', part)
      .execute();
    for (const r of rows) {
      const holder = r.tmk_name ?? r.seller_name;
      map.set(r.parent_phone, `已存在：${r.name}（${poolText(r.pool)}${holder ? `，负责人${holder}` : ''}）`);
    }
  }
  return map;
}

/** New leads into the campus's 待分配 pool, with their timeline rows, in chunks. */
async function insertLeads(db: Db, p: Principal, schoolId: number, rows: Parsed[], now: string): Promise<void> {
  const stamp = { created_at: now, updated_at: now, created_by: p.userId, updated_by: p.userId };
  for (const part of chunk(rows, CHUNK)) {
    const ids = await db
      .insertInto('mkt_resource')
      .values(
        part.map((r) => ({
          school_id: schoolId,
          name: String(r.values.name),
          parent_phone: String(r.values.parent_phone),
          parent_name: (r.values.parent_name as string | null) ?? null,
          gender: (r.values.gender as number | null) ?? null,
          grade: (r.values.grade as number | null) ?? null,
          source: (r.values.source as number | null) ?? null,
          attend_school: (r.values.attend_school as string | null) ?? null,
          remark: (r.values.remark as string | null) ?? null,
          pool: POOL.unassigned,
          stage: 1,
          is_important: 0,
          app_allow: 0,
          follow_count: 0,
          del_flag: 0,
          ...stamp,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('mkt_resource_move')
      .values(ids.map((x) => ({ school_id: schoolId, resource_id: x.id, action: 'Excel导入', from_pool: null, to_pool: POOL.unassigned, from_owner: null, to_owner: null, from_school: null, reason: null, ...stamp })))
      .execute();
  }
}

/** The import's history row and its refused rows (what 下载拒绝行 writes back). */
async function recordImport(db: Db, p: Principal, schoolId: number, fileName: string, answer: Omit<ImportAnswer, 'import_id'>, refused: Parsed[], now: string): Promise<number> {
  const stamp = { created_at: now, updated_at: now, created_by: p.userId, updated_by: p.userId };
  const saved = await db
    .insertInto('mkt_resource_import')
    .values({ school_id: schoolId, file_name: fileName.slice(0, 128), total: answer.rows.length, inserted: answer.inserted, duplicates: answer.duplicates, refused: answer.refused, operator_name: p.name.slice(0, 64), ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const msgOf = new Map(answer.rows.map((r) => [r.row, r.msg]));
  for (const part of chunk(refused, CHUNK)) {
    await db
      .insertInto('mkt_resource_import_row')
      .values(part.map((r) => ({ import_id: saved.id, row_no: r.row, msg: (msgOf.get(r.row) ?? '').slice(0, 500), cells: JSON.stringify(r.cells), ...stamp })))
      .execute();
  }
  return saved.id;
}

/** What the import takes: the .xlsx as base64, its name for the history, the campus, and whether it only checks. */
export interface LeadImportInput {
  file: string;
  file_name?: string;
  dry_run: boolean;
  school_id?: number;
}

/**
 * Checks and (unless a dry run) imports the file's leads into the campus's 待分配 pool, recording
 * the import in the history; the demo seed imports through it too. Runs in the caller's transaction.
 */
export async function importLeads(db: Db, principal: Principal, body: LeadImportInput): Promise<ImportAnswer> {
  const schoolId = body.school_id ?? principal.schoolIds[0];
  if (schoolId === undefined) throw new ApiError(400, '请选择校区');
  await requireInScope(db, principal, 'campus', schoolId, '校区');
  const rows = await readRows(body.file);
  const seen = new Set<string>();
  const existing = await owners(db, schoolId, [...new Set(rows.map((r) => String(r.values.parent_phone ?? '')).filter(Boolean))]);
  const results: ImportRowResult[] = [];
  const toInsert: Parsed[] = [];
  const refused: Parsed[] = [];
  for (const r of rows) {
    const phone = String(r.values.parent_phone ?? '');
    const base = { row: r.row, name: String(r.values.name ?? ''), parent_phone: maskFor(principal, 'phone', phone) ?? '' };
    if (r.problem) {
      results.push({ ...base, result: 'refused', msg: r.problem });
      refused.push(r);
    } else if (existing.has(phone)) results.push({ ...base, result: 'duplicate', msg: existing.get(phone) ?? '已存在' });
    else if (seen.has(phone)) results.push({ ...base, result: 'duplicate', msg: '与文件中前面的行重复' });
    else {
      seen.add(phone);
      toInsert.push(r);
      results.push({ ...base, result: 'insert', msg: body.dry_run ? '将导入到待分配' : '已导入到待分配' });
    }
  }
  const count = (k: ImportRowResult['result']) => results.filter((r) => r.result === k).length;
  const answer = { dry_run: body.dry_run, inserted: count('insert'), duplicates: count('duplicate'), refused: count('refused'), rows: results };
  if (body.dry_run) return { ...answer, import_id: null };
  const now = nowText();
  await insertLeads(db, principal, schoolId, toInsert, now);
  const importId = await recordImport(db, principal, schoolId, body.file_name || '资源导入.xlsx', answer, refused, now);
  return { ...answer, import_id: importId };
}

/**
 * The template download, the import (a dry run that writes nothing, then the real one: idempotent
 * by phone, a file sent again imports only what is new) and the refused rows of an import.
 */
export function registerImport(app: Hono<AppEnv>): void {
  mountCall(app, importTemplateCall, async ({ c }) => c.body(new Uint8Array(await templateFile()), 200, XLSX_HEADERS('资源导入模板.xlsx')));

  mountCall(app, importCall, async ({ db, principal, body }) => importLeads(db, principal, body));

  mountCall(app, importRefusedFileCall, async ({ c, db, principal, query }) => {
    const imp = await db.selectFrom('mkt_resource_import').select(['id', 'school_id', 'file_name']).where('id', '=', query.import_id).executeTakeFirst();
    if (!imp || !inScope(principal, imp.school_id)) throw new ApiError(404, '导入记录不存在或无权访问');
    const rows = await db.selectFrom('mkt_resource_import_row').select(['row_no', 'cells', 'msg']).where('import_id', '=', imp.id).orderBy('row_no').execute();
    if (rows.length === 0) throw new ApiError(404, '该导入没有被拒绝的行');
    const file = await refusedRowsFile(
      COLUMNS.map(([header]) => ({ header, width: 16 })),
      rows.map((r) => ({ row_no: r.row_no, msg: r.msg, cells: JSON.parse(r.cells) as string[] })),
    );
    return c.body(new Uint8Array(file), 200, XLSX_HEADERS(`${imp.file_name.replace(/\.xlsx$/i, '')}-拒绝的行.xlsx`));
  });
}
