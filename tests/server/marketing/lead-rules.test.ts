import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import '../../../server/modules/marketing/schema';
import { api, ok, schoolId } from './funnel-fixtures';

/**
 * The campus pool rules (mkt_pool_rule) a person meets when leads are claimed and assigned: the
 * daily claim cap, the important-lead cap, the cool-down before a previous owner claims again, and
 * the hold cap under parallel requests; and the moves batch_transfer_school and modify_app_allow.
 */
let s: TestServer;
let principal: LoggedIn;
let tmk: LoggedIn;
let sales: LoggedIn;
let bj: number;
let hd: number;
let gz: number;
let seq = 0;

/** Taken once: a clock term read per call made two leads' phones equal when the clock moved by the step (seq 1 apart, 31 ms later). */
const RUN = Date.now() % 997;

function phone(): string {
  seq++;
  return `15${String(300000000 + seq * 31 + RUN).slice(-9)}`;
}

async function addLead(who: LoggedIn, body: Record<string, unknown> = {}): Promise<{ id: number; pool: number }> {
  return ok(s.call('POST', api('mkt_resource/add'), { headers: who.headers, json: { school_id: bj, name: '规则测试', parent_phone: phone(), ...body } }));
}

async function publicLead(): Promise<number> {
  const a = await addLead(principal);
  await ok(s.call('GET', api('mkt_resource/cancel_school'), { headers: principal.headers, query: { ids: String(a.id) } }));
  return a.id;
}

async function lead(id: number) {
  return s.db.selectFrom('mkt_resource').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function rule(values: Partial<{ max_hold: number; max_important: number; max_claim_per_day: number; cooldown_days: number }>): Promise<void> {
  await s.db
    .insertInto('mkt_pool_rule')
    .values({ school_id: bj, follow_days: 15, deal_days: 90, warn_days: 2, max_hold: 500, max_important: 50, max_claim_per_day: 50, cooldown_days: 7, ...values, created_at: null, updated_at: null, created_by: null, updated_by: null })
    .execute();
}

const claim = (who: LoggedIn, id: number) => s.call<{ count: number }>('POST', api('mkt_resource/claim'), { headers: who.headers, json: { ids: [id] } });

beforeAll(async () => {
  s = await createTestServer();
  principal = await s.login('principal', DEMO_PASSWORD);
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  bj = await schoolId(s, 'BJ-CY');
  hd = await schoolId(s, 'BJ-HD');
  gz = await schoolId(s, 'GZ-TH');
}, 300_000);

afterAll(async () => s?.close());

afterEach(async () => {
  await s.db.deleteFrom('mkt_pool_rule').where('school_id', '=', bj).execute();
});

describe('pool rules: claims', () => {
  it('the daily claim cap: the claims of today count, the next one is refused and the lead stays in the public pool', async () => {
    await rule({ max_claim_per_day: 2 });
    const ids = [await publicLead(), await publicLead(), await publicLead()];
    await ok(claim(tmk, ids[0]));
    await ok(claim(tmk, ids[1]));
    const third = await claim(tmk, ids[2]);
    expect(third.body).toMatchObject({ code: 409, msg: '今日已领取2条，每日领取上限为2条' });
    expect((await lead(ids[2])).pool).toBe(5);
    // another person's claims are their own
    await ok(claim(sales, ids[2]));
    // claims made before today do not count
    await s.db.updateTable('mkt_resource_move').set({ created_at: '2020-01-01 10:00:00' }).where('created_by', '=', tmk.user.id).where('action', '=', '领取公海').execute();
    await ok(claim(tmk, await publicLead()));
  });

  it('parallel claims of one person never pass the daily cap', async () => {
    await s.db.deleteFrom('mkt_resource_move').where('created_by', '=', sales.user.id).where('action', '=', '领取公海').execute();
    await rule({ max_claim_per_day: 2 });
    const ids = [await publicLead(), await publicLead(), await publicLead(), await publicLead()];
    const answers = await Promise.all(ids.map((id) => claim(sales, id)));
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 200, 409, 409]);
    const held = await s.db.selectFrom('mkt_resource').select('id').where('id', 'in', ids).where('seller_id', '=', sales.user.id).where('pool', '=', 3).execute();
    expect(held).toHaveLength(2);
  });

  it('the cool-down: a lead taken back from its owner is not theirs to claim again within the days, anyone else may', async () => {
    await rule({ cooldown_days: 7 });
    const mine = await addLead(tmk);
    expect(mine.pool).toBe(2);
    await ok(s.call('GET', api('mkt_resource/cancel_school'), { headers: principal.headers, query: { ids: String(mine.id) } }));
    const again = await claim(tmk, mine.id);
    expect(again.body).toMatchObject({ code: 409, msg: '资源规则测试刚从您名下回收，7天内不能再次领取' });
    expect((await lead(mine.id)).pool).toBe(5);
    // eight days later the previous owner may
    await s.db.updateTable('mkt_resource_move').set({ created_at: '2020-01-01 10:00:00' }).where('resource_id', '=', mine.id).where('to_pool', '=', 5).execute();
    await ok(claim(tmk, mine.id));
    expect((await lead(mine.id)).tmk_id).toBe(tmk.user.id);

    const other = await addLead(tmk);
    await ok(s.call('GET', api('mkt_resource/cancel_school'), { headers: principal.headers, query: { ids: String(other.id) } }));
    await ok(claim(sales, other.id));
    expect((await lead(other.id)).seller_id).toBe(sales.user.id);
  });
});

describe('pool rules: caps', () => {
  it('the important-lead cap refuses the lead over it and leaves it unmarked', async () => {
    const held = await s.db.selectFrom('mkt_resource').select('id').where('del_flag', '=', 0).where('is_important', '=', 1).where((eb) => eb.or([eb('tmk_id', '=', tmk.user.id), eb('seller_id', '=', tmk.user.id)])).execute();
    await rule({ max_important: held.length + 1 });
    const a = await addLead(tmk);
    const b = await addLead(tmk);
    await ok(s.call('POST', api('mkt_resource/set_important'), { headers: tmk.headers, json: { ids: [a.id] } }));
    expect((await lead(a.id)).is_important).toBe(1);
    const over = await s.call<null>('POST', api('mkt_resource/set_important'), { headers: tmk.headers, json: { ids: [b.id] } });
    expect(over.body).toMatchObject({ code: 409, msg: `重点资源不能超过${held.length + 1}条` });
    expect((await lead(b.id)).is_important).toBe(0);
    // taking one off frees the place
    await ok(s.call('POST', api('mkt_resource/set_unimportant'), { headers: tmk.headers, json: { ids: [a.id] } }));
    await ok(s.call('POST', api('mkt_resource/set_important'), { headers: tmk.headers, json: { ids: [b.id] } }));
  });

  it('parallel assignments never take a person over the hold cap', async () => {
    const heldBefore = (await s.db.selectFrom('mkt_resource').select('id').where('school_id', '=', bj).where('del_flag', '=', 0).where('pool', '=', 2).where('tmk_id', '=', tmk.user.id).execute()).length;
    await rule({ max_hold: heldBefore + 2 });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await addLead(principal)).id);
    const answers = await Promise.all(ids.map((id) => s.call<unknown>('POST', api('mkt_resource/to_tmker'), { headers: principal.headers, json: { ids: [id], tmk_id: tmk.user.id } })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.body.code === 409)) expect(a.body.msg).toContain(`每人持有上限为${heldBefore + 2}条`);
    const heldAfter = (await s.db.selectFrom('mkt_resource').select('id').where('school_id', '=', bj).where('del_flag', '=', 0).where('pool', '=', 2).where('tmk_id', '=', tmk.user.id).execute()).length;
    expect(heldAfter).toBe(heldBefore + 2);
  });
});

describe('batch_transfer_school and modify_app_allow', () => {
  it('batch_transfer_school moves the leads to the new campus waiting pool, owners cleared, on the timeline; a campus out of reach is refused', async () => {
    const a = await addLead(tmk);
    const b = await addLead(principal);
    await ok(s.call('POST', api('mkt_resource/batch_transfer_school'), { headers: principal.headers, json: { ids: [a.id, b.id], school_id: hd, reason: '家住海淀' } }));
    for (const id of [a.id, b.id]) {
      const row = await lead(id);
      expect([row.school_id, row.pool, row.tmk_id, row.seller_id]).toEqual([hd, 1, null, null]);
      const move = await s.db.selectFrom('mkt_resource_move').select(['action', 'reason', 'from_school', 'to_pool']).where('resource_id', '=', id).where('action', '=', '转校区').executeTakeFirstOrThrow();
      expect(move).toEqual({ action: '转校区', reason: '家住海淀', from_school: bj, to_pool: 1 });
    }
    // 广州天河 is not the principal's: nothing moves
    const c = await addLead(principal);
    const refused = await s.call<null>('POST', api('mkt_resource/batch_transfer_school'), { headers: principal.headers, json: { ids: [c.id], school_id: gz } });
    expect(refused.body.code).not.toBe(200);
    expect((await lead(c.id)).school_id).toBe(bj);
    // the telemarketer may not transfer
    expect((await s.call<null>('POST', api('mkt_resource/batch_transfer_school'), { headers: tmk.headers, json: { ids: [c.id], school_id: hd } })).body.code).toBe(403);
    // a lead already in the campus is refused by name
    const same = await s.call<null>('POST', api('mkt_resource/batch_transfer_school'), { headers: principal.headers, json: { ids: [a.id], school_id: hd } });
    expect(same.body).toMatchObject({ code: 409, msg: '资源规则测试已在该校区，无需转校区' });
  });

  it('batch_transfer_school refuses a phone already live in the new campus', async () => {
    const p = phone();
    await addLead(principal, { school_id: hd, parent_phone: p });
    const twin = await addLead(principal, { parent_phone: p });
    const res = await s.call<null>('POST', api('mkt_resource/batch_transfer_school'), { headers: principal.headers, json: { ids: [twin.id], school_id: hd } });
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toContain('联系电话已存在');
    expect((await lead(twin.id)).school_id).toBe(bj);
  });

  it('modify_app_allow sets and clears the family app sign-in, audited; another campus lead answers as missing', async () => {
    const a = await addLead(principal);
    const on = await ok(s.call<{ app_allow: number }>('POST', api('mkt_resource/modify_app_allow'), { headers: principal.headers, json: { ids: [a.id], app_allow: 1 } }));
    expect(on.app_allow).toBe(1);
    expect((await lead(a.id)).app_allow).toBe(1);
    await ok(s.call('POST', api('mkt_resource/modify_app_allow'), { headers: principal.headers, json: { ids: [a.id], app_allow: 0 } }));
    expect((await lead(a.id)).app_allow).toBe(0);
    const audits = (await s.db.selectFrom('audit_log').select(['call', 'user_id', 'record_ids']).where('call', '=', 'mkt_resource/modify_app_allow').orderBy('id').execute()).filter((r) => String(r.record_ids ?? '').split(',').map(Number).includes(a.id));
    expect(audits).toHaveLength(2);
    expect(audits.every((r) => r.user_id === principal.user.id)).toBe(true);
    const gzLead = (await s.db.selectFrom('mkt_resource').select('id').where('school_id', '=', gz).where('del_flag', '=', 0).executeTakeFirstOrThrow()).id;
    expect((await s.call<null>('POST', api('mkt_resource/modify_app_allow'), { headers: principal.headers, json: { ids: [gzLead], app_allow: 1 } })).body.code).toBe(404);
  });
});
