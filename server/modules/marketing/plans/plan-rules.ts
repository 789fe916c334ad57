import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ApiError, notFound } from '../../../lib/http';
import { reachableOrgIds } from '../../../lib/scope';
import type { AnyDB, ResourceCtx, ResourceHooks, Row } from '../../../lib/resource-routes';
import type { PlanKey } from '../../../../src/contract/resources/marketing-plans';
import '../../../db/core-schema';

/**
 * The rules every plan and target keeps beyond its declaration: one row per place, month (and
 * staff or channel), a city that is a city and within the caller's reach. Written once here and
 * combined per declaration in register.ts.
 */

const anyDb = (db: Kysely<Database>): Kysely<AnyDB> => db as unknown as Kysely<AnyDB>;

/** The columns that make a plan one of a kind: the level's place, the month, the key's own. */
export function keyColumns(key: PlanKey): string[] {
  const place = key.level === 'city' ? ['city_id'] : key.level === 'school' ? ['school_id'] : [];
  return [...place, 'plan_month', ...key.columns];
}

/** Refuses a second row with the same key columns (`该月的计划已存在，请直接编辑`). */
export async function refuseDuplicate(ctx: ResourceCtx, key: PlanKey, row: Readonly<Record<string, unknown>>, existing?: Row): Promise<void> {
  const merged: Record<string, unknown> = { ...existing, ...row };
  let q = anyDb(ctx.db).selectFrom(ctx.def.table).select('id');
  for (const col of keyColumns(key)) q = q.where(col, '=', merged[col] as string | number);
  if (existing) q = q.where('id', '<>', existing.id);
  if (await q.executeTakeFirst()) throw new ApiError(409, `${merged.plan_month as string}的${ctx.def.title}已存在，请直接编辑`);
}

/** Cities (organisations of kind city) a caller reaches; undefined for an all-campus caller. */
async function reachableCities(ctx: ResourceCtx): Promise<ReadonlySet<number> | undefined> {
  const cached = reach.get(ctx.c.req.raw);
  if (cached !== undefined) return cached ?? undefined;
  const orgs = await reachableOrgIds(ctx.db, ctx.principal);
  reach.set(ctx.c.req.raw, orgs ?? null);
  return orgs;
}
/** per request: the reach is asked by the page filter and each row's check */
const reach = new WeakMap<Request, ReadonlySet<number> | null>();

/** The city's name, when the id names a city (分公司) the caller reaches; otherwise 城市不存在. */
async function cityName(ctx: ResourceCtx, cityId: number): Promise<string> {
  const org = await ctx.db.selectFrom('organisations').select(['name', 'kind']).where('id', '=', cityId).where('del_flag', '=', 0).executeTakeFirst();
  const cities = await reachableCities(ctx);
  if (!org || (cities && !cities.has(cityId))) throw new ApiError(404, '城市不存在或无权访问');
  if (org.kind !== 'city') throw new ApiError(400, `「${org.name}」不是城市（分公司），请选择城市`);
  return org.name;
}

/**
 * Rows naming a city: the city must be a city the caller reaches (a campus-bound caller reaches
 * the cities of their campuses); a row of another city answers exactly as a missing one.
 */
export const cityHooks: Required<Pick<ResourceHooks, 'extendPage' | 'mapRow' | 'beforeDelete'>> & { checkCity(ctx: ResourceCtx, row: Record<string, unknown>, existing?: Row): Promise<void> } = {
  async checkCity(ctx, row, existing) {
    if (existing) await this.mapRow(existing, ctx);
    if (row.city_id !== undefined || !existing) row.city_name = await cityName(ctx, Number(row.city_id));
  },
  async extendPage(qb, _query, ctx) {
    const cities = await reachableCities(ctx);
    if (!cities) return qb;
    return cities.size === 0 ? qb.where(sql<boolean>`1 = 0`) : qb.where(sql.ref(`${ctx.def.table}.city_id`), 'in', [...cities]);
  },
  async mapRow(row, ctx) {
    const cities = await reachableCities(ctx);
    if (cities && !cities.has(Number(row.city_id))) throw notFound();
    return row;
  },
  async beforeDelete(ctx, ids) {
    const rows = await anyDb(ctx.db).selectFrom(ctx.def.table).select(['id', 'city_id']).where('id', 'in', ids).execute();
    const cities = await reachableCities(ctx);
    if (cities && rows.some((r) => !cities.has(Number(r.city_id)))) throw notFound();
  },
};

/** A date range's end may not come before its start. */
export function checkDates(row: Readonly<Record<string, unknown>>, existing: Row | undefined, startLabel: string, endLabel: string): void {
  const merged: Record<string, unknown> = { ...existing, ...row };
  const start = merged.start_date ? String(merged.start_date) : '';
  const end = merged.end_date ? String(merged.end_date) : '';
  if (start && end && end < start) throw new ApiError(400, `${endLabel}不能早于${startLabel}`);
}
