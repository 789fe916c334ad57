import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportsSettled } from '../../server/modules/export';
import { columnsOf } from '../../src/components/ResourcePage/columns';
import type { DataTableColumn, TableRow } from '../../src/components/DataTable/types';
import type { Page } from '../../src/contract/envelope';
import { PATHS, type OptionSetAnswer, type UserSchools } from '../../src/contract/paths';
import { callPath, columnOf, type OptionItem, type OptionSource, type ResourceDef } from '../../src/contract/resource';
import { RESOURCES, resourceByName } from '../../src/contract/resources';
import { classResource } from '../../src/contract/resources/classes';
import { studentResource } from '../../src/contract/resources/students';
import { optionListText, optionText } from '../../src/lib/format/fieldText';
import { userStateText } from '../../src/lib/format/userState';
import { targetText, topText } from '../../src/lib/format/noticeTarget';
import { ADMIN, createTestServer, type LoggedIn, type TestServer } from './helpers';

/**
 * 班级.xlsx and 学员.xlsx hold what the screen shows: the rows of the page call formatted by the
 * app's own columns (option labels, names of referenced rows, dates), not codes and ids.
 */

/** 班级管理 feeds its user fields from sys_user/get_user_options (features/classes/classes). */
const CLASS_USER_FIELDS: Record<string, string> = { head_teacher_id: 'teacher,foreign_teacher', kf_id: '' };

let server: TestServer;
let admin: LoggedIn;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login(ADMIN.login, ADMIN.password);
});

afterAll(async () => {
  await server?.close();
});

async function get<T>(path: string, query: Record<string, string | number>, def?: ResourceDef): Promise<T> {
  const asForm = def?.pageMethod === 'POST_FORM';
  const r = await server.call<T>(asForm ? 'POST' : 'GET', path, asForm ? { headers: admin.headers, form: query } : { headers: admin.headers, query });
  expect(r.body.code, `${path}: ${r.body.msg}`).toBe(200);
  return r.body.data;
}

/** The option texts the app loads for a column (components/options/useOptions.ts, loadOptions). */
async function itemsOf(source: OptionSource): Promise<OptionItem[]> {
  switch (source.kind) {
    case 'static':
      return [...source.items];
    case 'optionset': {
      const set = await get<OptionSetAnswer>(PATHS.optionSetByCode, { code: source.code });
      return JSON.parse(set.value) as OptionItem[];
    }
    case 'resource': {
      const def = resourceByName(source.resource);
      if (!def) throw new Error(`no declaration ${source.resource}`);
      const page = await get<Page<Record<string, unknown>>>(`api/v1/${callPath(def, 'page')}`, { page: 1, rows: 10000 }, def);
      return page.content.map((r) => ({ value: r[source.value ?? 'id'] as number, text: String(r[source.label]) }));
    }
    case 'schools':
      return (await get<UserSchools>(PATHS.userSchools, {})).schools.map((s) => ({ value: s.id, text: s.name }));
    case 'tree':
      throw new Error('no tree columns in these screens');
  }
}

async function screenColumns(def: ResourceDef, userFields: Record<string, string>): Promise<DataTableColumn<TableRow>[]> {
  const options: Record<string, OptionItem[]> = {};
  for (const [prop, field] of Object.entries(def.fields)) {
    if (!field.options || !columnOf(field)) continue;
    if (prop in userFields) {
      const users = await get<{ value: number; text: string }[]>('api/v1/sys_user/get_user_options', userFields[prop] ? { role_code: userFields[prop] } : {});
      options[prop] = users.map((u) => ({ value: u.value, text: u.text }));
    } else options[prop] = await itemsOf(field.options);
  }
  const columns = columnsOf(def, options).filter((c) => c.show !== false);
  if (def.scope !== 'school') return columns;
  // the campus column the list shows a user of several campuses (components/ResourcePage/campus.ts)
  const schools = await itemsOf({ kind: 'schools' });
  expect(schools.length).toBeGreaterThan(1);
  return [{ prop: 'school_id', label: '校区', formatter: (_r, v) => optionText(schools, v) }, ...columns];
}

function cellText(v: ExcelJS.CellValue): string {
  return v === null || v === undefined ? '' : String(v);
}

async function download(fileId: number): Promise<ExcelJS.Worksheet> {
  await exportsSettled();
  const dl = await server.app.fetch(new Request(`http://localhost/${PATHS.exportDownload}?file_id=${fileId}`, { headers: admin.headers }));
  expect(dl.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await dl.arrayBuffer());
  return wb.worksheets[0];
}

async function compare(def: ResourceDef, userFields: Record<string, string>, mustShow: Record<string, RegExp>): Promise<void> {
  const columns = await screenColumns(def, userFields);
  const api = `api/v1/${callPath(def, 'page')}`;
  const page = await get<Page<TableRow>>(api, { page: 1, rows: 50 }, def);
  expect(page.content.length).toBeGreaterThan(5);
  const screen = page.content.map((row) => columns.map((c) => (c.formatter ? c.formatter(row, row[c.prop]) : cellText(row[c.prop] as ExcelJS.CellValue))));

  const started = await get<{ file_id: number }>(api, {
    page: 1,
    rows: 10000,
    __export__: 'true',
    __name__: def.title,
    __columns__: JSON.stringify(columns.map((c) => ({ prop: c.prop, label: c.label, width: 12 }))),
  }, def);
  const ws = await download(started.file_id);
  expect((ws.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual(columns.map((c) => c.label));
  const file = screen.map((_, i) => {
    const values = ws.getRow(i + 2).values as ExcelJS.CellValue[];
    return columns.map((__, j) => cellText(values[j + 1]));
  });
  expect(file).toEqual(screen);
  // the defect's cells: names and labels, not the stored codes
  for (const [prop, re] of Object.entries(mustShow)) {
    const i = columns.findIndex((c) => c.prop === prop);
    expect(i, prop).toBeGreaterThanOrEqual(0);
    expect(file.some((r) => re.test(r[i])), `${prop}: ${file.map((r) => r[i]).join(' ')}`).toBe(true);
  }
}

describe('Excel exports show what the screen shows', () => {
  it('班级.xlsx: 班型, 主讲老师, 教室 and 班级状态 as the class list shows them', async () => {
    await compare(classResource, CLASS_USER_FIELDS, { class_type_name: /[\u4e00-\u9fa5]/, head_teacher_name: /[\u4e00-\u9fa5]/, classroom_name: /教室|室/, state: /^(招生中|开课中|已结课|已停班)$/, school_id: /校区/ });
  });

  it('学员.xlsx: 性别 and 状态 as labels', async () => {
    await compare(studentResource, {}, { gender: /^(男|女)$/ });
  });

  it('选项集.xlsx: the options as the list shows them (1:男，2:女), not their JSON', async () => {
    const page = await get<Page<{ value: string }>>('api/v1/system/find_optionset_page', { page: 1, rows: 20, sort: 'id' });
    expect(page.content.length).toBeGreaterThan(0);
    const started = await get<{ file_id: number }>('api/v1/system/find_optionset_page', {
      sort: 'id',
      __export__: 'true',
      __name__: '选项集',
      __columns__: JSON.stringify([{ prop: 'value', label: '选项', width: 30 }]),
    });
    const ws = await download(started.file_id);
    const file = page.content.map((_, i) => cellText((ws.getRow(i + 2).values as ExcelJS.CellValue[])[1]));
    expect(file).toEqual(page.content.map((r) => optionListText(r.value)));
    expect(file.some((t) => t.startsWith('[{'))).toBe(false);
  });

  it('用户.xlsx: 状态 as the user list shows it (启用, 停用, 已锁定), not 1/0', async () => {
    const page = await get<Page<{ state: number; locked: boolean }>>('api/v1/system/find_user_page', { page: 1, rows: 20, sort: 'id' });
    const started = await get<{ file_id: number }>('api/v1/system/find_user_page', {
      sort: 'id',
      __export__: 'true',
      __name__: '用户',
      __columns__: JSON.stringify([{ prop: 'state', label: '状态', width: 10 }]),
    });
    const ws = await download(started.file_id);
    const file = page.content.map((_, i) => cellText((ws.getRow(i + 2).values as ExcelJS.CellValue[])[1]));
    expect(file).toEqual(page.content.map((r) => userStateText(r.state, r.locked)));
    expect(file).toContain('启用');
  });

  it('通知公告.xlsx: 发布范围 with the names of the roles and 置顶 as 是/否, not ids and 1/0', async () => {
    const roles = await server.db.selectFrom('roles').select(['id', 'name']).where('code', 'in', ['principal', 'front_desk']).orderBy('id').execute();
    const added = await server.call<{ id: number }>('POST', 'api/v1/sys_notice/add', {
      headers: admin.headers,
      json: { title: '导出测试通知', content: '<p>内容</p>', target_type: 'roles', target_ids: roles.map((r) => r.id).join(','), is_top: 1 },
    });
    expect(added.body.code).toBe(200);
    const form = { title: '导出测试通知', __export__: 'true', __name__: '通知公告', __columns__: JSON.stringify([{ prop: 'target_ids', label: '发布范围' }, { prop: 'is_top', label: '置顶' }]) };
    const started = await server.call<{ file_id: number }>('POST', 'api/v1/sys_notice/page', { headers: admin.headers, form });
    expect(started.body.code).toBe(200);
    const ws = await download(started.body.data.file_id);
    const values = (ws.getRow(2).values as ExcelJS.CellValue[]).slice(1).map(cellText);
    const names = new Map(roles.map((r) => [String(r.id), r.name]));
    expect(values).toEqual([targetText('roles', roles.map((r) => r.id).join(','), names), topText(1)]);
    expect(values[0]).toMatch(/^角色：校长、前台$|^角色：前台、校长$/);
  });

  it('every declared list exports all its columns as text (every option source resolves)', async () => {
    const failed: string[] = [];
    for (const def of RESOURCES) {
      const path = callPath(def, 'page');
      if (!path) continue;
      const props = Object.entries(def.fields).filter(([, f]) => columnOf(f)).map(([p]) => p);
      if (def.scope === 'school') props.push('school_id');
      const query = { __export__: 'true', __columns__: JSON.stringify(props.map((p) => ({ prop: p, label: p }))) };
      const asForm = def.pageMethod === 'POST_FORM';
      const r = await server.call<{ file_id?: number }>(asForm ? 'POST' : 'GET', `api/v1/${path}`, asForm ? { headers: admin.headers, form: query } : { headers: admin.headers, query });
      if (r.body.code !== 200 || typeof r.body.data?.file_id !== 'number') {
        failed.push(`${def.name}: ${r.body.code} ${r.body.msg}`);
        continue;
      }
      await exportsSettled();
      const task = await server.db.selectFrom('sys_excel_export_status').select(['state', 'error']).where('id', '=', r.body.data.file_id).executeTakeFirstOrThrow();
      if (task.state !== '已完成') failed.push(`${def.name}: ${task.state} ${task.error ?? ''}`);
    }
    expect(failed).toEqual([]);
    // one export per declared list (~200, and growing with every area): the default 30 s ran out on
    // PostgreSQL on a loaded 2-core machine
  }, 180_000);
});
