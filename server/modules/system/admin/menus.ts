import { z } from 'zod';
import type { Context, Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { AppEnv } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import type { MenuTable } from '../../../db/core-schema';
import { menuFormSchema, type Menu, type MenuRouteTag, type TreeNode } from '../../../../src/contract/menu';
import { ApiError, notFound, ok } from '../../../lib/http';
import { check, formObject, parseJson, parseQuery, queryObject, readJson } from '../../../lib/validate';
import { assertPerm, invalidatePrincipals } from '../../../lib/auth';
import { countOf, likeInsensitive, likePattern } from '../../../db/dialect';
import { idListSchema } from '../../../../src/contract/resource';
import { nowText } from '../../../lib/time';
import { checkTreeParent, nestTree, refuseWithChildren } from '../../../lib/resource-tree';
import { CORE_TREES } from '../../../../src/contract/resources/system';
import { compare, moveDescendants, optInt, orderOf, pageParams, subtreeOf, typeOpSchema, type TypeOp } from './common';
import type { Selectable } from 'kysely';
import { PAGE_LABELS } from '../../../../src/contract/paging';
import { postRead } from '../../../lib/tx';
import { mountWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

type MenuRow = Selectable<MenuTable>;

/** The menus' tree rules (resources/system.ts CORE_TREES): moves and deletes are kept by them. */
const MENU_TREE = CORE_TREES.find((t) => t.table === 'menus') as (typeof CORE_TREES)[number];

const menuLabels = { name: '菜单名', code: '编码', url: '路径', component: '组件', parent: '上级菜单', icon: '图标', order_num: '排序', perms: '权限标识', type: '类型', hidden: '隐藏', meta: '元数据', active_menu: '高亮菜单' };

export function menuOf(r: MenuRow): Menu {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    url: r.url,
    component: r.component,
    parent: r.parent,
    inheritance: r.inheritance,
    icon: r.icon,
    order_num: r.order_num,
    perms: r.perms,
    type: r.type as Menu['type'],
    hidden: r.hidden as Menu['hidden'],
    meta: r.meta,
    active_menu: r.active_menu,
  };
}

export function routeTagOf(m: MenuRow): MenuRouteTag {
  return { url: m.url ?? '', code: m.code, name: m.name, icon: m.icon, component: m.component, hidden: m.hidden as 0 | 1, active_menu: m.active_menu, meta: m.meta };
}

/** Nests menus by `parent` (ordered by order_num); `selfEntry` adds the 'node itself' entry to each parent. */
export function menuTree<Tag>(rows: MenuRow[], tagOf: (r: MenuRow) => Tag, selfEntry: boolean): TreeNode<Tag>[] {
  const sorted = [...rows].sort((a, b) => a.order_num - b.order_num || a.id - b.id);
  const roots = nestTree(
    sorted,
    (r) => r.id,
    (r) => r.parent,
    (r) => ({ id: r.id, text: r.name, parent: r.parent, opened: false, tag: tagOf(r), nodes: [] }),
  );
  if (selfEntry) {
    const addSelf = (list: TreeNode<Tag>[]): void => {
      for (const n of list) {
        if (n.nodes && n.nodes.length > 0) {
          addSelf(n.nodes);
          n.nodes.unshift({ id: n.id, text: n.text, parent: n.id, opened: false, tag: n.tag });
        }
      }
    };
    addSelf(roots);
  }
  return roots;
}

const treeQuery = z.object({
  del_falg: optInt('删除标记'),
  del_flag: optInt('删除标记'),
  hidden: optInt('隐藏'),
  type_op: typeOpSchema,
  type: optInt('类型'),
});

const pageQuery = pageParams.extend({
  name: z.string().trim().max(64).optional(),
  code: z.string().trim().max(64).optional(),
  cn_id: optInt('节点'),
  type_op: typeOpSchema,
  type: optInt('类型'),
  hidden: optInt('隐藏'),
  del_falg: optInt('删除标记'),
});

async function parentInheritance(db: Kysely<Database>, parent: number): Promise<string> {
  if (parent === 0) return '|';
  const p = await db.selectFrom('menus').select(['id', 'inheritance', 'type']).where('id', '=', parent).where('del_flag', '=', 0).executeTakeFirst();
  if (!p) throw new ApiError(400, '上级菜单不存在');
  if (p.type === 2) throw new ApiError(400, '按钮下不能再添加菜单');
  return `${p.inheritance}${p.id}|`;
}

/** The columns a menu form writes, on add and on update alike. */
function menuColumns(body: z.infer<typeof menuFormSchema>, inheritance: string) {
  return {
    name: body.name,
    code: body.code,
    url: body.url ?? null,
    component: body.component ?? null,
    parent: body.parent,
    inheritance,
    icon: body.icon ?? null,
    order_num: body.order_num,
    perms: body.perms ?? null,
    type: body.type,
    hidden: body.hidden,
    meta: body.meta ?? null,
    active_menu: body.active_menu ?? null,
  };
}

function checkUrl(body: { type: number; url?: string | null }): void {
  if (body.type !== 2 && !body.url) throw new ApiError(400, '请输入路径');
}

export function registerMenus(app: Hono<AppEnv>): void {
  app.get('/api/v1/system/get_menu_tree', async (c) => {
    const q = parseQuery(c, treeQuery);
    let qb = c.var.db.selectFrom('menus').selectAll().where('del_flag', '=', q.del_falg ?? q.del_flag ?? 0);
    if (q.hidden !== undefined) qb = qb.where('hidden', '=', q.hidden);
    if (q.type !== undefined) qb = qb.where(compare('type', (q.type_op ?? '>=') as TypeOp, q.type));
    const rows = await qb.execute();
    return ok(c, menuTree(rows, menuOf, true));
  });

  const findPage = async (c: Context<AppEnv>): Promise<Response> => {
    const params = c.req.method === 'GET' ? queryObject(c) : await formObject(c);
    const q = check(pageQuery, params, { cn_id: '节点', ...PAGE_LABELS });
    let qb = c.var.db.selectFrom('menus').where('del_flag', '=', q.del_falg ?? 0);
    if (q.name) qb = qb.where(likeInsensitive('name', likePattern(q.name)));
    if (q.code) qb = qb.where(likeInsensitive('code', likePattern(q.code)));
    if (q.cn_id) qb = qb.where(subtreeOf('id', 'inheritance', q.cn_id));
    if (q.type !== undefined) qb = qb.where(compare('type', (q.type_op ?? '>=') as TypeOp, q.type));
    if (q.hidden !== undefined) qb = qb.where('hidden', '=', q.hidden);
    const total = await countOf(qb.select('id'));
    let sel = qb.selectAll();
    for (const [col, dir] of orderOf(q.sort, ['id', 'name', 'code', 'order_num', 'type', 'url', 'hidden', 'parent'], [['order_num', 'asc'], ['id', 'asc']])) {
      sel = sel.orderBy(sql.ref(col), dir);
    }
    const rows = await sel.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content: rows.map(menuOf), totalSize: total });
  };
  app.get('/api/v1/system/find_menu_page', findPage);
  postRead(app, '/api/v1/system/find_menu_page', findPage);

  mountWrite(app, '/api/v1/system/add_menu', { area: 'system', title: '新增菜单', table: 'menus' }, async (c, log) => {
    assertPerm(c.var.principal, 'add_menu');
    const body = await parseJson(c, menuFormSchema, menuLabels);
    checkUrl(body);
    const db = c.var.db;
    const inheritance = await parentInheritance(db, body.parent);
    const now = nowText();
    const row = await db
      .insertInto('menus')
      .values({
        ...menuColumns(body, inheritance),
        created_at: now,
        updated_at: now,
        created_by: c.var.principal.userId,
        updated_by: c.var.principal.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    invalidatePrincipals();
    await log([diffRow(row.id, null, row)]);
    return ok(c, menuOf(row));
  });

  mountWrite(app, '/api/v1/system/update_menu', { area: 'system', title: '编辑菜单', table: 'menus' }, async (c, log) => {
    assertPerm(c.var.principal, 'update_menu');
    const body = await parseJson(c, menuFormSchema.extend({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数') }), menuLabels);
    checkUrl(body);
    const db = c.var.db;
    const existing = await db.selectFrom('menus').selectAll().where('id', '=', body.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!existing) throw notFound();
    let inheritance = existing.inheritance;
    if (body.parent !== existing.parent) {
      await checkTreeParent(db, MENU_TREE, { parent: body.parent }, 'update', body.id);
      inheritance = await parentInheritance(db, body.parent);
    }
    const row = await db
      .updateTable('menus')
      .set({
        ...menuColumns(body, inheritance),
        updated_at: nowText(),
        updated_by: c.var.principal.userId,
      })
      .where('id', '=', body.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (inheritance !== existing.inheritance) await moveDescendants(db, 'menus', body.id, existing.inheritance, inheritance);
    invalidatePrincipals();
    await log([diffRow(body.id, existing, row)]);
    return ok(c, menuOf(row));
  });

  mountWrite(app, '/api/v1/system/del_menu', { area: 'system', title: '删除菜单', table: 'menus' }, async (c, log) => {
    assertPerm(c.var.principal, 'del_menu');
    const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
    const db = c.var.db;
    const rows = await db.selectFrom('menus').select(['id', 'name']).where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (rows.length !== ids.length) throw notFound();
    await refuseWithChildren(db, MENU_TREE, ids);
    await db.updateTable('menus').set({ del_flag: 1, updated_at: nowText(), updated_by: c.var.principal.userId }).where('id', 'in', ids).execute();
    await db.deleteFrom('role_menus').where('menu_id', 'in', ids).execute();
    invalidatePrincipals();
    await log(ids.map((id) => diffRow(id, { del_flag: 0 }, { del_flag: 1 })));
    return ok(c, { count: ids.length });
  });
}
