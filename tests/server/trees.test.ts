import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { ADMIN, createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from './helpers';
import { nestTree, treeTables, type TreeTable } from '../../server/lib/resource-tree';
import { defineResource } from '../../src/contract/resource';
import { RESOURCES } from '../../src/contract/resources';
import { CORE_TREES } from '../../src/contract/resources/system';
import type { TreeNode } from '../../src/contract/menu';

/*
 * Every tree answer is nested by one function from the declared tree rules (server/lib/resource-tree.ts):
 * system/tree_list serves the declarations' trees and the core trees (organisations, menus), the
 * organisations and menus trees and the declared tree calls nest the same way. Each answer is
 * checked against a plain reading of the table: a node's children are the rows naming it as parent,
 * in the table's order; rows whose parent is not there are roots.
 */

interface Flat {
  id: number;
  parent: number;
  text: string;
}

/** The expected tree, by the definition (children by filtering), not by the server's nesting. */
function expected(rows: readonly Flat[]): { id: number; text: string; kids: unknown[] }[] {
  const ids = new Set(rows.map((r) => r.id));
  const build = (r: Flat): { id: number; text: string; kids: unknown[] } => ({ id: r.id, text: r.text, kids: rows.filter((c) => c.parent === r.id && c.id !== r.id).map(build) });
  return rows.filter((r) => !ids.has(r.parent) || r.parent === r.id).map(build);
}

/** The served tree in the same shape (node ids by their own `id`). */
function shape(nodes: readonly TreeNode[] | undefined): { id: number; text: string; kids: unknown[] }[] {
  return (nodes ?? []).map((n) => ({ id: Number(n.id), text: n.text, kids: shape(n.nodes) }));
}

async function flatRows(db: Kysely<unknown>, t: TreeTable, where?: (qb: ReturnType<typeof select>) => ReturnType<typeof select>): Promise<Flat[]> {
  let qb = select(db, t);
  if (t.live) qb = qb.where(sql.ref('del_flag'), '=', 0);
  if (where) qb = where(qb);
  const rows = await qb.orderBy(sql.ref(t.order)).orderBy(sql.ref('id')).execute();
  return rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent ?? 0), text: String(r.text ?? '') }));
}
function select(db: Kysely<unknown>, t: TreeTable) {
  return (db as Kysely<Record<string, Record<string, unknown>>>).selectFrom(t.table).select([sql.ref<number>('id').as('id'), sql.ref<unknown>(t.parent).as('parent'), sql.ref<unknown>(t.text).as('text')]);
}

describe('trees from the declared tree rules', () => {
  let s: TestServer;
  let admin: LoggedIn;
  let teacher: LoggedIn;
  const tables = treeTables();

  beforeAll(async () => {
    s = await createTestServer();
    admin = await s.login(ADMIN.login, ADMIN.password);
    teacher = await s.login('teacher', DEMO_PASSWORD);
  });
  afterAll(() => s.close());

  it('system/tree_list serves exactly the declared trees and the core trees', () => {
    const declared = RESOURCES.filter((d) => d.tree && d.scope !== 'school').map((d) => d.table);
    expect([...tables.keys()].sort()).toEqual([...new Set([...declared, ...CORE_TREES.map((c) => c.table)])].sort());
    // the tables the picker served before the rules were declared are among them, with their columns
    for (const t of ['sys_area', 'sys_domain', 'sys_app_fun', 'organisations', 'menus']) expect([t, tables.get(t)?.columns.has('code')]).toEqual([t, true]);
    expect(tables.get('menus')?.parent).toBe('parent');
    expect(tables.get('sys_area')?.live).toBe(true);
    expect(tables.get('sys_domain')?.live).toBe(false);
  });

  it('answers each tree table as its rows nest, for any signed-in user', async () => {
    for (const t of tables.values()) {
      const res = await s.call<TreeNode[]>('GET', '/api/v1/system/tree_list', { headers: teacher.headers, query: { tb_name: t.table } });
      expect([t.table, res.body.code]).toEqual([t.table, 200]);
      const rows = await flatRows(s.db as unknown as Kysely<unknown>, t);
      expect(rows.length, t.table).toBeGreaterThan(0);
      expect([t.table, shape(res.body.data)]).toEqual([t.table, expected(rows)]);
    }
  });

  it('the organisations tree and the menus tree nest the same rows the same way', async () => {
    const orgs = tables.get('organisations') as TreeTable;
    const orgTree = await s.call<TreeNode[]>('GET', '/api/v1/system/get_org_tree', { headers: admin.headers });
    expect(shape(orgTree.body.data)).toEqual(expected(await flatRows(s.db as unknown as Kysely<unknown>, orgs)));
    const schools = await s.call<TreeNode[]>('GET', '/api/v1/system/get_org_tree', { headers: admin.headers, query: { kind: 'school' } });
    expect(shape(schools.body.data)).toEqual(expected(await flatRows(s.db as unknown as Kysely<unknown>, orgs, (qb) => qb.where(sql.ref('kind'), '=', 'school'))));
    expect(schools.body.data.length).toBeGreaterThan(1);

    // the menu tree repeats a parent as its own first child (the 'node itself' entry of the grant tree)
    const withoutSelf = (nodes: readonly TreeNode[] | undefined): TreeNode[] => (nodes ?? []).map((n) => ({ ...n, nodes: withoutSelf((n.nodes ?? []).filter((c) => !(c.id === n.id && c.parent === n.id))) }));
    const menus = await s.call<TreeNode[]>('GET', '/api/v1/system/get_menu_tree', { headers: admin.headers });
    expect(shape(withoutSelf(menus.body.data))).toEqual(expected(await flatRows(s.db as unknown as Kysely<unknown>, tables.get('menus') as TreeTable)));
  });

  it('a declared tree call answers the same nesting with each row as its tag', async () => {
    const res = await s.call<TreeNode<{ id: number }>[]>('GET', '/api/v1/base_district/tree', { headers: admin.headers });
    expect(res.body.code).toBe(200);
    const rows = await flatRows(s.db as unknown as Kysely<unknown>, { ...(tables.get('base_district') as TreeTable), order: 'id' });
    expect(shape(res.body.data)).toEqual(expected(rows));
    expect(res.body.data[0].tag?.id).toBe(res.body.data[0].id);
  });

  it('refuses a table without tree rules and a column its rules do not name', async () => {
    const ask = (query: Record<string, string>) => s.call('GET', '/api/v1/system/tree_list', { headers: teacher.headers, query });
    expect((await ask({ tb_name: 'users' })).body).toMatchObject({ code: 400, msg: '不支持的表：users' });
    expect((await ask({ tb_name: 'sys_area', text_filed: 'remark' })).body).toMatchObject({ code: 400, msg: '显示字段不支持：remark' });
    expect((await ask({ tb_name: 'base_district', value_filed: 'code' })).body).toMatchObject({ code: 400, msg: '取值字段不支持：code' });
  });
});

describe('tree rules of a new declaration', () => {
  const fields = { name: { type: 'string' as const, label: '名称', required: true }, parent_id: { type: 'int' as const, label: '上级', default: 0 }, code: { type: 'string' as const, label: '编码' } };
  it('serve it in system/tree_list with no other code; a campus-scoped tree is not served there', () => {
    const plain = defineResource({ name: 'x_tree', title: '树', table: 'x_tree', scope: 'global', perm: 'x_tree', softDelete: true, defaultSort: 'name', tree: { parent: 'parent_id', text: 'name', columns: ['code'] }, fields });
    const scoped = defineResource({ name: 'x_school_tree', title: '校区树', table: 'x_school_tree', scope: 'school', perm: 'x_school_tree', tree: { parent: 'parent_id', text: 'name' }, fields });
    const t = treeTables([plain, scoped], []);
    expect([...t.keys()]).toEqual(['x_tree']);
    expect(t.get('x_tree')).toEqual({ table: 'x_tree', parent: 'parent_id', text: 'name', live: true, order: 'name', columns: new Set(['id', 'parent_id', 'name', 'code']) });
  });

  it('nest in row order; an orphan or a node naming itself is a root', () => {
    const rows = [
      { id: 3, p: 0 },
      { id: 1, p: 3 },
      { id: 2, p: 3 },
      { id: 4, p: 99 },
      { id: 5, p: 5 },
      { id: 6, p: 1 },
    ];
    const tree = nestTree(
      rows,
      (r) => r.id,
      (r) => r.p,
      (r) => ({ id: r.id, text: String(r.id), nodes: [] }),
    );
    expect(shape(tree)).toEqual(expected(rows.map((r) => ({ id: r.id, parent: r.p, text: String(r.id) }))));
    expect(tree.map((n) => n.id)).toEqual([3, 4, 5]);
  });
});
