import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { scheduleJob, type LeasedJob } from '../../lib/job-lease';
import { nowText } from '../../lib/time';
import { POOL } from '../../../src/contract/resources/marketing';
import { recordMove, type LeadRow } from './leads';
import { ruleOf } from './moves';
import './schema';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
const BATCH = 1000;

/** The time a lead's owner last worked it: the last follow-up, else when it was assigned. */
const lastTouch = sql<string>`coalesce(last_follow_at, assigned_at, created_at)`;

/**
 * Returns to the public pool the leads held (TMK or seller pool, not important) that nobody
 * followed up for the campus's N days, or that made no deal within M days of being entered; warns
 * (stamps recycle_warned_at and writes the timeline) K days before. Signed leads stay. Every move is on the timeline
 * with the reason. Runs in the caller's transaction; answers what it did.
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
    if (rule.warn_days > 0 && rule.warn_days < rule.follow_days) {
      const warnBefore = nowText(atMs - (rule.follow_days - rule.warn_days) * DAY_MS);
      for (;;) {
        const soon = (await held().where(lastTouch, '<', warnBefore).where('recycle_warned_at', 'is', null).orderBy('id').limit(BATCH).execute()) as LeadRow[];
        if (soon.length === 0) break;
        await db.updateTable('mkt_resource').set({ recycle_warned_at: now }).where('id', 'in', soon.map((l) => l.id)).execute();
        for (const lead of soon) await recordMove(db, null, lead, { action: '回收提醒', to_pool: Number(lead.pool), to_owner: lead.tmk_id ?? lead.seller_id, reason: `${rule.warn_days}天内不跟进将回收到公海` });
        warned += soon.length;
      }
    }
  }
  return { recycled, warned };
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
