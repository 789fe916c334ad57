import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import type { ImportAnswer } from '../../../src/contract/marketing';
import '../../../server/modules/marketing/schema';

let s: TestServer;
let principal: LoggedIn;
let tmk: LoggedIn;
let bj: number;


beforeAll(async () => {
  s = await createTestServer();
  principal = await s.login('principal', DEMO_PASSWORD);
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  bj = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => s?.close());

async function fileOf(rows: (string | number)[][], header?: string[]): Promise<string> {
  const res = await s.app.fetch(new Request('http://localhost/api/v1/excel_template/resource_import', { headers: principal.headers }));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0];
  const head = header ?? (ws.getRow(1).values as string[]).slice(1);
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet('资源导入');
  sheet.addRow(head);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await out.xlsx.writeBuffer()).toString('base64');
}

describe('Excel import of leads', () => {
  it('downloads the template; a dry run reports each row as insert, duplicate (with the owner) or refused, writing nothing', async () => {
    const res = await s.app.fetch(new Request('http://localhost/api/v1/excel_template/resource_import', { headers: principal.headers }));
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const owned = await s.db.selectFrom('mkt_resource').select(['parent_phone', 'name']).where('school_id', '=', bj).where('tmk_name', '=', '陈晓燕').where('pool', '=', 2).executeTakeFirstOrThrow();
    const stamp = String(Date.now()).slice(-7);
    const file = await fileOf([
      ['导入甲', `1350${stamp}`, '甲家长', '男', '三年级', '地推', '', ''],
      ['导入乙', owned.parent_phone, '', '', '', '', '', ''],
      ['导入丙', '12345', '', '未知', '九年级', '', '', ''],
      ['导入丁', `1350${stamp}`, '', '', '', '', '', ''],
    ]);
    const before = (await s.db.selectFrom('mkt_resource').select('id').execute()).length;
    const dry = await s.call<ImportAnswer>('POST', '/api/v1/mkt_resource/import', { headers: principal.headers, json: { file, dry_run: true, school_id: bj } });
    expect(dry.body.msg).toBe('成功');
    expect(dry.body.data.rows.map((r) => r.result)).toEqual(['insert', 'duplicate', 'refused', 'duplicate']);
    expect(dry.body.data.rows[1].msg).toContain(`已存在：${owned.name}`);
    expect(dry.body.data.rows[1].msg).toContain('负责人陈晓燕');
    expect(dry.body.data.rows[2].msg).toContain('联系电话应为11位数字');
    expect(dry.body.data.rows[2].msg).toContain('性别只能填写男或女');
    expect(dry.body.data.rows[2].msg).toContain('年级“九年级”不存在');
    expect((await s.db.selectFrom('mkt_resource').select('id').execute()).length).toBe(before);

    const real = await s.call<ImportAnswer>('POST', '/api/v1/mkt_resource/import', { headers: principal.headers, json: { file, dry_run: false, school_id: bj } });
    expect([real.body.data.inserted, real.body.data.duplicates, real.body.data.refused]).toEqual([1, 2, 1]);
    const added = await s.db.selectFrom('mkt_resource').selectAll().where('parent_phone', '=', `1350${stamp}`).execute();
    expect(added).toHaveLength(1);
    expect([added[0].pool, added[0].grade, added[0].gender]).toEqual([1, 7, 1]); // 三年级 is the seventh grade of GRADES (托班 first)
    // importing the same file again inserts nothing twice
    const again = await s.call<ImportAnswer>('POST', '/api/v1/mkt_resource/import', { headers: principal.headers, json: { file, dry_run: false, school_id: bj } });
    expect(again.body.data.inserted).toBe(0);
  });

  it('refuses a file that is not the template, and callers without the operation code', async () => {
    const wrong = await fileOf([['x', 'y']], ['姓名', '电话']);
    const bad = await s.call<null>('POST', '/api/v1/mkt_resource/import', { headers: principal.headers, json: { file: wrong, school_id: bj } });
    expect(bad.body).toMatchObject({ code: 400, msg: '表头与导入模板不一致，请下载模板后填写' });
    const junk = await s.call<null>('POST', '/api/v1/mkt_resource/import', { headers: principal.headers, json: { file: Buffer.from('not excel').toString('base64'), school_id: bj } });
    expect(junk.body.code).toBe(400);
    expect(junk.body.msg).toContain('Excel');
    const refused = await s.call<null>('POST', '/api/v1/mkt_resource/import', { headers: tmk.headers, json: { file: wrong, school_id: bj } });
    expect(refused.body.code).toBe(403);
  });

  it('keeps a history of imports (who, file, counts; none for a dry run) and gives back the refused rows as .xlsx with the reason', async () => {
    const stamp = String(Date.now()).slice(-7);
    const file = await fileOf([
      ['历史甲', `1351${stamp}`, '', '', '', '', '', ''],
      ['历史乙', '1390', '', '', '', '', '', '坏号码'],
      ['历史丙', `1352${stamp}`, '', '不知道', '', '', '', ''],
    ]);
    const countImports = async () => (await s.db.selectFrom('mkt_resource_import').select('id').execute()).length;
    const before = await countImports();
    const dry = await s.call<ImportAnswer>('POST', '/api/v1/mkt_resource/import', { headers: principal.headers, json: { file, file_name: '十一月地推.xlsx', dry_run: true, school_id: bj } });
    expect(dry.body.data.import_id).toBeNull();
    expect(await countImports()).toBe(before);

    const real = await s.call<ImportAnswer>('POST', '/api/v1/mkt_resource/import', { headers: principal.headers, json: { file, file_name: '十一月地推.xlsx', dry_run: false, school_id: bj } });
    const id = real.body.data.import_id;
    expect(id).not.toBeNull();
    const row = await s.db.selectFrom('mkt_resource_import').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ school_id: bj, file_name: '十一月地推.xlsx', total: 3, inserted: 1, duplicates: 0, refused: 2, operator_name: principal.user.name, created_by: principal.user.id });
    const page = await s.call<{ content: { id: number; file_name: string }[] }>('GET', '/api/v1/mkt_resource_import/page', { headers: principal.headers, query: { page: 1, rows: 10 } });
    expect(page.body.data.content[0]).toMatchObject({ id, file_name: '十一月地推.xlsx' });

    const res = await s.app.fetch(new Request(`http://localhost/api/v1/mkt_resource_import/refused_file?import_id=${id}`, { headers: principal.headers }));
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual(['学员姓名*', '联系电话*', '家长姓名', '性别(男/女)', '年级', '来源', '就读学校', '备注', '原行号', '拒绝原因']);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(1).value).toBe('历史乙');
    expect(ws.getRow(2).getCell(2).value).toBe('1390');
    expect(ws.getRow(2).getCell(8).value).toBe('坏号码');
    expect(ws.getRow(2).getCell(9).value).toBe(3);
    expect(String(ws.getRow(2).getCell(10).value)).toContain('联系电话应为11位数字');
    expect(String(ws.getRow(3).getCell(10).value)).toContain('性别只能填写男或女');
  });

  it('answers an import of another campus as missing, and one without refused rows plainly', async () => {
    const gz = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow()).id;
    const other = await s.db
      .insertInto('mkt_resource_import')
      .values({ school_id: gz, file_name: '广州.xlsx', total: 1, inserted: 0, duplicates: 0, refused: 1, operator_name: '管理员', created_at: null, updated_at: null, created_by: null, updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db.insertInto('mkt_resource_import_row').values({ import_id: other.id, row_no: 2, msg: '联系电话不能为空', cells: '["甲",""]', created_at: null, updated_at: null, created_by: null, updated_by: null }).execute();
    const out = await s.call<null>('GET', '/api/v1/mkt_resource_import/refused_file', { headers: principal.headers, query: { import_id: other.id } });
    expect(out.body).toMatchObject({ code: 404, msg: '导入记录不存在或无权访问' });
    const gone = await s.call<null>('GET', '/api/v1/mkt_resource_import/refused_file', { headers: principal.headers, query: { import_id: 987_654_321 } });
    expect(gone.body).toMatchObject({ code: 404, msg: '导入记录不存在或无权访问' });
    const page = await s.call<{ content: { id: number }[] }>('GET', '/api/v1/mkt_resource_import/page', { headers: principal.headers, query: { page: 1, rows: 100 } });
    expect(page.body.data.content.some((r) => r.id === other.id)).toBe(false);
    const bad = await s.call<null>('GET', '/api/v1/mkt_resource_import/refused_file', { headers: principal.headers, query: { import_id: 'abc' } });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('导入记录') });
    const denied = await s.call<null>('GET', '/api/v1/mkt_resource_import/refused_file', { headers: tmk.headers, query: { import_id: other.id } });
    expect(denied.body.code).toBe(403);
  });
});
