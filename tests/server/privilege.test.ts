import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from './helpers';
import { loadAccess } from '../../server/lib/principal';

// Issue 10 defect 1: nobody widens their own reach. The demo 校长 (two campuses) is given the
// role-editing codes here so that every grant path is reachable by a campus-limited user.

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
const ids: Record<string, number> = {};
const menu: Record<string, number> = {};

const post = (headers: Record<string, string>, path: string, json: unknown) => s.call('POST', `/api/v1/${path}`, { headers, json }).then((r) => r.body);

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  for (const o of await s.db.selectFrom('organisations').select(['id', 'code']).execute()) ids[o.code ?? ''] = o.id;
  for (const r of await s.db.selectFrom('roles').select(['id', 'code']).execute()) ids[`role:${r.code}`] = r.id;
  for (const u of await s.db.selectFrom('users').select(['id', 'login_id']).execute()) ids[`user:${u.login_id}`] = u.id;
  for (const m of await s.db.selectFrom('menus').select(['id', 'code']).where('del_flag', '=', 0).execute()) menu[m.code] = m.id;
  const extra = ['save_role_menu', 'update_role', 'add_role', 'update_data_perssion', 'update_user', 'add_user', 'update_password'].map((code) => menu[code]);
  expect(extra.every((m) => m > 0)).toBe(true);
  expect((await post(admin, 'system/add_role_menu', { role_id: ids['role:principal'], menu_ids: extra })).code).toBe(200);
  // A campus-scoped role holding a code the principal does not have (add_menu).
  const auditor = await s.call<{ id: number }>('POST', '/api/v1/system/add_role', { headers: admin, json: { code: 'menu_keeper', name: '菜单维护', all_schools: 0 } });
  ids['role:menu_keeper'] = auditor.body.data.id;
  expect((await post(admin, 'system/save_role_menu', { role_id: ids['role:menu_keeper'], menu_ids: [menu.add_menu] })).code).toBe(200);
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
});
afterAll(async () => {
  await s?.close();
});

async function principalReach(): Promise<{ roles: string[]; schools: number[]; all: boolean; codes: number }> {
  const a = await loadAccess(s.db, ids['user:principal']);
  return { roles: a.roleCodes, schools: a.schoolIds, all: a.allSchools, codes: a.perms.size };
}

describe('a campus-limited user cannot widen anyone’s reach', () => {
  it('cannot change their own roles or schools, but may edit their own name', async () => {
    const before = await principalReach();
    const self = ids['user:principal'];
    const allSchools = ['BJ-CY', 'BJ-HD', 'BJ-XC', 'SH-PD', 'SH-XH', 'GZ-TH', 'GZ-YX', 'SZ-NS', 'SZ-FT'].map((c) => ids[c]);
    expect(await post(principal, 'system/update_user', { id: self, roles: [ids['role:principal'], ids['role:finance']] })).toMatchObject({ code: 403, msg: '不能修改自己的角色、校区或数据权限' });
    expect((await post(principal, 'system/update_user', { id: self, schools: allSchools })).code).not.toBe(200);
    expect((await post(principal, 'system/update_user', { id: self, schools: [ids['BJ-CY']] })).code).toBe(403);
    const rename = await post(principal, 'system/update_user', { id: self, name: '李秀英', roles: [ids['role:principal']], schools: [ids['BJ-CY'], ids['BJ-HD']] });
    expect(rename.code).toBe(200);
    expect(await principalReach()).toEqual(before);
  });

  it('cannot grant an all-campus role, a role with codes they lack, or schools outside their reach', async () => {
    const sales = ids['user:sales'];
    const finance = await post(principal, 'system/update_user', { id: sales, roles: [ids['role:sales'], ids['role:finance']] });
    expect(finance).toMatchObject({ code: 403, msg: '角色「财务」的校区范围超出了您的权限' });
    expect((await post(principal, 'system/update_user', { id: sales, roles: [ids['role:menu_keeper']] })).msg).toMatch(/^角色「菜单维护」包含您没有的操作权限/);
    expect((await post(principal, 'system/update_user', { id: sales, schools: [ids['BJ-CY'], ids['SH-PD']] })).code).toBe(404);
    const add = await post(principal, 'system/add_user', { login_id: 'cashier2', name: '出纳', password: 'abc12345', roles: [ids['role:finance']], schools: [ids['BJ-CY']] });
    expect(add.code).toBe(403);
    expect(await s.db.selectFrom('users').select('id').where('login_id', '=', 'cashier2').executeTakeFirst()).toBeUndefined();
    const roles = await s.db.selectFrom('user_roles').select('role_id').where('user_id', '=', sales).execute();
    expect(roles.map((r) => r.role_id)).toEqual([ids['role:sales']]);
    // within reach still works
    expect((await post(principal, 'system/update_user', { id: sales, roles: [ids['role:sales'], ids['role:telemarketer']], schools: [ids['BJ-CY'], ids['BJ-HD']] })).code).toBe(200);
    expect((await post(principal, 'system/update_user', { id: sales, roles: [ids['role:sales']], schools: [ids['BJ-CY']] })).code).toBe(200);
  });

  it('cannot re-arrange or take over a user who reaches further', async () => {
    const keeper = await post(admin, 'system/add_user', { login_id: 'keeper', name: '管理员助理', password: 'abc12345', roles: [ids['role:menu_keeper']], schools: [ids['BJ-CY']] });
    expect(keeper.code).toBe(200);
    const id = (keeper.data as { id: number }).id;
    expect((await post(principal, 'system/update_user', { id, roles: [ids['role:sales']] })).code).toBe(403);
    expect((await post(principal, 'system/update_password', { id, password: 'taken123' })).code).toBe(403);
    expect((await post(principal, 'system/update_user', { id, name: '助理' })).code).toBe(200);
  });

  it('cannot edit roles they hold, roles reaching further, nor add menus they lack', async () => {
    expect(await post(principal, 'system/add_role_menu', { role_id: ids['role:principal'], menu_ids: [menu.add_menu] })).toMatchObject({ code: 403, msg: '不能修改自己所属角色的权限' });
    expect((await post(principal, 'system/save_role_menu', { role_id: ids['role:principal'], menu_ids: [] })).code).toBe(403);
    expect((await post(principal, 'system/add_role_menu', { role_id: ids['role:finance'], menu_ids: [menu.update_user] })).code).toBe(403);
    expect((await post(principal, 'system/add_role_menu', { role_id: ids['role:RC999'], menu_ids: [] })).code).toBe(403);
    const lacking = await post(principal, 'system/add_role_menu', { role_id: ids['role:sales'], menu_ids: [menu.add_menu] });
    expect(lacking.code).toBe(403);
    expect(lacking.msg).toMatch(/^不能授予您自己没有的菜单或操作权限/);
    const held = await s.db.selectFrom('role_menus').select('menu_id').where('role_id', '=', ids['role:sales']).execute();
    expect(held.map((r) => r.menu_id)).not.toContain(menu.add_menu);
    expect((await post(principal, 'system/add_role_menu', { role_id: ids['role:sales'], menu_ids: [menu.student_add] })).code).toBe(200);
    expect((await post(principal, 'system/update_role', { id: ids['role:sales'], code: 'sales', name: '课程顾问', all_schools: 1 })).code).toBe(403);
    expect((await post(principal, 'system/update_role', { id: ids['role:principal'], code: 'principal', name: '校长' })).code).toBe(403);
    expect((await post(principal, 'system/add_role', { code: 'everywhere', name: '全校区', all_schools: 1 })).code).toBe(403);
    expect((await post(principal, 'system/update_role', { id: ids['role:sales'], code: 'sales', name: '课程顾问' })).code).toBe(200);
  });

  it('cannot set data permissions on their own role or beyond their campuses', async () => {
    const before = await principalReach();
    expect((await post(principal, 'system_data_perssion/update', { role_id: ids['role:principal'], kind: 1 })).code).toBe(403);
    expect((await post(principal, 'system_data_perssion/update', { role_id: ids['role:sales'], kind: 1 })).code).toBe(403);
    expect((await post(principal, 'system_data_perssion/update', { role_id: ids['role:sales'], kind: 2, school_ids: [ids['SH-PD']] })).code).toBe(403);
    expect((await post(principal, 'system_data_perssion/update', { role_id: ids['role:sales'], kind: 2, org_ids: [ids.BJ] })).code).toBe(403);
    expect((await post(principal, 'system_data_perssion/update', { role_id: ids['role:sales'], kind: 2, school_ids: [ids['BJ-HD']] })).code).toBe(200);
    expect(await principalReach()).toEqual(before);
    expect(await s.db.selectFrom('sys_data_permission').select('kind').where('role_id', '=', ids['role:principal']).executeTakeFirst()).toBeUndefined();
  });
});

describe('the administrator (RC999) keeps every grant', () => {
  it('grants all-campus roles, any menu, any data permission', async () => {
    const sales = ids['user:sales'];
    expect((await post(admin, 'system/update_user', { id: sales, roles: [ids['role:sales'], ids['role:finance']] })).code).toBe(200);
    expect((await post(admin, 'system/add_role_menu', { role_id: ids['role:sales'], menu_ids: [menu.add_menu] })).code).toBe(200);
    expect((await post(admin, 'system_data_perssion/update', { role_id: ids['role:sales'], kind: 1 })).code).toBe(200);
    expect((await post(admin, 'system/update_role', { id: ids['role:sales'], code: 'sales', name: '课程顾问', all_schools: 1 })).code).toBe(200);
    expect((await post(admin, 'system/update_password', { id: ids['user:finance'], password: 'abc12345' })).code).toBe(200);
  });
});
