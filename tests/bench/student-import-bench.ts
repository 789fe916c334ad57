/**
 * The student import's figure (issue 12: 10,000 rows import in under 30 s): against the running
 * bench server, the administrator uploads a 10,000-row .xlsx of the template's layout
 * (sys_attachment/upload), checks it (student_import/check: every row validated, duplicates looked
 * up among the bench's students) and imports it chunk by chunk (student_import/run) as the screen
 * does. Phones are new for every run, so a rerun on the kept bench database imports them all again;
 * `removeImported` takes the run's students out afterwards, so the database the other benches
 * measure stays as built.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import Sqlite from 'better-sqlite3';
import { bearerOf } from '../../src/contract/session';
import { STUDENT_IMPORT_COLUMNS, type ImportSummary } from '../../src/contract/student-import';

export interface ImportFigures {
  rows: number;
  uploadMs: number;
  checkMs: number;
  importMs: number;
  totalMs: number;
  imported: number;
  importId: number;
}

type Envelope<T> = { code: number; msg: string; data: T };

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = ['子涵', '欣怡', '梓萱', '一诺', '浩宇', '宇轩', '子轩', '思远', '雨桐', '俊熙'];

async function file(rows: number, runSeed: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员导入');
  ws.addRow(STUDENT_IMPORT_COLUMNS.map((c) => c.header));
  for (let i = 0; i < rows; i++) {
    const phone = `19${String((runSeed * 10_000 + i) % 1_000_000_000).padStart(9, '0')}`;
    const cells: Record<string, string> = {
      name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / 20) % GIVEN.length]}${i % 7 === 0 ? '' : String.fromCharCode(0x4e00 + (i % 500))}`,
      gender: i % 2 ? '女' : '男',
      birthday: `${2012 + (i % 8)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      grade: '三年级',
      parent_name: `${SURNAMES[i % SURNAMES.length]}家长`,
      parent_relation: i % 2 ? '母亲' : '父亲',
      parent_phone: phone,
      source: '地推',
    };
    ws.addRow(STUDENT_IMPORT_COLUMNS.map((c) => cells[c.key] ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function importFigures(port: number, log: (l: string) => void, rows = 10_000): Promise<ImportFigures> {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const login = (await (await fetch(`${base}/sso/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_id: 'admin', password: 'admin123' }) })).json()) as Envelope<{
    token: string;
    login_id: string;
    domain: string;
  }>;
  const headers = { token: login.data.token, authorization: bearerOf(login.data.login_id, login.data.token, login.data.domain) };
  const campus = (await (await fetch(`${base}/base_organ_school/stu_os`, { headers })).json()) as Envelope<{ value: number }[]>;
  const schoolId = campus.data[0].value;
  const bytes = await file(rows, Math.floor(Date.now() / 1000) % 90_000);
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const env = (await (await fetch(`${base}/${p}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as Envelope<T>;
    if (env.code !== 200) throw new Error(`${p}: ${env.msg}`);
    return env.data;
  };
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), '压测导入.xlsx');
  const up = (await (await fetch(`${base}/sys_attachment/upload`, { method: 'POST', headers, body: form })).json()) as Envelope<number>;
  if (up.code !== 200) throw new Error(`upload: ${up.msg}`);
  const t1 = performance.now();
  let summary = await post<ImportSummary>('student_import/check', { attachment_id: up.data, school_id: schoolId });
  const t2 = performance.now();
  log(`学员导入：${rows} 行，文件 ${(bytes.length / 1024).toFixed(0)} KB，校验 ${((t2 - t1) / 1000).toFixed(1)} s（可导入 ${summary.accepted}，拒绝 ${summary.refused}）`);
  while (summary.next_chunk !== null) summary = await post<ImportSummary>('student_import/run', { import_id: summary.id, chunk: summary.next_chunk });
  const t3 = performance.now();
  log(`学员导入：导入 ${summary.imported} 名，${((t3 - t2) / 1000).toFixed(1)} s；合计 ${((t3 - t0) / 1000).toFixed(1)} s`);
  return { rows, uploadMs: t1 - t0, checkMs: t2 - t1, importMs: t3 - t2, totalMs: t3 - t0, imported: summary.imported, importId: summary.id };
}

/** Takes the students (their parents and links) of the bench's import out of the bench database (the server is stopped). */
export function removeImported(dataDir: string, importId: number): void {
  const raw = new Sqlite(path.join(dataDir, 'campus-desk.db'));
  try {
    raw.transaction(() => {
      const ids = `select student_id from student_import_row where import_id = ${Number(importId)} and student_id is not null`;
      raw.prepare(`delete from stu_parent_student where student_id in (${ids})`).run();
      raw.prepare(`delete from stu_parent where student_id in (${ids})`).run();
      raw.prepare(`delete from student where id in (${ids})`).run();
    })();
  } finally {
    raw.close();
  }
}
