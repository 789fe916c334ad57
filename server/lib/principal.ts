import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SUPER_CODE } from '../../src/contract/session';
import type { Principal } from './context';
import { dataScopeOfRoles } from './data-permission';
import '../db/core-schema';

/** Values of an option set (JSON list of {value, text}); an unknown code or bad JSON gives []. */
export async function optionValues(db: Kysely<Database>, code: string): Promise<string[]> {
  const row = await db.selectFrom('option_sets').select('value').where('code', '=', code).executeTakeFirst();
  if (!row) return [];
  try {
    const list = JSON.parse(row.value) as unknown;
    if (!Array.isArray(list)) return [];
    return list.map((i) => (i && typeof i === 'object' && 'value' in i ? String((i as { value: unknown }).value) : String(i)));
  } catch {
    return [];
  }
}

export interface UserAccess {
  roleIds: number[];
  roleCodes: string[];
  roles: { id: number; code: string; name: string }[];
  perms: Set<string>;
  /** codes of every menu the roles grant (directories, screens and operation codes): reads are checked against them */
  menuCodes: Set<string>;
  superuser: boolean;
  allSchools: boolean;
  schoolIds: number[];
}

/** A user's roles that are on, in id order. */
export function activeRolesOf(db: Kysely<Database>, userId: number): Promise<{ id: number; code: string; name: string; all_schools: number }[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.code', 'roles.name', 'roles.all_schools'])
    .where('user_roles.user_id', '=', userId)
    .where('roles.state', '=', 1)
    .orderBy('roles.id')
    .execute();
}

/** A user's roles as they are shown (id, code, name) and whether one of them is the administrator's. */
export function shownRoles(roles: readonly { id: number; code: string; name: string }[]): { roles: UserAccess['roles']; superuser: boolean } {
  return { roles: roles.map((r) => ({ id: r.id, code: r.code, name: r.name })), superuser: roles.some((r) => r.code === SUPER_CODE) };
}

/** Roles, operation codes and campuses of a user. */
export async function loadAccess(db: Kysely<Database>, userId: number): Promise<UserAccess> {
  const roles = await activeRolesOf(db, userId);
  const roleIds = roles.map((r) => r.id);
  const roleCodes = roles.map((r) => r.code);
  const { roles: shown, superuser } = shownRoles(roles);
  const perms = new Set<string>();
  const menuCodes = new Set<string>();
  if (roleIds.length > 0) {
    const rows = await db
      .selectFrom('role_menus')
      .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
      .select(['menus.code', 'menus.type'])
      .distinct()
      .where('role_menus.role_id', 'in', roleIds)
      .where('menus.del_flag', '=', 0)
      .execute();
    for (const r of rows) {
      if (r.code === null || r.code === '') continue;
      menuCodes.add(r.code);
      if (r.type === 2) perms.add(r.code);
    }
  }
  const allCodes = await optionValues(db, 'all_school_roles');
  // Data permissions of the roles widen the user's own campuses (user_schools): kind 1 reaches all.
  const granted = superuser ? { all: true, schoolIds: [] } : await dataScopeOfRoles(db, roleIds);
  const allSchools = superuser || granted.all || roles.some((r) => r.all_schools === 1 || allCodes.includes(r.code));
  const schoolRows = allSchools
    ? await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute()
    : await db
        .selectFrom('user_schools')
        .innerJoin('organisations', 'organisations.id', 'user_schools.school_id')
        .select('organisations.id')
        .where('user_schools.user_id', '=', userId)
        .where('organisations.del_flag', '=', 0)
        .orderBy('organisations.id')
        .execute();
  const schoolIds = allSchools ? schoolRows.map((r) => r.id) : [...new Set([...schoolRows.map((r) => r.id), ...granted.schoolIds])].toSorted((a, b) => a - b);
  return {
    roleIds,
    roleCodes,
    roles: shown,
    perms,
    menuCodes,
    superuser,
    allSchools,
    schoolIds,
  };
}

export function hasPerm(p: Pick<Principal, 'superuser' | 'perms'>, code: string): boolean {
  return p.superuser || p.perms.has(code);
}
