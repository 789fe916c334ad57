import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportOrgNode } from '../../../src/contract/reports';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { schoolScope } from '../../lib/scope';

type Db = Kysely<Database>;

/** The campuses a report covers and their names. */
export interface ReportSchools {
  /** the campus ids (never "all": an all-campus caller gets every live campus listed) */
  ids: readonly number[];
  names: ReadonlyMap<number, string>;
}

/**
 * The campuses of a report: the caller's (DESIGN §8), narrowed to one campus or to the campuses of
 * a city. A city or campus outside the caller's reach is answered as missing.
 */
export async function reportSchools(db: Db, principal: Principal, orgId: number | undefined): Promise<ReportSchools> {
  const scope = schoolScope(principal);
  const all = await db.selectFrom('organisations').select(['id', 'name', 'inheritance']).where('kind', '=', 'school').where('del_flag', '=', 0).execute();
  const names = new Map(all.map((s) => [Number(s.id), s.name]));
  const mine = all.map((s) => Number(s.id)).filter((id) => scope === undefined || scope.includes(id));
  if (orgId === undefined) return { ids: mine, names };
  const org = await db.selectFrom('organisations').select(['id', 'kind']).where('id', '=', orgId).where('del_flag', '=', 0).executeTakeFirst();
  const under = !org ? [] : org.kind === 'school' ? [Number(org.id)] : all.filter((s) => s.inheritance.includes(`|${orgId}|`)).map((s) => Number(s.id));
  const ids = under.filter((id) => mine.includes(id));
  if (ids.length === 0) throw new ApiError(404, '城市或校区不存在或无权访问');
  return { ids, names };
}

/** `column in (…campuses)`; no campus matches nothing. */
export function inSchools(column: string, ids: readonly number[]): RawBuilder<unknown> {
  return ids.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} in (${sql.join(ids.map((id) => sql`${id}`))})`;
}

/** The caller's cities with their campuses, for the 城市或校区 picker. */
export async function reportOrgTree(db: Db, principal: Principal): Promise<ReportOrgNode[]> {
  const scope = schoolScope(principal);
  const orgs = await db.selectFrom('organisations').select(['id', 'name', 'kind', 'parent_id']).where('kind', 'in', ['school', 'city']).where('del_flag', '=', 0).orderBy('order_num').orderBy('id').execute();
  const schools = orgs.filter((o) => o.kind === 'school' && (scope === undefined || scope.includes(Number(o.id))));
  const out: ReportOrgNode[] = [];
  for (const c of orgs.filter((o) => o.kind === 'city')) {
    const nodes = schools.filter((s) => Number(s.parent_id) === Number(c.id)).map((s) => ({ id: Number(s.id), text: s.name }));
    if (nodes.length > 0) out.push({ id: Number(c.id), text: c.name, nodes });
  }
  for (const s of schools.filter((x) => !orgs.some((c) => c.kind === 'city' && Number(c.id) === Number(x.parent_id)))) out.push({ id: Number(s.id), text: s.name });
  return out;
}
