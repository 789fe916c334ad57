import { z } from 'zod';
import type { Context, Hono } from 'hono';
import { mountWrite, type LogWrite } from '../../../lib/call-routes';
import { diffRow, SECRET_SET } from '../../../lib/audit';
import { maskText } from '../../../../src/contract/mask';
import { sql, type Kysely } from 'kysely';
import type { AppEnv, Principal } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import { newPasswordSchema, SUPER_CODE } from '../../../../src/contract/session';
import { idListSchema, idQuerySchema } from '../../../../src/contract/resource';
import { ApiError, notFound, ok } from '../../../lib/http';
import { check, formObject, parseJson, parseQuery, queryObject, readJson } from '../../../lib/validate';
import { assertPerm, invalidatePrincipals } from '../../../lib/auth';
import { countOf, isUniqueViolation, likeInsensitive, likePattern } from '../../../db/dialect';
import { hashPassword } from '../../../lib/password';
import { revokeUserSessions } from '../../../lib/sessions';
import { assertRolesGrantable, assertUserGrantsEditable } from '../../../lib/grants';
import { CAMPUS, missingRef, reachableOrgIds, requireInScope, schoolScope } from '../../../lib/scope';
import { nowText } from '../../../lib/time';
import { idArraySchema, optInt, orderOf, pageParams, subtreeOf } from './common';
import { PAGE_LABELS } from '../../../../src/contract/paging';
import { postRead } from '../../../lib/tx';
import { setExportText } from '../../../lib/export-hook';
import { keptOrRefused, maskFor } from '../../../lib/mask';
import { looksMasked } from '../../../../src/contract/mask';
import { userStateText } from '../../../../src/lib/format/userState';
import { listOrder, type ListOrder } from '../../../lib/list-order';
import { createStaffFile } from '../../base';

const PHONE_RE = /^1\d{10}$/;
const LOGIN_RE = /^[A-Za-z0-9_.@-]+$/;

const userLabels = { login_id: '账号', name: '姓名', phone: '手机号', email: '邮箱', sex: '性别', password: '密码', state: '状态', org_id: '所属组织', city: '城市', roles: '角色', schools: '校区', remark: '备注' };

const userFields = {
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(64, '姓名不能超过64个字符'),
  phone: z
    .string()
    .trim()
    // a masked phone (the list shows 138****1234) is kept or refused against the stored one below
    .refine((s) => s === '' || PHONE_RE.test(s) || looksMasked(s), '手机号须为11位数字')
    .optional()
    .nullable(),
  email: z
    .string()
    .trim()
    .max(128, '邮箱不能超过128个字符')
    .refine((s) => s === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s), '邮箱格式不正确')
    .optional()
    .nullable(),
  sex: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().refine((n) => n === 1 || n === 2, '性别只能是 男 或 女').nullable().optional()),
  state: z.coerce.number().int().refine((n) => n === 0 || n === 1, '状态只能是 启用 或 停用').optional(),
  org_id: optInt('所属组织').nullable(),
  city: z.string().trim().max(64, '城市不能超过64个字符').optional().nullable(),
  remark: z.string().trim().max(255, '备注不能超过255个字符').optional().nullable(),
  roles: idArraySchema('角色').optional(),
  schools: idArraySchema('校区').optional(),
};

const addUserSchema = z.object({
  login_id: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号不能超过64个字符').regex(LOGIN_RE, '账号只能包含字母、数字和 _ . @ -'),
  password: newPasswordSchema,
  ...userFields,
});

const updateUserSchema = z.object({
  id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数'),
  ...userFields,
  name: userFields.name.optional(),
});

export interface UserRow {
  id: number;
  login_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  sex: number | null;
  state: number;
  avatar: string | null;
  city: string | null;
  org_id: number | null;
  org_name: string | null;
  locked: boolean;
  created_at: string | null;
  roles: number[];
  role_names: string;
  schools: number[];
  school_names: string;
}

/** The users query limited to the caller's campuses (users who work in one of them). */
function scopedUsers(db: Kysely<Database>, p: Principal) {
  let qb = db.selectFrom('users').leftJoin('organisations as org', 'org.id', 'users.org_id').where('users.del_flag', '=', 0);
  const scope = schoolScope(p);
  if (scope !== undefined) {
    qb = qb.where('users.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', scope.length ? [...scope] : [-1]));
  }
  return qb;
}

/** Users as the caller is answered: roles, campuses, lock state, and the phone masked (server/lib/mask.ts). */
async function decorate(db: Kysely<Database>, p: Principal, rows: { id: number; locked_until: number | null; phone: string | null }[] & Record<string, unknown>[]): Promise<UserRow[]> {
  const ids = rows.map((r) => r.id);
  const roles = ids.length
    ? await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select(['user_roles.user_id', 'roles.id', 'roles.name']).where('user_roles.user_id', 'in', ids).orderBy('roles.id').execute()
    : [];
  const schools = ids.length
    ? await db
        .selectFrom('user_schools')
        .innerJoin('organisations', 'organisations.id', 'user_schools.school_id')
        .select(['user_schools.user_id', 'organisations.id', 'organisations.name'])
        .where('user_schools.user_id', 'in', ids)
        .orderBy('organisations.id')
        .execute()
    : [];
  const now = Date.now();
  return rows.map((r) => {
    const rs = roles.filter((x) => x.user_id === r.id);
    const ss = schools.filter((x) => x.user_id === r.id);
    const { locked_until, ...rest } = r;
    return {
      ...(rest as unknown as Omit<UserRow, 'roles' | 'role_names' | 'schools' | 'school_names' | 'locked'>),
      phone: maskFor(p, 'phone', r.phone),
      locked: locked_until !== null && locked_until > now,
      roles: rs.map((x) => x.id),
      role_names: rs.map((x) => x.name).join('、'),
      schools: ss.map((x) => x.id),
      school_names: ss.map((x) => x.name).join('、'),
    };
  });
}

const USER_COLUMNS = [
  'users.id',
  'users.login_id',
  'users.name',
  'users.phone',
  'users.email',
  'users.sex',
  'users.state',
  'users.avatar',
  'users.city',
  'users.org_id',
  'org.name as org_name',
  'users.locked_until',
  'users.created_at',
] as const;

export async function userById(db: Kysely<Database>, p: Principal, id: number): Promise<UserRow> {
  const row = await scopedUsers(db, p).select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return (await decorate(db, p, [row]))[0];
}

const userPageQuery = pageParams.extend({
  login_id: z.string().trim().max(64).optional(),
  name: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).optional(),
  state: optInt('状态'),
  org_id: optInt('组织'),
  role_id: optInt('角色'),
  role_code: z.string().trim().max(64).optional(),
  school_id: optInt('校区'),
});

async function userPage(c: Context<AppEnv>, params: Record<string, string>): Promise<Response> {
  const q = check(userPageQuery, params, { ...PAGE_LABELS });
  const db = c.var.db;
  let qb = scopedUsers(db, c.var.principal);
  if (q.login_id) qb = qb.where(likeInsensitive('users.login_id', likePattern(q.login_id)));
  if (q.name) qb = qb.where(likeInsensitive('users.name', likePattern(q.name)));
  if (q.phone) qb = qb.where(likeInsensitive('users.phone', likePattern(q.phone)));
  if (q.state !== undefined) qb = qb.where('users.state', '=', q.state);
  if (q.org_id) qb = qb.where('users.org_id', 'in', db.selectFrom('organisations').select('id').where(subtreeOf('id', 'inheritance', q.org_id)));
  if (q.role_id) qb = qb.where('users.id', 'in', db.selectFrom('user_roles').select('user_id').where('role_id', '=', q.role_id));
  if (q.role_code) {
    const codes = q.role_code.split(',');
    qb = qb.where('users.id', 'in', db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('user_roles.user_id').where('roles.code', 'in', codes));
  }
  if (q.school_id) qb = qb.where('users.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', '=', q.school_id));
  const totalSize = await countOf(qb.select('users.id'));
  let sel = qb.select(USER_COLUMNS);
  for (const [col, dir] of orderOf(q.sort, ['id', 'login_id', 'name', 'phone', 'state', 'created_at', 'org_id'], [['id', 'asc']])) sel = sel.orderBy(sql.ref(`users.${col}`), dir);
  const rows = await sel.limit(q.rows).offset((q.page - 1) * q.rows).execute();
  return ok(c, { content: await decorate(db, c.var.principal, rows), totalSize });
}

/**
 * Roles and schools given to a user: they must exist, lie within the granter's reach (grants.ts)
 * and schools outside the granter's campuses answer as missing. `held` are the user's current
 * grants on update: only what is added is checked here, the user's own reach by the caller.
 */
async function checkGrants(
  db: Kysely<Database>,
  p: Principal,
  roles: number[] | undefined,
  schools: number[] | undefined,
  held: { roles: number[]; schools: number[] } = { roles: [], schools: [] },
): Promise<void> {
  if (roles && roles.length) {
    const found = await db.selectFrom('roles').select(['id', 'code']).where('id', 'in', roles).execute();
    if (found.length !== new Set(roles).size) throw new ApiError(400, '角色不存在');
    if (!p.superuser && found.some((r) => r.code === SUPER_CODE)) throw new ApiError(403, '没有权限分配系统管理员角色');
    await assertRolesGrantable(db, p, roles.filter((r) => !held.roles.includes(r)));
  }
  // a campus of another reach answers exactly as a missing one (campuses the user already has may stay)
  const added = schools?.filter((s) => !held.schools.includes(s)) ?? [];
  if (added.length) await requireInScope(db, p, CAMPUS, added, '校区');
}

const sameSet = (a: readonly number[], b: readonly number[]): boolean => new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

async function checkOrg(db: Kysely<Database>, p: Principal, orgId: number | null | undefined): Promise<void> {
  if (orgId === undefined || orgId === null) return;
  const org = await db.selectFrom('organisations').select('id').where('id', '=', orgId).where('del_flag', '=', 0).executeTakeFirst();
  const reach = await reachableOrgIds(db, p);
  if (!org || (reach && !reach.has(org.id))) throw missingRef('所属组织');
}

async function replaceLinks(db: Kysely<Database>, userId: number, roles: number[] | undefined, schools: number[] | undefined): Promise<void> {
  if (roles) {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    for (const r of new Set(roles)) await db.insertInto('user_roles').values({ user_id: userId, role_id: r }).execute();
  }
  if (schools) {
    await db.deleteFrom('user_schools').where('user_id', '=', userId).execute();
    for (const s of new Set(schools)) await db.insertInto('user_schools').values({ user_id: userId, school_id: s }).execute();
  }
}

/** A user as the log records it: the columns the forms write (the phone masked), roles and campuses by id. */
async function loggedUser(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
  const u = await db
    .selectFrom('users')
    .select(['login_id', 'name', 'phone', 'email', 'sex', 'state', 'city', 'org_id', 'remark', 'del_flag'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const roles = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', id).orderBy('role_id').execute();
  const schools = await db.selectFrom('user_schools').select('school_id').where('user_id', '=', id).orderBy('school_id').execute();
  return { ...u, phone: maskText('phone', u.phone), roles: roles.map((r) => r.role_id), schools: schools.map((r) => r.school_id) };
}

async function addUser(c: Context<AppEnv>, log: LogWrite): Promise<Response> {
  assertPerm(c.var.principal, 'add_user');
  const body = await parseJson(c, addUserSchema, userLabels);
  const db = c.var.db;
  const p = c.var.principal;
  await checkGrants(db, p, body.roles, body.schools);
  await checkOrg(db, p, body.org_id);
  if (!p.superuser && !p.allSchools && !(body.schools && body.schools.length)) throw new ApiError(400, '请选择校区');
  keptOrRefused('phone', userLabels.phone, body.phone, null); // a masked phone names no number to add
  if (await db.selectFrom('users').select('id').where('login_id', '=', body.login_id).executeTakeFirst()) throw new ApiError(409, '账号已存在');
  const now = nowText();
  let id: number;
  try {
    const row = await db
      .insertInto('users')
      .values({
        login_id: body.login_id,
        name: body.name,
        phone: body.phone || null,
        email: body.email || null,
        sex: body.sex ?? null,
        password_hash: await hashPassword(body.password),
        state: body.state ?? 1,
        locked_until: null,
        avatar: null,
        city: body.city || null,
        org_id: body.org_id ?? null,
        remark: body.remark || null,
        // the administrator chose this password: the user chooses their own at the first sign-in
        must_change_password: 1,
        created_at: now,
        updated_at: now,
        created_by: p.userId,
        updated_by: p.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, '账号已存在');
    throw err;
  }
  await replaceLinks(db, id, body.roles, body.schools);
  await createStaffFile(db, id, p.userId);
  await log([diffRow(id, null, await loggedUser(db, id))]);
  return ok(c, await userById(db, p, id));
}

async function updateUser(c: Context<AppEnv>, log: LogWrite): Promise<Response> {
  assertPerm(c.var.principal, 'update_user');
  const body = await parseJson(c, updateUserSchema, userLabels);
  const db = c.var.db;
  const p = c.var.principal;
  const current = await userById(db, p, body.id);
  const held = { roles: current.roles, schools: current.schools };
  const regrants = (body.roles !== undefined && !sameSet(body.roles, held.roles)) || (body.schools !== undefined && !sameSet(body.schools, held.schools));
  // Nobody re-arranges their own grants, nor those of a user reaching further than they do.
  if (regrants) await assertUserGrantsEditable(db, p, body.id);
  await checkGrants(db, p, body.roles, body.schools, held);
  await checkOrg(db, p, body.org_id);
  if (body.state === 0 && body.id === p.userId) throw new ApiError(400, '不能停用当前登录的账号');
  const before = await loggedUser(db, body.id);
  const set: Record<string, string | number | null> = { updated_at: nowText(), updated_by: p.userId };
  if (body.name !== undefined) set.name = body.name;
  if (body.phone !== undefined) {
    // the masked phone sent back unchanged keeps the stored one
    const stored = await db.selectFrom('users').select('phone').where('id', '=', body.id).executeTakeFirst();
    const phone = keptOrRefused('phone', userLabels.phone, body.phone, stored?.phone);
    if (phone !== undefined) set.phone = phone || null;
  }
  if (body.email !== undefined) set.email = body.email || null;
  if (body.sex !== undefined) set.sex = body.sex;
  if (body.state !== undefined) set.state = body.state;
  if (body.org_id !== undefined) set.org_id = body.org_id;
  if (body.city !== undefined) set.city = body.city || null;
  if (body.remark !== undefined) set.remark = body.remark || null;
  await db.updateTable('users').set(set).where('id', '=', body.id).execute();
  await replaceLinks(db, body.id, body.roles, body.schools);
  if (body.state === 0) await revokeUserSessions(db, body.id);
  invalidatePrincipals();
  await log([diffRow(body.id, before, await loggedUser(db, body.id))]);
  return ok(c, await userById(db, p, body.id));
}

async function deleteUsers(c: Context<AppEnv>, log: LogWrite): Promise<Response> {
  assertPerm(c.var.principal, 'del_user');
  const ids = [...new Set(check(idListSchema, await readJson(c)).map((x) => x.id))];
  const db = c.var.db;
  const p = c.var.principal;
  if (ids.includes(p.userId)) throw new ApiError(400, '不能删除当前登录的账号');
  const found = await scopedUsers(db, p).select(['users.id', 'users.state']).where('users.id', 'in', ids).execute();
  if (found.length !== ids.length) throw notFound();
  await db.updateTable('users').set({ del_flag: 1, state: 0, updated_at: nowText(), updated_by: p.userId }).where('id', 'in', ids).execute();
  for (const id of ids) await revokeUserSessions(db, id);
  invalidatePrincipals();
  await log(found.map((u) => diffRow(u.id, { del_flag: 0, state: u.state }, { del_flag: 1, state: 0 })));
  return ok(c, { count: ids.length });
}

const resetSchema = z.object({
  id: z.coerce.number({ error: 'id 必须是数字' }).int().positive('id 必须是正整数'),
  password: newPasswordSchema,
});

const optionsQuery = z.object({
  school_id: optInt('校区'),
  org_id: optInt('组织'),
  role_code: z.string().trim().max(255).optional(),
  role_id: optInt('角色'),
  name: z.string().trim().max(64).optional(),
  rows: z.coerce.number().int().min(1).max(1000, '每页行数不能超过 1000').optional(),
});

/** Users as options (value id, text name) filtered by school, organisation subtree, role. */
async function userOptions(c: Context<AppEnv>, defaults: { roleCodes?: string[] } = {}): Promise<Response> {
  const q = parseQuery(c, optionsQuery, { school_id: '校区', org_id: '组织', role_id: '角色' });
  const db = c.var.db;
  let qb = scopedUsers(db, c.var.principal).where('users.state', '=', 1);
  const codes = q.role_code ? q.role_code.split(',').filter(Boolean) : defaults.roleCodes;
  if (codes && codes.length) {
    qb = qb.where('users.id', 'in', db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('user_roles.user_id').where('roles.code', 'in', codes));
  }
  if (q.role_id) qb = qb.where('users.id', 'in', db.selectFrom('user_roles').select('user_id').where('role_id', '=', q.role_id));
  if (q.school_id) qb = qb.where('users.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', '=', q.school_id));
  if (q.org_id) {
    const orgs = db.selectFrom('organisations').select('id').where(subtreeOf('id', 'inheritance', q.org_id));
    qb = qb.where((eb) => eb.or([eb('users.org_id', 'in', orgs), eb('users.id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', orgs))]));
  }
  if (q.name) qb = qb.where(likeInsensitive('users.name', likePattern(q.name)));
  const rows = await qb.select(['users.id', 'users.name', 'users.login_id', 'users.phone']).orderBy('users.id').limit(q.rows ?? 500).execute();
  return ok(
    c,
    rows.map((r) => ({ value: r.id, text: r.name, id: r.id, name: r.name, login_id: r.login_id, phone: maskFor(c.var.principal, 'phone', r.phone) })),
  );
}

const comboQuery = pageParams.extend({ user_id: optInt('用户'), role_id: optInt('角色'), school_id: optInt('校区'), name: z.string().trim().max(64).optional() });

/** (user, role, school) rows: who holds which role in which campus. */
async function roleSchoolPage(c: Context<AppEnv>, orderBySchool: boolean): Promise<Response> {
  const q = parseQuery(c, comboQuery, { ...PAGE_LABELS });
  const db = c.var.db;
  const scope = schoolScope(c.var.principal);
  let qb = db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .innerJoin('user_schools', 'user_schools.user_id', 'users.id')
    .innerJoin('organisations as s', 's.id', 'user_schools.school_id')
    .where('users.del_flag', '=', 0);
  if (scope !== undefined) qb = qb.where('user_schools.school_id', 'in', scope.length ? [...scope] : [-1]);
  if (q.user_id) qb = qb.where('users.id', '=', q.user_id);
  if (q.role_id) qb = qb.where('roles.id', '=', q.role_id);
  if (q.school_id) qb = qb.where('s.id', '=', q.school_id);
  if (q.name) qb = qb.where(likeInsensitive('users.name', likePattern(q.name)));
  const totalSize = await countOf(qb.select('users.id'));
  let sorted = qb.select(['users.id as user_id', 'users.login_id', 'users.name', 'users.phone', 'roles.id as role_id', 'roles.code as role_code', 'roles.name as role_name', 's.id as school_id', 's.name as school_name']);
  const usual: ListOrder = orderBySchool ? [['s.id', 'asc'], ['roles.id', 'asc'], ['users.id', 'asc']] : [['roles.id', 'asc'], ['s.id', 'asc'], ['users.id', 'asc']];
  const order = listOrder(q.sort, { user_id: 'users.id', login_id: 'users.login_id', name: 'users.name', role_id: 'roles.id', role_name: 'roles.name', school_id: 's.id', school_name: 's.name' }, usual);
  for (const [ref, dir] of order) sorted = sorted.orderBy(sql.ref(ref), dir);
  const rows = await sorted
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  return ok(c, { content: rows.map((r) => ({ ...r, phone: maskFor(c.var.principal, 'phone', r.phone) })), totalSize });
}

export function registerUsers(app: Hono<AppEnv>): void {
  app.get('/api/v1/system/find_user_page', (c) => userPage(c, queryObject(c)));
  setExportText('/api/v1/system/find_user_page', (row) => ({ ...row, state: userStateText(row.state, row.locked) }));
  app.get('/api/v1/sys_user/page', (c) => userPage(c, queryObject(c)));
  app.get('/api/v1/system/get_user', async (c) => {
    const { id } = parseQuery(c, idQuerySchema);
    return ok(c, await userById(c.var.db, c.var.principal, id));
  });
  const write = (title: string) => ({ area: 'system', title, table: 'users' });
  mountWrite(app, '/api/v1/system/add_user', write('新增用户'), addUser);
  mountWrite(app, '/api/v1/sys_user/add', write('新增用户'), addUser);
  mountWrite(app, '/api/v1/system/update_user', write('编辑用户'), updateUser);
  mountWrite(app, '/api/v1/sys_user/update', write('编辑用户'), updateUser);
  mountWrite(app, '/api/v1/system/del_user', write('删除用户'), deleteUsers);
  mountWrite(app, '/api/v1/sys_user/delete', write('删除用户'), deleteUsers);

  mountWrite(app, '/api/v1/system/update_password', write('重置密码'), async (c, log) => {
    assertPerm(c.var.principal, 'update_password');
    const body = await parseJson(c, resetSchema, { id: 'id', password: '新密码' });
    const db = c.var.db;
    await userById(db, c.var.principal, body.id);
    // Setting the password of a more powerful account would be taking it over.
    if (body.id !== c.var.principal.userId) await assertUserGrantsEditable(db, c.var.principal, body.id);
    await db
      .updateTable('users')
      .set({
        password_hash: await hashPassword(body.password),
        failed_count: 0,
        locked_until: null,
        // The user chooses a password only they know at the next sign-in (操作指南); resetting one's
        // own password is already that choice.
        must_change_password: body.id === c.var.principal.userId ? 0 : 1,
        updated_at: nowText(),
        updated_by: c.var.principal.userId,
      })
      .where('id', '=', body.id)
      .execute();
    await revokeUserSessions(db, body.id, body.id === c.var.principal.userId ? c.var.principal.tokenHash : undefined);
    invalidatePrincipals();
    // that it was set, never the password
    await log([{ id: body.id, before: {}, after: { password: SECRET_SET } }]);
    return ok(c, null);
  });

  app.get('/api/v1/system/get_user_roles', async (c) => {
    const { id } = parseQuery(c, z.object({ id: optInt('id'), user_id: optInt('用户') }).transform((v) => ({ id: v.id ?? v.user_id })));
    const p = c.var.principal;
    const userId = id ?? p.userId;
    if (userId !== p.userId) await userById(c.var.db, p, userId);
    const roles = await c.var.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.id', 'roles.code', 'roles.name', 'roles.all_schools'])
      .where('user_roles.user_id', '=', userId)
      .orderBy('roles.id')
      .execute();
    return ok(c, roles);
  });

  postRead(app, '/api/v1/system/get_org_by_userid', async (c) => {
    const raw = await formObject(c);
    const { id } = check(z.object({ id: optInt('id'), user_id: optInt('用户') }).transform((v) => ({ id: v.id ?? v.user_id })), raw);
    const p = c.var.principal;
    const user = await userById(c.var.db, p, id ?? p.userId);
    const org = user.org_id === null ? null : await c.var.db.selectFrom('organisations').selectAll().where('id', '=', user.org_id).executeTakeFirst();
    const schools = user.schools.length ? await c.var.db.selectFrom('organisations').selectAll().where('id', 'in', user.schools).orderBy('id').execute() : [];
    return ok(c, { org: org ?? null, schools });
  });

  app.get('/api/v1/sys_user/is_exist', async (c) => {
    const { login_id } = parseQuery(c, z.object({ login_id: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64, '账号不能超过64个字符'), id: optInt('id') }));
    const { id } = parseQuery(c, z.object({ id: optInt('id') }).passthrough());
    let q = c.var.db.selectFrom('users').select('id').where('login_id', '=', login_id);
    if (id) q = q.where('id', '!=', id);
    return ok(c, Boolean(await q.executeTakeFirst()));
  });

  app.get('/api/v1/sys_user/school_role_page', (c) => roleSchoolPage(c, true));
  app.get('/api/v1/sys_user/role_school_page', (c) => roleSchoolPage(c, false));
  app.get('/api/v1/sys_user/get_user_by_order_role', (c) => userOptions(c, { roleCodes: ['sales', 'telemarketer', 'principal'] }));
  app.get('/api/v1/sys_user/get_user_by_load_school_role', (c) => userOptions(c));
  app.get('/api/v1/sys_user/get_user_by_organ_school_role', (c) => userOptions(c));
  app.get('/api/v1/sys_user/get_user_options', (c) => userOptions(c));
}
