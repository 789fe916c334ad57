import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dialectOf } from '../../db/dialect';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { hasPerm } from '../../lib/principal';
import { inScope, requireInScope } from '../../lib/scope';
import { nowText, todayText } from '../../lib/time';
import { POOL, RULE_DEFAULTS } from '../../../src/contract/resources/marketing';
import { poolText, recordMove, resourcesInScope, samePhone, type LeadRow } from './leads';
import './schema';

type Db = Kysely<Database>;

/** What a move sets on each lead. */
export interface MoveTarget {
  action: string;
  pool: number;
  tmk_id?: number | null;
  seller_id?: number | null;
  school_id?: number;
  reason?: string | null;
  invalid_reason?: string | null;
}

export type PoolRule = { -readonly [K in keyof typeof RULE_DEFAULTS]: number };

/** A campus's pool rules, or the defaults when it has none. */
export async function ruleOf(db: Db, schoolId: number): Promise<PoolRule> {
  const row = await db.selectFrom('mkt_pool_rule').selectAll().where('school_id', '=', schoolId).orderBy('id', 'desc').executeTakeFirst();
  if (!row) return { ...RULE_DEFAULTS };
  return {
    follow_days: row.follow_days,
    deal_days: row.deal_days,
    warn_days: row.warn_days ?? RULE_DEFAULTS.warn_days,
    max_hold: row.max_hold ?? RULE_DEFAULTS.max_hold,
    max_important: row.max_important ?? RULE_DEFAULTS.max_important,
    max_claim_per_day: row.max_claim_per_day ?? RULE_DEFAULTS.max_claim_per_day,
    cooldown_days: row.cooldown_days ?? RULE_DEFAULTS.cooldown_days,
  };
}

/**
 * Serialises the moves to one person (caps are counted, then written): on PostgreSQL a row lock
 * on the user; SQLite's writers are already one at a time (transactions begin immediate).
 */
export async function lockPerson(db: Db, userId: number): Promise<void> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(db);
}

export async function staffName(db: Db, id: number): Promise<string> {
  return (await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst())?.name ?? String(id);
}

/** Leads a person holds (TMK or seller pool) in one campus. */
async function heldBy(db: Db, userId: number, schoolId: number): Promise<number> {
  const row = await db
    .selectFrom('mkt_resource')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_id', '=', schoolId)
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([eb.and([eb('pool', '=', POOL.tmk), eb('tmk_id', '=', userId)]), eb.and([eb('pool', '=', POOL.seller), eb('seller_id', '=', userId)])]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Refuses a move that would take a person over the campus's cap of leads held. */
async function checkHoldCap(db: Db, userId: number, leads: readonly LeadRow[]): Promise<void> {
  await lockPerson(db, userId);
  const bySchool = new Map<number, number>();
  for (const l of leads) {
    const alreadyTheirs = (l.pool === POOL.tmk && l.tmk_id === userId) || (l.pool === POOL.seller && l.seller_id === userId);
    if (!alreadyTheirs) bySchool.set(l.school_id, (bySchool.get(l.school_id) ?? 0) + 1);
  }
  for (const [schoolId, adding] of bySchool) {
    const rule = await ruleOf(db, schoolId);
    const held = await heldBy(db, userId, schoolId);
    if (held + adding > rule.max_hold) {
      throw new ApiError(409, `${await staffName(db, userId)}已持有${held}条资源，每人持有上限为${rule.max_hold}条，本次不能再分配${adding}条`);
    }
  }
}

/** The person must work in every campus of the leads (and be reachable by the caller). */
async function checkStaff(db: Db, principal: Principal, userId: number, leads: readonly LeadRow[], label: string): Promise<void> {
  await requireInScope(db, principal, 'staff', userId, label);
  const schools = [...new Set(leads.map((l) => l.school_id))];
  const rows = await db.selectFrom('user_schools').select('school_id').where('user_id', '=', userId).where('school_id', 'in', schools).execute();
  const found = new Set(rows.map((r) => Number(r.school_id)));
  const missing = schools.find((s) => !found.has(s));
  if (missing !== undefined) throw new ApiError(409, `${await staffName(db, userId)}不在该资源所属校区工作，不能分配`);
}

function refuseInvalid(leads: readonly LeadRow[], what: string): void {
  const invalid = leads.find((l) => l.pool === POOL.invalid);
  if (invalid) throw new ApiError(409, `资源${invalid.name}已无效，请先激活再${what}`);
}

/** Applies a move to every lead, stamps it and writes the timeline. */
export async function applyMove(db: Db, principal: Principal, leads: readonly LeadRow[], target: MoveTarget): Promise<{ count: number; ids: number[] }> {
  const now = nowText();
  for (const lead of leads) {
    const set: Record<string, unknown> = { pool: target.pool, updated_at: now, updated_by: principal.userId };
    if (target.tmk_id !== undefined) {
      set.tmk_id = target.tmk_id;
      set.tmk_name = target.tmk_id === null ? null : await staffName(db, target.tmk_id);
    }
    if (target.seller_id !== undefined) {
      set.seller_id = target.seller_id;
      set.seller_name = target.seller_id === null ? null : await staffName(db, target.seller_id);
    }
    if (target.school_id !== undefined) set.school_id = target.school_id;
    if (target.invalid_reason !== undefined) set.invalid_reason = target.invalid_reason;
    // a new owner's clock starts now (the recycle job counts from here when nobody followed up)
    if (target.pool === POOL.tmk || target.pool === POOL.seller) {
      set.assigned_at = now;
      set.recycle_warned_at = null;
    }
    await db.updateTable('mkt_resource').set(set as never).where('id', '=', lead.id).execute();
    const toOwner = target.pool === POOL.tmk ? (target.tmk_id ?? lead.tmk_id) : target.pool === POOL.seller ? (target.seller_id === undefined ? lead.seller_id : target.seller_id) : null;
    await recordMove(db, principal.userId, lead, {
      action: target.action,
      to_pool: target.pool,
      to_owner: toOwner,
      reason: target.reason ?? target.invalid_reason ?? null,
      from_school: target.school_id !== undefined ? lead.school_id : null,
      school_id: target.school_id,
    });
  }
  return { count: leads.length, ids: leads.map((l) => l.id) };
}

export async function toTmkPool(db: Db, p: Principal, ids: readonly number[]) {
  const leads = await resourcesInScope(db, p, ids);
  refuseInvalid(leads, '转电销');
  return applyMove(db, p, leads, { action: '转电销待分配', pool: POOL.unassigned, tmk_id: null, seller_id: null });
}

export async function toTmker(db: Db, p: Principal, ids: readonly number[], tmkId: number) {
  const leads = await resourcesInScope(db, p, ids);
  refuseInvalid(leads, '分配');
  await checkStaff(db, p, tmkId, leads, '电销');
  await checkHoldCap(db, tmkId, leads);
  return applyMove(db, p, leads, { action: '分配电销', pool: POOL.tmk, tmk_id: tmkId, seller_id: null });
}

export async function toSale(db: Db, p: Principal, ids: readonly number[], sellerId: number | undefined) {
  const leads = await resourcesInScope(db, p, ids);
  refuseInvalid(leads, '转课程顾问');
  if (sellerId !== undefined) {
    await checkStaff(db, p, sellerId, leads, '课程顾问');
    await checkHoldCap(db, sellerId, leads);
  }
  // the TMK stays on the lead (credited in the funnel); the seller pool takes it over
  return applyMove(db, p, leads, { action: '转课程顾问', pool: POOL.seller, seller_id: sellerId ?? null });
}

export async function toSeller(db: Db, p: Principal, ids: readonly number[], sellerId: number) {
  const leads = await resourcesInScope(db, p, ids);
  refuseInvalid(leads, '分配');
  await checkStaff(db, p, sellerId, leads, '课程顾问');
  await checkHoldCap(db, sellerId, leads);
  return applyMove(db, p, leads, { action: '分配课程顾问', pool: POOL.seller, seller_id: sellerId });
}

export async function invalidate(db: Db, p: Principal, ids: readonly number[], reason: string) {
  const leads = await resourcesInScope(db, p, ids);
  const signed = leads.find((l) => l.student_id !== null && Number(l.stage) >= 6);
  if (signed) throw new ApiError(409, `资源${signed.name}已签约，不能设为无效`);
  // the owners stay on the lead: whoever invalidated it still finds it under 无效资源
  return applyMove(db, p, leads, { action: '设为无效', pool: POOL.invalid, invalid_reason: reason, reason });
}

export async function activate(db: Db, p: Principal, ids: readonly number[]) {
  const leads = await resourcesInScope(db, p, ids);
  const valid = leads.find((l) => l.pool !== POOL.invalid);
  if (valid) throw new ApiError(409, `资源${valid.name}不是无效资源，无需激活`);
  return applyMove(db, p, leads, { action: '激活', pool: POOL.unassigned, invalid_reason: null, tmk_id: null, seller_id: null });
}

export async function unassign(db: Db, p: Principal, ids: readonly number[]) {
  const leads = await resourcesInScope(db, p, ids);
  const free = leads.find((l) => l.pool !== POOL.tmk && l.pool !== POOL.seller);
  if (free) throw new ApiError(409, `资源${free.name}未分配，无需取消分配`);
  return applyMove(db, p, leads, { action: '取消分配', pool: POOL.unassigned, tmk_id: null, seller_id: null });
}

export async function toPublic(db: Db, p: Principal, ids: readonly number[], action = '放入公海', reason: string | null = null) {
  const leads = await resourcesInScope(db, p, ids);
  refuseInvalid(leads, '放入公海');
  return applyMove(db, p, leads, { action, pool: POOL.public, tmk_id: null, seller_id: null, reason });
}

export async function transferSchool(db: Db, p: Principal, ids: readonly number[], schoolId: number, reason: string | null) {
  await requireInScope(db, p, 'campus', schoolId, '校区');
  const leads = await resourcesInScope(db, p, ids);
  const same = leads.find((l) => l.school_id === schoolId);
  if (same) throw new ApiError(409, `资源${same.name}已在该校区，无需转校区`);
  // a campus holds a live phone once (as add and update refuse): in the new campus, or twice in the batch
  const moving = new Set(leads.map((l) => l.id));
  const seen = new Map<string, string>();
  for (const l of leads) {
    if (l.pool === POOL.invalid) continue;
    const phone = l.parent_phone;
    if (!phone) continue;
    const twin = seen.get(phone);
    if (twin !== undefined) throw new ApiError(409, `联系电话已存在：${twin}与${l.name}的联系电话相同，不能一起转入同一校区`);
    seen.set(phone, l.name);
    const other = await samePhone(db, phone).where('r.school_id', '=', schoolId).where('r.pool', '!=', POOL.invalid).executeTakeFirst();
    if (other && !moving.has(Number(other.id))) {
      const owner = other.tmk_name ?? other.seller_name;
      throw new ApiError(409, `联系电话已存在：${l.name}的联系电话在${other.school_name ?? '该校区'}已有资源${other.name}（${poolText(other.pool)}${owner ? `，负责人${owner}` : ''}）`);
    }
  }
  return applyMove(db, p, leads, { action: '转校区', pool: POOL.unassigned, tmk_id: null, seller_id: null, school_id: schoolId, reason });
}

/** Whether the caller works leads as a telemarketer (claims go to the TMK pool) or as a seller. */
function claimsAsTmk(p: Principal): boolean {
  return p.roleCodes.includes('telemarketer') || (hasPerm(p, 'mkt_resource_to_sale') && !hasPerm(p, 'mkt_resource_to_stu_load_school'));
}

/**
 * Claims public-pool leads for the caller. The update only takes leads still in the public pool,
 * so of two people claiming the same lead at once one gets it and the other a clear message; the
 * caps and the cool-down are counted under the person's lock.
 */
export async function claim(db: Db, p: Principal, ids: readonly number[]) {
  // campus scope only: a lead someone else claimed a moment ago is no longer the caller's to see,
  // but the caller is told plainly that it was taken
  const leads = (await db.selectFrom('mkt_resource').selectAll().where('id', 'in', [...new Set(ids)]).where('del_flag', '=', 0).execute()) as LeadRow[];
  if (leads.length !== new Set(ids).size || leads.some((l) => !inScope(p, l.school_id))) throw new ApiError(404, '资源不存在或无权访问');
  const taken = leads.find((l) => l.pool !== POOL.public);
  if (taken) throw new ApiError(409, `资源${taken.name}已被他人领取或不在公海中`);
  await checkHoldCap(db, p.userId, leads);
  const today = todayText();
  for (const schoolId of new Set(leads.map((l) => l.school_id))) {
    const rule = await ruleOf(db, schoolId);
    const claimed = await db
      .selectFrom('mkt_resource_move')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_by', '=', p.userId)
      .where('action', '=', '领取公海')
      .where('school_id', '=', schoolId)
      .where('created_at', '>=', `${today} 00:00:00`)
      .executeTakeFirst();
    const adding = leads.filter((l) => l.school_id === schoolId).length;
    if (Number(claimed?.n ?? 0) + adding > rule.max_claim_per_day) throw new ApiError(409, `今日已领取${Number(claimed?.n ?? 0)}条，每日领取上限为${rule.max_claim_per_day}条`);
    if (rule.cooldown_days > 0) {
      const since = nowText(Date.now() - rule.cooldown_days * 86_400_000);
      const recent = await db
        .selectFrom('mkt_resource_move')
        .select('resource_id')
        .where('resource_id', 'in', leads.map((l) => l.id))
        .where('from_owner', '=', p.userId)
        .where('to_pool', '=', POOL.public)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      if (recent) {
        const lead = leads.find((l) => l.id === recent.resource_id);
        throw new ApiError(409, `资源${lead?.name ?? ''}刚从您名下回收，${rule.cooldown_days}天内不能再次领取`);
      }
    }
  }
  const asTmk = claimsAsTmk(p);
  const now = nowText();
  const updated = await db
    .updateTable('mkt_resource')
    .set({ pool: asTmk ? POOL.tmk : POOL.seller, ...(asTmk ? { tmk_id: p.userId, tmk_name: p.name } : { seller_id: p.userId, seller_name: p.name }), assigned_at: now, recycle_warned_at: null, updated_at: now, updated_by: p.userId })
    .where('id', 'in', leads.map((l) => l.id))
    .where('pool', '=', POOL.public)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== leads.length) throw new ApiError(409, '资源已被他人领取，请刷新后重试');
  for (const lead of leads) await recordMove(db, p.userId, lead, { action: '领取公海', to_pool: asTmk ? POOL.tmk : POOL.seller, to_owner: p.userId });
  return { count: leads.length, ids: leads.map((l) => l.id) };
}
