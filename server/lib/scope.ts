import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Principal } from './context';
import type { Database } from '../db/schema';
import { ApiError, notFound } from './http';
import '../db/core-schema';
import type { ResourceDef } from '../../src/contract/resource';
import { resourceByName } from '../../src/contract/resources';

/** The caller's campuses: undefined means all of them. */
export function schoolScope(principal: Pick<Principal, 'allSchools' | 'superuser' | 'schoolIds'>): readonly number[] | undefined {
  if (principal.superuser || principal.allSchools) return undefined;
  return principal.schoolIds;
}

export interface Whereable<Q> {
  where(expr: Expression<SqlBool>): Q;
}

/** Limits a query to rows whose `column` is one of the caller's schools (no limit for all-campus users). */
export function whereInScope<Q extends Whereable<Q>>(qb: Q, column: string, principal: Principal): Q {
  const scope = schoolScope(principal);
  if (scope === undefined) return qb;
  if (scope.length === 0) return qb.where(sql<SqlBool>`1 = 0`);
  return qb.where(sql<SqlBool>`${sql.ref(column)} in (${sql.join(scope.map((id) => sql`${id}`))})`);
}

export function inScope(principal: Principal, schoolId: number | null | undefined): boolean {
  const scope = schoolScope(principal);
  if (scope === undefined) return true;
  return schoolId !== null && schoolId !== undefined && scope.includes(Number(schoolId));
}

/** A row outside the caller's scope answers exactly as a missing one. */
export function assertSchoolInScope(principal: Principal, schoolId: number | null | undefined): void {
  if (!inScope(principal, schoolId)) throw notFound();
}

/**
 * What an id names, for `requireInScope`:
 * - `staff`: a user (not deleted) who works in one of the caller's campuses;
 * - `campus`: a campus (organisation of kind school, not deleted) of the caller;
 * - a table: a row (not soft-deleted when the table has del_flag), limited by its `school_id` to
 *   the caller's campuses when `scoped`.
 */
export type ScopeTarget = 'staff' | 'campus' | { table: string; scoped: boolean; softDelete: boolean };

/**
 * The answer to an id that is missing or out of reach: the same for both, naming the field of a
 * write (`label`), or the plain missing record of a read by id.
 */
export function missingRef(label?: string): ApiError {
  return label === undefined ? notFound() : new ApiError(404, `${label}不存在或无权访问`);
}

async function countReachable(db: Kysely<Database>, principal: Principal, target: ScopeTarget, ids: readonly number[]): Promise<number> {
  const scope = schoolScope(principal);
  const inMine = scope === undefined ? undefined : scope.length ? [...scope] : [-1];
  const any = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  if (target === 'staff') {
    let q = db.selectFrom('users').select('id').where('id', 'in', [...ids]).where('del_flag', '=', 0);
    if (inMine) q = q.where('id', 'in', db.selectFrom('user_schools').select('user_id').where('school_id', 'in', inMine));
    return (await q.execute()).length;
  }
  if (target === 'campus') {
    let q = db.selectFrom('organisations').select('id').where('id', 'in', [...ids]).where('kind', '=', 'school').where('del_flag', '=', 0);
    if (inMine) q = q.where('id', 'in', inMine);
    return (await q.execute()).length;
  }
  let q = any.selectFrom(target.table).select('id').where('id', 'in', [...ids]);
  if (target.softDelete) q = q.where('del_flag', '=', 0);
  if (target.scoped && inMine) q = q.where('school_id', 'in', inMine);
  return (await q.execute()).length;
}

/**
 * The one check of "this id exists and is within my reach" for every id a call reads or writes:
 * a missing id and one of another campus answer the same (`missingRef(label)`), so the answer is
 * no oracle of what exists elsewhere. null/undefined pass (an optional field left empty). Without
 * a label (a read or a row a call acts on) the answer is the plain `notFound()`.
 */
export async function requireInScope(
  db: Kysely<Database>,
  principal: Principal,
  target: ScopeTarget,
  ids: number | null | undefined | readonly number[],
  label?: string,
): Promise<void> {
  const list = ids === null || ids === undefined ? [] : typeof ids === 'number' ? [ids] : ids;
  const unique = [...new Set(list.map(Number))];
  if (unique.length === 0) return;
  if (unique.some((n) => !Number.isSafeInteger(n) || n <= 0)) throw missingRef(label);
  let found = 0;
  for (let i = 0; i < unique.length; i += 500) found += await countReachable(db, principal, target, unique.slice(i, i + 500));
  if (found !== unique.length) throw missingRef(label);
}

/** Staff (users) a campus-limited caller reaches: those who work in one of the caller's campuses. */
export const STAFF: ScopeTarget = 'staff';
export const CAMPUS: ScopeTarget = 'campus';

/**
 * Organisations a campus-limited caller reaches: their campuses, what lies below them, and the
 * branches above them (so the organisation tree can be walked down to them). Answers undefined
 * for an all-campus caller (every organisation).
 */
export async function reachableOrgIds(db: Kysely<Database>, principal: Principal): Promise<Set<number> | undefined> {
  const scope = schoolScope(principal);
  if (scope === undefined) return undefined;
  const out = new Set<number>();
  if (scope.length === 0) return out;
  const mine = await db.selectFrom('organisations').select(['id', 'inheritance']).where('id', 'in', [...scope]).execute();
  for (const s of mine) {
    out.add(s.id);
    for (const a of s.inheritance.split('|')) if (a !== '') out.add(Number(a));
  }
  const below = await db
    .selectFrom('organisations')
    .select('id')
    .where((eb) => eb.or(mine.map((s) => eb('inheritance', 'like', `%|${s.id}|%`))))
    .execute();
  for (const b of below) out.add(b.id);
  return out;
}

/** Lists served by hand-written handlers that option sources may name (SYSTEM_LISTS). */
const BUILT_IN_TARGETS: Readonly<Record<string, ScopeTarget>> = {
  sys_user: STAFF,
  system_user: STAFF,
  system_role: { table: 'roles', scoped: false, softDelete: false },
  // the marketing funnel's staff selects (src/contract/refs.ts)
  mkt_staff: STAFF,
};

/** The target an option source of kind `resource` names, or undefined when it names no known list. */
export function refTarget(resource: string): ScopeTarget | undefined {
  const def = resourceByName(resource);
  if (def) return { table: def.table, scoped: def.scope === 'school', softDelete: def.softDelete === true };
  return BUILT_IN_TARGETS[resource];
}

/**
 * Every id-bearing field of a declared write (a relation `ref`, options of kind `resource` by id, or `schools`) must
 * name a row that exists and is within the caller's reach; another campus's row answers as a
 * missing one.
 */
export async function requireFieldRefs(db: Kysely<Database>, principal: Principal, def: ResourceDef, row: Readonly<Record<string, unknown>>): Promise<void> {
  for (const [key, field] of Object.entries(def.fields)) {
    const value = row[key];
    if (value === undefined || value === null || value === '' || (!field.options && !field.ref)) continue;
    const source = field.options;
    // a declared relation (`ref`) names its target; else an option source naming rows by id
    const target = field.ref
      ? refTarget(field.ref.resource)
      : source?.kind === 'schools'
        ? CAMPUS
        : source?.kind === 'resource' && (source.value ?? 'id') === 'id'
          ? refTarget(source.resource)
          : undefined;
    if (!target) continue;
    const ids = String(value)
      .split(',')
      .filter((v) => v !== '')
      .map(Number);
    await requireInScope(db, principal, target, ids, field.label);
  }
}
