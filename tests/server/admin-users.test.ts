import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from './helpers';
import type { Page } from '../../src/contract/envelope';
import { bearerOf, PASSWORD_CHANGE_REQUIRED_MSG, type SessionUser } from '../../src/contract/session';

interface UserRow {
  id: number;
  login_id: string;
  name: string;
  roles: number[];
  schools: number[];
  role_names: string;
  school_names: string;
  state: number;
}

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let sales: Record<string, string>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  s = await createTestServer();
  // The lists below are checked exactly against the core demo users: the classes demo's own
  // teachers (login tea_<campus>_<n>) are set aside so they do not change these counts.
  await s.db.updateTable('users').set({ del_flag: 1 }).where('remark', '=', '演示老师').where('login_id', 'like', 'tea_%').execute();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  for (const o of await s.db.selectFrom('organisations').select(['id', 'code']).execute()) ids[o.code ?? ''] = o.id;
  for (const r of await s.db.selectFrom('roles').select(['id', 'code']).execute()) ids[`role:${r.code}`] = r.id;
  for (const u of await s.db.selectFrom('users').select(['id', 'login_id']).execute()) ids[`user:${u.login_id}`] = u.id;
});
afterAll(async () => {
  await s?.close();
});

describe('user list and get', () => {
  it('admin lists all users with roles and schools; filters work', async () => {
    const all = await s.call<Page<UserRow>>('GET', '/api/v1/system/find_user_page', { headers: admin, query: { page: 1, rows: 20 } });
    // the eight core demo users, and a seller for each of the eight campuses the core demo leaves
    // without one (server/db/seed/demo/students.ts)
    expect(all.body.data.totalSize).toBe(16);
    const p = all.body.data.content.find((u) => u.login_id === 'principal');
    expect(p).toMatchObject({ role_names: '校长', school_names: '北京朝阳校区、北京海淀校区' });
    const byName = await s.call<Page<UserRow>>('GET', '/api/v1/sys_user/page', { headers: admin, query: { name: '秀' } });
    expect(byName.body.data.content.map((u) => u.login_id)).toEqual(['principal']);
    const byRole = await s.call<Page<UserRow>>('GET', '/api/v1/system/find_user_page', { headers: admin, query: { role_id: ids['role:teacher'] } });
    expect(byRole.body.data.content.map((u) => u.login_id)).toEqual(['teacher']);
    const byOrg = await s.call<Page<UserRow>>('GET', '/api/v1/system/find_user_page', { headers: admin, query: { org_id: ids.BJ, sort: 'login_id desc' } });
    expect(byOrg.body.data.content.map((u) => u.login_id)).toEqual(['telemarketer', 'sales_bjxc', 'sales_bjhd', 'sales', 'principal']);
    expect((await s.call('GET', '/api/v1/system/find_user_page', { headers: admin, query: { page: 0 } })).body).toMatchObject({ code: 400, msg: '页码必须从 1 开始' });
    expect((await s.call('GET', '/api/v1/system/find_user_page')).status).toBe(401);
  });

  it('a principal sees only users of their campuses; others answer as missing', async () => {
    const mine = await s.call<Page<UserRow>>('GET', '/api/v1/system/find_user_page', { headers: principal, query: { rows: 50 } });
    expect(mine.body.data.content.map((u) => u.login_id).sort()).toEqual(['principal', 'sales', 'sales_bjhd', 'telemarketer']);
    expect((await s.call('GET', '/api/v1/system/get_user', { headers: principal, query: { id: ids['user:teacher'] } })).body).toMatchObject({ code: 404, msg: '记录不存在或无权访问' });
    expect((await s.call<UserRow>('GET', '/api/v1/system/get_user', { headers: principal, query: { id: ids['user:sales'] } })).body.data.login_id).toBe('sales');
    expect((await s.call('GET', '/api/v1/system/get_user', { headers: principal, query: { id: 'abc' } })).body.code).toBe(400);
  });
});

describe('user writes', () => {
  it('add, update, reset password, delete', async () => {
    const add = await s.call<UserRow>('POST', '/api/v1/system/add_user', {
      headers: principal,
      json: { login_id: 'zhangsan', name: '张三', phone: '13800138000', password: 'abc12345', roles: [ids['role:sales']], schools: [ids['BJ-CY']], org_id: ids['BJ-CY'] },
    });
    expect(add.body.code).toBe(200);
    expect(add.body.data).toMatchObject({ login_id: 'zhangsan', roles: [ids['role:sales']], schools: [ids['BJ-CY']] });
    const id = add.body.data.id;
    const dup = await s.call('POST', '/api/v1/sys_user/add', { headers: admin, json: { login_id: 'zhangsan', name: '张三', password: 'abc12345' } });
    expect(dup.body).toMatchObject({ code: 409, msg: '账号已存在' });
    // whether an account exists is for the screens that add users (issue 10 defect 9)
    expect((await s.call('GET', '/api/v1/sys_user/is_exist', { headers: sales, query: { login_id: 'zhangsan' } })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    expect((await s.call<boolean>('GET', '/api/v1/sys_user/is_exist', { headers: principal, query: { login_id: 'zhangsan' } })).body.data).toBe(true);
    expect((await s.call<boolean>('GET', '/api/v1/sys_user/is_exist', { headers: principal, query: { login_id: 'lisi' } })).body.data).toBe(false);
    expect((await s.call('GET', '/api/v1/sys_user/is_exist', { headers: principal })).body).toMatchObject({ code: 400, msg: '请输入账号' });

    const upd = await s.call<UserRow>('POST', '/api/v1/system/update_user', { headers: principal, json: { id, name: '张三丰', schools: [ids['BJ-CY'], ids['BJ-HD']] } });
    expect(upd.body.data).toMatchObject({ name: '张三丰', schools: [ids['BJ-CY'], ids['BJ-HD']] });
    const outside = await s.call('POST', '/api/v1/system/update_user', { headers: principal, json: { id, schools: [ids['SH-PD']] } });
    expect(outside.body.code).toBe(404);
    const superRole = await s.call('POST', '/api/v1/system/update_user', { headers: principal, json: { id, roles: [ids['role:RC999']] } });
    expect(superRole.body).toMatchObject({ code: 403, msg: '没有权限分配系统管理员角色' });

    expect((await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'zhangsan', password: 'abc12345' } })).body.code).toBe(200);
    const reset = await s.call('POST', '/api/v1/system/update_password', { headers: principal, json: { id, password: 'new12345' } });
    expect(reset.body.code).toBe(200);
    // The reset password is the administrator's: the user must choose their own before anything else.
    const afterReset = await s.call<SessionUser>('POST', '/api/v1/sso/login', { json: { login_id: 'zhangsan', password: 'new12345' } });
    expect(afterReset.body.code).toBe(200);
    expect(afterReset.body.data.must_change_password).toBe(true);
    const resetUser = { token: afterReset.body.data.token, Authorization: bearerOf('zhangsan', afterReset.body.data.token, afterReset.body.data.domain) };
    expect((await s.call('GET', '/api/v1/system/sidebar', { headers: resetUser, query: { type: 0 } })).body).toMatchObject({ code: 403, msg: PASSWORD_CHANGE_REQUIRED_MSG });
    const own = await s.call('POST', '/api/v1/system/modify_password', { headers: resetUser, json: { origin: 'new12345', new: 'mine12345', confirm: 'mine12345' } });
    expect(own.body.code).toBe(200);
    expect((await s.call('GET', '/api/v1/system/sidebar', { headers: resetUser, query: { type: 0 } })).body.code).toBe(200);
    const relogin = await s.call<SessionUser>('POST', '/api/v1/sso/login', { json: { login_id: 'zhangsan', password: 'mine12345' } });
    expect(relogin.body.data.must_change_password).toBeUndefined();
    expect((await s.call('POST', '/api/v1/system/update_password', { headers: principal, json: { id, password: 'short' } })).body.code).toBe(400);
    expect((await s.call('POST', '/api/v1/system/update_password', { headers: principal, json: { id: ids['user:teacher'], password: 'new12345' } })).body.code).toBe(404);

    const del = await s.call('POST', '/api/v1/system/del_user', { headers: principal, json: [{ id }] });
    expect(del.body.code).toBe(200);
    expect((await s.call('GET', '/api/v1/system/get_user', { headers: admin, query: { id } })).body.code).toBe(404);
    expect((await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'zhangsan', password: 'new12345' } })).body.code).toBe(400);
    expect((await s.call('POST', '/api/v1/sys_user/delete', { headers: principal, json: [{ id: ids['user:teacher'] }] })).body.code).toBe(404);
    expect((await s.call('POST', '/api/v1/system/del_user', { headers: admin, json: [{ id: ids['user:admin'] }] })).body).toMatchObject({ code: 400, msg: '不能删除当前登录的账号' });
  });

  it('a new user chooses their own password at the first sign-in, and has a staff file (员工档案) to fill in', async () => {
    const add = await s.call<UserRow>('POST', '/api/v1/system/add_user', {
      headers: admin,
      json: { login_id: 'wangwu', name: '王五', password: 'abc12345', roles: [ids['role:sales']], schools: [ids['BJ-CY']] },
    });
    expect(add.body.code).toBe(200);
    const first = await s.call<SessionUser>('POST', '/api/v1/sso/login', { json: { login_id: 'wangwu', password: 'abc12345' } });
    expect(first.body.data.must_change_password).toBe(true);
    const session = { token: first.body.data.token, Authorization: bearerOf('wangwu', first.body.data.token, first.body.data.domain) };
    expect((await s.call('GET', '/api/v1/system/sidebar', { headers: session, query: { type: 0 } })).body).toMatchObject({ code: 403, msg: PASSWORD_CHANGE_REQUIRED_MSG });
    expect((await s.call('POST', '/api/v1/system/modify_password', { headers: session, json: { origin: 'abc12345', new: 'wangwu2024', confirm: 'wangwu2024' } })).body.code).toBe(200);
    expect((await s.call('GET', '/api/v1/system/sidebar', { headers: session, query: { type: 0 } })).body.code).toBe(200);

    const files = await s.call<{ content: { id: number; user_id: number; user_name: string }[]; totalSize: number }>('GET', '/api/v1/base_user_detail/page', { headers: admin, query: { user_id: add.body.data.id } });
    expect(files.body.data.totalSize).toBe(1);
    expect(files.body.data.content[0]).toMatchObject({ user_id: add.body.data.id, user_name: '王五' });
    // the file is filled in, not added a second time
    const again = await s.call('POST', '/api/v1/base_user_detail/add', { headers: admin, json: { user_id: add.body.data.id } });
    expect(again.body.code).not.toBe(200);
    expect((await s.call('POST', '/api/v1/base_user_detail/update', { headers: admin, json: { id: files.body.data.content[0].id, user_id: add.body.data.id, entry_date: '2026-03-01', education: '本科' } })).body.code).toBe(200);
    expect((await s.call('POST', '/api/v1/system/del_user', { headers: admin, json: [{ id: add.body.data.id }] })).body.code).toBe(200);
  });

  it('bad input writes nothing', async () => {
    const before = (await s.db.selectFrom('users').select('id').execute()).length;
    expect((await s.call('POST', '/api/v1/system/add_user', { headers: admin, json: { login_id: 'a b', name: 'x', password: 'abc12345' } })).body.msg).toBe('账号只能包含字母、数字和 _ . @ -');
    expect((await s.call('POST', '/api/v1/system/add_user', { headers: admin, json: { login_id: 'ab', name: 'x', password: 'abc12345', phone: '123' } })).body.msg).toBe('手机号须为11位数字');
    expect((await s.call('POST', '/api/v1/system/add_user', { headers: admin, json: { login_id: 'ab', name: 'x', password: 'abc12345', roles: [99999] } })).body.msg).toBe('角色不存在');
    expect((await s.call('POST', '/api/v1/system/add_user', { headers: admin, json: { login_id: 'ab', name: 'x', password: 'abc' } })).body.msg).toBe('密码须为8-64位，且同时包含字母和数字');
    expect((await s.call('POST', '/api/v1/system/add_user', { headers: principal, json: { login_id: 'ab', name: 'x', password: 'abc12345' } })).body.msg).toBe('请选择校区');
    expect((await s.db.selectFrom('users').select('id').execute()).length).toBe(before);
  });

  it('needs the operation codes', async () => {
    const json = { login_id: 'x1', name: 'x', password: 'abc12345' };
    expect((await s.call('POST', '/api/v1/system/add_user', { headers: sales, json })).body).toMatchObject({ code: 403, msg: '没有操作权限：add_user' });
    expect((await s.call('POST', '/api/v1/system/update_user', { headers: sales, json: { id: 1 } })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/del_user', { headers: sales, json: [{ id: 1 }] })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/update_password', { headers: sales, json: { id: 1, password: 'abc12345' } })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/add_user', { json })).status).toBe(401);
  });
});

describe('user lookups', () => {
  it('roles, organisation, options, role/school combinations', async () => {
    const roles = await s.call<{ code: string }[]>('GET', '/api/v1/system/get_user_roles', { headers: admin, query: { id: ids['user:teacher'] } });
    expect(roles.body.data.map((r) => r.code)).toEqual(['teacher']);
    expect((await s.call('GET', '/api/v1/system/get_user_roles', { headers: principal, query: { id: ids['user:teacher'] } })).body.code).toBe(404);
    const org = await s.call<{ org: { name: string }; schools: { name: string }[] }>('POST', '/api/v1/system/get_org_by_userid', { headers: admin, json: { id: ids['user:sales'] } });
    expect(org.body.data.org.name).toBe('北京朝阳校区');
    expect(org.body.data.schools.map((x) => x.name)).toEqual(['北京朝阳校区']);
    const opts = await s.call<{ value: number; text: string }[]>('GET', '/api/v1/sys_user/get_user_options', { headers: admin, query: { school_id: ids['SH-PD'] } });
    // the campus's demo seller has a generated name (server/db/seed/demo/students.ts): read it
    const seller = await s.db.selectFrom('users').select('name').where('login_id', '=', 'sales_shpd').executeTakeFirstOrThrow();
    expect(opts.body.data.map((o) => o.text).sort()).toEqual([seller.name, '赵敏', '迈克尔·布朗'].sort());
    const orderRole = await s.call<{ text: string }[]>('GET', '/api/v1/sys_user/get_user_by_order_role', { headers: principal, query: {} });
    const hdSeller = await s.db.selectFrom('users').select('name').where('login_id', '=', 'sales_bjhd').executeTakeFirstOrThrow();
    expect(orderRole.body.data.map((o) => o.text).sort()).toEqual(['刘洋', hdSeller.name, '李秀英', '陈晓燕'].sort());
    const loadRole = await s.call<{ text: string }[]>('GET', '/api/v1/sys_user/get_user_by_load_school_role', { headers: admin, query: { school_id: ids['SH-XH'], role_code: 'foreign_teacher' } });
    expect(loadRole.body.data.map((o) => o.text)).toEqual(['迈克尔·布朗']);
    const organRole = await s.call<{ text: string }[]>('GET', '/api/v1/sys_user/get_user_by_organ_school_role', { headers: admin, query: { org_id: ids.SH, role_code: 'teacher' } });
    expect(organRole.body.data.map((o) => o.text)).toEqual(['赵敏']);
    const combos = await s.call<Page<{ school_name: string; role_name: string }>>('GET', '/api/v1/sys_user/school_role_page', { headers: principal, query: { rows: 50 } });
    expect(combos.body.data.content.every((r) => r.school_name.startsWith('北京'))).toBe(true);
    // 校长 in both campuses, 课程顾问 and 电销 in 朝阳, and the demo seller of 海淀
    expect(combos.body.data.totalSize).toBe(5);
    const rs = await s.call<Page<unknown>>('GET', '/api/v1/sys_user/role_school_page', { headers: admin, query: { role_id: ids['role:foreign_teacher'] } });
    expect(rs.body.data.totalSize).toBe(2);
    expect((await s.call('GET', '/api/v1/sys_user/get_user_options', { headers: admin, query: { school_id: 'x' } })).body.code).toBe(400);
    expect((await s.call('GET', '/api/v1/sys_user/role_school_page')).status).toBe(401);
  });
});
