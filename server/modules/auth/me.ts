import { z } from 'zod';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv, Principal } from '../../lib/context';
import type { Database } from '../../db/schema';
import { modifyPasswordSchema } from '../../../src/contract/session';
import type { SchoolOption, UserSchools } from '../../../src/contract/paths';
import { ApiError, notFound, ok } from '../../lib/http';
import { maskFor } from '../../lib/mask';
import { parseJson, parseQuery } from '../../lib/validate';
import { hashPassword, verifyPassword } from '../../lib/password';
import { revokeUserSessions } from '../../lib/sessions';
import { hasPerm, invalidatePrincipals } from '../../lib/auth';
import { activeRolesOf, shownRoles } from '../../lib/principal';
import { nowText } from '../../lib/time';
import { requireInScope, STAFF } from '../../lib/scope';
import { mountWrite } from '../../lib/call-routes';
import { diffRow, SECRET_SET } from '../../lib/audit';
import { maskText } from '../../../src/contract/mask';
import '../../db/core-schema';

export const PHONE_RE = /^1\d{10}$/;

const modifyInfoSchema = z.object({
  name: z.string().trim().min(1, '请输入姓名').max(64, '姓名不能超过64个字符').optional(),
  phone: z
    .string()
    .trim()
    .refine((s) => s === '' || PHONE_RE.test(s), '手机号须为11位数字')
    .optional()
    .nullable(),
  city: z.string().trim().max(64, '城市不能超过64个字符').optional().nullable(),
  avatar: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((s) => s.length <= 255, '头像不能超过255个字符')
    .optional()
    .nullable(),
});

/** The user's own profile (and, for user admins, anyone's by `id`). */
export async function userInfo(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
  const u = await db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.org_id')
    .select([
      'users.id',
      'users.login_id',
      'users.name',
      'users.phone',
      'users.email',
      'users.sex',
      'users.avatar',
      'users.city',
      'users.org_id',
      'organisations.name as org_name',
      'users.domain',
      'users.state',
      'users.must_change_password',
      'users.created_at',
    ])
    .where('users.id', '=', id)
    .where('users.del_flag', '=', 0)
    .executeTakeFirst();
  if (!u) throw notFound();
  // the roles alone: the user's menus, operation codes and campuses (loadAccess) are not shown
  const { roles, superuser } = shownRoles(await activeRolesOf(db, id));
  return { ...u, roles, isAdmin: superuser };
}

export async function userSchools(db: Kysely<Database>, p: Principal): Promise<UserSchools> {
  let q = db
    .selectFrom('organisations as s')
    .leftJoin('organisations as city', (j) => j.onRef('city.id', '=', 's.parent_id').on('city.kind', '=', 'city'))
    .select(['s.id', 's.name', 's.code', 'city.id as city_id', 'city.name as city_name'])
    .where('s.kind', '=', 'school')
    .where('s.del_flag', '=', 0)
    .orderBy('s.order_num')
    .orderBy('s.id');
  if (!p.allSchools && !p.superuser) {
    if (p.schoolIds.length === 0) return { all: false, schools: [] };
    q = q.where('s.id', 'in', [...p.schoolIds]);
  }
  const rows = await q.execute();
  const schools: SchoolOption[] = rows.map((r) => ({ id: r.id, name: r.name, code: r.code, city_id: r.city_id ?? null, city_name: r.city_name ?? null }));
  return { all: p.allSchools || p.superuser, schools };
}

async function changeOwnPassword(db: Kysely<Database>, p: Principal, body: { origin: string; new: string }): Promise<void> {
  const u = await db.selectFrom('users').select(['password_hash']).where('id', '=', p.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(u.password_hash, body.origin))) throw new ApiError(400, '原密码错误');
  if (body.origin === body.new) throw new ApiError(400, '新密码不能与原密码相同');
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(body.new), must_change_password: 0, updated_at: nowText(), updated_by: p.userId })
    .where('id', '=', p.userId)
    .execute();
  // Other sign-ins of this account end; this one stays.
  await revokeUserSessions(db, p.userId, p.tokenHash);
  invalidatePrincipals();
}

const passwordLabels = { origin: '原密码', new: '新密码', confirm: '确认密码' };

export function registerMe(app: Hono<AppEnv>, _deps: AppDeps): void {
  app.get('/api/v1/health', (c) => ok(c, { status: 'ok', time: nowText() }));

  app.get('/api/v1/sys_user/get_info', async (c) => {
    const { id } = parseQuery(c, z.object({ id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数').optional() }));
    const p = c.var.principal;
    if (id !== undefined && id !== p.userId) {
      if (!hasPerm(p, 'update_user')) throw notFound();
      // another campus's user answers exactly as a missing one
      await requireInScope(c.var.db, p, STAFF, id);
    }
    const info = await userInfo(c.var.db, id ?? p.userId);
    // one's own phone in full; a colleague's as the caller may see it
    return ok(c, id !== undefined && id !== p.userId ? { ...info, phone: maskFor(p, 'phone', info.phone as string | null) } : info);
  });

  mountWrite(app, '/api/v1/sys_user/modify_info', { area: 'system', title: '修改个人信息', table: 'users' }, async (c, log) => {
    const body = await parseJson(c, modifyInfoSchema, { name: '姓名', phone: '手机号', city: '城市', avatar: '头像' });
    const p = c.var.principal;
    const set: Record<string, string | null> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.phone !== undefined) set.phone = body.phone || null;
    if (body.city !== undefined) set.city = body.city || null;
    if (body.avatar !== undefined) set.avatar = body.avatar || null;
    if (Object.keys(set).length > 0) {
      const before = await c.var.db.selectFrom('users').select(['name', 'phone', 'city', 'avatar']).where('id', '=', p.userId).executeTakeFirstOrThrow();
      await c.var.db
        .updateTable('users')
        .set({ ...set, updated_at: nowText(), updated_by: p.userId })
        .where('id', '=', p.userId)
        .execute();
      invalidatePrincipals();
      // the phone as 操作日志 keeps every phone: masked
      const logged = (u: Record<string, string | null>) => ('phone' in u ? { ...u, phone: maskText('phone', u.phone) } : u);
      await log([diffRow(p.userId, logged(before), logged({ ...before, ...set }))]);
    } else {
      await log([]);
    }
    return ok(c, await userInfo(c.var.db, p.userId));
  });

  // Logged: that the password was changed, never the passwords.
  const password = { area: 'system', title: '修改密码', table: 'users' };
  mountWrite(app, '/api/v1/system/modify_password', password, async (c, log) => {
    const body = await parseJson(c, modifyPasswordSchema, passwordLabels);
    await changeOwnPassword(c.var.db, c.var.principal, body);
    await log([{ id: c.var.principal.userId, before: {}, after: { password: SECRET_SET } }]);
    return ok(c, null);
  });

  // The older path of the same action (spec doc 000 §7 names both).
  mountWrite(app, '/api/v1/system_user/update_password', password, async (c, log) => {
    const body = await parseJson(c, modifyPasswordSchema, passwordLabels);
    await changeOwnPassword(c.var.db, c.var.principal, body);
    await log([{ id: c.var.principal.userId, before: {}, after: { password: SECRET_SET } }]);
    return ok(c, null);
  });

  app.get('/api/v1/sys_user/get_user_school', async (c) => ok(c, await userSchools(c.var.db, c.var.principal)));
}
