import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { idCardCheckDigit } from '../../../src/contract/students';
import { STUDENT_IMPORT_COLUMNS, type ImportRowView, type ImportSummary } from '../../../src/contract/student-import';
import { todayText } from '../../../server/lib/time';
import '../../../server/modules/students/schema';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let front: LoggedIn;
let bj: number;
let gz: number;
let seq = 0;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;
type Cells = Partial<Record<(typeof STUDENT_IMPORT_COLUMNS)[number]['key'], string | number | Date>>;

function phone(): string {
  seq++;
  return `17${String(300000000 + seq * 7919).slice(-9)}`;
}

function idCard(birth: string, n: number): string {
  const first17 = `110105${birth.replace(/-/g, '')}${String(100 + (n % 900)).slice(-3)}`;
  return first17 + idCardCheckDigit(first17);
}

/** An .xlsx in the template's layout (or other headers) with these rows. */
async function xlsx(rows: Cells[], headers: readonly string[] = STUDENT_IMPORT_COLUMNS.map((c) => c.header)): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员导入');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow(STUDENT_IMPORT_COLUMNS.map((c) => r[c.key] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Uploads through sys_attachment/upload as the app does; the attachment id. */
async function upload(who: LoggedIn, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: who.headers, body: form }));
  const body = (await res.json()) as Body<number>;
  expect(body.msg).toBe('成功');
  return Number(body.data);
}

async function check(who: LoggedIn, name: string, bytes: Buffer, school = bj): Promise<Body<ImportSummary>> {
  const id = await upload(who, name, bytes);
  const res = await s.call<ImportSummary>('POST', api('student_import/check'), { headers: who.headers, json: { attachment_id: id, school_id: school } });
  expect(res.status).toBe(200);
  return res.body;
}

async function run(who: LoggedIn, importId: number, chunk: number): Promise<Body<ImportSummary & { chunk_imported: number; chunk_refused: number }>> {
  const res = await s.call<ImportSummary & { chunk_imported: number; chunk_refused: number }>('POST', api('student_import/run'), { headers: who.headers, json: { import_id: importId, chunk } });
  expect(res.status).toBe(200);
  return res.body;
}

async function rowsOf(who: LoggedIn, importId: number, status?: number): Promise<ImportRowView[]> {
  const res = await s.call<{ content: ImportRowView[]; totalSize: number }>('GET', api('student_import/rows'), { headers: who.headers, query: { import_id: importId, status, rows: 10000 } });
  expect(res.body.msg).toBe('成功');
  return res.body.data.content;
}

async function studentCount(): Promise<number> {
  const r = await s.db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  front = await s.login('front_desk', DEMO_PASSWORD);
  const school = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  bj = await school('BJ-CY');
  gz = await school('GZ-TH');
}, 120_000);

afterAll(async () => s?.close());

describe('student import: template', () => {
  it('serves the template as .xlsx with the columns the import reads and the caller’s campuses in its notes', async () => {
    const res = await s.app.fetch(new Request('http://localhost/api/v1/excel_template/student_import', { headers: principal.headers }));
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(STUDENT_IMPORT_COLUMNS.map((c) => c.header));
    const notes = wb.getWorksheet('填写说明');
    const campusRule = String(notes?.getRow(5).getCell(2).value);
    expect(campusRule).toContain('北京朝阳校区');
    expect(campusRule).not.toContain('广州天河校区');
  });

  it('is refused to a role without the screen', async () => {
    const teacher = await s.login('teacher', DEMO_PASSWORD);
    const res = await s.call('GET', api('excel_template/student_import'), { headers: teacher.headers });
    expect(res.body.code).toBe(403);
  });
});

describe('student import: dry run', () => {
  it('validates every row with Chinese reasons, writes no student, and offers the refused rows as .xlsx', async () => {
    const existing = await s.db
      .selectFrom('student')
      .select(['name', 'parent_phone', 'id_card', 'gender'])
      .where('school_id', '=', bj)
      .where('del_flag', '=', 0)
      .where('parent_phone', 'is not', null)
      .where('id_card', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const p1 = phone();
    const p2 = phone();
    const p3 = phone();
    const future = `${Number(todayText().slice(0, 4)) + 1}-01-01`;
    const goodId = idCard('2015-03-02', 7);
    const badId = `${goodId.slice(0, 17)}${goodId[17] === '0' ? '1' : '0'}`;
    const rows: Cells[] = [
      /* 2 */ { name: '周一航', gender: '男', birthday: '2015-03-02', id_card: goodId, parent_name: '周建军', parent_relation: '父亲', parent_phone: p1, grade: '三年级', source: '地推', state: '潜在' },
      /* 3 */ { name: '周一诺', gender: '女', birthday: new Date(Date.UTC(2017, 5, 1)), parent_phone: p1, parent_relation: '父亲' },
      /* 4 */ { name: '王小二', gender: '未知', parent_phone: p2 },
      /* 5 */ { name: '王小三', gender: '男', birthday: '2015-02-30', parent_phone: phone() },
      /* 6 */ { name: '王小四', gender: '男', birthday: future, parent_phone: phone() },
      /* 7 */ { name: '王小五', gender: '男', school: '广州天河校区', parent_phone: phone() },
      /* 8 */ { name: '王小六', gender: '男', school: '火星校区', parent_phone: phone() },
      /* 9 */ { name: '王小七', gender: '男', parent_phone: '1380000' },
      /* 10 */ { name: '王小八', gender: '男', id_card: badId, parent_phone: phone() },
      /* 11 */ { name: '王小九', gender: '男', parent_relation: '舅舅', parent_phone: phone() },
      /* 12 */ { name: '周一航', gender: '男', parent_phone: p1 },
      /* 13 */ { name: '李同号', gender: '女', id_card: goodId, parent_phone: p3 },
      /* 14 */ { name: existing.name, gender: existing.gender === 1 ? '女' : '男', parent_phone: existing.parent_phone ?? '' },
      /* 15 */ { name: '赵新人', gender: '女', id_card: existing.id_card ?? '', parent_phone: phone() },
      /* 16 */ { name: '钱无电话', gender: '女' },
      /* 17 */ { gender: '女', parent_phone: phone() },
      /* 18 */ { name: '孙数字', gender: '男', id_card: Number('110105201503021234'), parent_phone: phone() },
      /* 19 */ { name: '孙状态', gender: '男', state: '冻结', parent_phone: phone() },
      /* 20 */ { name: '李'.repeat(65), gender: '男', parent_phone: phone() },
    ];
    const before = await studentCount();
    const res = await check(principal, '春季新生.xlsx', await xlsx(rows));
    expect(res.msg).toBe('成功');
    const sum = res.data;
    expect(sum).toMatchObject({ file_name: '春季新生.xlsx', school_id: bj, total: rows.length, accepted: 3, refused: rows.length - 3, imported: 0, updated: 0, unchanged: 0, state: 1, chunks: 1, next_chunk: 0 });
    expect(await studentCount()).toBe(before);
    const all = await rowsOf(principal, sum.id);
    const msg = (row: number) => all.find((r) => r.row_no === row)?.msg ?? '';
    expect(msg(2)).toBe('将新增学员');
    expect(msg(3)).toBe('将新增学员');
    expect(msg(4)).toContain('性别“未知”不正确');
    expect(msg(5)).toContain('出生日期“2015-02-30”不是有效日期');
    expect(msg(6)).toContain('出生日期不能晚于今天');
    expect(msg(7)).toContain('校区“广州天河校区”不存在或无权导入');
    expect(msg(8)).toContain('校区“火星校区”不存在或无权导入');
    expect(msg(9)).toContain('家长电话“1380000”不正确');
    expect(msg(10)).toBe('身份证号校验位不正确');
    expect(msg(11)).toContain('家长关系“舅舅”不在可选项中');
    expect(msg(12)).toBe('与第2行重复（学员姓名和电话相同）');
    expect(msg(13)).toBe('与第2行的身份证号相同');
    // an existing student of the caller's campuses is updated (only what the row changes), once per file
    expect(msg(14)).toBe(`将更新已有学员：性别：${existing.gender === 1 ? '男 → 女' : '女 → 男'}`);
    expect(msg(15)).toBe('与第14行是同一名已有学员');
    expect(msg(16)).toContain('家长电话不能为空');
    expect(msg(17)).toContain('学员姓名不能为空');
    expect(msg(18)).toContain('身份证号被Excel存成了数字');
    expect(msg(19)).toContain('状态“冻结”不正确');
    expect(msg(20)).toContain('学员姓名');
    // every reason is Chinese
    for (const r of all) expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await rowsOf(principal, sum.id, 3)).length).toBe(rows.length - 3);
    expect((await rowsOf(principal, sum.id, 4)).map((r) => r.row_no)).toEqual([14]);

    const file = await s.app.fetch(new Request(`http://localhost/api/v1/student_import/refused_file?import_id=${sum.id}`, { headers: principal.headers }));
    expect(file.headers.get('content-disposition')).toContain(encodeURIComponent('春季新生-拒绝的行.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.at(-1)).toBe('拒绝原因');
    expect(ws.actualRowCount).toBe(1 + rows.length - 3);
    expect(String(ws.getRow(2).getCell(1).value)).toBe('王小二');
    expect(String(ws.getRow(2).getCell(header.length).value)).toContain('性别“未知”不正确');
    // the refused file goes back in: its headers are the template's
    const again = await check(principal, '修改后.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(again.data.total).toBe(rows.length - 3);
  });
});

describe('student import: the import', () => {
  it('imports the accepted rows once: siblings share one parent, a chunk sent again or a re-run adds nobody', async () => {
    const p = phone();
    const rows: Cells[] = [
      { name: '吴大宝', gender: '男', birthday: '2014-09-01', parent_name: '吴海涛', parent_relation: '父亲', parent_phone: p, grade: '四年级' },
      { name: '吴二宝', gender: '女', birthday: '2016-10-01', parent_name: '吴海涛', parent_relation: '父亲', parent_phone: p },
      { name: '郑小北', gender: '女', parent_phone: phone(), school: '北京海淀校区' },
    ];
    const bytes = await xlsx(rows);
    const sum = (await check(principal, '兄弟姐妹.xlsx', bytes)).data;
    expect(sum.accepted).toBe(3);
    const before = await studentCount();
    const done = await run(principal, sum.id, 0);
    expect(done.msg).toBe('成功');
    expect(done.data).toMatchObject({ chunk_imported: 3, chunk_refused: 0, imported: 3, state: 3, next_chunk: null });
    expect(await studentCount()).toBe(before + 3);
    const kids = await s.db.selectFrom('student').selectAll().where('parent_phone', '=', p).where('del_flag', '=', 0).orderBy('id').execute();
    expect(kids.map((k) => k.name)).toEqual(['吴大宝', '吴二宝']);
    expect(kids.every((k) => k.school_id === bj && k.parent_name === '吴海涛' && k.parent_relation === 1 && k.state === 1)).toBe(true);
    const parents = await s.db.selectFrom('stu_parent').select('id').where('phone', '=', p).where('del_flag', '=', 0).execute();
    expect(parents).toHaveLength(1);
    const links = await s.db.selectFrom('stu_parent_student').select(['student_id', 'is_primary']).where('parent_id', '=', parents[0].id).execute();
    expect(links.map((l) => l.student_id).sort()).toEqual(kids.map((k) => k.id).sort());
    const hd = await s.db.selectFrom('student as st').innerJoin('organisations as o', 'o.id', 'st.school_id').select('o.code').where('st.name', '=', '郑小北').executeTakeFirstOrThrow();
    expect(hd.code).toBe('BJ-HD');
    const imported = await rowsOf(principal, sum.id, 2);
    expect(imported.every((r) => r.student_id !== null && r.msg === '已导入')).toBe(true);
    // the student area's own reads see them (list, phone look-up)
    const byPhone = await s.call<{ name: string }[]>('GET', api('student/get_by_phone'), { headers: principal.headers, query: { phone: p } });
    expect(byPhone.body.data.map((x) => x.name).sort()).toEqual(['吴二宝', '吴大宝']);

    const resent = await run(principal, sum.id, 0);
    expect(resent.data).toMatchObject({ chunk_imported: 0, imported: 3, state: 3 });
    const rerun = await check(principal, '兄弟姐妹.xlsx', bytes);
    // the same file again: the three are existing students it would not change
    expect(rerun.data).toMatchObject({ accepted: 0, refused: 0, unchanged: 3, next_chunk: null });
    expect((await rowsOf(principal, rerun.data.id, 6)).map((r) => r.msg)).toEqual(['已有学员，无变化', '已有学员，无变化', '已有学员，无变化']);
    expect(await studentCount()).toBe(before + 3);
    // the audit log names the students the import added
    const audit = await s.db.selectFrom('audit_log').selectAll().where('call', '=', 'student_import/run').where('table_name', '=', 'student').orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toBeDefined();
  });

  it('imports a large file chunk by chunk; an interrupted import resumes from its first chunk left', async () => {
    const n = 1203;
    const rows: Cells[] = Array.from({ length: n }, (_, i) => ({ name: `批量${String(i).padStart(4, '0')}`, gender: i % 2 ? '女' : '男', birthday: '2016-01-15', parent_phone: phone(), parent_relation: '母亲' }));
    const sum = (await check(principal, '批量.xlsx', await xlsx(rows))).data;
    expect(sum).toMatchObject({ total: n, accepted: n, chunks: 3, next_chunk: 0 });
    const before = await studentCount();
    // the second chunk first, then the connection "drops"
    const mid = await run(principal, sum.id, 1);
    expect(mid.data).toMatchObject({ chunk_imported: 500, imported: 500, state: 2, next_chunk: 0 });
    expect(await studentCount()).toBe(before + 500);
    // two tabs send the same chunk at once: one of them imports it
    const [a, b] = await Promise.all([run(principal, sum.id, 0), run(principal, sum.id, 0)]);
    expect(a.data.chunk_imported + b.data.chunk_imported).toBe(500);
    // resume from the history's figures
    const page = await s.call<{ content: { id: number; state: number; imported: number }[] }>('GET', api('student_import/get'), { headers: principal.headers, query: { id: sum.id } });
    expect(page.body.msg).toBe('成功');
    let next: number | null = (await run(principal, sum.id, 0)).data.next_chunk;
    while (next !== null) next = (await run(principal, sum.id, next)).data.next_chunk;
    expect(await studentCount()).toBe(before + n);
    const final = await run(principal, sum.id, 2);
    expect(final.data).toMatchObject({ imported: n, accepted: n, state: 3, next_chunk: null, chunk_imported: 0 });
  }, 60_000);

  it('refuses at import time a row that became a duplicate after the dry run', async () => {
    const p = phone();
    const sum = (await check(principal, '迟到.xlsx', await xlsx([{ name: '冯迟到', gender: '男', parent_phone: p }]))).data;
    const added = await s.call('POST', api('student/add'), { headers: principal.headers, json: { school_id: bj, name: '冯迟到', gender: 1, parent_phone: p } });
    expect(added.body.msg).toBe('成功');
    const res = await run(principal, sum.id, 0);
    expect(res.data).toMatchObject({ chunk_imported: 0, chunk_refused: 1, refused: 1, accepted: 0, state: 3 });
    expect((await rowsOf(principal, sum.id))[0].msg).toContain('导入时发现：已有学员“冯迟到”');
  });
});

describe('student import: existing students are updated', () => {
  async function addStudent(who: LoggedIn, body: Record<string, unknown>): Promise<number> {
    const res = await s.call<{ id: number }>('POST', api('student/add'), { headers: who.headers, json: body });
    expect(res.body.msg).toBe('成功');
    return res.body.data.id;
  }

  it('updates matched students of the caller’s campuses with the changed cells only, adds a new parent phone once, and a re-run changes nothing', async () => {
    const pA = phone();
    const pB = phone();
    const pB2 = phone();
    const pC = phone();
    const idB = idCard('2013-04-05', 31);
    const idOut = idCard('2012-06-07', 43);
    // A: found by name and parent phone; B: by ID number; C: would change nothing
    const a = await addStudent(principal, { school_id: bj, name: '韩更新', gender: 1, grade: 7, parent_phone: pA, parent_name: '韩父', remark: '老备注' });
    const b = await addStudent(principal, { school_id: bj, name: '韩证件', gender: 2, id_card: idB, parent_phone: pB, parent_name: '韩证件父亲', parent_relation: 1 });
    await addStudent(principal, { school_id: bj, name: '韩不变', gender: 1, parent_phone: pC });
    // a student of a campus the principal does not reach
    await addStudent(admin, { school_id: gz, name: '韩外校', gender: 1, id_card: idOut, parent_phone: phone() });
    const rows: Cells[] = [
      /* 2 */ { name: '韩更新', gender: '男', grade: '四年级', attend_school: '实验小学', parent_phone: pA },
      /* 3 */ { name: '韩证件', gender: '女', id_card: idB, parent_name: '韩证件妈妈', parent_relation: '母亲', parent_phone: pB2 },
      /* 4 */ { name: '韩不变', gender: '男', parent_phone: pC },
      /* 5 */ { name: '韩外校', gender: '男', id_card: idOut, parent_phone: phone() },
      /* 6 */ { name: '韩更新', gender: '男', grade: '五年级', parent_phone: pA },
    ];
    const bytes = await xlsx(rows);
    const before = await studentCount();
    const auditBefore = await s.db.selectFrom('audit_log').select('id').where('call', '=', 'student/update').where('table_name', '=', 'student').execute();
    const sum = (await check(principal, '更新名单.xlsx', bytes)).data;
    expect(sum).toMatchObject({ total: 5, accepted: 2, unchanged: 1, refused: 2, updated: 0, imported: 0, chunks: 1, next_chunk: 0 });
    const all = await rowsOf(principal, sum.id);
    const row = (n: number) => all.find((r) => r.row_no === n);
    expect(row(2)).toMatchObject({ status: 4, student_id: a, msg: '将更新已有学员：年级：三年级 → 四年级；就读学校：空 → 实验小学' });
    expect(row(3)?.status).toBe(4);
    expect(row(3)?.student_id).toBe(b);
    expect(row(3)?.msg).toMatch(/^将更新已有学员：新增家长电话/);
    expect(row(4)).toMatchObject({ status: 6, msg: '已有学员，无变化' });
    // another campus's student is never revealed: its ID number reads as taken, as before
    expect(row(5)).toMatchObject({ status: 3, msg: '身份证号已被其他学员使用' });
    expect(row(6)).toMatchObject({ status: 3, msg: '与第2行重复（学员姓名和电话相同）' });
    expect((await rowsOf(principal, sum.id, 4)).map((r) => r.row_no)).toEqual([2, 3]);
    expect((await rowsOf(principal, sum.id, 6)).map((r) => r.row_no)).toEqual([4]);
    // the dry run writes nothing
    expect((await s.db.selectFrom('student').select('grade').where('id', '=', a).executeTakeFirstOrThrow()).grade).toBe(7);

    const done = await run(principal, sum.id, 0);
    expect(done.msg).toBe('成功');
    expect(done.data).toMatchObject({ chunk_imported: 0, chunk_updated: 2, chunk_unchanged: 0, chunk_refused: 0, updated: 2, unchanged: 1, refused: 2, state: 3, next_chunk: null });
    expect(await studentCount()).toBe(before);
    const sa = await s.db.selectFrom('student').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    // the row's filled cells changed; its empty cells kept what was stored
    expect(sa).toMatchObject({ grade: 8, attend_school: '实验小学', remark: '老备注', parent_phone: pA, name: '韩更新' });
    expect((await rowsOf(principal, sum.id, 5)).map((r) => r.row_no)).toEqual([2, 3]);
    // B gained the new parent, linked as the add path links parents; the old one stays linked
    const linked = await s.db
      .selectFrom('stu_parent_student as l')
      .innerJoin('stu_parent as p', 'p.id', 'l.parent_id')
      .select(['p.phone', 'p.name'])
      .where('l.student_id', '=', b)
      .where('p.del_flag', '=', 0)
      .execute();
    expect(linked.map((l) => l.phone).sort()).toEqual([pB, pB2].sort());
    expect(linked.find((l) => l.phone === pB2)?.name).toBe('韩证件妈妈');
    // the updates are in the audit log as the update call writes them
    const auditAfter = await s.db.selectFrom('audit_log').select(['id', 'record_ids']).where('call', '=', 'student/update').where('table_name', '=', 'student').execute();
    const fresh = auditAfter.filter((x) => !auditBefore.some((y) => y.id === x.id)).map((x) => String(x.record_ids));
    expect(fresh.some((ids) => ids.includes(String(a)))).toBe(true);
    expect(fresh.some((ids) => ids.includes(String(b)))).toBe(true);

    // the chunk sent again applies nothing; the same file again changes nothing
    const resent = await run(principal, sum.id, 0);
    expect(resent.data).toMatchObject({ chunk_updated: 0, chunk_unchanged: 0, updated: 2 });
    const rerun = (await check(principal, '更新名单.xlsx', bytes)).data;
    expect(rerun).toMatchObject({ accepted: 0, unchanged: 3, refused: 2, next_chunk: null });
    const parentsB2 = await s.db.selectFrom('stu_parent').select('id').where('phone', '=', pB2).where('del_flag', '=', 0).execute();
    expect(parentsB2).toHaveLength(1);
  });

  it('reports 无变化 at import time when the change is already there, and refuses what the update call refuses', async () => {
    const p = phone();
    const id = await addStudent(principal, { school_id: bj, name: '韩赶早', gender: 1, parent_phone: p });
    const sum = (await check(principal, '赶早.xlsx', await xlsx([{ name: '韩赶早', gender: '男', grade: '一年级', parent_phone: p }]))).data;
    expect(sum.accepted).toBe(1);
    // someone makes the same change by hand before the import runs
    const edited = await s.call('POST', api('student/update'), { headers: principal.headers, json: { id, grade: 5 } });
    expect(edited.body.msg).toBe('成功');
    const res = await run(principal, sum.id, 0);
    expect(res.data).toMatchObject({ chunk_updated: 0, chunk_unchanged: 1, updated: 0, unchanged: 1, accepted: 0, state: 3 });
    expect((await rowsOf(principal, sum.id))[0]).toMatchObject({ status: 6, msg: '已有学员，无变化' });
    // a state the life cycle does not allow is refused in the dry run with the update call's reason
    await s.db.updateTable('student').set({ state: 3 }).where('id', '=', id).execute();
    const back = (await check(principal, '回退.xlsx', await xlsx([{ name: '韩赶早', gender: '男', state: '潜在', parent_phone: p }]))).data;
    expect(back).toMatchObject({ accepted: 0, refused: 1 });
    expect((await rowsOf(principal, back.id))[0].msg).toMatch(/^已有学员“韩赶早”不能更新：学员状态不能从/);
    // an ID number another student took after the dry run: the update call refuses the row, the chunk goes on
    const taken = idCard('2014-02-03', 57);
    const late = (await check(principal, '证件.xlsx', await xlsx([{ name: '韩赶早', gender: '男', id_card: taken, parent_phone: p }]))).data;
    expect(late.accepted).toBe(1);
    await addStudent(principal, { school_id: bj, name: '韩抢先', gender: 1, id_card: taken, parent_phone: phone() });
    const lateRun = await run(principal, late.id, 0);
    expect(lateRun.data).toMatchObject({ chunk_updated: 0, chunk_refused: 1, refused: 1, accepted: 0, state: 3 });
    expect((await rowsOf(principal, late.id))[0]).toMatchObject({ status: 3, msg: '导入时发现：已有学员“韩赶早”不能更新：身份证号已被其他学员使用' });
    expect((await s.db.selectFrom('student').select('id_card').where('id', '=', id).executeTakeFirstOrThrow()).id_card).toBeNull();
  });
});

describe('student import: bad input and scope', () => {
  it('answers bad files with a Chinese message, never a 5xx', async () => {
    const notXlsx = await check(principal, '名单.xlsx', Buffer.from('姓名,电话\n张三,13800001234\n'));
    expect(notXlsx).toMatchObject({ code: 400, msg: '文件不是有效的Excel(.xlsx)文件，请下载导入模板填写后上传' });
    const csv = await check(principal, '名单.csv', Buffer.from('姓名,电话\n'));
    expect(csv).toMatchObject({ code: 400, msg: '只能导入 .xlsx 文件，请下载导入模板填写后上传' });
    const zip = await check(principal, '坏的.xlsx', Buffer.from('PK\u0003\u0004garbage'));
    expect(zip.code).toBe(400);
    expect(zip.msg).toContain('不是有效的Excel');
    const empty = await check(principal, '空的.xlsx', await xlsx([]));
    expect(empty).toMatchObject({ code: 400, msg: '文件中没有学员数据：第一行为表头，请从第二行起填写' });
    const headers = await check(principal, '表头.xlsx', await xlsx([{ name: '张三' }], ['姓名', '电话']));
    expect(headers).toMatchObject({ code: 400, msg: '表头缺少必填列：学员姓名、性别、家长电话。请下载导入模板，第一行为表头' });
    const big: Cells[] = Array.from({ length: 10_001 }, (_, i) => ({ name: `超限${i}`, gender: '男', parent_phone: '13800001234' }));
    const tooMany = await check(principal, '超限.xlsx', await xlsx(big));
    expect(tooMany).toMatchObject({ code: 400, msg: '一次最多导入10000行学员，当前文件超过10000行，请分成多个文件导入' });
    const zeroByte = new FormData();
    zeroByte.append('file', new Blob([]), '空.xlsx');
    const up = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: principal.headers, body: zeroByte }));
    expect(((await up.json()) as Body<null>).msg).toBe('不能上传空文件');
    for (const body of [{}, { attachment_id: 'x', school_id: bj }, { attachment_id: 999999999, school_id: bj }, { attachment_id: 1, school_id: -1 }]) {
      const r = await s.call('POST', api('student_import/check'), { headers: principal.headers, json: body });
      expect(r.status).toBe(200);
      expect(r.body.code).not.toBe(200);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const body of [{}, { import_id: 999999999, chunk: 0 }, { import_id: 1, chunk: -1 }]) {
      const r = await s.call('POST', api('student_import/run'), { headers: principal.headers, json: body });
      expect(r.status).toBe(200);
      expect(r.body.code).not.toBe(200);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  }, 60_000);

  it('keeps imports to the caller’s campuses and operation code', async () => {
    const file = await xlsx([{ name: '范围内', gender: '男', parent_phone: phone() }]);
    // a default campus outside the caller's scope reads as missing
    const outside = await check(principal, '范围.xlsx', file, gz);
    expect(outside.code).toBe(404);
    const sum = (await check(principal, '范围.xlsx', file)).data;
    // another campus's user sees neither the import nor its rows, and cannot run it
    expect((await s.call('GET', api('student_import/rows'), { headers: front.headers, query: { import_id: sum.id } })).body.code).toBe(404);
    expect((await run(front, sum.id, 0)).code).toBe(404);
    expect((await s.call('GET', api('student_import/get'), { headers: front.headers, query: { id: sum.id } })).body.code).toBe(404);
    // someone else's upload is not theirs to import
    const theirs = await upload(principal, '别人的.xlsx', file);
    const stolen = await s.call('POST', api('student_import/check'), { headers: admin.headers, json: { attachment_id: theirs, school_id: bj } });
    expect(stolen.body).toMatchObject({ code: 400, msg: '导入文件不存在，请重新上传' });
    // a role without the button's code
    const sales = await s.login('sales', DEMO_PASSWORD);
    const refused = await s.call('POST', api('student_import/check'), { headers: sales.headers, json: { attachment_id: theirs, school_id: bj } });
    expect(refused.body.code).toBe(403);
    // the history of each role holds its own campuses' imports only
    const mine = await s.call<{ content: { id: number; school_id: number; operator_name: string }[] }>('GET', api('student_import/page'), { headers: front.headers, query: { rows: 100 } });
    expect(mine.body.msg).toBe('成功');
    expect(mine.body.data.content.every((r) => r.school_id === gz)).toBe(true);
    const theirsPage = await s.call<{ content: { id: number }[] }>('GET', api('student_import/page'), { headers: principal.headers, query: { rows: 100 } });
    expect(theirsPage.body.data.content.some((r) => r.id === sum.id)).toBe(true);
  });
});
