import type { Kysely } from 'kysely';
import type { Database, DeclaredTable } from '../db/schema';
import type { dataPermissionDetailResource, dataPermissionResource } from '../../src/contract/resources/system';

/**
 * Data permissions: per role, which campuses its users reach (src/contract/resources/system.ts,
 * `system_data_permission` and its details). kind 1 = every campus; kind 2 = the listed schools
 * plus every school under the listed organisations.
 */
export type DataPermissionTable = DeclaredTable<typeof dataPermissionResource>;
export type DataPermissionDetailTable = DeclaredTable<typeof dataPermissionDetailResource>;

declare module '../db/schema' {
  interface Database {
    sys_data_permission: DataPermissionTable;
    sys_data_permission_detail: DataPermissionDetailTable;
  }
}

export const DATA_PERMISSION_ALL = 1;
export const DATA_PERMISSION_LIST = 2;

export interface RoleDataScope {
  /** some role reaches every campus */
  all: boolean;
  /** campuses the roles reach (empty when `all`) */
  schoolIds: number[];
}

/** Schools (kind 'school', not deleted) that are the organisation itself or under it. */
export async function schoolsUnder(db: Kysely<Database>, orgIds: number[]): Promise<number[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .selectFrom('organisations')
    .select('id')
    .where('kind', '=', 'school')
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([eb('id', 'in', orgIds), ...orgIds.map((id) => eb('inheritance', 'like', `%|${id}|%`))]))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The campuses a set of roles reaches through data permissions. The principal's scope is this
 * united with the user's own campuses (user_schools): `all` makes the user all-campus.
 */
export async function dataScopeOfRoles(db: Kysely<Database>, roleIds: readonly number[]): Promise<RoleDataScope> {
  if (roleIds.length === 0) return { all: false, schoolIds: [] };
  const perms = await db.selectFrom('sys_data_permission').select(['id', 'kind']).where('role_id', 'in', [...roleIds]).execute();
  if (perms.some((p) => p.kind === DATA_PERMISSION_ALL)) return { all: true, schoolIds: [] };
  const listIds = perms.filter((p) => p.kind === DATA_PERMISSION_LIST).map((p) => p.id);
  if (listIds.length === 0) return { all: false, schoolIds: [] };
  const details = await db.selectFrom('sys_data_permission_detail').select(['target_type', 'target_id']).where('permission_id', 'in', listIds).execute();
  const direct = details.filter((d) => d.target_type === 'school').map((d) => d.target_id);
  const orgs = details.filter((d) => d.target_type === 'org').map((d) => d.target_id);
  const ids = new Set<number>([...(await schoolsUnder(db, direct)), ...(await schoolsUnder(db, orgs))]);
  return { all: false, schoolIds: [...ids].toSorted((a, b) => a - b) };
}
