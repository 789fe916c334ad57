import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { requireInScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { maskFor } from '../../lib/mask';
import { importCall, importTemplateCall, type ImportAnswer, type ImportRowResult } from '../../../src/contract/marketing';
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
const CHUNK = 500;

async function templateFile(): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('资源导入');
  ws.addRow(COLUMNS.map(([h]) => h));
  ws.addRow(['张小明', '13800001234', '张先生', '男', '三年级', '地推', '实验小学', '示例行，导入前请删除']);
  ws.columns.forEach((col) => {
    col.width = 16;
  });
  const buf = await wb.xlsx.writeBuffer();
  return buf as ArrayBuffer;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'text' in (v as Record<string, unknown>)) return String((v as { text: unknown }).text).trim();
  if (typeof v === 'object' && 'result' in (v as Record<string, unknown>)) return String((v as { result: unknown }).result).trim();
  return String(v).trim();
}

interface Parsed {
  row: number;
  values: Record<string, string | number | null>;
  problem: string | null;
}

async function readRows(base64: string): Promise<Parsed[]> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(400, '文件不是有效的Excel(.xlsx)文件，请使用导入模板');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new ApiError(400, '文件中没有工作表');
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(cellText);
  if (header[0] !== COLUMNS[0][0] || header[1] !== COLUMNS[1][0]) throw new ApiError(400, '表头与导入模板不一致，请下载模板后填写');
  const out: Parsed[] = [];
  ws.eachRow((r, n) => {
    if (n === 1) return;
    const cells = (r.values as unknown[]).slice(1).map(cellText);
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
    out.push({ row: n, values, problem: problems.length ? problems.join('；') : null });
  });
  if (out.length > MAX_ROWS) throw new ApiError(400, `一次最多导入${MAX_ROWS}行`);
  return out;
}

/** Existing live leads of the campus with these phones: phone → a description of the owner. */
async function owners(db: Db, p: Principal, schoolId: number, phones: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (let i = 0; i < phones.length; i += CHUNK) {
    const rows = await db
      .selectFrom('mkt_resource as r')
      .leftJoin('users as tu', 'tu.id', 'r.tmk_id')
      .leftJoin('users as su', 'su.id', 'r.seller_id')
      .select(['r.parent_phone', 'r.name', 'r.pool', 'tu.name as tmk_name', 'su.name as seller_name'])
      .where('r.school_id', '=', schoolId)
      .where('r.del_flag', '=', 0)
      .where('r.pool', '!=', POOL.invalid)
      .where('r.parent_phone', 'in', phones.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      const holder = r.tmk_name ?? r.seller_name;
      map.set(r.parent_phone, `已存在：${r.name}（${poolText(r.pool)}${holder ? `，负责人${holder}` : ''}）`);
    }
  }
  void p;
  return map;
}

/** The template download and the import (dry run, then the real one; idempotent by phone). */
export function registerImport(app: Hono<AppEnv>): void {
  mountCall(app, importTemplateCall, async ({ c }) => {
    const file = await templateFile();
    return c.body(file, 200, {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('资源导入模板.xlsx')}`,
    });
  });

  mountCall(app, importCall, async ({ db, principal, body }): Promise<ImportAnswer> => {
    const schoolId = body.school_id ?? principal.schoolIds[0];
    if (schoolId === undefined) throw new ApiError(400, '请选择校区');
    await requireInScope(db, principal, 'campus', schoolId, '校区');
    const rows = await readRows(body.file);
    const seen = new Set<string>();
    const existing = await owners(db, principal, schoolId, [...new Set(rows.map((r) => String(r.values.parent_phone ?? '')).filter(Boolean))]);
    const results: ImportRowResult[] = [];
    const toInsert: Parsed[] = [];
    for (const r of rows) {
      const phone = String(r.values.parent_phone ?? '');
      const base = { row: r.row, name: String(r.values.name ?? ''), parent_phone: maskFor(principal, 'phone', phone) ?? '' };
      if (r.problem) results.push({ ...base, result: 'refused', msg: r.problem });
      else if (existing.has(phone)) results.push({ ...base, result: 'duplicate', msg: existing.get(phone) ?? '已存在' });
      else if (seen.has(phone)) results.push({ ...base, result: 'duplicate', msg: '与文件中前面的行重复' });
      else {
        seen.add(phone);
        toInsert.push(r);
        results.push({ ...base, result: 'insert', msg: body.dry_run ? '将导入到待分配' : '已导入到待分配' });
      }
    }
    if (!body.dry_run) {
      const now = nowText();
      for (let i = 0; i < toInsert.length; i += CHUNK) {
        const chunk = toInsert.slice(i, i + CHUNK);
        const ids = await db
          .insertInto('mkt_resource')
          .values(
            chunk.map((r) => ({
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
              created_at: now,
              updated_at: now,
              created_by: principal.userId,
              updated_by: principal.userId,
            })),
          )
          .returning('id')
          .execute();
        await db
          .insertInto('mkt_resource_move')
          .values(ids.map((x) => ({ school_id: schoolId, resource_id: x.id, action: 'Excel导入', from_pool: null, to_pool: POOL.unassigned, from_owner: null, to_owner: null, from_school: null, reason: null, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId })))
          .execute();
      }
    }
    const count = (k: ImportRowResult['result']) => results.filter((r) => r.result === k).length;
    return { dry_run: body.dry_run, inserted: count('insert'), duplicates: count('duplicate'), refused: count('refused'), rows: results };
  });
}
