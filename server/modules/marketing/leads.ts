import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { hasPerm } from '../../lib/auth';
import { inScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { FUNNEL_STAGE_VALUE, FUNNEL_STAMP_COLUMN, LEAD_POOLS, POOL, type FunnelStage } from '../../../src/contract/resources/marketing';
import './schema';
import '../../db/core-schema';

type Db = Kysely<Database>;
export type LeadRow = Database['mkt_resource'] extends infer T ? { [K in keyof T]: T[K] extends import('kysely').Generated<infer G> ? G : T[K] } : never;

/** Operation code of the people who manage every lead of their campuses (principal, marketing lead). */
export const ALL_LEADS_PERM = 'mkt_resource_all';

export function poolText(pool: unknown): string {
  return LEAD_POOLS.find((p) => p.value === Number(pool))?.text ?? '';
}

/** Whether the caller sees every lead of their campuses, or only their own and the public pool. */
export function seesAllLeads(p: Principal): boolean {
  return p.superuser || hasPerm(p, 'mkt_resource_all');
}

/**
 * Ownership: without ALL_LEADS_PERM a person sees the leads they hold (as TMK or seller), the
 * leads they entered that wait for distribution, and the public pool, which anyone may claim.
 */
export function ownsOrMayClaim(p: Principal, lead: { tmk_id: number | null; seller_id: number | null; pool: number | null; created_by: number | null }): boolean {
  if (seesAllLeads(p)) return true;
  return lead.tmk_id === p.userId || lead.seller_id === p.userId || Number(lead.pool) === POOL.public || (Number(lead.pool) === POOL.unassigned && lead.created_by === p.userId);
}

/** The same rule as a SQL condition on the table `t` (the page, the counts, the quick searches). */
export function ownershipSql(p: Principal, t = 'mkt_resource') {
  const col = (c: string) => sql.ref(`${t}.${c}`);
  return sql<boolean>`(${col('tmk_id')} = ${p.userId} or ${col('seller_id')} = ${p.userId} or ${col('pool')} = ${POOL.public} or (${col('pool')} = ${POOL.unassigned} and ${col('created_by')} = ${p.userId}))`;
}

/**
 * A lead the caller may see: not deleted, in their campuses and (without the right to all leads)
 * theirs or in the public pool; otherwise the same answer as a missing one.
 */
export async function resourceInScope(db: Db, principal: Principal, id: number): Promise<LeadRow> {
  const row = await db.selectFrom('mkt_resource').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id) || !ownsOrMayClaim(principal, row)) throw new ApiError(404, '资源不存在或无权访问');
  return row as LeadRow;
}

/** Several leads at once, each checked as resourceInScope (one outside answers as missing). */
export async function resourcesInScope(db: Db, principal: Principal, ids: readonly number[]): Promise<LeadRow[]> {
  const unique = [...new Set(ids)];
  const rows: LeadRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const part = await db.selectFrom('mkt_resource').selectAll().where('id', 'in', unique.slice(i, i + 500)).where('del_flag', '=', 0).execute();
    rows.push(...(part as LeadRow[]));
  }
  if (rows.length !== unique.length || rows.some((r) => !inScope(principal, r.school_id) || !ownsOrMayClaim(principal, r))) throw new ApiError(404, '资源不存在或无权访问');
  return rows;
}

/** A lead by id with no scope check: for other areas' jobs and reports, which check their own. */
export async function getResource(db: Db, id: number): Promise<LeadRow | undefined> {
  return (await db.selectFrom('mkt_resource').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst()) as LeadRow | undefined;
}

/**
 * Marks that a lead reached a funnel stage (called, invited, visited, trial, signed): the stage's
 * first time is stamped once (a later repeat keeps the first), the lead's stage only ever rises.
 * Call it inside the caller's transaction, e.g. when an invite visit is saved.
 */
export async function stampFunnel(trx: Db, resourceId: number, stage: FunnelStage, at: string = nowText()): Promise<void> {
  const column = FUNNEL_STAMP_COLUMN[stage];
  const value = FUNNEL_STAGE_VALUE[stage];
  await trx
    .updateTable('mkt_resource')
    .set({
      [column]: sql`coalesce(${sql.ref(column)}, ${at})`,
      stage: sql<number>`case when coalesce(stage, 1) < ${value} then ${value} else stage end`,
    } as never)
    .where('id', '=', resourceId)
    .execute();
}

/** Appends one move to a lead's timeline (who, from, to, why). */
export async function recordMove(
  db: Db,
  userId: number | null,
  lead: Pick<LeadRow, 'id' | 'school_id' | 'tmk_id' | 'seller_id'> & { pool: number | null },
  move: { action: string; to_pool: number; to_owner: number | null; reason?: string | null; from_school?: number | null; school_id?: number },
): Promise<void> {
  const now = nowText();
  await db
    .insertInto('mkt_resource_move')
    .values({
      school_id: move.school_id ?? lead.school_id,
      resource_id: lead.id,
      action: move.action,
      from_pool: lead.pool,
      to_pool: move.to_pool,
      from_owner: ownerOf(lead),
      to_owner: move.to_owner,
      from_school: move.from_school ?? null,
      reason: move.reason ?? null,
      created_at: now,
      updated_at: now,
      created_by: userId,
      updated_by: userId,
    })
    .execute();
}

/** Who holds a lead in its pool: the TMK in the TMK pool, the seller in the seller pool. */
export function ownerOf(lead: Pick<LeadRow, 'tmk_id' | 'seller_id'> & { pool: number | null }): number | null {
  if (Number(lead.pool) === POOL.tmk) return lead.tmk_id;
  if (Number(lead.pool) === POOL.seller) return lead.seller_id;
  if (Number(lead.pool) === POOL.invalid) return lead.seller_id ?? lead.tmk_id;
  return null;
}

/** Live leads of these campuses with this phone (as parent or student phone), for duplicates. */
export function samePhone(db: Db, phone: string) {
  return db
    .selectFrom('mkt_resource as r')
    .leftJoin('organisations as o', 'o.id', 'r.school_id')
    .leftJoin('users as tu', 'tu.id', 'r.tmk_id')
    .leftJoin('users as su', 'su.id', 'r.seller_id')
    .select([
      'r.id',
      'r.name',
      'r.parent_name',
      'r.parent_phone',
      'r.school_id',
      'o.name as school_name',
      sql<number>`coalesce(r.pool, 1)`.as('pool'),
      sql<number>`coalesce(r.stage, 1)`.as('stage'),
      'r.tmk_id',
      'tu.name as tmk_name',
      'r.seller_id',
      'su.name as seller_name',
      'r.created_at',
    ])
    .where('r.del_flag', '=', 0)
    // the ids through each phone's index: with `parent_phone = ? or phone = ?` and the callers'
    // `order by id desc limit`, SQLite walks the whole table in id order instead (seconds at 2,000,000 leads)
    .where('r.id', 'in', db.selectFrom('mkt_resource').select('id').where('parent_phone', '=', phone).unionAll(db.selectFrom('mkt_resource').select('id').where('phone', '=', phone)));
}
