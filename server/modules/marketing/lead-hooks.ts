import { sql } from 'kysely';
import type { ResourceCtx, ResourceHooks, Row } from '../../lib/resource-routes';
import { ApiError, notFound } from '../../lib/http';
import { hasPerm } from '../../lib/principal';
import type { Principal } from '../../lib/context';
import { inScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { tapTime } from '../../lib/tap-time';
import { POOL } from '../../../src/contract/resources/marketing';
import { ownershipSql, ownsOrMayClaim, poolText, recordMove, resourceInScope, samePhone, seesAllLeads, stampFunnel, type LeadRow } from './leads';
import { lockPerson, ruleOf } from './moves';
import './schema';

/**
 * A lead a person adds is theirs: a telemarketer's goes to the TMK pool, a seller's (who may turn
 * leads into students) to the seller pool. Anyone else who enters leads (the front desk's 添加学员)
 * puts them into the campus's 待分配 pool, as the principal does, for distribution.
 */
export function ownPool(p: Principal): { pool: number; tmk_id?: number; seller_id?: number } {
  if (seesAllLeads(p)) return { pool: POOL.unassigned };
  if (p.roleCodes.includes('telemarketer')) return { pool: POOL.tmk, tmk_id: p.userId };
  if (hasPerm(p, 'mkt_resource_to_stu_load_school')) return { pool: POOL.seller, seller_id: p.userId };
  return { pool: POOL.unassigned };
}

/** The same phone already live in the same campus (the duplicate a campus must not hold twice). */
export async function refuseDuplicate(ctx: Pick<ResourceCtx, 'db'>, schoolId: number, phone: string, id?: number): Promise<void> {
  let q = samePhone(ctx.db, phone).where('r.school_id', '=', schoolId).where('r.pool', '!=', POOL.invalid);
  if (id !== undefined) q = q.where('r.id', '!=', id);
  const other = await q.executeTakeFirst();
  if (!other) return;
  const owner = other.tmk_name ?? other.seller_name;
  throw new ApiError(409, `联系电话已存在：${other.name}（${other.school_name ?? ''}，${poolText(other.pool)}${owner ? `，负责人${owner}` : ''}）`);
}

/** The hooks of mkt_resource's standard calls: ownership, duplicates, the pool of a new lead. */
export const leadHooks: ResourceHooks = {
  async beforeWrite(ctx, row, mode, existing) {
    if (existing && !ownsOrMayClaim(ctx.principal, existing as unknown as LeadRow)) throw notFound();
    const schoolId = Number(row.school_id ?? existing?.school_id);
    const phone = (row.parent_phone ?? existing?.parent_phone) as string | undefined;
    if (phone && Number.isSafeInteger(schoolId)) await refuseDuplicate(ctx, schoolId, phone, existing?.id);
    if (mode === 'add') {
      const own = ownPool(ctx.principal);
      row.pool = own.pool;
      row.tmk_id = own.tmk_id ?? null;
      row.tmk_name = own.tmk_id ? ctx.principal.name : null;
      row.seller_id = own.seller_id ?? null;
      row.seller_name = own.seller_id ? ctx.principal.name : null;
      row.stage = 1;
      row.follow_count = 0;
      row.is_important = 0;
      row.app_allow = 0;
      if (own.pool !== POOL.unassigned) row.assigned_at = nowText();
    }
  },
  async afterWrite(ctx, row, mode) {
    if (mode !== 'add') return;
    const lead = row as unknown as LeadRow;
    await recordMove(ctx.db, ctx.principal.userId, { ...lead, pool: null }, { action: '新增资源', to_pool: Number(lead.pool), to_owner: lead.tmk_id ?? lead.seller_id ?? null });
  },
  async beforeDelete(ctx, ids) {
    for (const id of ids) {
      const lead = await resourceInScope(ctx.db, ctx.principal, id);
      if (lead.student_id !== null) throw new ApiError(409, `资源${lead.name}已转为学员，不能删除`);
    }
  },
  async beforeAction(ctx, action, rows, value) {
    for (const r of rows) if (!ownsOrMayClaim(ctx.principal, r as unknown as LeadRow)) throw notFound();
    if (action.column === 'is_important' && Number(value) === 1) {
      const holders = new Set(rows.map((r) => (r as unknown as LeadRow).tmk_id ?? (r as unknown as LeadRow).seller_id).filter((u): u is number => u !== null));
      for (const u of holders) {
        // counted under the person's lock, as the hold cap: parallel marks never pass the cap
        await lockPerson(ctx.db, u);
        const row = await ctx.db
          .selectFrom('mkt_resource')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('del_flag', '=', 0)
          .where('is_important', '=', 1)
          .where((eb) => eb.or([eb('tmk_id', '=', u), eb('seller_id', '=', u)]))
          .executeTakeFirst();
        const schoolId = Number(rows[0]?.school_id);
        const rule = await ruleOf(ctx.db, schoolId);
        const adding = rows.filter((r) => Number(r.is_important) !== 1).length;
        if (Number(row?.n ?? 0) + adding > rule.max_important) throw new ApiError(409, `重点资源不能超过${rule.max_important}条`);
      }
    }
  },
  plannable: () => false,
  extendPage(qb, params, ctx) {
    // 已有学员: the leads that became students
    let out = params.has_student === '1' ? qb.where(sql.ref('mkt_resource.student_id'), 'is not', null) : qb;
    if (!seesAllLeads(ctx.principal)) out = out.where(ownershipSql(ctx.principal));
    return out;
  },
  mapRow(row: Row, ctx) {
    // the get of a lead that is not the caller's answers as missing (the page is filtered already)
    if (!inScope(ctx.principal, Number(row.school_id)) || !ownsOrMayClaim(ctx.principal, row as unknown as LeadRow)) throw notFound();
    return row;
  },
};

/** How far back a follow-up queued offline may date itself (a phone offline for a week still counts it then). */
const MAX_FOLLOW_UP_AGE_MS = 7 * 24 * 60 * 60_000;

/** The hooks of mkt_record: the lead's campus, ownership, and the lead's follow-up stamps. */
export const recordHooks: ResourceHooks = {
  async schoolOf(ctx, row) {
    const id = Number(row.resource_id);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const lead = await ctx.db.selectFrom('mkt_resource').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
    return lead && inScope(ctx.principal, lead.school_id) && ownsOrMayClaim(ctx.principal, lead as LeadRow) ? lead.school_id : undefined;
  },
  async beforeWrite(ctx, row) {
    const lead = await resourceInScope(ctx.db, ctx.principal, Number(row.resource_id));
    if (lead.pool === POOL.invalid) throw new ApiError(409, `资源${lead.name}已无效，不能添加跟进记录`);
    row.school_id = lead.school_id;
    // a follow-up written offline keeps the time it was written (the outbox's age header, bounded);
    // the demo seed writes without a request
    const c = ctx.c as ResourceCtx['c'] | undefined;
    const at = c ? tapTime(c, undefined, MAX_FOLLOW_UP_AGE_MS) : nowText();
    row.follow_at = at;
    if (typeof row.next_follow_at === 'string' && row.next_follow_at !== '' && row.next_follow_at < at.slice(0, 16)) throw new ApiError(400, '下次跟进时间不能早于跟进时间');
  },
  async afterWrite(ctx, row) {
    const now = nowText();
    const at = String(row.follow_at ?? now);
    // a follow-up that waited in an outbox while a newer one arrived does not move the lead's last
    // and next follow-up back
    const newest = sql<boolean>`(last_follow_at is null or last_follow_at <= ${at})`;
    await ctx.db
      .updateTable('mkt_resource')
      .set({
        last_follow_at: sql<string>`case when ${newest} then ${at} else last_follow_at end`,
        next_follow_at: sql<string | null>`case when ${newest} then ${(row.next_follow_at as string | null) || null} else next_follow_at end`,
        follow_count: sql<number>`coalesce(follow_count, 0) + 1`,
        // recycle_warned_at stays: the follow-up opens a new warning period by itself (recycle.ts),
        // while a deal deadline already warned about is not warned about again
        updated_at: now,
        updated_by: ctx.principal.userId,
      })
      .where('id', '=', Number(row.resource_id))
      .execute();
    // a call that reached someone counts as contacted in the funnel
    if ([1, 2, 3, 7].includes(Number(row.result))) await stampFunnel(ctx.db, Number(row.resource_id), 'called', at);
  },
  plannable: () => false,
  // without the right to all leads: the records of one's own leads (and the public pool's)
  extendPage(qb, _params, ctx) {
    if (seesAllLeads(ctx.principal)) return qb;
    const mine = ctx.db.selectFrom('mkt_resource').select('id').where(ownershipSql(ctx.principal));
    return qb.where(sql.ref('mkt_record.resource_id'), 'in', mine as never);
  },
  async beforeDelete(ctx, ids) {
    const rows = await ctx.db.selectFrom('mkt_record').select(['id', 'resource_id', 'created_by']).where('id', 'in', ids).execute();
    for (const r of rows) {
      await resourceInScope(ctx.db, ctx.principal, r.resource_id);
      if (!seesAllLeads(ctx.principal) && r.created_by !== ctx.principal.userId) throw new ApiError(403, '只能删除自己的跟进记录');
    }
  },
};
