import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from './helpers';
import type { Menu, MenuRouteTag, TreeNode } from '../../src/contract/menu';
import type { Page } from '../../src/contract/envelope';

let s: TestServer;
let admin: Record<string, string>;
let teacher: Record<string, string>;
let principal: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
});
afterAll(async () => {
  await s?.close();
});

function flat<T>(nodes: TreeNode<T>[]): TreeNode<T>[] {
  return nodes.flatMap((n) => [n, ...flat(n.nodes ?? [])]);
}

describe('sidebar', () => {
  it('admin gets the route tree with 首页 and 系统管理; the operation codes up to 10000 rows', async () => {
    const tree = await s.call<TreeNode<MenuRouteTag>[]>('GET', '/api/v1/system/sidebar', { headers: admin, query: { type: 0, type_op: '=', user_id: 1 } });
    expect(tree.body.code).toBe(200);
    expect(tree.body.data.map((n) => n.text).slice(0, 2)).toEqual(['首页', '系统管理']);
    expect(tree.body.data[0].tag).toMatchObject({ url: '/home', component: 'home/index' });
    const system = tree.body.data[1];
    expect(system.nodes?.map((n) => n.tag?.component)).toContain('system/menu');
    expect(flat(tree.body.data).every((n) => (n.tag as MenuRouteTag).code !== 'add_menu')).toBe(true);
    const ops = await s.call<Page<Menu>>('POST', '/api/v1/system/sidebar', { headers: admin, form: { type: 2, type_op: '=', rows: 10000 } });
    expect(ops.body.data.content.map((m) => m.code)).toEqual(expect.arrayContaining(['add_menu', 'del_menu', 'update_menu', 'add_user']));
    expect(ops.body.data.totalSize).toBe(ops.body.data.content.length);
  });

  it('a principal gets only granted menus with their ancestors', async () => {
    const tree = await s.call<TreeNode<MenuRouteTag>[]>('GET', '/api/v1/system/sidebar', { headers: principal, query: { type: 0, type_op: '=' } });
    const names = flat(tree.body.data).map((n) => n.text);
    expect(names).toEqual(expect.arrayContaining(['首页', '系统管理', '用户管理']));
    expect(names).not.toContain('菜单管理');
    const ops = await s.call<Page<Menu>>('GET', '/api/v1/system/sidebar', { headers: principal, query: { type: 2, type_op: '=', rows: 10000 } });
    expect(ops.body.data.content.map((m) => m.code)).toContain('add_user');
    expect(ops.body.data.content.map((m) => m.code)).not.toContain('add_menu');
  });

  it('bad input and no session', async () => {
    expect((await s.call('GET', '/api/v1/system/sidebar', { headers: admin, query: { type: 2, type_op: '~' } })).body.code).toBe(400);
    expect((await s.call('GET', '/api/v1/system/sidebar', { headers: admin, query: { type: 2, rows: 10001 } })).body.msg).toContain('10000');
    expect((await s.call('GET', '/api/v1/system/sidebar')).status).toBe(401);
  });
});

describe('menu tree and page', () => {
  it('get_menu_tree adds a "node itself" entry to each parent', async () => {
    // the menu tree is read by the menu, role and domain screens only (issue 10 defect 9)
    expect((await s.call('GET', '/api/v1/system/get_menu_tree', { headers: teacher })).body).toMatchObject({ code: 403, msg: '没有查看权限' });
    const res = await s.call<TreeNode<Menu>[]>('GET', '/api/v1/system/get_menu_tree', { headers: admin, query: { del_falg: 0, hidden: 0, type_op: '>=', type: 0 } });
    const system = res.body.data.find((n) => n.text === '系统管理');
    expect(system?.nodes?.[0]).toMatchObject({ id: system?.id, text: '系统管理' });
    const menuScreen = system?.nodes?.find((n) => n.text === '菜单管理' && n.nodes);
    expect(menuScreen?.nodes?.[0].id).toBe(menuScreen?.id);
    expect((await s.call('GET', '/api/v1/system/get_menu_tree', { headers: admin, query: { type: 'x' } })).body.code).toBe(400);
    expect((await s.call('GET', '/api/v1/system/get_menu_tree')).status).toBe(401);
  });

  it('find_menu_page filters by node (with descendants), name, code, type_op', async () => {
    const system = (await s.db.selectFrom('menus').select('id').where('code', '=', 'system').executeTakeFirstOrThrow()).id;
    const all = await s.call<Page<Menu>>('GET', '/api/v1/system/find_menu_page', { headers: admin, query: { page: 1, rows: 10, cn_id: system, type_op: '>=', type: 0, hidden: 0 } });
    expect(all.body.data.content.length).toBe(10);
    expect(all.body.data.totalSize).toBeGreaterThan(50);
    const buttons = await s.call<Page<Menu>>('POST', '/api/v1/system/find_menu_page', { headers: admin, form: { cn_id: system, type_op: '=', type: 2, code: 'menu', rows: 50 } });
    const codes = buttons.body.data.content.map((m) => m.code);
    expect(codes).toEqual(expect.arrayContaining(['add_menu', 'del_menu', 'update_menu', 'save_role_menu']));
    expect(codes.every((c) => c.includes('menu'))).toBe(true);
    expect(buttons.body.data.content.every((m) => m.type === 2)).toBe(true);
    const screens = await s.call<Page<Menu>>('GET', '/api/v1/system/find_menu_page', { headers: admin, query: { type_op: '<', type: 2, name: '管理', rows: 100 } });
    expect(screens.body.data.content.every((m) => m.type < 2 && m.name.includes('管理'))).toBe(true);
    expect((await s.call('GET', '/api/v1/system/find_menu_page', { headers: admin, query: { sort: 'drop table' } })).body.code).toBe(400);
    expect((await s.call('GET', '/api/v1/system/find_menu_page', { headers: admin, query: { sort: 'secret' } })).body.msg).toBe('不支持按 secret 排序');
    expect((await s.call('GET', '/api/v1/system/find_menu_page')).status).toBe(401);
  });
});

describe('menu writes', () => {
  it('add, move (inheritance follows), delete refuses a parent with children', async () => {
    const dir = await s.call<Menu>('POST', '/api/v1/system/add_menu', { headers: admin, json: { name: '测试目录', code: 'test_dir', url: '/test', type: 0 } });
    expect(dir.body.data).toMatchObject({ parent: 0, inheritance: '|', type: 0, hidden: 0, order_num: 0 });
    const page = await s.call<Menu>('POST', '/api/v1/system/add_menu', { headers: admin, json: { name: '测试页', code: 'test_page', url: '/test/page', component: 'test/page', parent: dir.body.data.id } });
    expect(page.body.data.inheritance).toBe(`|${dir.body.data.id}|`);
    const btn = await s.call<Menu>('POST', '/api/v1/system/add_menu', { headers: admin, json: { name: '测试按钮', code: 'add_test', type: 2, parent: page.body.data.id } });
    expect(btn.body.data.inheritance).toBe(`|${dir.body.data.id}|${page.body.data.id}|`);

    const system = (await s.db.selectFrom('menus').select('id').where('code', '=', 'system').executeTakeFirstOrThrow()).id;
    const moved = await s.call<Menu>('POST', '/api/v1/system/update_menu', { headers: admin, json: { ...dir.body.data, parent: system } });
    expect(moved.body.data.inheritance).toBe(`|${system}|`);
    const btnRow = await s.db.selectFrom('menus').select('inheritance').where('id', '=', btn.body.data.id).executeTakeFirstOrThrow();
    expect(btnRow.inheritance).toBe(`|${system}|${dir.body.data.id}|${page.body.data.id}|`);
    const loop = await s.call('POST', '/api/v1/system/update_menu', { headers: admin, json: { ...dir.body.data, parent: page.body.data.id } });
    expect(loop.body).toMatchObject({ code: 400, msg: '不能将菜单移动到其自身或下级菜单之下' });

    const refused = await s.call('POST', '/api/v1/system/del_menu', { headers: admin, json: [{ id: dir.body.data.id }] });
    expect(refused.body).toMatchObject({ code: 400, msg: '菜单「测试目录」下还有子菜单，请先删除子菜单' });
    const batch = await s.call('POST', '/api/v1/system/del_menu', { headers: admin, json: [{ id: dir.body.data.id }, { id: page.body.data.id }, { id: btn.body.data.id }] });
    expect(batch.body.code).toBe(200);
    const deleted = await s.call<TreeNode<Menu>[]>('GET', '/api/v1/system/get_menu_tree', { headers: admin, query: { del_falg: 1 } });
    expect(flat(deleted.body.data).map((n) => n.text)).toEqual(expect.arrayContaining(['测试目录', '测试页', '测试按钮']));
    expect((await s.call('POST', '/api/v1/system/del_menu', { headers: admin, json: [{ id: dir.body.data.id }] })).body.code).toBe(404);
  });

  it('bad input writes nothing', async () => {
    const before = await s.db.selectFrom('menus').select('id').execute();
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: admin, json: { code: 'x', url: '/x' } })).body).toMatchObject({ code: 400, msg: '请输入菜单名' });
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: admin, json: { name: 'x', code: 'x' } })).body).toMatchObject({ code: 400, msg: '请输入路径' });
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: admin, json: { name: 'x', code: 'x', url: '/x', order_num: 'a' } })).body).toMatchObject({ code: 400, msg: '请输入数字' });
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: admin, json: { name: 'x', code: 'x', url: '/x', parent: 999999 } })).body).toMatchObject({ code: 400, msg: '上级菜单不存在' });
    expect((await s.call('POST', '/api/v1/system/del_menu', { headers: admin, json: {} })).body.code).toBe(400);
    expect((await s.call('POST', '/api/v1/system/update_menu', { headers: admin, json: { id: 999999, name: 'x', code: 'x', url: '/x' } })).body.code).toBe(404);
    const after = await s.db.selectFrom('menus').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('needs the operation code and a session', async () => {
    const body = { name: 'x', code: 'x', url: '/x' };
    expect((await s.call('POST', '/api/v1/system/add_menu', { headers: teacher, json: body })).body).toMatchObject({ code: 403, msg: '没有操作权限：add_menu' });
    expect((await s.call('POST', '/api/v1/system/update_menu', { headers: teacher, json: { ...body, id: 1 } })).body).toMatchObject({ code: 403, msg: '没有操作权限：update_menu' });
    expect((await s.call('POST', '/api/v1/system/del_menu', { headers: teacher, json: [{ id: 1 }] })).body).toMatchObject({ code: 403, msg: '没有操作权限：del_menu' });
    expect((await s.call('POST', '/api/v1/system/add_menu', { json: body })).status).toBe(401);
  });
});
