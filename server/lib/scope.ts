import { sql, type Expression, type SqlBool } from 'kysely';
import type { Principal } from './context';
import { notFound } from './http';

/** The caller's campuses: undefined means all of them. */
export function schoolScope(principal: Pick<Principal, 'allSchools' | 'superuser' | 'schoolIds'>): readonly number[] | undefined {
  if (principal.superuser || principal.allSchools) return undefined;
  return principal.schoolIds;
}

interface Whereable<Q> {
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
