import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../../server/routes-list';
import { ok } from '../../../server/lib/http';
import { exportsSettled } from '../../../server/modules/export';
import { ADMIN, createTestServer, type LoggedIn, type TestServer } from '../helpers';

/**
 * "Any list call with __export__=true starts an export": every route whose path ends in `page`
 * (page, _page, os_page, userpage, ...) is called with the export parameters and must answer a
 * task whose file holds as many rows as the list has (up to the cap).
 */
const COLUMNS = JSON.stringify([{ prop: 'id', label: '编号', width: 10 }]);
const EXPORT = { __export__: 'true', __name__: '导出测试', __columns__: COLUMNS };

/** Lists that need a parameter to answer at all. */
const REQUIRED: Record<string, Record<string, string>> = {
  '/api/v1/edu_class_schedule/os_page': { date_start: '2020-01-01', date_end: '2030-12-31' },
  '/api/v1/system/find_role_menu_page': { role_id: '2' },
  // the leads who may join one trial lesson (the demo seeds lessons in every campus)
  '/api/v1/mkt_trial_lesson_student/can_join_student_page': { trial_lesson_id: '1' },
};

let server: TestServer;
let admin: LoggedIn;

beforeAll(async () => {
  server = await createTestServer();
  // A hand-written list that knows nothing of exports and serves at most 7 rows a page.
  server.app.get('/api/v1/zz_test/capped_page', async (c) => {
    const page = Number(c.req.query('page') ?? 1);
    const rows = Math.min(Number(c.req.query('rows') ?? 10), 7);
    const all = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `行${i + 1}` }));
    return ok(c, { content: all.slice((page - 1) * rows, page * rows), totalSize: all.length });
  });
  admin = await server.login(ADMIN.login, ADMIN.password);
});

afterAll(async () => {
  await exportsSettled();
  await server?.close();
});

async function exportedRows(fileId: number): Promise<{ state: string; rows: number }> {
  await exportsSettled();
  const row = await server.db.selectFrom('sys_excel_export_status').select(['state', 'rows']).where('id', '=', fileId).executeTakeFirstOrThrow();
  return row;
}

describe('export on every list call', () => {
  it('a list that ignores __export__ is exported page by page, whatever page size it serves', async () => {
    const r = await server.call<{ file_id: number }>('GET', '/api/v1/zz_test/capped_page', { headers: admin.headers, query: { ...EXPORT } });
    expect(r.body.code).toBe(200);
    expect(await exportedRows(r.body.data.file_id)).toEqual({ state: '已完成', rows: 23 });
  });

  it('without __export__ the list answers its page as before', async () => {
    const r = await server.call<{ content: unknown[]; totalSize: number }>('GET', '/api/v1/system/find_menu_page', { headers: admin.headers, query: { page: 1, rows: 5 } });
    expect(r.body.data.content).toHaveLength(5);
    expect(r.body.data.totalSize).toBeGreaterThan(5);
  });

  it('bad export columns answer 400 and start nothing', async () => {
    const before = await server.db.selectFrom('sys_excel_export_status').select('id').execute();
    const r = await server.call('GET', '/api/v1/system/find_user_page', { headers: admin.headers, query: { __export__: 'true', __columns__: '[]' } });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toBe('请至少选择一个导出列');
    expect(await server.db.selectFrom('sys_excel_export_status').select('id').execute()).toHaveLength(before.length);
  });

  it('every page route of the app exports all the rows its list has', async () => {
    const routes = listRoutes(server.app).filter((r) => r.endsWith('page') && !r.includes('/zz_test/'));
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ');
      const params = { ...REQUIRED[path] };
      const asList = method === 'GET' ? { query: { ...params, page: 1, rows: 1 } } : { form: { ...params, page: 1, rows: 1 } };
      const list = await server.call<{ totalSize: number }>(method, path, { headers: admin.headers, ...asList });
      const asExport = method === 'GET' ? { query: { ...params, ...EXPORT } } : { form: { ...params, ...EXPORT } };
      const r = await server.call<{ file_id?: number }>(method, path, { headers: admin.headers, ...asExport });
      if (list.body.code !== 200 || r.body.code !== 200 || typeof r.body.data?.file_id !== 'number') {
        failures.push(`${route}: list ${list.body.code} ${list.body.msg}; export ${r.body.code} ${r.body.msg}`);
        continue;
      }
      const done = await exportedRows(r.body.data.file_id);
      const expected = Math.min(list.body.data.totalSize, 10000);
      if (done.state !== '已完成' || done.rows !== expected) failures.push(`${route}: ${done.state}, ${done.rows} rows, list has ${expected}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
