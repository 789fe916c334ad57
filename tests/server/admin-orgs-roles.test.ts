import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from './helpers';
import type { Page } from '../../src/contract/envelope';
import type { Menu, TreeNode } from '../../src/contract/menu';

let s: TestServer;
let admin: Record<string, string>;
let teacher: Record<string, string>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  s = await createTestServer();
  // The lists below are checked exactly against the core demo users: the classes demo's own
  // teachers (login tea_<campus>_<n>) are set aside so they do not change these counts.
  await s.db.updateTable('users').set({ del_flag: 1 }).where('remark', '=', '演示老师').where('login_id', 'like', 'tea_%').execute();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  for (const o of await s.db.selectFrom('organisations').select(['id', 'code']).execute()) ids[o.code ?? ''] = o.id;
  for (const r of await s.db.selectFrom('roles').select(['id', 'code']).execute()) ids[`role:${r.code}`] = r.id;
});
afterAll(async () => {
  await s?.close();
});

describe('organisations', () => {
  it('tree, page, get, users', async () => {
    const tree = await s.call<TreeNode[]>('GET', '/api/v1/system/get_org_tree', { headers: teacher });
    expect(tree.body.data.map((n) => n.text)).toEqual(['总部']);
    expect(tree.body.data[0].nodes?.map((n) => n.text)).toEqual(['市场部', '教学部', '财务部', '人事行政部', '北京分公司', '上海分公司', '广州分公司', '深圳分公司']);
    // the organisation list and its staff are for the organisation screen (issue 10 defect 9)
    expect((await s.call('GET', '/api/v1/system/find_org_page', { headers: teacher })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    expect((await s.call('GET', '/api/v1/system/get_org_users', { headers: teacher, query: { id: ids.SH } })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    const schools = await s.call<Page<{ name: string; kind_name: string }>>('GET', '/api/v1/system/find_org_page', { headers: admin, query: { kind: 'school', cn_id: ids.BJ } });
    expect(schools.body.data.content.map((o) => o.name)).toEqual(['北京朝阳校区', '北京海淀校区', '北京西城校区']);
    expect(schools.body.data.content[0].kind_name).toBe('校区');
    expect((await s.call<{ name: string }>('GET', '/api/v1/system/get_org', { headers: admin, query: { id: ids.SH } })).body.data.name).toBe('上海分公司');
    expect((await s.call('GET', '/api/v1/system/get_org', { headers: admin, query: { id: 99999 } })).body.code).toBe(404);
    const users = await s.call<Page<{ login_id: string }>>('GET', '/api/v1/system/get_org_users', { headers: admin, query: { id: ids.SH } });
    // the Shanghai campuses' staff: the teachers, and the two sellers the students' demo data adds
    expect(users.body.data.content.map((u) => u.login_id).sort()).toEqual(['foreign_teacher', 'sales_shpd', 'sales_shxh', 'teacher']);
    expect((await s.call('GET', '/api/v1/system/get_org_users', { headers: admin })).body.code).toBe(400);
    expect((await s.call('GET', '/api/v1/system/get_org_tree')).status).toBe(401);
  });

  it('add, move, delete with the tree rules', async () => {
    const city = await s.call<{ id: number; inheritance: string }>('POST', '/api/v1/system/add_org', { headers: admin, json: { name: '杭州分公司', kind: 'city', parent_id: ids.HQ } });
    expect(city.body.data.inheritance).toBe(`|${ids.HQ}|`);
    const school = await s.call<{ id: number; inheritance: string }>('POST', '/api/v1/system/add_org', { headers: admin, json: { name: '杭州西湖校区', kind: 'school', parent_id: city.body.data.id } });
    expect(school.body.data.inheritance).toBe(`|${ids.HQ}|${city.body.data.id}|`);
    expect((await s.call('POST', '/api/v1/system/add_org', { headers: admin, json: { name: 'x', kind: 'city', parent_id: city.body.data.id } })).body.msg).toBe('城市/分公司只能建在总部之下');
    expect((await s.call('POST', '/api/v1/system/add_org', { headers: admin, json: { name: 'x', kind: 'school' } })).body.msg).toBe('只有总部可以作为顶级组织');
    expect((await s.call('POST', '/api/v1/system/add_org', { headers: admin, json: { name: '', kind: 'school', parent_id: ids.HQ } })).body.msg).toBe('请输入组织名称');
    expect((await s.call('POST', '/api/v1/system/add_org', { headers: admin, json: { name: 'x', kind: 'planet', parent_id: ids.HQ } })).body.code).toBe(400);
    const dept = await s.call<{ id: number }>('POST', '/api/v1/system/add_org', { headers: admin, json: { name: '西湖教务部', kind: 'department', parent_id: school.body.data.id } });
    const team = await s.call<{ id: number }>('POST', '/api/v1/system/add_org', { headers: admin, json: { name: '西湖教务一组', kind: 'department', parent_id: dept.body.data.id } });
    const moved = await s.call<{ inheritance: string }>('POST', '/api/v1/system/update_org', { headers: admin, json: { id: school.body.data.id, name: '杭州西湖校区', kind: 'school', parent_id: ids.SH } });
    expect(moved.body.data.inheritance).toBe(`|${ids.HQ}|${ids.SH}|`);
    // the subtree follows the school, and nothing outside it changes
    const ancestry = async (id: number) => (await s.db.selectFrom('organisations').select('inheritance').where('id', '=', id).executeTakeFirstOrThrow()).inheritance;
    expect(await ancestry(dept.body.data.id)).toBe(`|${ids.HQ}|${ids.SH}|${school.body.data.id}|`);
    expect(await ancestry(team.body.data.id)).toBe(`|${ids.HQ}|${ids.SH}|${school.body.data.id}|${dept.body.data.id}|`);
    expect(await ancestry(ids['SH-PD'])).toBe(`|${ids.HQ}|${ids.SH}|`);
    expect((await s.call('POST', '/api/v1/system/del_org', { headers: admin, json: [{ id: team.body.data.id }, { id: dept.body.data.id }] })).body.code).toBe(200);
    expect((await s.call('POST', '/api/v1/system/del_org', { headers: admin, json: [{ id: ids.SH }] })).body.msg).toBe('组织「上海分公司」下还有下级组织，请先删除下级组织');
    expect((await s.call('POST', '/api/v1/system/del_org', { headers: admin, json: [{ id: ids['SH-PD'] }] })).body.msg).toBe('组织「上海浦东校区」下还有用户，不能删除');
    expect((await s.call('POST', '/api/v1/system/del_org', { headers: admin, json: [{ id: school.body.data.id }, { id: city.body.data.id }] })).body.code).toBe(200);
    expect((await s.call('GET', '/api/v1/system/get_org', { headers: admin, query: { id: city.body.data.id } })).body.code).toBe(404);
  });

  it('needs the operation codes', async () => {
    expect((await s.call('POST', '/api/v1/system/add_org', { headers: teacher, json: { name: 'x', kind: 'department', parent_id: ids.HQ } })).body).toMatchObject({ code: 403, msg: '没有操作权限：add_org' });
    expect((await s.call('POST', '/api/v1/system/update_org', { headers: teacher, json: { id: ids.HQ } })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/del_org', { headers: teacher, json: [{ id: ids.HQ }] })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/del_org', { json: [{ id: ids.HQ }] })).status).toBe(401);
  });
});

describe('roles and grants', () => {
  it('CRUD, page, map, all', async () => {
    const add = await s.call<{ id: number }>('POST', '/api/v1/system/add_role', { headers: admin, json: { code: 'counselor', name: '学管师' } });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    expect((await s.call('POST', '/api/v1/system/add_role', { headers: admin, json: { code: 'counselor', name: 'x' } })).body).toMatchObject({ code: 409, msg: '角色编码已存在' });
    expect((await s.call('POST', '/api/v1/system/add_role', { headers: admin, json: { code: '学管', name: 'x' } })).body.msg).toBe('角色编码只能包含字母、数字和下划线');
    expect((await s.call<{ name: string }>('POST', '/api/v1/system/update_role', { headers: admin, json: { id, code: 'counselor', name: '学管老师' } })).body.data.name).toBe('学管老师');
    expect((await s.call('POST', '/api/v1/system/update_role', { headers: admin, json: { id: ids['role:RC999'], code: 'boss', name: 'x' } })).body.msg).toBe('系统管理员角色的编码不能修改');
    // role lists are for the screens that show roles (issue 10 defect 9)
    expect((await s.call('POST', '/api/v1/system/find_role_page', { headers: teacher, form: { name: '老师' } })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    expect((await s.call('POST', '/api/v1/system/role_all', { headers: teacher })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    const page = await s.call<Page<{ code: string }>>('POST', '/api/v1/system/find_role_page', { headers: admin, form: { name: '老师' } });
    expect(page.body.data.content.map((r) => r.code).sort()).toEqual(['counselor', 'teacher']);
    expect((await s.call<Page<unknown>>('GET', '/api/v1/system/find_role_page', { headers: admin, query: { rows: 100 } })).body.data.totalSize).toBe(9);
    expect((await s.call<Record<string, string>>('GET', '/api/v1/system/role_map', { headers: admin })).body.data[String(id)]).toBe('学管老师');
    expect((await s.call<unknown[]>('POST', '/api/v1/system/role_all', { headers: admin })).body.data.length).toBe(9);
    expect((await s.call<{ code: string }>('POST', '/api/v1/system/get_role', { headers: admin, json: { id } })).body.data.code).toBe('counselor');
    expect((await s.call('POST', '/api/v1/system/get_role', { headers: admin, json: { id: 99999 } })).body.code).toBe(404);
    expect((await s.call('POST', '/api/v1/system/del_role', { headers: admin, json: [{ id: ids['role:teacher'] }] })).body.msg).toBe('角色「中教老师」已分配给用户，不能删除');
    expect((await s.call('POST', '/api/v1/system/del_role', { headers: admin, json: [{ id: ids['role:RC999'] }] })).body.msg).toBe('系统管理员角色不能删除');
    expect((await s.call('POST', '/api/v1/system/del_role', { headers: admin, json: [{ id }] })).body.code).toBe(200);
    expect((await s.call('POST', '/api/v1/system/get_role', { headers: admin, json: { id } })).body.code).toBe(404);
  });

  it('granting a menu gives its operation code at once; the tree shows checked', async () => {
    const addMenu = (await s.db.selectFrom('menus').select('id').where('code', '=', 'add_menu').executeTakeFirstOrThrow()).id;
    const json = { name: '老师加的', code: 'by_teacher', url: '/t' };
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: teacher, json })).body.code).toBe(403);
    const home = (await s.db.selectFrom('menus').select('id').where('code', '=', 'home').executeTakeFirstOrThrow()).id;
    const system = (await s.db.selectFrom('menus').select('id').where('code', '=', 'system').executeTakeFirstOrThrow()).id;
    const saved = await s.call<number[]>('POST', '/api/v1/system/save_role_menu', { headers: admin, json: { role_id: ids['role:teacher'], menu_ids: [home, addMenu] } });
    expect(saved.body.data.sort()).toEqual([home, addMenu].sort());
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: teacher, json })).body.code).toBe(200);
    const perms = await s.call<string[]>('POST', '/api/v1/system/find_permissions', { headers: teacher, json: {} });
    expect(perms.body.data).toEqual(['add_menu']);
    const rolePerms = await s.call<string[]>('POST', '/api/v1/system/find_permissions', { headers: teacher, json: { role_id: ids['role:teacher'] } });
    expect(rolePerms.body.data).toEqual(['add_menu']);
    const tree = await s.call<(TreeNode<Menu> & { checked: boolean })[]>('GET', '/api/v1/system/get_role_menu_tree', { headers: admin, query: { role_id: ids['role:teacher'] } });
    expect(tree.body.data.find((n) => n.text === '首页')?.checked).toBe(true);
    expect(tree.body.data.find((n) => n.text === '系统管理')?.checked).toBe(false);
    const menuPage = await s.call<Page<Menu>>('GET', '/api/v1/system/find_role_menu_page', { headers: admin, query: { role_id: ids['role:teacher'] } });
    expect(menuPage.body.data.totalSize).toBe(2);
    const added = await s.call<number[]>('POST', '/api/v1/system/add_role_menu', { headers: admin, json: { role_id: ids['role:teacher'], menu_ids: String(system) } });
    expect(added.body.data.length).toBe(3);
    const replaced = await s.call<number[]>('POST', '/api/v1/system/update_role_menu', { headers: admin, json: { role_id: ids['role:teacher'], menu_ids: [home] } });
    expect(replaced.body.data).toEqual([home]);
    expect((await s.call<number[]>('POST', '/api/v1/system/find_role_menu', { headers: admin, json: { role_id: ids['role:teacher'] } })).body.data).toEqual([home]);
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: teacher, json })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/save_role_menu', { headers: admin, json: { role_id: ids['role:teacher'], menu_ids: [999999] } })).body.msg).toBe('菜单不存在或已删除');
    expect((await s.call('POST', '/api/v1/system/save_role_menu', { headers: admin, json: { menu_ids: [home] } })).body.msg).toBe('请选择角色');
    expect((await s.call('POST', '/api/v1/system/save_role_menu', { headers: admin, json: { role_id: 99999, menu_ids: [home] } })).body.code).toBe(404);
  });

  it('sync_to_i2go without a configured address', async () => {
    expect((await s.call('POST', '/api/v1/system/sync_to_i2go', { headers: admin, json: {} })).body).toMatchObject({ code: 501, msg: '未配置 i2go 同步地址' });
    expect((await s.call('POST', '/api/v1/system/sync_to_i2go', { headers: teacher, json: {} })).body.code).toBe(403);
  });

  it('needs the operation codes and a session', async () => {
    expect((await s.call('POST', '/api/v1/system/add_role', { headers: teacher, json: { code: 'x', name: 'x' } })).body).toMatchObject({ code: 403, msg: '没有操作权限：add_role' });
    expect((await s.call('POST', '/api/v1/system/update_role', { headers: teacher, json: { id: 1, code: 'x', name: 'x' } })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/del_role', { headers: teacher, json: [{ id: 1 }] })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/system/save_role_menu', { headers: teacher, json: { role_id: 1, menu_ids: [] } })).body).toMatchObject({ code: 403, msg: '没有操作权限：save_role_menu' });
    expect((await s.call('GET', '/api/v1/system/role_map')).status).toBe(401);
  });
});
