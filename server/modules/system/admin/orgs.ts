import { z } from 'zod';
import type { Hono } from 'hono';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppEnv } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import type { OrganisationTable, OrgKind } from '../../../db/core-schema';
import type { TreeNode } from '../../../../src/contract/menu';
import { idListSchema, idQuerySchema } from '../../../../src/contract/resource';
import { ApiError, notFound, ok } from '../../../lib/http';
import { maskFor } from '../../../lib/mask';
import { check, parseJson, parseQuery, readJson } from '../../../lib/validate';
import { assertPerm, invalidatePrincipals } from '../../../lib/auth';
import { countOf, likeInsensitive, likePattern } from '../../../db/dialect';
import { nowText } from '../../../lib/time';
import { checkTreeParent, nestTree, refuseWithChildren } from '../../../lib/resource-tree';
import { CORE_TREES } from '../../../../src/contract/resources/system';
import { reachableOrgIds, schoolScope } from '../../../lib/scope';
import { moveDescendants, optInt, orderOf, pageParams, subtreeOf } from './common';
import { PAGE_LABELS } from '../../../../src/contract/paging';
import { mountWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

type OrgRow = Selectable<OrganisationTable>;
const KINDS: readonly OrgKind[] = ['head', 'city', 'school', 'department'];
const KIND_NAMES: Record<OrgKind, string> = { head: '总部', city: '城市/分公司', school: '校区', department: '部门' };

const orgLabels = { name: '组织名称', code: '编码', parent_id: '上级组织', kind: '类型', order_num: '排序', leader: '负责人', phone: '电话', address: '地址', state: '状态', remark: '备注' };

const orgFields = {
  name: z.string({ error: '请输入组织名称' }).trim().min(1, '请输入组织名称').max(64, '组织名称不能超过64个字符'),
  code: z.string().trim().max(64, '编码不能超过64个字符').optional().nullable(),
  parent_id: z.coerce.number({ error: '上级组织必须是数字' }).int().min(0).default(0),
  kind: z.enum(['head', 'city', 'school', 'department'], { error: '类型只能是 总部、城市/分公司、校区 或 部门' }),
  order_num: z.coerce.number({ error: '请输入数字' }).int('请输入数字').default(0),
  leader: z.string().trim().max(64, '负责人不能超过64个字符').optional().nullable(),
  phone: z.string().trim().max(32, '电话不能超过32个字符').optional().nullable(),
  address: z.string().trim().max(255, '地址不能超过255个字符').optional().nullable(),
  state: z.coerce.number().int().refine((n) => n === 0 || n === 1, '状态只能是 启用 或 停用').default(1),
  remark: z.string().trim().max(255, '备注不能超过255个字符').optional().nullable(),
};
const addSchema = z.object(orgFields);
const updateSchema = z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数'), ...orgFields });

/** Where a kind may hang: head office at the root; cities under head; schools under head or a city. */
async function placement(db: Kysely<Database>, kind: OrgKind, parentId: number): Promise<string> {
  if (parentId === 0) {
    if (kind !== 'head') throw new ApiError(400, '只有总部可以作为顶级组织');
    return '|';
  }
  if (kind === 'head') throw new ApiError(400, '总部只能是顶级组织');
  const parent = await db.selectFrom('organisations').select(['id', 'kind', 'inheritance']).where('id', '=', parentId).where('del_flag', '=', 0).executeTakeFirst();
  if (!parent) throw new ApiError(400, '上级组织不存在');
  if (kind === 'city' && parent.kind !== 'head') throw new ApiError(400, '城市/分公司只能建在总部之下');
  if (kind === 'school' && parent.kind !== 'head' && parent.kind !== 'city') throw new ApiError(400, '校区只能建在总部或城市/分公司之下');
  if (parent.kind === 'school' && kind !== 'department') throw new ApiError(400, '校区之下只能建部门');
  return `${parent.inheritance}${parent.id}|`;
}

/** The columns an organisation form writes, on add and on update alike ('' stores as null). */
function orgColumns(body: z.infer<typeof addSchema>, inheritance: string) {
  return {
    name: body.name,
    code: body.code || null,
    parent_id: body.parent_id,
    inheritance,
    kind: body.kind,
    order_num: body.order_num,
    leader: body.leader || null,
    phone: body.phone || null,
    address: body.address || null,
    state: body.state,
    remark: body.remark || null,
  };
}

function withKindName(r: OrgRow): OrgRow & { kind_name: string } {
  return { ...r, kind_name: KIND_NAMES[r.kind] ?? r.kind };
}

const pageQuery = pageParams.extend({
  name: z.string().trim().max(64).optional(),
  code: z.string().trim().max(64).optional(),
  kind: z.string().trim().optional(),
  cn_id: optInt('节点'),
  parent_id: optInt('上级组织'),
  state: optInt('状态'),
});

/** The organisations' tree rules (resources/system.ts CORE_TREES): live rows, by order_num and id, nested by parent_id; moves and deletes kept by them. */
const ORG_TREE = CORE_TREES.find((t) => t.table === 'organisations') as (typeof CORE_TREES)[number];

export function registerOrgs(app: Hono<AppEnv>): void {
  app.get('/api/v1/system/get_org_tree', async (c) => {
    const q = parseQuery(c, z.object({ kind: z.string().trim().optional() }));
    let qb = c.var.db.selectFrom('organisations').selectAll().where('del_flag', '=', 0);
    if (q.kind) qb = qb.where('kind', 'in', q.kind.split(',') as OrgKind[]);
    const rows = await qb.orderBy(sql.ref(ORG_TREE.order)).orderBy('id').execute();
    const tree: TreeNode<OrgRow>[] = nestTree(
      rows,
      (r) => r.id,
      (r) => r.parent_id,
      (r) => ({ id: r.id, text: r.name, parent: r.parent_id, opened: r.parent_id === 0, tag: r, nodes: [] }),
    );
    return ok(c, tree);
  });

  app.get('/api/v1/system/find_org_page', async (c) => {
    const q = parseQuery(c, pageQuery, { ...PAGE_LABELS, cn_id: '节点' });
    let qb = c.var.db.selectFrom('organisations').where('del_flag', '=', 0);
    if (q.name) qb = qb.where(likeInsensitive('name', likePattern(q.name)));
    if (q.code) qb = qb.where(likeInsensitive('code', likePattern(q.code)));
    if (q.kind) qb = qb.where('kind', 'in', q.kind.split(',') as OrgKind[]);
    if (q.cn_id) qb = qb.where(subtreeOf('id', 'inheritance', q.cn_id));
    if (q.parent_id !== undefined) qb = qb.where('parent_id', '=', q.parent_id);
    if (q.state !== undefined) qb = qb.where('state', '=', q.state);
    const totalSize = await countOf(qb.select('id'));
    let sel = qb.selectAll();
    for (const [col, dir] of orderOf(q.sort, ['id', 'name', 'code', 'order_num', 'kind', 'created_at'], [['order_num', 'asc'], ['id', 'asc']])) sel = sel.orderBy(sql.ref(col), dir);
    const rows = await sel.limit(q.rows).offset((q.page - 1) * q.rows).execute();
    return ok(c, { content: rows.map(withKindName), totalSize });
  });

  app.get('/api/v1/system/get_org', async (c) => {
    const { id } = parseQuery(c, idQuerySchema);
    const row = await c.var.db.selectFrom('organisations').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    const reach = await reachableOrgIds(c.var.db, c.var.principal);
    if (!row || (reach && !reach.has(row.id))) throw notFound();
    return ok(c, withKindName(row));
  });

  app.get('/api/v1/system/get_org_users', async (c) => {
    const q = parseQuery(c, pageParams.extend({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数') }), { id: 'id', ...PAGE_LABELS });
    const db = c.var.db;
    const org = await db.selectFrom('organisations').select('id').where('id', '=', q.id).where('del_flag', '=', 0).executeTakeFirst();
    // another campus answers exactly as a missing organisation; above the caller's campuses, only
    // the staff of those campuses are listed
    const reach = await reachableOrgIds(db, c.var.principal);
    if (!org || (reach && !reach.has(org.id))) throw notFound();
    const orgs = db.selectFrom('organisations').select('id').where(subtreeOf('id', 'inheritance', q.id));
    const scope = schoolScope(c.var.principal);
    let qb = db
      .selectFrom('users')
      .where('users.del_flag', '=', 0)
      .where((eb) => eb.or([eb('users.org_id', 'in', orgs), eb('users.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', orgs))]));
    if (scope !== undefined) qb = qb.where('users.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', scope.length ? [...scope] : [-1]));
    const totalSize = await countOf(qb.select('users.id'));
    const rows = await qb
      .select(['users.id', 'users.login_id', 'users.name', 'users.phone', 'users.state', 'users.org_id', 'users.city'])
      .orderBy('users.id')
      .limit(q.rows)
      .offset((q.page - 1) * q.rows)
      .execute();
    return ok(c, { content: rows.map((r) => ({ ...r, phone: maskFor(c.var.principal, 'phone', r.phone) })), totalSize });
  });

  mountWrite(app, '/api/v1/system/add_org', { area: 'system', title: '新增组织', table: 'organisations' }, async (c, log) => {
    assertPerm(c.var.principal, 'add_org');
    const body = await parseJson(c, addSchema, orgLabels);
    const db = c.var.db;
    const inheritance = await placement(db, body.kind, body.parent_id);
    const now = nowText();
    const row = await db
      .insertInto('organisations')
      .values({
        ...orgColumns(body, inheritance),
        created_at: now,
        updated_at: now,
        created_by: c.var.principal.userId,
        updated_by: c.var.principal.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    invalidatePrincipals();
    await log([diffRow(row.id, null, row)]);
    return ok(c, withKindName(row));
  });

  mountWrite(app, '/api/v1/system/update_org', { area: 'system', title: '编辑组织', table: 'organisations' }, async (c, log) => {
    assertPerm(c.var.principal, 'update_org');
    const body = await parseJson(c, updateSchema, orgLabels);
    const db = c.var.db;
    const existing = await db.selectFrom('organisations').selectAll().where('id', '=', body.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!existing) throw notFound();
    let inheritance = existing.inheritance;
    if (body.parent_id !== existing.parent_id || body.kind !== existing.kind) {
      inheritance = await placement(db, body.kind, body.parent_id);
      await checkTreeParent(db, ORG_TREE, { parent_id: body.parent_id }, 'update', body.id);
    }
    const row = await db
      .updateTable('organisations')
      .set({
        ...orgColumns(body, inheritance),
        updated_at: nowText(),
        updated_by: c.var.principal.userId,
      })
      .where('id', '=', body.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (inheritance !== existing.inheritance) await moveDescendants(db, 'organisations', body.id, existing.inheritance, inheritance);
    invalidatePrincipals();
    await log([diffRow(body.id, existing, row)]);
    return ok(c, withKindName(row));
  });

  mountWrite(app, '/api/v1/system/del_org', { area: 'system', title: '删除组织', table: 'organisations' }, async (c, log) => {
    assertPerm(c.var.principal, 'del_org');
    const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
    const db = c.var.db;
    const rows = await db.selectFrom('organisations').select(['id', 'name']).where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (rows.length !== ids.length) throw notFound();
    await refuseWithChildren(db, ORG_TREE, ids);
    const member = await db.selectFrom('users').select('org_id').where('org_id', 'in', ids).where('del_flag', '=', 0).executeTakeFirst();
    const worker = await db
      .selectFrom('user_schools')
      .innerJoin('users', 'users.id', 'user_schools.user_id')
      .select('user_schools.school_id as org_id')
      .where('user_schools.school_id', 'in', ids)
      .where('users.del_flag', '=', 0)
      .executeTakeFirst();
    const used = member ?? worker;
    if (used) throw new ApiError(400, `组织「${rows.find((r) => r.id === used.org_id)?.name ?? ''}」下还有用户，不能删除`);
    await db.updateTable('organisations').set({ del_flag: 1, updated_at: nowText(), updated_by: c.var.principal.userId }).where('id', 'in', ids).execute();
    invalidatePrincipals();
    await log(ids.map((id) => diffRow(id, { del_flag: 0 }, { del_flag: 1 })));
    return ok(c, { count: ids.length });
  });
}

export { KINDS };
