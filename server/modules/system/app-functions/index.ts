import type { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { appFunResource } from '../../../../src/contract/resources/system';
import { idListSchema } from '../../../../src/contract/resource';
import { PAGE_LABELS, pageQuerySchema } from '../../../../src/contract/paging';
import type { TreeNode } from '../../../../src/contract/menu';
import type { AppDeps, AppEnv } from '../../../lib/context';
import type { BaseColumns, Database, DeclaredTable } from '../../../db/schema';
import { ApiError, notFound, ok } from '../../../lib/http';
import { assertPerm } from '../../../lib/auth';
import { check, parseJson, queryObject, readJson } from '../../../lib/validate';
import { mountResource } from '../../../lib/resource-routes';
import { countOf, likeInsensitive, likePattern } from '../../../db/dialect';
import { nowText } from '../../../lib/time';
import { nestTree } from '../../../lib/resource-tree';
import { listOrder } from '../../../lib/list-order';
import { mountWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

/** App functions (the mobile app's function list) and their grants to roles. */
export type AppFunTable = DeclaredTable<typeof appFunResource>;

export interface RoleAppFunTable extends BaseColumns {
  role_id: number;
  app_fun_id: number;
}

declare module '../../../db/schema' {
  interface Database {
    sys_app_fun: AppFunTable;
    sys_role_app_fun: RoleAppFunTable;
  }
}

const roleIdSchema = z.coerce.number({ error: '角色必须是数字' }).int('角色必须是整数').positive('请选择角色');
const grantSchema = z.object({
  role_id: roleIdSchema,
  app_fun_ids: z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(z.coerce.number({ error: '功能必须是数字' }).int('功能必须是整数').positive('功能必须是正整数'), { error: '请提供功能 id 列表' }).max(5000, '功能不能超过5000个'),
  ),
});
const LABELS = { role_id: '角色', app_fun_ids: '功能' };

async function assertRole(db: Kysely<Database>, roleId: number): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new ApiError(404, '角色不存在');
}

async function assertFuns(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('sys_app_fun').select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new ApiError(400, '功能不存在');
}

async function grantedIds(db: Kysely<Database>, roleId: number): Promise<number[]> {
  const rows = await db.selectFrom('sys_role_app_fun').select('app_fun_id').where('role_id', '=', roleId).orderBy('app_fun_id').execute();
  return rows.map((r) => r.app_fun_id);
}

async function insertGrants(db: Kysely<Database>, roleId: number, ids: number[], uid: number): Promise<void> {
  const have = new Set(await grantedIds(db, roleId));
  const now = nowText();
  const fresh = ids.filter((id) => !have.has(id));
  if (fresh.length) {
    await db
      .insertInto('sys_role_app_fun')
      .values(fresh.map((app_fun_id) => ({ role_id: roleId, app_fun_id, created_at: now, updated_at: now, created_by: uid, updated_by: uid })))
      .execute();
  }
}

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, appFunResource, {
    async beforeDelete(ctx, ids) {
      // the tree's rules (parent, cycle, children) are the declaration's (server/lib/resource-tree.ts)
      await ctx.db.deleteFrom('sys_role_app_fun').where('app_fun_id', 'in', ids).execute();
    },
  });

  // A grant is logged as one change of the role: its functions before and after.
  const write = (title: string) => ({ area: 'system', title, table: 'sys_role_app_fun' });
  mountWrite(app, '/api/v1/sys_app/add_role_app_fun', write('分配角色功能'), async (c, log) => {
    assertPerm(c.var.principal, 'add_role_app_fun');
    const body = await parseJson(c, grantSchema, LABELS);
    await assertRole(c.var.db, body.role_id);
    const ids = [...new Set(body.app_fun_ids)];
    await assertFuns(c.var.db, ids);
    const before = await grantedIds(c.var.db, body.role_id);
    await insertGrants(c.var.db, body.role_id, ids, c.var.principal.userId);
    const after = await grantedIds(c.var.db, body.role_id);
    await log([diffRow(body.role_id, { app_fun_ids: before }, { app_fun_ids: after })]);
    return ok(c, { role_id: body.role_id, app_fun_ids: after });
  });

  // Replaces the role's grants with exactly the given functions.
  mountWrite(app, '/api/v1/sys_app/update_role_app_fun', write('分配角色功能'), async (c, log) => {
    assertPerm(c.var.principal, 'update_role_app_fun');
    const body = await parseJson(c, grantSchema, LABELS);
    await assertRole(c.var.db, body.role_id);
    const ids = [...new Set(body.app_fun_ids)];
    await assertFuns(c.var.db, ids);
    const before = await grantedIds(c.var.db, body.role_id);
    if (ids.length) await c.var.db.deleteFrom('sys_role_app_fun').where('role_id', '=', body.role_id).where('app_fun_id', 'not in', ids).execute();
    else await c.var.db.deleteFrom('sys_role_app_fun').where('role_id', '=', body.role_id).execute();
    await insertGrants(c.var.db, body.role_id, ids, c.var.principal.userId);
    const after = await grantedIds(c.var.db, body.role_id);
    await log([diffRow(body.role_id, { app_fun_ids: before }, { app_fun_ids: after })]);
    return ok(c, { role_id: body.role_id, app_fun_ids: after });
  });

  // Body: a list of grant ids `[{id}]`.
  mountWrite(app, '/api/v1/sys_app/del_role_app_fun', write('删除角色功能'), async (c, log) => {
    assertPerm(c.var.principal, 'del_role_app_fun');
    const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
    const found = await c.var.db.selectFrom('sys_role_app_fun').selectAll().where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound();
    await c.var.db.deleteFrom('sys_role_app_fun').where('id', 'in', ids).execute();
    await log(found.map((r) => diffRow(r.id, r, null)));
    return ok(c, { count: ids.length });
  });

  app.get('/api/v1/sys_app/get_role_app_fun', async (c) => {
    const { role_id } = check(z.object({ role_id: roleIdSchema }), queryObject(c), LABELS);
    await assertRole(c.var.db, role_id);
    const rows = await c.var.db
      .selectFrom('sys_role_app_fun')
      .innerJoin('sys_app_fun', 'sys_app_fun.id', 'sys_role_app_fun.app_fun_id')
      .select(['sys_role_app_fun.id', 'sys_role_app_fun.role_id', 'sys_role_app_fun.app_fun_id', 'sys_app_fun.name', 'sys_app_fun.code'])
      .where('sys_role_app_fun.role_id', '=', role_id)
      .orderBy('sys_app_fun.order_num')
      .orderBy('sys_app_fun.id')
      .execute();
    return ok(c, { role_id, app_fun_ids: rows.map((r) => r.app_fun_id), list: rows });
  });

  app.get('/api/v1/sys_app/find_role_app_fun_page', async (c) => {
    const params = queryObject(c);
    const q = check(pageQuerySchema.extend({ role_id: roleIdSchema.optional(), name: z.string().trim().max(64).optional() }), params, { ...LABELS, ...PAGE_LABELS });
    let qb = c.var.db
      .selectFrom('sys_role_app_fun')
      .innerJoin('sys_app_fun', 'sys_app_fun.id', 'sys_role_app_fun.app_fun_id')
      .innerJoin('roles', 'roles.id', 'sys_role_app_fun.role_id')
      .select([
        'sys_role_app_fun.id',
        'sys_role_app_fun.role_id',
        'sys_role_app_fun.app_fun_id',
        'sys_role_app_fun.created_at',
        'sys_app_fun.name as app_fun_name',
        'sys_app_fun.code as app_fun_code',
        'roles.name as role_name',
      ]);
    if (q.role_id) qb = qb.where('sys_role_app_fun.role_id', '=', q.role_id);
    if (q.name) qb = qb.where(likeInsensitive('sys_app_fun.name', likePattern(q.name)));
    const totalSize = await countOf(qb);
    let sorted = qb;
    const order = listOrder(q.sort, { id: 'sys_role_app_fun.id', role_id: 'sys_role_app_fun.role_id', app_fun_id: 'sys_role_app_fun.app_fun_id', created_at: 'sys_role_app_fun.created_at' }, [['sys_role_app_fun.id', 'desc']]);
    for (const [ref, dir] of order) sorted = sorted.orderBy(sql.ref(ref), dir);
    const content = await sorted.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content, totalSize });
  });

  app.get('/api/v1/sys_app/get_role_app_fun_tree', async (c) => {
    const { role_id } = check(z.object({ role_id: roleIdSchema }), queryObject(c), LABELS);
    await assertRole(c.var.db, role_id);
    const granted = new Set(await grantedIds(c.var.db, role_id));
    const funs = await c.var.db.selectFrom('sys_app_fun').select(['id', 'name', 'code', 'parent_id']).orderBy('order_num').orderBy('id').execute();
    const roots: TreeNode<{ code: string; checked: boolean }>[] = nestTree(
      funs,
      (f) => f.id,
      (f) => f.parent_id ?? 0,
      (f) => ({ id: f.id, text: f.name, parent: f.parent_id ?? 0, nodes: [], tag: { code: f.code, checked: granted.has(f.id) } }),
    );
    return ok(c, { tree: roots, checked: [...granted] });
  });
}
