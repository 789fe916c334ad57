import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../server/db/index';
import { nowText } from '../../../server/lib/time';
import { periodKey } from '../../../server/lib/job-lease';
import { RECYCLE_JOB, recycleLeads } from '../../../server/modules/marketing';
import { runWorker, sharedDatabase, type SharedDatabase } from '../worker-processes';
import '../../../server/modules/marketing/schema';

/**
 * Leads nobody followed up return to the public pool by a job every server process schedules: two
 * processes on one database (a SQLite file, or PostgreSQL) run the same period at the same moment,
 * and each lead is recycled once, with one move on its timeline.
 */
const DAY = 86_400_000;

let shared: SharedDatabase;
let opened: OpenedDatabase;

function worker(atMs: number, holdMs: number): Promise<{ ran: boolean }> {
  return runWorker<{ ran: boolean }>('recycle-worker.ts', shared.target, [String(atMs), String(holdMs)]);
}

beforeAll(async () => {
  shared = await sharedDatabase();
  opened = shared.opened;
}, 300_000);

afterAll(async () => shared?.close());

const userIdOf = async (login: string): Promise<number> => (await opened.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id;

async function seedLead(values: { last_follow_at: string | null; assigned_at: string; is_important?: number; name: string; created_at?: string; seller_id?: number }): Promise<number> {
  const db = opened.db;
  const school = (await db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
  const tmk = await userIdOf('telemarketer');
  // a seller's lead (pool 3) keeps the telemarketer who passed it on
  const held = values.seller_id === undefined ? { pool: 2 } : { pool: 3, seller_id: values.seller_id, seller_name: '刘洋' };
  const row = await db
    .insertInto('mkt_resource')
    .values({ school_id: school, name: values.name, parent_phone: `177${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`, stage: 2, tmk_id: tmk, tmk_name: '陈晓燕', ...held, is_important: values.is_important ?? 0, app_allow: 0, follow_count: 1, assigned_at: values.assigned_at, last_follow_at: values.last_follow_at, del_flag: 0, created_at: values.created_at ?? values.assigned_at, updated_at: values.assigned_at, created_by: null, updated_by: null } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('the lead recycling job', () => {
  it('recycles unfollowed leads exactly once across two processes, keeps important and recently followed ones, warns before', async () => {
    const db = opened.db;
    const at = Date.now();
    const stale = await seedLead({ name: '回收甲', assigned_at: nowText(at - 40 * DAY), last_follow_at: nowText(at - 20 * DAY) });
    const important = await seedLead({ name: '重点乙', assigned_at: nowText(at - 40 * DAY), last_follow_at: nowText(at - 20 * DAY), is_important: 1 });
    const fresh = await seedLead({ name: '新跟丙', assigned_at: nowText(at - 40 * DAY), last_follow_at: nowText(at - 1 * DAY) });
    const soon = await seedLead({ name: '将回收丁', assigned_at: nowText(at - 40 * DAY), last_follow_at: nowText(at - 14 * DAY) });

    const results = await Promise.all([worker(at, 400), worker(at, 400)]);
    expect(results.map((r) => r.ran).sort()).toEqual([false, true]);
    const pools = async (id: number) => (await db.selectFrom('mkt_resource').select(['pool', 'tmk_id', 'recycle_warned_at']).where('id', '=', id).executeTakeFirstOrThrow());
    expect((await pools(stale)).pool).toBe(5);
    expect((await pools(stale)).tmk_id).toBeNull();
    expect((await pools(important)).pool).toBe(2);
    expect((await pools(fresh)).pool).toBe(2);
    expect((await pools(soon)).pool).toBe(2);
    expect((await pools(soon)).recycle_warned_at).not.toBeNull();
    const moves = await db.selectFrom('mkt_resource_move').select(['action', 'reason']).where('resource_id', '=', stale).execute();
    expect(moves).toEqual([{ action: '自动回收', reason: '15天未跟进' }]);
    const claims = await db.selectFrom('sys_job_lease').selectAll().where('job', '=', RECYCLE_JOB.job).where('period', '=', periodKey(RECYCLE_JOB.everyMs, at)).execute();
    expect(claims).toHaveLength(1);

    // the next period finds nothing more to recycle and warns nobody twice
    const again = await db.transaction().execute((trx) => recycleLeads(trx, at + RECYCLE_JOB.everyMs));
    expect(again.recycled).toBe(0);
    expect((await db.selectFrom('mkt_resource_move').select('id').where('resource_id', '=', soon).where('action', '=', '回收提醒').execute()).length).toBe(1);
  }, 300_000);

  it('warns the holder by a bell message K days before, for no follow-up and for no deal, once per lead and period', async () => {
    const db = opened.db;
    const at = Date.now();
    const tmk = await userIdOf('telemarketer');
    const seller = await userIdOf('sales');
    // 15 days without follow-up at 2 days' warning: due in a day
    const unfollowed = await seedLead({ name: '提醒跟进戊', assigned_at: nowText(at - 40 * DAY), last_follow_at: nowText(at - 14 * DAY) });
    // entered 89 days ago, followed yesterday, held by the seller: 90 days without a deal is due in a day
    const noDeal = await seedLead({ name: '提醒成交己', created_at: nowText(at - 89 * DAY), assigned_at: nowText(at - 30 * DAY), last_follow_at: nowText(at - 1 * DAY), seller_id: seller });
    const quiet = await seedLead({ name: '无需提醒庚', assigned_at: nowText(at - 10 * DAY), last_follow_at: nowText(at - 2 * DAY) });
    const messages = async (userId: number, name: string) =>
      db.selectFrom('sys_user_message').select(['title', 'content', 'publisher']).where('user_id', '=', userId).where('title', '=', `资源即将回收：${name}`).execute();

    // the hourly job run twice (and a third time an hour later): one message per lead
    for (const t of [at, at, at + RECYCLE_JOB.everyMs]) await db.transaction().execute((trx) => recycleLeads(trx, t));
    const toTmk = await messages(tmk, '提醒跟进戊');
    expect(toTmk).toHaveLength(1);
    expect(toTmk[0].content).toContain('15天未跟进');
    expect(toTmk[0].publisher).toBe('资源回收');
    // the seller holds the lead in the seller pool: the seller is told, not the telemarketer who passed it on
    const toSeller = await messages(seller, '提醒成交己');
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0].content).toContain('90天未成交');
    expect(await messages(tmk, '提醒成交己')).toEqual([]);
    expect(await messages(tmk, '无需提醒庚')).toEqual([]);
    const warnings = async (id: number) => (await db.selectFrom('mkt_resource_move').select(['to_owner', 'reason']).where('resource_id', '=', id).where('action', '=', '回收提醒').execute());
    expect(await warnings(unfollowed)).toEqual([{ to_owner: tmk, reason: expect.stringContaining('15天未跟进') }]);
    expect(await warnings(noDeal)).toEqual([{ to_owner: seller, reason: expect.stringContaining('90天未成交') }]);
    expect(await warnings(quiet)).toEqual([]);

    // a follow-up opens a new period: warned again when its new deadline comes near, once
    const followed = nowText(at + 2 * 3_600_000);
    await db.updateTable('mkt_resource').set({ last_follow_at: followed }).where('id', '=', unfollowed).execute();
    await db.transaction().execute((trx) => recycleLeads(trx, at + 3 * 3_600_000));
    expect(await messages(tmk, '提醒跟进戊')).toHaveLength(1);
    for (const t of [at + 13.5 * DAY, at + 13.6 * DAY]) await db.transaction().execute((trx) => recycleLeads(trx, t));
    expect(await messages(tmk, '提醒跟进戊')).toHaveLength(2);
    expect((await db.selectFrom('mkt_resource').select('pool').where('id', '=', unfollowed).executeTakeFirstOrThrow()).pool).toBe(2);
  }, 60_000);
});
