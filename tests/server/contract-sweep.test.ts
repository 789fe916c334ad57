import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/routes-list';
import { PUBLIC_PATHS } from '../../server/lib/auth';
import { hashPassword } from '../../server/lib/password';
import { nowText } from '../../server/lib/time';
import { ADMIN, createTestServer, type LoggedIn, type TestServer } from './helpers';

/**
 * Sweeps every route the server serves, so that no call — present or future — can forget the
 * session check, the operation-code check or input validation.
 */

/** Writes every signed-in user may make for themselves: they need a session, not an operation code. */
const SELF_SERVICE_WRITES = new Set([
  '/api/v1/sso/logout',
  '/api/v1/system/modify_password',
  '/api/v1/system_user/update_password',
  '/api/v1/sys_user/modify_info',
  // one's own PIN, and a front-desk device switching person (the PIN is the check; src/contract/device.ts)
  '/api/v1/system/set_my_pin',
  '/api/v1/device/switch',
  // one's own pinned shortcuts on 首页 (a personal preference; only screens the user holds can be pinned)
  '/api/v1/home_shortcut/pin',
  '/api/v1/user_message/page',
  '/api/v1/user_message/read',
  '/api/v1/user_message/mark',
  '/api/v1/user_message/delete',
  '/api/v1/base_feedback/add',
  '/api/v1/sys_attachment/upload',
  '/api/v1/sys_attachment/delete',
  '/api/v1/excel_export_status/cancel',
  '/api/v1/system/add_table_col_user',
  '/api/v1/system/update_table_col_user',
  '/api/v1/system/del_table_col_user',
  '/api/v1/wf_clock_in/punch',
  // a new password with an SMS code sent to one's own phone (src/contract/misc-sms.ts)
  '/api/v1/user/sms_password',
]);

/** POST calls that are searches (form-encoded or JSON filters), not writes. */
function isSearch(path: string): boolean {
  return /(\/page|_page|\/jxpage|page_count|\/search|absenceList|\/get_|\/find_|role_all|find_permissions|get_role|get_tag|get_tag_group|get_org_by_userid|\/sidebar|check_fee|\/info|userInfo|\/repeat)$/.test(path) || /\/(get|find)_[a-z_]+$/.test(path);
}

let server: TestServer;
let routes: { method: string; path: string }[];
let admin: LoggedIn;
let nobody: LoggedIn;

beforeAll(async () => {
  server = await createTestServer();
  routes = listRoutes(server.app)
    .map((l) => {
      const [method, path] = l.split(' ');
      return { method, path };
    })
    .filter((r) => r.path.startsWith('/api/'));
  admin = await server.login(ADMIN.login, ADMIN.password);
  // a signed-in user with no role at all: no operation code, no school
  const now = nowText();
  await server.db
    .insertInto('users')
    .values({ login_id: 'sweep_nobody', name: '无角色用户', phone: null, email: null, sex: null, password_hash: await hashPassword('Sweep12345'), locked_until: null, avatar: null, city: null, org_id: null, remark: null, created_at: now, updated_at: now, created_by: null, updated_by: null })
    .execute();
  nobody = await server.login('sweep_nobody', 'Sweep12345');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('every route', () => {
  it('answers HTTP 401 with the envelope when there is no session (public calls excepted)', async () => {
    const open: string[] = [];
    expect(routes.length).toBeGreaterThan(300);
    for (const r of routes) {
      if (PUBLIC_PATHS.has(r.path)) continue;
      const res = await server.call(r.method, r.path, r.method === 'POST' ? { json: {} } : {});
      if (res.status !== 401 || res.body.code !== 401 || res.body.msg !== '未授权，请登录') open.push(`${r.method} ${r.path} → ${res.status} ${res.body.code}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses every write of a user without operation codes with code 403 and a Chinese message', async () => {
    const unguarded: string[] = [];
    let checked = 0;
    for (const r of routes) {
      if (r.method !== 'POST' || PUBLIC_PATHS.has(r.path) || SELF_SERVICE_WRITES.has(r.path) || isSearch(r.path)) continue;
      checked += 1;
      const res = await server.call(r.method, r.path, { json: {}, headers: nobody.headers });
      if (res.status !== 200 || res.body.code !== 403 || !/[\u4e00-\u9fa5]/.test(res.body.msg)) unguarded.push(`${r.path} → ${res.status} ${res.body.code} ${res.body.msg}`);
    }
    expect(unguarded).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it('answers malformed input to every write with code 400 and a Chinese message, never a fault', async () => {
    const loose: string[] = [];
    for (const r of routes) {
      if (r.method !== 'POST' || PUBLIC_PATHS.has(r.path) || r.path === '/api/v1/sso/logout') continue;
      const res = await server.call(r.method, r.path, { json: 'not-an-object', headers: admin.headers });
      if (res.status >= 500 || (res.body.code !== 400 && !isSearch(r.path)) || !/[\u4e00-\u9fa5]/.test(res.body.msg)) loose.push(`${r.path} → ${res.status} ${res.body.code} ${res.body.msg}`);
    }
    expect(loose).toEqual([]);
  });

  it('answers bad paging parameters of every GET list with code 400, never a fault', async () => {
    const loose: string[] = [];
    for (const r of routes) {
      if (r.method !== 'GET' || !/(page|_page)$/.test(r.path)) continue;
      const res = await server.call('GET', r.path, { query: { page: 'x', rows: '-3', sort: 'name; drop table users' }, headers: admin.headers });
      if (res.status !== 200 || res.body.code !== 400 || !/[\u4e00-\u9fa5]/.test(res.body.msg)) loose.push(`${r.path} → ${res.status} ${res.body.code} ${res.body.msg}`);
    }
    expect(loose).toEqual([]);
  });
});
