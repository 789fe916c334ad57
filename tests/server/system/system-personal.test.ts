import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { exportsSettled } from '../../../server/modules/export';
import { DELETED_KEEP_DAYS, sweepDeletedAttachments } from '../../../server/modules/attachments/sweep';
import { dataSubdir } from '../../../server/lib/files';
import type { TreeNode } from '../../../src/contract/menu';

interface Page<T> {
  content: T[];
  totalSize: number;
}
type Row = Record<string, unknown> & { id: number };

let s: TestServer;
let admin: Record<string, string>;
let teacher: Record<string, string>;
let telemarketer: Record<string, string>;
let principal: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  telemarketer = (await s.login('telemarketer', DEMO_PASSWORD)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  // these tests count the rows they make: start without the demo's column settings and exports
  await s.db.deleteFrom('sys_table_col_user').execute();
  await s.db.deleteFrom('sys_excel_export_status').execute();
});
afterAll(async () => {
  await s?.close();
});
const api = (p: string) => `/api/v1/${p}`;
async function count(table: string): Promise<number> {
  const db = s.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  return (await db.selectFrom(table).select('id').execute()).length;
}

describe('option sets', () => {
  it('by code, page, add, update, delete', async () => {
    const age = await s.call<Row>('GET', api('system/get_optionset_by_code'), { headers: teacher, query: { code: 'age_group' } });
    expect(age.body.data).toMatchObject({ code: 'age_group', name: '年龄段' });
    expect(JSON.parse(String(age.body.data.value))[0]).toEqual({ value: 611, text: '3岁以下' });
    expect((await s.call('GET', api('system/get_optionset_by_code'), { headers: teacher, query: { code: 'nope' } })).body).toMatchObject({ code: 404, msg: '选项集不存在' });
    expect((await s.call('GET', api('system/get_optionset_by_code'), { headers: teacher })).body.code).toBe(400);
    expect((await s.call('GET', api('system/get_optionset_by_code'), { query: { code: 'sex' } })).status).toBe(401);
    expect((await s.call('GET', api('system/find_optionset_page'), { headers: teacher })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    expect((await s.call<Page<Row>>('GET', api('system/find_optionset_page'), { headers: admin, query: { code: 'age' } })).body.data.content.map((r) => r.code)).toContain('age_group');

    const good = { code: 'school_grade', name: '在读年级', value: JSON.stringify([{ value: 1, text: '一年级' }]) };
    expect((await s.call('POST', api('system/add_optionset'), { json: good })).status).toBe(401);
    expect((await s.call('POST', api('system/add_optionset'), { headers: teacher, json: good })).body).toMatchObject({ code: 403, msg: '没有操作权限：add_optionset' });
    const before = await count('option_sets');
    for (const value of ['not json', '{"a":1}', JSON.stringify([{ value: 1 }])]) {
      const bad = await s.call('POST', api('system/add_optionset'), { headers: admin, json: { ...good, value } });
      expect(bad.body.code).toBe(400);
      expect(bad.body.msg).toMatch(/选项/);
    }
    expect(await count('option_sets')).toBe(before);
    const added = (await s.call<Row>('POST', api('system/add_optionset'), { headers: admin, json: good })).body.data;
    expect((await s.call('POST', api('system/add_optionset'), { headers: admin, json: good })).body).toMatchObject({ code: 409, msg: '编码已存在' });
    expect((await s.call('POST', api('system/update_optionset'), { headers: teacher, json: { id: added.id, name: 'x' } })).body.code).toBe(403);
    expect((await s.call('POST', api('system/update_optionset'), { headers: admin, json: { id: added.id, value: '[oops' } })).body.code).toBe(400);
    expect((await s.call('POST', api('system/update_optionset'), { headers: admin, json: { id: 99999, name: 'x' } })).body.code).toBe(404);
    const upd = await s.call<Row>('POST', api('system/update_optionset'), { headers: admin, json: { id: added.id, value: [{ value: 2, text: '二年级' }] } });
    expect(upd.body.data.value).toBe('[{"value":2,"text":"二年级"}]');
    expect((await s.call('POST', api('system/del_optionset'), { headers: teacher, json: [{ id: added.id }] })).body.code).toBe(403);
    expect((await s.call('POST', api('system/del_optionset'), { headers: admin, json: [{ id: added.id }] })).body.code).toBe(200);
    expect((await s.call('GET', api('system/get_optionset_by_code'), { headers: teacher, query: { code: 'school_grade' } })).body.code).toBe(404);
  });
});

describe('table column preferences', () => {
  it('per user and table key', async () => {
    const cols = [
      { prop: 'name', show: true, width: 120, order: 1 },
      { prop: 'phone', show: false, width: 100, order: 0 },
    ];
    expect((await s.call('POST', api('system/add_table_col_user'), { json: { table_key: 'student', cols } })).status).toBe(401);
    expect((await s.call('POST', api('system/add_table_col_user'), { headers: teacher, json: { table_key: 'student', cols: [{ prop: 'name' }] } })).body.code).toBe(400);
    expect((await s.call('POST', api('system/add_table_col_user'), { headers: teacher, json: { table_key: '', cols } })).body.msg).toBe('请提供表格标识');
    expect(await count('sys_table_col_user')).toBe(0);
    const saved = (await s.call<Row>('POST', api('system/add_table_col_user'), { headers: teacher, json: { table_key: 'student', cols } })).body.data;
    expect(JSON.parse(String(saved.cols)).map((c: { prop: string }) => c.prop)).toEqual(['phone', 'name']);
    const again = (await s.call<Row>('POST', api('system/update_table_col_user'), { headers: teacher, json: { id: saved.id, table_key: 'student', cols: [{ ...cols[0], width: 200 }] } })).body.data;
    expect(again.id).toBe(saved.id);
    expect((await s.call('POST', api('system/update_table_col_user'), { headers: admin, json: { id: saved.id, table_key: 'student', cols } })).body.code).toBe(404);
    const page = await s.call<Page<Row>>('GET', api('system/find_table_col_userpage'), { headers: teacher, query: { table_key: 'student' } });
    expect(page.body.data.totalSize).toBe(1);
    expect(JSON.parse(String(page.body.data.content[0].cols))[0].width).toBe(200);
    expect((await s.call<Page<Row>>('GET', api('system/find_table_col_userpage'), { headers: admin, query: { table_key: 'student' } })).body.data.totalSize).toBe(0);
  });
});

describe('table column preferences as the app sends them', () => {
  it('reads tb_name, takes the order from the list, and deletes only its own rows', async () => {
    const cols = JSON.stringify([
      { prop: 'login_id', show: true },
      { prop: 'phone', show: false, width: 90 },
    ]);
    const saved = await s.call<Row>('POST', api('system/add_table_col_user'), { headers: teacher, json: { tb_name: 'system_user', cols } });
    expect(saved.body.code).toBe(200);
    expect(JSON.parse(String(saved.body.data.cols))).toEqual([
      { prop: 'login_id', show: true, order: 0 },
      { prop: 'phone', show: false, width: 90, order: 1 },
    ]);
    const page = await s.call<Page<Row>>('GET', api('system/find_table_col_userpage'), { headers: teacher, query: { tb_name: 'system_user', page: 1, rows: 1 } });
    expect(page.body.data.totalSize).toBe(1);
    expect(page.body.data.content[0]).toMatchObject({ id: saved.body.data.id, tb_name: 'system_user', table_key: 'system_user' });
    expect((await s.call<Page<Row>>('GET', api('system/find_table_col_userpage'), { headers: teacher, query: { tb_name: 'nothing_here' } })).body.data.totalSize).toBe(0);
    expect((await s.call('POST', api('system/del_table_col_user'), { headers: admin, json: [{ id: saved.body.data.id }] })).body.code).toBe(404);
    expect((await s.call('POST', api('system/del_table_col_user'), { headers: teacher, json: [{ id: saved.body.data.id }] })).body.code).toBe(200);
    expect((await s.call<Page<Row>>('GET', api('system/find_table_col_userpage'), { headers: teacher, query: { tb_name: 'system_user' } })).body.data.totalSize).toBe(0);
  });
});

describe('tree_list', () => {
  it('serves whitelisted tables and columns only', async () => {
    const t = await s.call<TreeNode[]>('GET', api('system/tree_list'), { headers: teacher, query: { tb_name: 'organisations', parent_filed: 'parent_id', text_filed: 'name', value_filed: 'id' } });
    expect(t.body.data.map((n) => n.text)).toEqual(['总部']);
    expect(t.body.data[0].nodes?.map((n) => n.text)).toContain('北京分公司');
    const codes = await s.call<TreeNode[]>('GET', api('system/tree_list'), { headers: teacher, query: { tb_name: 'organisations', value_filed: 'code' } });
    expect(codes.body.data[0].id).toBe('HQ');
    expect((await s.call('GET', api('system/tree_list'), { headers: teacher, query: { tb_name: 'users' } })).body).toMatchObject({ code: 400, msg: '不支持的表：users' });
    expect((await s.call('GET', api('system/tree_list'), { headers: teacher, query: { tb_name: 'organisations', text_filed: 'name; drop table users' } })).body.code).toBe(400);
    expect((await s.call('GET', api('system/tree_list'), { headers: teacher, query: { tb_name: 'menus', text_filed: 'password_hash' } })).body.code).toBe(400);
    expect((await s.call('GET', api('system/tree_list'), { headers: teacher, query: { tb_name: 'constructor' } })).body.code).toBe(400);
    expect((await s.call('GET', api('system/tree_list'), { query: { tb_name: 'menus' } })).status).toBe(401);
  });
});

function multipart(name: string, bytes: Uint8Array): { body: ArrayBuffer; type: string } {
  const boundary = '----cdtest1234';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const all = Buffer.concat([head, Buffer.from(bytes), tail]);
  return { body: all.buffer.slice(all.byteOffset, all.byteOffset + all.length) as ArrayBuffer, type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(headers: Record<string, string>, name: string, bytes: Uint8Array): Promise<{ status: number; body: { code: number; msg: string; data: number } }> {
  const m = multipart(name, bytes);
  const res = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: { ...headers, 'content-type': m.type }, body: m.body }));
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: number } };
}

describe('attachments', () => {
  it('upload, get, download with the Chinese name, scope, delete', async () => {
    const bytes = new Uint8Array(5000).map((_, i) => i % 251);
    const up = await upload(telemarketer, '报名表 (2024).pdf', bytes);
    expect(up.body.code).toBe(200);
    const id = up.body.data;
    const got = await s.call<Row[]>('GET', api('sys_attachment/get'), { headers: principal, query: { id: String(id) } });
    expect(got.body.data).toEqual([{ id, ext: 'pdf', name: '报名表 (2024).pdf', url: `api/v1/sys_attachment/download?id=${id}`, size: 5000, duration: null }]);
    // the teacher works in 上海, the upload belongs to 北京朝阳: it does not exist for them
    expect((await s.call('GET', api('sys_attachment/get'), { headers: teacher, query: { id: String(id) } })).body.code).toBe(404);
    expect((await s.call('GET', api('sys_attachment/get'), { headers: principal, query: { id: 'a,b' } })).body.code).toBe(400);
    expect((await s.call('GET', api('sys_attachment/get'), { query: { id: String(id) } })).status).toBe(401);

    const dl = await s.app.fetch(new Request(`http://localhost/api/v1/sys_attachment/download?id=${id}`, { headers: principal }));
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="___ (2024).pdf"; filename*=UTF-8''${encodeURIComponent('报名表 ').replace(/'/g, '%27')}%282024%29.pdf`);
    expect(new Uint8Array(await dl.arrayBuffer())).toEqual(bytes);
    expect((await s.call('GET', api('sys_attachment/download'), { headers: teacher, query: { id } })).body.code).toBe(404);

    expect((await s.call('POST', api('sys_attachment/delete'), { headers: teacher, json: [{ id }] })).body.code).toBe(404);
    expect((await s.call('POST', api('sys_attachment/delete'), { headers: principal, json: [{ id: 'x' }] })).body.code).toBe(400);
    expect((await s.call('POST', api('sys_attachment/delete'), { headers: principal, json: [{ id }] })).body.code).toBe(200);
    expect((await s.call('GET', api('sys_attachment/get'), { headers: principal, query: { id: String(id) } })).body.code).toBe(404);

    // the deleted file stays a week, then the sweep removes it and its row; a live upload is untouched
    const kept = await upload(telemarketer, '保留.pdf', bytes);
    const dir = dataSubdir(s.config, 'attachments');
    const storedOf = async (rowId: number): Promise<string | undefined> => (await s.db.selectFrom('sys_attachment').select('stored_name').where('id', '=', rowId).executeTakeFirst())?.stored_name;
    const deletedFile = path.join(dir, (await storedOf(id)) as string);
    const keptFile = path.join(dir, (await storedOf(kept.body.data)) as string);
    expect(existsSync(deletedFile)).toBe(true);
    expect(await sweepDeletedAttachments(s.db, dir)).toBe(0);
    expect(existsSync(deletedFile)).toBe(true);
    expect(await sweepDeletedAttachments(s.db, dir, Date.now() + (DELETED_KEEP_DAYS + 1) * 86_400_000)).toBe(1);
    expect(existsSync(deletedFile)).toBe(false);
    expect(await storedOf(id)).toBeUndefined();
    expect(existsSync(keptFile)).toBe(true);
    expect(await storedOf(kept.body.data)).toBe(path.basename(keptFile));
  });

  it('an audio upload carries its playing time in ms; an unreadable one none, and is still kept', async () => {
    const rate = 8000;
    const samples = rate * 1.5;
    const wav = Buffer.alloc(44 + samples * 2);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(36 + samples * 2, 4);
    wav.write('WAVEfmt ', 8);
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(rate, 24);
    wav.writeUInt32LE(rate * 2, 28);
    wav.writeUInt16LE(2, 32);
    wav.writeUInt16LE(16, 34);
    wav.write('data', 36);
    wav.writeUInt32LE(samples * 2, 40);
    for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin(i / 10) * 8000), 44 + i * 2);
    const up = await upload(telemarketer, '跟读练习.wav', new Uint8Array(wav));
    expect(up.body.code).toBe(200);
    const got = await s.call<Row[]>('GET', api('sys_attachment/get'), { headers: telemarketer, query: { id: String(up.body.data) } });
    expect(got.body.data[0]).toMatchObject({ ext: 'wav', name: '跟读练习.wav', duration: 1500 });
    const broken = await upload(telemarketer, '录音.mp3', new Uint8Array(3000).map((_, i) => (i * 37) % 256));
    expect(broken.body.code).toBe(200);
    const brokenRow = await s.call<Row[]>('GET', api('sys_attachment/get'), { headers: telemarketer, query: { id: String(broken.body.data) } });
    expect(brokenRow.body.data[0]).toMatchObject({ ext: 'mp3', duration: null });
  });

  it('refuses a declared oversize body before reading it, and a chunked body at the limit', async () => {
    const before = await count('sys_attachment');
    let pulled = 0;
    const never = new ReadableStream<Uint8Array>({
      pull() {
        pulled++;
        throw new Error('the body must not be read');
      },
    }, { highWaterMark: 0 });
    const res = await s.app.fetch(
      new Request('http://localhost/api/v1/sys_attachment/upload', {
        method: 'POST',
        headers: { ...telemarketer, 'content-type': 'multipart/form-data; boundary=x', 'content-length': '157286401' },
        body: never,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 413, msg: '大小不得超过150M', data: null });
    expect(pulled).toBe(0);

    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const big = new ReadableStream<Uint8Array>({
      start(ctl) {
        ctl.enqueue(new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n\r\n'));
      },
      pull(ctl) {
        sent += chunk.length;
        if (sent > 200 * 1024 * 1024) ctl.close();
        else ctl.enqueue(chunk);
      },
    });
    const res2 = await s.app.fetch(
      new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: { ...telemarketer, 'content-type': 'multipart/form-data; boundary=b' }, body: big, duplex: 'half' } as RequestInit),
    );
    expect(res2.status).toBe(413);
    expect(sent).toBeLessThan(160 * 1024 * 1024);
    expect(await count('sys_attachment')).toBe(before);

    const empty = await s.app.fetch(new Request('http://localhost/api/v1/sys_attachment/upload', { method: 'POST', headers: { ...telemarketer, 'content-type': 'text/plain' }, body: 'x' }));
    expect((await empty.json()) as { code: number }).toMatchObject({ code: 400 });
    expect((await upload({}, 'a.pdf', new Uint8Array(3))).status).toBe(401);
  });
});

describe('Excel export', () => {
  it('a list call with __export__ writes a real .xlsx; page, download only one\'s own, cancel', async () => {
    for (const name of ['华南大区', '西南大区']) await s.call('POST', api('system/add_area'), { headers: admin, json: { name, remark: `${name}备注` } });
    // the principal is given the screens whose lists are exported here (reads need a screen)
    const screens = await s.db.selectFrom('menus').select('id').where('code', 'in', ['system_area', 'system_notice']).execute();
    const role = await s.db.selectFrom('roles').select('id').where('code', '=', 'principal').executeTakeFirstOrThrow();
    expect((await s.call('POST', api('system/add_role_menu'), { headers: admin, json: { role_id: role.id, menu_ids: screens.map((m) => m.id) } })).body.code).toBe(200);
    const columns = JSON.stringify([
      { prop: 'name', label: '区域名称', width: 20 },
      { prop: 'remark', label: '备注', width: 30 },
    ]);
    const started = await s.call<{ file_id: number; name: string }>('GET', api('system/find_area_page'), {
      headers: principal,
      query: { __export__: 'true', __name__: '区域列表', __columns__: columns, page: 1, rows: 10, name: '大区', sort: 'name' },
    });
    expect(started.body.code).toBe(200);
    expect(started.body.data.name).toBe('区域列表.xlsx');
    await exportsSettled();
    const page = await s.call<Page<Row>>('GET', api('excel_export_status/page'), { headers: principal });
    expect(page.body.data.content[0]).toMatchObject({ id: started.body.data.file_id, name: '区域列表', state: '已完成', rows: 2 });
    expect((await s.call<Page<Row>>('GET', api('excel_export_status/page'), { headers: admin })).body.data.totalSize).toBe(0);

    const dl = await s.app.fetch(new Request(`http://localhost/api/v1/excel_export/download?file_id=${started.body.data.file_id}&name=x`, { headers: principal }));
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('区域列表.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await dl.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '区域名称', '备注']);
    expect(ws.getRow(2).values).toEqual([undefined, '华南大区', '华南大区备注']);
    expect(ws.getRow(3).values).toEqual([undefined, '西南大区', '西南大区备注']);
    expect(ws.rowCount).toBe(3);
    expect((await s.call('GET', api('excel_export/download'), { headers: admin, query: { file_id: started.body.data.file_id } })).body.code).toBe(404);
    expect((await s.call('GET', api('excel_export/download'), { headers: principal, query: { file_id: 'x' } })).body.code).toBe(400);
    expect((await s.call('GET', api('excel_export/download'), { query: { file_id: 1 } })).status).toBe(401);

    // bad columns: nothing recorded
    const before = await count('sys_excel_export_status');
    const bad = await s.call('GET', api('system/find_area_page'), { headers: principal, query: { __export__: 'true', __columns__: '[{"label":1}]' } });
    expect(bad.body.code).toBe(400);
    expect(await count('sys_excel_export_status')).toBe(before);

    // a POST form list (notices) exports too; cancel right away stops it
    const second = await s.call<{ file_id: number }>('POST', api('sys_notice/page'), { headers: principal, form: { __export__: 'true', __name__: '通知', __columns__: JSON.stringify([{ prop: 'title', label: '标题' }]) } });
    expect(second.body.code).toBe(200);
    expect((await s.call('POST', api('excel_export_status/cancel'), { json: { id: second.body.data.file_id } })).status).toBe(401);
    expect((await s.call('POST', api('excel_export_status/cancel'), { headers: principal, json: { id: 'x' } })).body.code).toBe(400);
    expect((await s.call('POST', api('excel_export_status/cancel'), { headers: admin, json: { id: second.body.data.file_id } })).body.code).toBe(404);
    const cancelled = await s.call('POST', api('excel_export_status/cancel'), { headers: principal, json: { id: second.body.data.file_id } });
    expect(cancelled.body.code).toBe(200);
    await exportsSettled();
    const after = await s.call<Page<Row>>('GET', api('excel_export_status/page'), { headers: principal, query: { state: '已取消' } });
    expect(after.body.data.content.map((r) => r.id)).toEqual([second.body.data.file_id]);
    expect((await s.call('GET', api('excel_export/download'), { headers: principal, query: { file_id: second.body.data.file_id } })).body.code).toBe(400);
    expect((await s.call('POST', api('excel_export_status/cancel'), { headers: principal, json: { id: second.body.data.file_id } })).body.code).toBe(400);
    await s.db.deleteFrom('role_menus').where('menu_id', 'in', s.db.selectFrom('menus').select('id').where('code', '=', 'cancel_export')).execute();
    const fresh = (await s.login('sales', DEMO_PASSWORD)).headers;
    expect((await s.call('POST', api('excel_export_status/cancel'), { headers: fresh, json: { id: second.body.data.file_id } })).body).toMatchObject({ code: 403, msg: '没有操作权限：cancel_export' });
  });
});
