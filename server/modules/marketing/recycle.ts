import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob, type LeasedJob } from '../../lib/job-lease';
import { nowText } from '../../lib/time';
import { POOL } from '../../../src/contract/resources/marketing';
import { ownerOf, recordMove, type LeadRow } from './leads';
import { ruleOf } from './moves';
import { sendUserMessages } from '../messages';
import './schema';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
const BATCH = 1000;

/** The time a lead's owner last worked it: the last follow-up, else when it was assigned. */
const lastTouch = sql<string>`coalesce(last_follow_at, assigned_at, created_at)`;

/**
 * Returns to the public pool the leads held (TMK or seller pool, not important) that nobody
 * followed up for the campus's N days, or that made no deal within M days of being entered; warns
 * the holder K days before either (warnLeads: the timeline and a bell message, once per period).
 * Signed leads stay. Every move is on the timeline with the reason. Runs in the caller's
 * transaction; answers what it did.
 */
export async function recycleLeads(db: Db, atMs = Date.now()): Promise<{ recycled: number; warned: number }> {
  const schools = await db
    .selectFrom('mkt_resource')
    .select('school_id')
    .distinct()
    .where('del_flag', '=', 0)
    .where('pool', 'in', [POOL.tmk, POOL.seller])
    .execute();
  let recycled = 0;
  let warned = 0;
  const now = nowText(atMs);
  for (const { school_id: schoolId } of schools) {
    const rule = await ruleOf(db, schoolId);
    const followBefore = nowText(atMs - rule.follow_days * DAY_MS);
    const dealBefore = nowText(atMs - rule.deal_days * DAY_MS);
    const held = () =>
      db
        .selectFrom('mkt_resource')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('del_flag', '=', 0)
        .where('pool', 'in', [POOL.tmk, POOL.seller])
        // a signed lead is its seller's customer: never taken back
        .where('signed_at', 'is', null)
        .where((eb) => eb.or([eb('is_important', '=', 0), eb('is_important', 'is', null)]));
    for (;;) {
      const due = (await held()
        .where((eb) => eb.or([eb(lastTouch, '<', followBefore), eb.and([eb('created_at', '<', dealBefore), eb(sql<number>`coalesce(stage, 1)`, '<', 6)])]))
        .orderBy('id')
        .limit(BATCH)
        .execute()) as LeadRow[];
      if (due.length === 0) break;
      await db
        .updateTable('mkt_resource')
        .set({ pool: POOL.public, tmk_id: null, tmk_name: null, seller_id: null, seller_name: null, recycle_warned_at: null, updated_at: now })
        .where('id', 'in', due.map((l) => l.id))
        .execute();
      for (const lead of due) {
        const reason = String(lead.last_follow_at ?? lead.assigned_at ?? lead.created_at) < followBefore ? `${rule.follow_days}天未跟进` : `${rule.deal_days}天未成交`;
        await recordMove(db, null, lead, { action: '自动回收', to_pool: POOL.public, to_owner: null, reason });
      }
      recycled += due.length;
    }
    warned += await warnLeads(db, schoolId, rule, held, atMs);
  }
  return { recycled, warned };
}

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (nowText) as milliseconds. */
function msOf(text: string): number {
  return Date.parse(`${text.slice(0, 10)}T${text.length >= 19 ? text.slice(11, 19) : '00:00:00'}+08:00`);
}

/** The held leads' query of one campus (mkt_resource, every column). */
type Held = () => SelectQueryBuilder<Database, 'mkt_resource', Selectable<Database['mkt_resource']>>;

/**
 * Warns the holder of every lead of a campus due to be recycled within the rule's K days, for not
 * being followed up (N days) or for no deal (M days since entered): the 回收提醒 move on the
 * timeline (AI日志) and a message to the holder's bell (sendUserMessages), naming when and why.
 * Once per lead and warning period: recycle_warned_at is the time of the last warning, and a lead
 * is warned again only when a new period opened after it (a follow-up moved its deadline, or the
 * deal deadline came within K days after a warning for the follow-up; a new holder starts afresh).
 */
async function warnLeads(db: Db, schoolId: number, rule: Awaited<ReturnType<typeof ruleOf>>, held: Held, atMs: number): Promise<number> {
  const warnDays = rule.warn_days;
  const byFollow = warnDays > 0 && warnDays < rule.follow_days;
  const byDeal = warnDays > 0 && warnDays < rule.deal_days;
  if (!byFollow && !byDeal) return 0;
  const now = nowText(atMs);
  const followWarnBefore = nowText(atMs - (rule.follow_days - warnDays) * DAY_MS);
  const dealWarnBefore = nowText(atMs - (rule.deal_days - warnDays) * DAY_MS);
  let warned = 0;
  let after = 0;
  for (;;) {
    const page = (await held()
      .where('id', '>', after)
      .where((eb) =>
        eb.or([
          ...(byFollow ? [eb(lastTouch, '<', followWarnBefore)] : []),
          ...(byDeal ? [eb.and([eb('created_at', '<', dealWarnBefore), eb(sql<number>`coalesce(stage, 1)`, '<', 6)])] : []),
        ]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute()) as LeadRow[];
    if (page.length === 0) break;
    after = page[page.length - 1].id;
    const soon: { lead: LeadRow; at: number; reasons: string[] }[] = [];
    for (const lead of page) {
      const due: { at: number; reason: string }[] = [];
      const followDue = msOf(String(lead.last_follow_at ?? lead.assigned_at ?? lead.created_at)) + rule.follow_days * DAY_MS;
      if (byFollow && followDue - warnDays * DAY_MS <= atMs) due.push({ at: followDue, reason: `${rule.follow_days}天未跟进` });
      const dealDue = msOf(String(lead.created_at)) + rule.deal_days * DAY_MS;
      if (byDeal && Number(lead.stage ?? 1) < 6 && dealDue - warnDays * DAY_MS <= atMs) due.push({ at: dealDue, reason: `${rule.deal_days}天未成交` });
      if (due.length === 0) continue;
      const first = Math.min(...due.map((d) => d.at));
      // warned since this period opened (K days before its first deadline): nothing new to say
      if (lead.recycle_warned_at && msOf(String(lead.recycle_warned_at)) >= first - warnDays * DAY_MS) continue;
      soon.push({ lead, at: first, reasons: due.map((d) => d.reason) });
    }
    if (soon.length === 0) continue;
    await db.updateTable('mkt_resource').set({ recycle_warned_at: now }).where('id', 'in', soon.map((w) => w.lead.id)).execute();
    for (const { lead, at, reasons } of soon) {
      const owner = ownerOf({ ...lead, pool: Number(lead.pool) });
      const when = nowText(Math.max(at, atMs)).slice(0, 16);
      await recordMove(db, null, lead, { action: '回收提醒', to_pool: Number(lead.pool), to_owner: owner, reason: `${reasons.join('、')}，将于${when}前后回收到公海` });
      if (owner !== null) {
        await sendUserMessages(db, {
          userIds: [owner],
          title: `资源即将回收：${lead.name}`,
          content: `您负责的资源「${lead.name}」因${reasons.join('、')}，将于 ${when} 前后自动回收到公海。请尽快跟进（或签约），重点资源不回收。`,
          publisher: '资源回收',
        });
      }
    }
    warned += soon.length;
  }
  return warned;
}

/** Once an hour, exactly once across the server processes (server/lib/job-lease.ts). */
export const RECYCLE_JOB: LeasedJob = {
  job: 'mkt_recycle_leads',
  everyMs: 3_600_000,
  work: async (trx) => {
    await recycleLeads(trx);
  },
};

export function scheduleLeadRecycling(db: Db): () => void {
  return scheduleJob(db, RECYCLE_JOB);
}
