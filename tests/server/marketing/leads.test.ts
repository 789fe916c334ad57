import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { stampFunnel } from '../../../server/modules/marketing';
import '../../../server/modules/marketing/schema';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let tmk: LoggedIn;
let sales: LoggedIn;
let bj: number;
let gz: number;
let seq = 0;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;

async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

/** Taken once: a clock term read per call made two leads' phones equal when the clock moved by the step (seq 1 apart, 31 ms later). */
const RUN = Date.now() % 997;

function phone(): string {
  seq++;
  return `16${String(600000000 + seq * 17 + RUN).slice(-9)}`;
}

async function addLead(who: LoggedIn, body: Record<string, unknown> = {}): Promise<{ id: number; pool: number; tmk_id: number | null; parent_phone: string }> {
  return ok(s.call('POST', api('mkt_resource/add'), { headers: who.headers, json: { school_id: bj, name: '线索测试', parent_phone: phone(), ...body } }));
}

async function lead(id: number) {
  return s.db.selectFrom('mkt_resource').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  const school = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  bj = await school('BJ-CY');
  gz = await school('GZ-TH');
}, 120_000);

afterAll(async () => s?.close());

describe('leads: demo data and pools', () => {
  it('has leads in every pool, call records, and the demo telemarketer sees only hers and the public pool', async () => {
    const pools = await s.db.selectFrom('mkt_resource').select('pool').distinct().execute();
    expect(new Set(pools.map((p) => p.pool))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect((await s.db.selectFrom('mkt_record').select('id').execute()).length).toBeGreaterThan(10);
    const page = await ok(s.call<{ content: { pool: number; tmk_id: number | null }[]; totalSize: number }>('POST', api('mkt_resource/page'), { headers: tmk.headers, form: { page: 1, rows: 200 } }));
    expect(page.totalSize).toBeGreaterThan(0);
    for (const r of page.content) expect(r.tmk_id === tmk.user.id || r.pool === 5 || r.pool === 1).toBe(true);
    const counts = await ok(s.call<{ total: number; pools: Record<string, number> }>('POST', api('mkt_resource/page_count'), { headers: principal.headers, form: {} }));
    expect(counts.total).toBe(Object.values(counts.pools).reduce((a, b) => a + b, 0));
  });

  it('has at least 5,000 leads over the campuses in every stage, with records, visits and trials, and a funnel that narrows', async () => {
    const leads = await s.db.selectFrom('mkt_resource').select(['school_id', 'stage', 'called_at', 'invited_at', 'visited_at', 'trial_at', 'signed_at', 'created_at']).where('del_flag', '=', 0).execute();
    expect(leads.length).toBeGreaterThanOrEqual(5000);
    const campuses = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).execute();
    for (const c of campuses) expect(leads.filter((l) => l.school_id === c.id).length, `campus ${c.id}`).toBeGreaterThanOrEqual(500);
    expect(new Set(leads.map((l) => l.stage))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const reached = (k: 'called_at' | 'invited_at' | 'visited_at' | 'trial_at' | 'signed_at') => leads.filter((l) => l[k] !== null).length;
    const funnel = [leads.length, reached('called_at'), reached('invited_at'), reached('visited_at'), reached('trial_at'), reached('signed_at')];
    for (let i = 1; i < funnel.length; i++) expect(funnel[i], `stage ${i}: ${funnel.join(' → ')}`).toBeLessThan(funnel[i - 1]);
    expect(funnel[5]).toBeGreaterThan(100);
    // every stamp after the lead was entered
    for (const l of leads) for (const k of ['called_at', 'invited_at', 'visited_at', 'trial_at', 'signed_at'] as const) if (l[k] !== null) expect(String(l[k]) >= String(l.created_at)).toBe(true);
    const count = async (t: 'mkt_record' | 'mkt_student_visit' | 'mkt_invite_visit' | 'mkt_trial_lesson_student') => (await s.db.selectFrom(t).select('id').execute()).length;
    expect(await count('mkt_record')).toBeGreaterThanOrEqual(5000);
    expect(await count('mkt_invite_visit')).toBeGreaterThanOrEqual(1000);
    expect(await count('mkt_student_visit')).toBeGreaterThanOrEqual(500);
    expect(await count('mkt_trial_lesson_student')).toBeGreaterThanOrEqual(300);
  });
});

describe('leads: add, duplicates and scope', () => {
  it('refuses a duplicate phone in the same campus naming the owner; check_phone_repeat answers who holds it, masked', async () => {
    const p = phone();
    const a = await addLead(tmk, { parent_phone: p });
    expect(a.pool).toBe(2);
    expect(a.tmk_id).toBe(tmk.user.id);
    const dup = await s.call<null>('POST', api('mkt_resource/add'), { headers: principal.headers, json: { school_id: bj, name: '重复', parent_phone: p } });
    expect(dup.body.code).toBe(409);
    expect(dup.body.msg).toContain('联系电话已存在');
    expect(dup.body.msg).toContain('陈晓燕');
    const stored = (await lead(a.id)).parent_phone;
    const check = await ok(s.call<{ repeat: boolean; owners: { tmk_name: string; parent_phone: string }[]; msg: string }>('GET', api('mkt_resource/check_phone_repeat'), { headers: tmk.headers, query: { phone: stored } }));
    expect(check.repeat).toBe(true);
    expect(check.owners[0].tmk_name).toBe('陈晓燕');
    expect(check.owners[0].parent_phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(check.msg).toContain('负责人陈晓燕');
    const none = await ok(s.call<{ repeat: boolean }>('GET', api('mkt_resource/check_phone_repeat'), { headers: sales.headers, query: { phone: '19999999999' } }));
    expect(none.repeat).toBe(false);
    const bad = await s.call<null>('GET', api('mkt_resource/check_phone_repeat'), { headers: sales.headers, query: { phone: '123' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('手机号');
  });

  it('a lead of another campus or another person answers as missing, for reads, writes and moves', async () => {
    const other = await addLead(admin, { school_id: gz });
    for (const [method, path, opts] of [
      ['GET', 'mkt_resource/get', { query: { id: other.id } }],
      ['POST', 'mkt_resource/to_sale', { json: { ids: [other.id] } }],
      ['POST', 'mkt_resource/invalidate', { json: { ids: [other.id], reason: '测试' } }],
      ['POST', 'mkt_resource/set_important', { json: { ids: [other.id] } }],
      ['GET', 'mkt_resource/timeline', { query: { id: other.id } }],
    ] as const) {
      const res = await s.call<null>(method, api(path), { headers: tmk.headers, ...opts });
      expect(res.body.code, path).toBe(404);
    }
    // the principal's campus lead held by the telemarketer is not the seller's to see
    const mine = await addLead(tmk);
    expect((await s.call<null>('GET', api('mkt_resource/get'), { headers: sales.headers, query: { id: mine.id } })).body.code).toBe(404);
    expect((await s.call<null>('GET', api('mkt_resource/get'), { headers: principal.headers, query: { id: mine.id } })).body.code).toBe(200);
  });
});

describe('leads: pool moves, ownership and the timeline', () => {
  it('distributes to a telemarketer, records a call, hands over to a seller, invalidates and activates, all on the timeline', async () => {
    const a = await addLead(principal);
    expect(a.pool).toBe(1);
    await ok(s.call('POST', api('mkt_resource/to_tmker'), { headers: principal.headers, json: { ids: [a.id], tmk_id: tmk.user.id } }));
    expect((await lead(a.id)).pool).toBe(2);
    const rec = await s.call<unknown>('POST', api('mkt_record/add'), { headers: tmk.headers, json: { resource_id: a.id, result: 1, content: '有意向，约周六试听' } });
    expect(rec.body.msg).toBe('成功');
    const afterCall = await lead(a.id);
    expect(afterCall.follow_count).toBe(1);
    expect(afterCall.stage).toBe(2);
    expect(afterCall.called_at).not.toBeNull();
    await ok(s.call('POST', api('mkt_resource/to_sale'), { headers: tmk.headers, json: { ids: [a.id], seller_id: sales.user.id } }));
    const handed = await lead(a.id);
    expect([handed.pool, handed.seller_id, handed.tmk_id]).toEqual([3, sales.user.id, tmk.user.id]);
    const noReason = await s.call<null>('POST', api('mkt_resource/invalidate'), { headers: sales.headers, json: { ids: [a.id] } });
    expect(noReason.body.code).toBe(400);
    expect(noReason.body.msg).toContain('原因');
    await ok(s.call('POST', api('mkt_resource/invalidate'), { headers: sales.headers, json: { ids: [a.id], reason: '家长拒绝' } }));
    expect((await lead(a.id)).pool).toBe(4);
    const again = await s.call<null>('POST', api('mkt_resource/to_tmker'), { headers: principal.headers, json: { ids: [a.id], tmk_id: tmk.user.id } });
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toContain('请先激活');
    await ok(s.call('POST', api('mkt_resource/activited'), { headers: principal.headers, json: { ids: [a.id] } }));
    expect((await lead(a.id)).pool).toBe(1);
    const timeline = await ok(s.call<{ text: string }[]>('GET', api('mkt_resource/timeline'), { headers: principal.headers, query: { id: a.id } }));
    const texts = timeline.map((t) => t.text).join('\n');
    for (const word of ['新增资源', '分配电销', '跟进', '转课程顾问', '设为无效：', '家长拒绝', '激活']) expect(texts).toContain(word);
  });

  it('whoever invalidated a lead still finds it under 无效资源; follow-up records are listed only for one\'s own leads', async () => {
    const a = await addLead(tmk);
    await ok(s.call('POST', api('mkt_resource/invalidate'), { headers: tmk.headers, json: { ids: [a.id], reason: '空号' } }));
    const invalid = await ok(s.call<{ content: { id: number }[] }>('POST', api('mkt_resource/page'), { headers: tmk.headers, form: { pool: '4', rows: 200 } }));
    expect(invalid.content.map((r) => r.id)).toContain(a.id);
    const theirs = await ok(s.call<{ content: { resource_id: number }[] }>('GET', api('mkt_record/page'), { headers: sales.headers, query: { rows: 500, follow_at_start: '2000-01-01' } }));
    expect(theirs.content.length).toBeGreaterThan(0);
    const ownIds = new Set((await s.db.selectFrom('mkt_resource').select('id').where((eb) => eb.or([eb('seller_id', '=', sales.user.id), eb('tmk_id', '=', sales.user.id), eb('pool', '=', 5), eb.and([eb('pool', '=', 1), eb('created_by', '=', sales.user.id)])])).execute()).map((r) => r.id));
    for (const r of theirs.content) expect(ownIds.has(r.resource_id)).toBe(true);
  });

  it('a telemarketer may not distribute (operation code), unassign and cancel_school move by GET', async () => {
    const a = await addLead(principal);
    const refused = await s.call<null>('POST', api('mkt_resource/to_tmker'), { headers: tmk.headers, json: { ids: [a.id], tmk_id: tmk.user.id } });
    expect(refused.body.code).toBe(403);
    await ok(s.call('POST', api('mkt_resource/to_tmker'), { headers: principal.headers, json: { ids: [a.id], tmk_id: tmk.user.id } }));
    await ok(s.call('GET', api('mkt_resource/unassign'), { headers: principal.headers, query: { ids: String(a.id) } }));
    expect((await lead(a.id)).pool).toBe(1);
    await ok(s.call('GET', api('mkt_resource/cancel_school'), { headers: principal.headers, query: { ids: String(a.id) } }));
    expect((await lead(a.id)).pool).toBe(5);
  });

  it('claims from the public pool: two claims of the same lead, one wins and the other is told', async () => {
    const a = await addLead(principal);
    await ok(s.call('GET', api('mkt_resource/cancel_school'), { headers: principal.headers, query: { ids: String(a.id) } }));
    const [x, y] = await Promise.all([
      s.call<unknown>('POST', api('mkt_resource/claim'), { headers: tmk.headers, json: { ids: [a.id] } }),
      s.call<unknown>('POST', api('mkt_resource/claim'), { headers: sales.headers, json: { ids: [a.id] } }),
    ]);
    const codes = [x.body.code, y.body.code].sort();
    expect(codes).toEqual([200, 409]);
    expect([x.body.msg, y.body.msg].find((m) => m !== '成功')).toMatch(/已被他人领取/);
  });

  it('a cap on leads held is never exceeded', async () => {
    await s.db.insertInto('mkt_pool_rule').values({ school_id: bj, follow_days: 15, deal_days: 90, warn_days: 2, max_hold: 1, max_important: 50, max_claim_per_day: 50, cooldown_days: 7, created_at: null, updated_at: null, created_by: null, updated_by: null }).execute();
    try {
      const a = await addLead(principal);
      const res = await s.call<null>('POST', api('mkt_resource/to_tmker'), { headers: principal.headers, json: { ids: [a.id], tmk_id: tmk.user.id } });
      expect(res.body.code).toBe(409);
      expect(res.body.msg).toContain('每人持有上限为1条');
      expect((await lead(a.id)).pool).toBe(1);
    } finally {
      await s.db.deleteFrom('mkt_pool_rule').where('school_id', '=', bj).execute();
    }
  });

  it('stampFunnel keeps the first time and never lowers the stage', async () => {
    const a = await addLead(principal);
    await stampFunnel(s.db, a.id, 'visited', '2026-01-02 10:00:00');
    await stampFunnel(s.db, a.id, 'visited', '2026-01-05 10:00:00');
    await stampFunnel(s.db, a.id, 'called', '2026-01-06 10:00:00');
    const row = await lead(a.id);
    expect([row.visited_at, row.stage, row.called_at]).toEqual(['2026-01-02 10:00:00', 4, '2026-01-06 10:00:00']);
  });

  it('ys_phone answers the full number to those with the right and audits it; others are refused', async () => {
    const a = await addLead(principal);
    const full = await ok(s.call<{ parent_phone: string }>('GET', api('mkt_resource/ys_phone'), { headers: principal.headers, query: { id: a.id } }));
    expect(full.parent_phone).toMatch(/^1\d{10}$/);
    const audited = (await s.db.selectFrom('audit_log').select(['user_id', 'title', 'table_name', 'record_ids', 'changes']).where('call', '=', 'mkt_resource/ys_phone').execute()).filter((r) => String(r.record_ids ?? '').split(',').map(Number).includes(a.id));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ user_id: principal.user.id, title: '查看完整手机号', table_name: 'mkt_resource' });
    expect(String(audited[0].changes)).toContain('parent_phone');
    expect((await s.call<null>('GET', api('mkt_resource/ys_phone'), { headers: tmk.headers, query: { id: a.id } })).body.code).toBe(403);
    // a refused look-up writes nothing
    expect((await s.db.selectFrom('audit_log').select('record_ids').where('call', '=', 'mkt_resource/ys_phone').execute()).filter((r) => String(r.record_ids ?? '').split(',').map(Number).includes(a.id))).toHaveLength(1);
  });
});
