import { z } from 'zod';
import type { Context, Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import { SUPER_CODE } from '../../../../src/contract/session';
import { idListSchema } from '../../../../src/contract/resource';
import type { TreeNode, Menu } from '../../../../src/contract/menu';
import { ApiError, notFound, ok } from '../../../lib/http';
import { check, formObject, parseJson, parseQuery, queryObject, readJson } from '../../../lib/validate';
import { assertPerm, assertRead, invalidatePrincipals } from '../../../lib/auth';
import { countOf, isUniqueViolation, likeInsensitive, likePattern } from '../../../db/dialect';
import { nowText } from '../../../lib/time';
import { idArraySchema, optInt, orderOf, pageParams } from './common';
import { menuOf, menuTree } from './menus';
import { PAGE_LABELS } from '../../../../src/contract/paging';
import { postRead } from '../../../lib/tx';
import { assertAllSchoolsGrantable, assertMenusHeld, assertRoleEditable } from '../../../lib/grants';
import { mountWrite, type LogWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

const i2goSyncSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ role_ids: z.array(z.coerce.number().int().positive(), { error: '角色 id 列表格式不正确' }).optional() }, { error: '请求体应为 JSON 对象' }),
);

const roleLabels = { code: '角色编码', name: '角色名称', all_schools: '全部校区', order_num: '排序', state: '状态', remark: '备注' };
const roleFields = {
  code: z.string({ error: '请输入角色编码' }).trim().min(1, '请输入角色编码').max(64, '角色编码不能超过64个字符').regex(/^[A-Za-z0-9_]+$/, '角色编码只能包含字母、数字和下划线'),
  name: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(64, '角色名称不能超过64个字符'),
  all_schools: z.preprocess((v) => (v === true ? 1 : v === false ? 0 : v), z.coerce.number().int().refine((n) => n === 0 || n === 1, '全部校区只能是 是 或 否')).default(0),
  order_num: z.coerce.number({ error: '请输入数字' }).int('请输入数字').default(0),
  state: z.coerce.number().int().refine((n) => n === 0 || n === 1, '状态只能是 启用 或 停用').default(1),
  remark: z.string().trim().max(255, '备注不能超过255个字符').optional().nullable(),
};
const idField = z.coerce.number({ error: 'id 必须是数字' }).int('id 必须是整数').positive('id 必须是正整数');
const roleIdSchema = z
  .object({ id: optInt('id'), role_id: optInt('角色') })
  .transform((v) => v.role_id ?? v.id)
  .refine((v) => v !== undefined && v > 0, '请选择角色');
const grantSchema = z
  .object({ id: optInt('id'), role_id: optInt('角色'), menu_ids: idArraySchema('菜单'), menus: idArraySchema('菜单').optional() })
  .transform((v) => ({ roleId: v.role_id ?? v.id, menuIds: [...new Set([...v.menu_ids, ...(v.menus ?? [])])] }))
  .refine((v) => v.roleId !== undefined && v.roleId > 0, '请选择角色');

async function roleOrMissing(db: Kysely<Database>, id: number) {
  const role = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound();
  return role;
}

async function menuIdsOf(db: Kysely<Database>, roleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('role_menus')
    .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
    .select('menus.id')
    .where('role_menus.role_id', '=', roleId)
    .where('menus.del_flag', '=', 0)
    .orderBy('menus.id')
    .execute();
  return rows.map((r) => r.id);
}

async function checkMenus(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('menus').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
  if (found.length !== ids.length) throw new ApiError(400, '菜单不存在或已删除');
}

async function grant(db: Kysely<Database>, roleId: number, menuIds: number[], replace: boolean): Promise<number[]> {
  await checkMenus(db, menuIds);
  if (replace) await db.deleteFrom('role_menus').where('role_id', '=', roleId).execute();
  const have = new Set(replace ? [] : await menuIdsOf(db, roleId));
  for (const m of menuIds) if (!have.has(m)) await db.insertInto('role_menus').values({ role_id: roleId, menu_id: m }).execute();
  invalidatePrincipals();
  return menuIdsOf(db, roleId);
}

const rolePageQuery = pageParams.extend({ name: z.string().trim().max(64).optional(), code: z.string().trim().max(64).optional(), state: optInt('状态') });

async function rolePage(c: Context<AppEnv>): Promise<Response> {
  const params = c.req.method === 'GET' ? queryObject(c) : await formObject(c);
  const q = check(rolePageQuery, params, { ...PAGE_LABELS });
  let qb = c.var.db.selectFrom('roles');
  if (q.name) qb = qb.where(likeInsensitive('name', likePattern(q.name)));
  if (q.code) qb = qb.where(likeInsensitive('code', likePattern(q.code)));
  if (q.state !== undefined) qb = qb.where('state', '=', q.state);
  const totalSize = await countOf(qb.select('id'));
  let sel = qb.selectAll();
  for (const [col, dir] of orderOf(q.sort, ['id', 'name', 'code', 'order_num', 'created_at'], [['order_num', 'asc'], ['id', 'asc']])) sel = sel.orderBy(sql.ref(col), dir);
  const rows = await sel.limit(q.rows).offset((q.page - 1) * q.rows).execute();
  return ok(c, { content: rows, totalSize });
}

export function registerRoles(app: Hono<AppEnv>, deps: AppDeps): void {
  mountWrite(app, '/api/v1/system/add_role', { area: 'system', title: '新增角色', table: 'roles' }, async (c, log) => {
    assertPerm(c.var.principal, 'add_role');
    const body = await parseJson(c, z.object(roleFields), roleLabels);
    const db = c.var.db;
    assertAllSchoolsGrantable(c.var.principal, body.all_schools === 1);
    if (await db.selectFrom('roles').select('id').where('code', '=', body.code).executeTakeFirst()) throw new ApiError(409, '角色编码已存在');
    const now = nowText();
    try {
      const row = await db
        .insertInto('roles')
        .values({ ...body, remark: body.remark || null, created_at: now, updated_at: now, created_by: c.var.principal.userId, updated_by: c.var.principal.userId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await log([diffRow(row.id, null, row)]);
      return ok(c, row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, '角色编码已存在');
      throw err;
    }
  });

  mountWrite(app, '/api/v1/system/update_role', { area: 'system', title: '编辑角色', table: 'roles' }, async (c, log) => {
    assertPerm(c.var.principal, 'update_role');
    const body = await parseJson(c, z.object({ id: idField, ...roleFields }), roleLabels);
    const db = c.var.db;
    const existing = await roleOrMissing(db, body.id);
    await assertRoleEditable(db, c.var.principal, body.id);
    if (existing.all_schools !== 1) assertAllSchoolsGrantable(c.var.principal, body.all_schools === 1);
    if (existing.code === SUPER_CODE && body.code !== SUPER_CODE) throw new ApiError(400, '系统管理员角色的编码不能修改');
    if (existing.code === SUPER_CODE && body.state === 0) throw new ApiError(400, '系统管理员角色不能停用');
    if (await db.selectFrom('roles').select('id').where('code', '=', body.code).where('id', '!=', body.id).executeTakeFirst()) throw new ApiError(409, '角色编码已存在');
    const { id, ...rest } = body;
    const row = await db
      .updateTable('roles')
      .set({ ...rest, remark: rest.remark || null, updated_at: nowText(), updated_by: c.var.principal.userId })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    invalidatePrincipals();
    await log([diffRow(id, existing, row)]);
    return ok(c, row);
  });

  mountWrite(app, '/api/v1/system/del_role', { area: 'system', title: '删除角色', table: 'roles' }, async (c, log) => {
    assertPerm(c.var.principal, 'del_role');
    const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
    const db = c.var.db;
    const rows = await db.selectFrom('roles').selectAll().where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => r.code === SUPER_CODE)) throw new ApiError(400, '系统管理员角色不能删除');
    const used = await db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select('user_roles.role_id')
      .where('user_roles.role_id', 'in', ids)
      .where('users.del_flag', '=', 0)
      .executeTakeFirst();
    if (used) throw new ApiError(400, `角色「${rows.find((r) => r.id === used.role_id)?.name ?? ''}」已分配给用户，不能删除`);
    await db.deleteFrom('role_menus').where('role_id', 'in', ids).execute();
    await db.deleteFrom('user_roles').where('role_id', 'in', ids).execute();
    await db.deleteFrom('roles').where('id', 'in', ids).execute();
    invalidatePrincipals();
    await log(rows.map((r) => diffRow(r.id, r, null)));
    return ok(c, { count: ids.length });
  });

  postRead(app, '/api/v1/system/get_role', async (c) => {
    const roleId = check(roleIdSchema, { ...queryObject(c), ...(await formObject(c)) }) as number;
    const role = await roleOrMissing(c.var.db, roleId);
    return ok(c, { ...role, menu_ids: await menuIdsOf(c.var.db, roleId) });
  });

  app.get('/api/v1/system/find_role_page', rolePage);
  postRead(app, '/api/v1/system/find_role_page', rolePage);

  postRead(app, '/api/v1/system/find_role_menu', async (c) => {
    const roleId = check(roleIdSchema, { ...queryObject(c), ...(await formObject(c)) }) as number;
    await roleOrMissing(c.var.db, roleId);
    return ok(c, await menuIdsOf(c.var.db, roleId));
  });

  const grantHandler = (replace: boolean) => async (c: Context<AppEnv>, log: LogWrite): Promise<Response> => {
    assertPerm(c.var.principal, 'save_role_menu');
    const body = check(grantSchema, await readJson(c), { role_id: '角色', menu_ids: '菜单' });
    const roleId = body.roleId as number;
    const db = c.var.db;
    await roleOrMissing(db, roleId);
    await assertRoleEditable(db, c.var.principal, roleId);
    const have = await menuIdsOf(db, roleId);
    await assertMenusHeld(db, c.var.principal, body.menuIds.filter((m) => !have.includes(m)));
    const granted = await grant(db, roleId, body.menuIds, replace);
    // the role's menus before and after, as one change of the role
    await log([diffRow(roleId, { menu_ids: have }, { menu_ids: granted })]);
    return ok(c, granted);
  };
  const grants = { area: 'system', title: '分配角色菜单', table: 'role_menus' };
  mountWrite(app, '/api/v1/system/save_role_menu', grants, grantHandler(true));
  mountWrite(app, '/api/v1/system/update_role_menu', grants, grantHandler(true));
  mountWrite(app, '/api/v1/system/add_role_menu', grants, grantHandler(false));

  postRead(app, '/api/v1/system/role_all', async (c) => {
    const rows = await c.var.db.selectFrom('roles').select(['id', 'code', 'name', 'all_schools', 'state']).orderBy('order_num').orderBy('id').execute();
    return ok(c, rows);
  });

  postRead(app, '/api/v1/system/find_permissions', async (c) => {
    const raw = { ...queryObject(c), ...(await formObject(c)) };
    const { role_id } = check(z.object({ role_id: optInt('角色') }).passthrough(), raw);
    const p = c.var.principal;
    if (role_id === undefined) return ok(c, p.superuser ? ['RC999', ...[...p.perms].sort()] : [...p.perms].sort());
    // the codes of a role the caller does not hold: for the role screen only
    if (!p.roleIds.includes(role_id)) assertRead(p, ['system_role']);
    const role = await roleOrMissing(c.var.db, role_id);
    const rows = await c.var.db
      .selectFrom('role_menus')
      .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
      .select('menus.code')
      .distinct()
      .where('role_menus.role_id', '=', role_id)
      .where('menus.type', '=', 2)
      .where('menus.del_flag', '=', 0)
      .orderBy('menus.code')
      .execute();
    const codes = rows.map((r) => r.code);
    return ok(c, role.code === SUPER_CODE ? [SUPER_CODE, ...codes] : codes);
  });

  app.get('/api/v1/system/get_role_menu_tree', async (c) => {
    const roleId = check(roleIdSchema, queryObject(c)) as number;
    const db = c.var.db;
    await roleOrMissing(db, roleId);
    const checked = new Set(await menuIdsOf(db, roleId));
    const rows = await db.selectFrom('menus').selectAll().where('del_flag', '=', 0).execute();
    type Checked = TreeNode<Menu> & { checked: boolean };
    const tree = menuTree(rows, menuOf, false) as Checked[];
    const mark = (list: TreeNode<Menu>[]): void => {
      for (const n of list as Checked[]) {
        n.checked = checked.has(Number(n.id));
        if (n.nodes) mark(n.nodes);
      }
    };
    mark(tree);
    return ok(c, tree);
  });

  app.get('/api/v1/system/find_role_menu_page', async (c) => {
    const q = parseQuery(c, pageParams.extend({ role_id: optInt('角色'), id: optInt('id'), name: z.string().trim().max(64).optional(), type: optInt('类型') }), { ...PAGE_LABELS });
    const roleId = q.role_id ?? q.id;
    if (!roleId) throw new ApiError(400, '请选择角色');
    const db = c.var.db;
    await roleOrMissing(db, roleId);
    let qb = db.selectFrom('menus').innerJoin('role_menus', 'role_menus.menu_id', 'menus.id').where('role_menus.role_id', '=', roleId).where('menus.del_flag', '=', 0);
    if (q.name) qb = qb.where(likeInsensitive('menus.name', likePattern(q.name)));
    if (q.type !== undefined) qb = qb.where('menus.type', '=', q.type);
    const totalSize = await countOf(qb.select('menus.id'));
    const rows = await qb.selectAll('menus').orderBy('menus.id').limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content: rows.map(menuOf), totalSize });
  });

  app.get('/api/v1/system/role_map', async (c) => {
    const rows = await c.var.db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
    const map: Record<string, string> = {};
    for (const r of rows) map[String(r.id)] = r.name;
    return ok(c, map);
  });

  // Writes no row here: the entry records that the roles were sent.
  mountWrite(app, '/api/v1/system/sync_to_i2go', { area: 'system', title: '同步角色到 i2go', table: 'roles' }, async (c, log) => {
    assertPerm(c.var.principal, 'sync_to_i2go');
    // optional selection: `{role_ids: [..]}` syncs those roles, an empty body syncs all
    const body = await parseJson(c, i2goSyncSchema);
    const url = deps.config.i2goUrl;
    if (!url) throw new ApiError(501, '未配置 i2go 同步地址');
    let query = c.var.db.selectFrom('roles').select(['id', 'code', 'name', 'state']).orderBy('id');
    if (body.role_ids?.length) query = query.where('id', 'in', body.role_ids);
    const roles = await query.execute();
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ roles }), signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw new ApiError(502, `同步到 i2go 失败：${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new ApiError(502, `同步到 i2go 失败：HTTP ${res.status}`);
    await log([], { ids: roles.map((r) => r.id) });
    return ok(c, { count: roles.length });
  });
}
