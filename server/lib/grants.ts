import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SUPER_CODE } from '../../src/contract/session';
import type { Principal } from './context';
import { ApiError } from './http';
import { optionValues } from './principal';
import { dataScopeOfRoles, schoolsUnder } from './data-permission';
import { schoolScope } from './scope';

/**
 * Nobody widens their own reach (DESIGN §8): a non-super user never edits their own roles,
 * schools or data permissions, and grants (roles to users, schools to users, menus and data
 * permissions to roles) never exceed the granter's own campuses and operation codes. RC999 is not
 * limited. Every refusal is 403 with a Chinese message.
 */

export interface RoleReach {
  id: number;
  code: string;
  name: string;
  /** reaches every campus (all_schools, all_school_roles, a kind-1 data permission, RC999) */
  all: boolean;
  /** campuses the role adds through its data permission (empty when `all`) */
  schoolIds: number[];
  /** operation codes (type-2 menus) of the role */
  codes: string[];
}

function refuse(msg: string): never {
  throw new ApiError(403, msg);
}

/** Campus reach and operation codes of roles, in the order of `roleIds` (missing roles left out). */
export async function reachOfRoles(db: Kysely<Database>, roleIds: readonly number[]): Promise<RoleReach[]> {
  if (roleIds.length === 0) return [];
  const roles = await db.selectFrom('roles').select(['id', 'code', 'name', 'all_schools']).where('id', 'in', [...roleIds]).orderBy('id').execute();
  const codes = await db
    .selectFrom('role_menus')
    .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
    .select(['role_menus.role_id', 'menus.code'])
    .where('role_menus.role_id', 'in', [...roleIds])
    .where('menus.type', '=', 2)
    .where('menus.del_flag', '=', 0)
    .execute();
  const allCodes = await optionValues(db, 'all_school_roles');
  const out: RoleReach[] = [];
  for (const r of roles) {
    const granted = await dataScopeOfRoles(db, [r.id]);
    const all = r.code === SUPER_CODE || r.all_schools === 1 || allCodes.includes(r.code) || granted.all;
    out.push({ id: r.id, code: r.code, name: r.name, all, schoolIds: all ? [] : granted.schoolIds, codes: codes.filter((c) => c.role_id === r.id).map((c) => c.code) });
  }
  return out;
}

/** Whether the campuses (all, or a list) lie within the principal's own. */
function campusesWithin(p: Principal, all: boolean, schoolIds: readonly number[]): boolean {
  const scope = schoolScope(p);
  if (scope === undefined) return true;
  if (all) return false;
  return schoolIds.every((s) => scope.includes(s));
}

/** The first reason the principal may not hand out this role, or undefined. */
function roleBeyond(p: Principal, role: RoleReach): string | undefined {
  if (role.code === SUPER_CODE) return `没有权限分配角色「${role.name}」`;
  if (!campusesWithin(p, role.all, role.schoolIds)) return `角色「${role.name}」的校区范围超出了您的权限`;
  const missing = role.codes.filter((c) => !p.perms.has(c));
  if (missing.length) return `角色「${role.name}」包含您没有的操作权限：${missing.slice(0, 5).join('、')}`;
  return undefined;
}

/** Roles being given to a user must lie within the granter's reach and operation codes. */
export async function assertRolesGrantable(db: Kysely<Database>, p: Principal, roleIds: readonly number[]): Promise<void> {
  if (p.superuser || roleIds.length === 0) return;
  for (const role of await reachOfRoles(db, roleIds)) {
    const why = roleBeyond(p, role);
    if (why) refuse(why);
  }
}

/**
 * A non-super user changes the roles or schools of another user only when that user's whole
 * reach is within theirs (else they could re-arrange, or take over, a more powerful account).
 */
export async function assertUserGrantsEditable(db: Kysely<Database>, p: Principal, userId: number): Promise<void> {
  if (p.superuser) return;
  if (userId === p.userId) refuse('不能修改自己的角色、校区或数据权限');
  const roleIds = (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id);
  const schools = (await db.selectFrom('user_schools').select('school_id').where('user_id', '=', userId).execute()).map((r) => r.school_id);
  const beyond = (await reachOfRoles(db, roleIds)).some((r) => roleBeyond(p, r) !== undefined);
  if (beyond || !campusesWithin(p, false, schools)) refuse('该用户的权限超出了您的权限范围，不能修改');
}

/**
 * A non-super user edits a role (its fields, menus, data permission) only when they do not hold it
 * themselves and its campus reach is within theirs.
 */
export async function assertRoleEditable(db: Kysely<Database>, p: Principal, roleId: number): Promise<void> {
  if (p.superuser) return;
  if (p.roleIds.includes(roleId)) refuse('不能修改自己所属角色的权限');
  const [role] = await reachOfRoles(db, [roleId]);
  if (!role) return;
  if (role.code === SUPER_CODE) refuse(`没有权限修改角色「${role.name}」`);
  if (!campusesWithin(p, role.all, role.schoolIds)) refuse(`角色「${role.name}」的校区范围超出了您的权限`);
}

/** Menus and operation codes being added to a role must be ones the granter holds. */
export async function assertMenusHeld(db: Kysely<Database>, p: Principal, menuIds: readonly number[]): Promise<void> {
  if (p.superuser || menuIds.length === 0) return;
  const held = p.roleIds.length
    ? new Set((await db.selectFrom('role_menus').select('menu_id').where('role_id', 'in', [...p.roleIds]).execute()).map((r) => r.menu_id))
    : new Set<number>();
  const extra = menuIds.filter((m) => !held.has(m));
  if (extra.length === 0) return;
  const names = await db.selectFrom('menus').select('name').where('id', 'in', extra.slice(0, 5)).execute();
  refuse(`不能授予您自己没有的菜单或操作权限：${names.map((n) => n.name).join('、')}`);
}

/** A data permission being set (kind 1 all campuses, kind 2 listed schools and organisations) stays within the granter's campuses. */
/** A role being made all-campus (all_schools = 1) needs a granter who reaches every campus. */
export function assertAllSchoolsGrantable(p: Principal, allSchools: boolean): void {
  if (allSchools && !campusesWithin(p, true, [])) refuse('只有可访问全部校区的用户才能设置全部校区');
}

export async function assertDataScopeGrantable(db: Kysely<Database>, p: Principal, all: boolean, schoolIds: readonly number[], orgIds: readonly number[]): Promise<void> {
  if (p.superuser) return;
  const reached = [...schoolIds, ...(await schoolsUnder(db, [...orgIds]))];
  if (!campusesWithin(p, all, reached)) refuse('数据权限的校区范围超出了您的权限');
}
