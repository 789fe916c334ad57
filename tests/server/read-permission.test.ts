import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/routes-list';
import { PUBLIC_PATHS, readMenusOf, ANY_SIGNED_IN } from '../../server/lib/auth';
import { POST_READS } from '../../server/lib/tx';
import { loadAccess } from '../../server/lib/principal';
import { DEMO_USERS, loadMenuSeeds } from '../../server/db/seed';
import type { MenuSeed } from '../../src/contract/menu-seed';
import { RESOURCES } from '../../src/contract/resources';
import { readersOf } from '../../src/contract/resource';
import { createTestServer, DEMO_PASSWORD, ADMIN, type LoggedIn, type TestServer } from './helpers';

/**
 * Issue 10 defect 9: every read needs a menu of a screen that makes it. For every served read and
 * every demo role: a read the role has no screen for is refused with 403; a read of its own screens
 * is answered.
 */

let s: TestServer;
let reads: { method: string; path: string; menus: readonly string[] }[];
const roles = new Map<string, { login: LoggedIn; menuCodes: Set<string> }>();

/** Parameters that let the usual read of a list or a record through its validation. */
const PARAMS = { page: 1, rows: 5 };

beforeAll(async () => {
  s = await createTestServer();
  const routes = listRoutes(s.app).map((l) => {
    const [method, path] = l.split(' ');
    return { method, path };
  });
  reads = routes
    .filter((r) => r.path.startsWith('/api/v1/') && !PUBLIC_PATHS.has(r.path) && (r.method === 'GET' || POST_READS.has(r.path) || readMenusOf(s.app, r.method, r.path)))
    .map((r) => ({ ...r, menus: readMenusOf(s.app, r.method, r.path) ?? [] }));
  for (const u of DEMO_USERS) {
    if (u.login_id === ADMIN.login) continue;
    const login = await s.login(u.login_id, DEMO_PASSWORD);
    roles.set(u.login_id, { login, menuCodes: (await loadAccess(s.db, login.user.id)).menuCodes });
  }
}, 120_000);

afterAll(async () => {
  await s?.close();
});

async function read(method: string, path: string, headers: Record<string, string>) {
  return method === 'GET' ? s.call(method, path, { headers, query: PARAMS }) : s.call(method, path, { headers, form: PARAMS });
}

describe('read permissions', () => {
  it('every GET route and every POST read names the menus allowed to read it', () => {
    expect(reads.length).toBeGreaterThan(100);
    const unnamed = reads.filter((r) => r.menus.length === 0).map((r) => `${r.method} ${r.path}`);
    expect(unnamed).toEqual([]);
  });

  it('every declaration names its readers where it is declared, each a seeded screen (or every signed-in user)', async () => {
    const screens = new Set<string>();
    const walk = (nodes: readonly MenuSeed[]): void => {
      for (const n of nodes) {
        if (n.type === 1) screens.add(n.code);
        if (n.children) walk(n.children);
      }
    };
    walk(await loadMenuSeeds());
    // the fixed route /class_degree (spec screens.tsv "fixed"): no seeded menu, an administrator may add one with this code
    screens.add('classes_class_degree');
    expect(screens.size).toBeGreaterThan(30);
    expect(RESOURCES.filter((d) => (readersOf(d) ?? []).length === 0).map((d) => d.name)).toEqual([]);
    const unknown = RESOURCES.flatMap((d) => (readersOf(d) ?? []).filter((m) => m !== ANY_SIGNED_IN && !screens.has(m)).map((m) => `${d.name}: ${m}`));
    expect(unknown).toEqual([]);
  });

  it('refuses each demo role every read it has no screen for, and answers the reads of its screens', async () => {
    const leaks: string[] = [];
    const blocked: string[] = [];
    let refused = 0;
    for (const [login, role] of roles) {
      for (const r of reads) {
        const allowed = r.menus.includes(ANY_SIGNED_IN) || r.menus.some((m) => role.menuCodes.has(m));
        const res = await read(r.method, r.path, role.login.headers);
        expect(res.status, `${login} ${r.method} ${r.path}`).toBeLessThan(500);
        if (!allowed) {
          refused++;
          if (res.body.code !== 403 || res.body.msg !== '没有查看权限') leaks.push(`${login} ${r.method} ${r.path} → ${res.body.code} ${res.body.msg}`);
        } else if (res.body.code === 403) {
          blocked.push(`${login} ${r.method} ${r.path} → ${res.body.msg}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(blocked).toEqual([]);
    expect(refused).toBeGreaterThan(200);
  }, 120_000);

  it('the reported reads: the teacher cannot read the user list, finance and telemarketer no role or menu list', async () => {
    const t = roles.get('telemarketer')?.login.headers ?? {};
    const f = roles.get('finance')?.login.headers ?? {};
    for (const h of [t, f]) {
      for (const path of ['/api/v1/system/find_user_page', '/api/v1/system/find_role_page', '/api/v1/system/find_menu_page', '/api/v1/student/get']) {
        expect((await s.call('GET', path, { headers: h, query: { id: 1 } })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
      }
      expect((await s.call('POST', '/api/v1/student/page', { headers: h, form: PARAMS })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    }
    // their own session, menus and messages stay open
    for (const path of ['/api/v1/sys_user/get_info', '/api/v1/system/sidebar', '/api/v1/sys_user/get_user_school', '/api/v1/user_message/top_all']) {
      expect((await s.call('GET', path, { headers: t })).body.code, path).toBe(200);
    }
  });
});
