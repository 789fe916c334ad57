import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { dataPermissionDetailResource, dataPermissionResource } from '../../../../src/contract/resources/system';
import type { AppDeps, AppEnv, Principal } from '../../../lib/context';
import { assertDataScopeGrantable, assertRoleEditable } from '../../../lib/grants';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../lib/http';
import { assertPerm, invalidatePrincipals } from '../../../lib/auth';
import { check, parseJson, queryObject } from '../../../lib/validate';
import { mountResource, type AnySelect } from '../../../lib/resource-routes';
import { DATA_PERMISSION_ALL, DATA_PERMISSION_LIST } from '../../../lib/data-permission';
import { nowText } from '../../../lib/time';
import { sql } from 'kysely';
import { mountWrite } from '../../../lib/call-routes';
import { diffRow } from '../../../lib/audit';

const roleIdSchema = z.coerce.number({ error: '角色必须是数字' }).int('角色必须是整数').positive('请选择角色');
const idArray = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v ?? []),
      z.array(z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`${label}必须是正整数`), { error: `${label}必须是 id 列表` }),
    )
    .transform((a) => [...new Set(a)]);

const updateSchema = z
  .object({
    role_id: roleIdSchema,
    kind: z.coerce.number({ error: '请选择范围' }).int().refine((k) => k === 0 || k === DATA_PERMISSION_ALL || k === DATA_PERMISSION_LIST, '范围只能是 0（不设置）、1（全部校区）或 2（指定校区/组织）'),
    school_ids: idArray('校区').optional(),
    org_ids: idArray('组织').optional(),
    remark: z.string().trim().max(255, '备注不能超过255个字符').nullable().optional(),
  })
  .refine((b) => b.kind !== DATA_PERMISSION_LIST || (b.school_ids?.length ?? 0) + (b.org_ids?.length ?? 0) > 0, {
    message: '请至少选择一个校区或组织',
    path: ['school_ids'],
  });

interface RoleScopeAnswer {
  role_id: number;
  role_code: string;
  role_name: string;
  /** 0 none, 1 all campuses, 2 listed schools / organisations */
  kind: number;
  school_ids: number[];
  org_ids: number[];
  remark: string | null;
}

async function scopesOf(db: Kysely<Database>, roleIds?: number[]): Promise<RoleScopeAnswer[]> {
  let rq = db.selectFrom('roles').select(['id', 'code', 'name']).orderBy('order_num').orderBy('id');
  if (roleIds) rq = rq.where('id', 'in', roleIds);
  const roles = await rq.execute();
  if (roles.length === 0) return [];
  const perms = await db.selectFrom('sys_data_permission').selectAll().where('role_id', 'in', roles.map((r) => r.id)).execute();
  const details = perms.length
    ? await db.selectFrom('sys_data_permission_detail').selectAll().where('permission_id', 'in', perms.map((p) => p.id)).orderBy('id').execute()
    : [];
  return roles.map((r) => {
    const p = perms.find((x) => x.role_id === r.id);
    const mine = p ? details.filter((d) => d.permission_id === p.id) : [];
    return {
      role_id: r.id,
      role_code: r.code,
      role_name: r.name,
      kind: p?.kind ?? 0,
      school_ids: mine.filter((d) => d.target_type === 'school').map((d) => d.target_id),
      org_ids: mine.filter((d) => d.target_type === 'org').map((d) => d.target_id),
      remark: p?.remark ?? null,
    };
  });
}

async function assertOrgs(db: Kysely<Database>, ids: number[], schoolsOnly: boolean, label: string): Promise<void> {
  if (ids.length === 0) return;
  let q = db.selectFrom('organisations').select('id').where('id', 'in', ids).where('del_flag', '=', 0);
  if (schoolsOnly) q = q.where('kind', '=', 'school');
  const found = await q.execute();
  if (found.length !== ids.length) throw new ApiError(400, `${label}不存在`);
}

/** Roles of data permission rows: editing them is editing those roles (grants.ts). */
async function assertPermissionsEditable(db: Kysely<Database>, p: Principal, permissionIds: number[]): Promise<void> {
  if (permissionIds.length === 0) return;
  const rows = await db.selectFrom('sys_data_permission').select('role_id').where('id', 'in', permissionIds).execute();
  for (const r of rows) await assertRoleEditable(db, p, r.role_id);
}

export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, dataPermissionResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      if (row.role_id !== undefined) {
        const role = await ctx.db.selectFrom('roles').select('id').where('id', '=', Number(row.role_id)).executeTakeFirst();
        if (!role) throw new ApiError(400, '角色不存在');
        await assertRoleEditable(ctx.db, ctx.principal, Number(row.role_id));
      }
      if (existing) await assertRoleEditable(ctx.db, ctx.principal, Number(existing.role_id));
      const kind = Number(row.kind ?? existing?.kind);
      await assertDataScopeGrantable(ctx.db, ctx.principal, kind === DATA_PERMISSION_ALL, [], []);
    },
    afterWrite: () => invalidatePrincipals(),
    async beforeDelete(ctx, ids) {
      await assertPermissionsEditable(ctx.db, ctx.principal, ids);
      await ctx.db.deleteFrom('sys_data_permission_detail').where('permission_id', 'in', ids).execute();
      invalidatePrincipals();
    },
    extendPage(qb: AnySelect): AnySelect {
      return qb
        .leftJoin('roles', 'roles.id', 'sys_data_permission.role_id')
        .select([sql.ref<string>('roles.name').as('role_name'), sql.ref<string>('roles.code').as('role_code')]) as unknown as AnySelect;
    },
  });

  mountResource(app, dataPermissionDetailResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      const permissionId = row.permission_id ?? existing?.permission_id;
      if (row.permission_id !== undefined) {
        const p = await ctx.db.selectFrom('sys_data_permission').select('id').where('id', '=', Number(permissionId)).executeTakeFirst();
        if (!p) throw new ApiError(400, '数据权限不存在');
      }
      const type = String(row.target_type ?? existing?.target_type ?? '');
      const target = row.target_id ?? existing?.target_id;
      if (row.target_type !== undefined || row.target_id !== undefined) {
        await assertOrgs(ctx.db, [Number(target)], type === 'school', type === 'school' ? '校区' : '组织');
      }
      await assertPermissionsEditable(ctx.db, ctx.principal, [Number(permissionId)]);
      await assertDataScopeGrantable(ctx.db, ctx.principal, false, type === 'school' ? [Number(target)] : [], type === 'school' ? [] : [Number(target)]);
    },
    afterWrite: () => invalidatePrincipals(),
    async beforeDelete(ctx, ids) {
      const rows = await ctx.db.selectFrom('sys_data_permission_detail').select('permission_id').where('id', 'in', ids).execute();
      await assertPermissionsEditable(ctx.db, ctx.principal, [...new Set(rows.map((r) => r.permission_id))]);
      invalidatePrincipals();
    },
    extendPage(qb: AnySelect): AnySelect {
      return qb
        .leftJoin('organisations', 'organisations.id', 'sys_data_permission_detail.target_id')
        .select(sql.ref<string>('organisations.name').as('target_name')) as unknown as AnySelect;
    },
  });

  app.get('/api/v1/system_data_perssion/get_by_role_id', async (c) => {
    const { role_id } = check(z.object({ role_id: roleIdSchema }), queryObject(c), { role_id: '角色' });
    const [answer] = await scopesOf(c.var.db, [role_id]);
    if (!answer) throw new ApiError(404, '角色不存在');
    return ok(c, answer);
  });

  app.get('/api/v1/system_data_perssion/get_by_all_role', async (c) => ok(c, await scopesOf(c.var.db)));

  // One call sets a role's whole data scope: the permission row and its details are replaced.
  // Logged as one change of the role: its scope (kind, campuses, organisations) before and after.
  mountWrite(app, '/api/v1/system_data_perssion/update', { area: 'system', title: '设置数据权限', table: 'sys_data_permission' }, async (c, log) => {
    assertPerm(c.var.principal, 'update_data_perssion');
    const body = await parseJson(c, updateSchema, { role_id: '角色', kind: '范围', school_ids: '校区', org_ids: '组织', remark: '备注' });
    const db = c.var.db;
    const role = await db.selectFrom('roles').select('id').where('id', '=', body.role_id).executeTakeFirst();
    if (!role) throw new ApiError(404, '角色不存在');
    const schools = body.kind === DATA_PERMISSION_LIST ? (body.school_ids ?? []) : [];
    const orgs = body.kind === DATA_PERMISSION_LIST ? (body.org_ids ?? []) : [];
    await assertOrgs(db, schools, true, '校区');
    await assertOrgs(db, orgs, false, '组织');
    await assertRoleEditable(db, c.var.principal, body.role_id);
    await assertDataScopeGrantable(db, c.var.principal, body.kind === DATA_PERMISSION_ALL, schools, orgs);
    const now = nowText();
    const uid = c.var.principal.userId;
    const [before] = await scopesOf(db, [body.role_id]);
    const existing = await db.selectFrom('sys_data_permission').select('id').where('role_id', '=', body.role_id).executeTakeFirst();
    if (existing) await db.deleteFrom('sys_data_permission_detail').where('permission_id', '=', existing.id).execute();
    if (body.kind === 0) {
      if (existing) await db.deleteFrom('sys_data_permission').where('id', '=', existing.id).execute();
    } else {
      let id: number;
      if (existing) {
        await db.updateTable('sys_data_permission').set({ kind: body.kind, remark: body.remark ?? null, updated_at: now, updated_by: uid }).where('id', '=', existing.id).execute();
        id = existing.id;
      } else {
        const row = await db
          .insertInto('sys_data_permission')
          .values({ role_id: body.role_id, kind: body.kind, remark: body.remark ?? null, created_at: now, updated_at: now, created_by: uid, updated_by: uid })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      }
      const details = [
        ...schools.map((t) => ({ target_type: 'school', target_id: t })),
        ...orgs.map((t) => ({ target_type: 'org', target_id: t })),
      ].map((d) => ({ ...d, permission_id: id, created_at: now, updated_at: now, created_by: uid, updated_by: uid }));
      if (details.length) await db.insertInto('sys_data_permission_detail').values(details).execute();
    }
    invalidatePrincipals();
    const [answer] = await scopesOf(db, [body.role_id]);
    const scope = (a: RoleScopeAnswer) => ({ kind: a.kind, school_ids: a.school_ids, org_ids: a.org_ids, remark: a.remark });
    await log([diffRow(body.role_id, scope(before), scope(answer))]);
    return ok(c, answer);
  });
}
