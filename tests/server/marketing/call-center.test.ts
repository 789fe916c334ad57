import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { insertLead, ok, post, schoolId, userId } from './funnel-fixtures';
import '../../../server/modules/marketing/schema';

/**
 * The call-centre calls (tq_gettoken/auth, tq_infosend/send, tq_phonecall/call) through the
 * built-in recording provider: what each answers, what it records (mkt_call_center_log, the call's
 * follow-up record), the operation codes, the campus scope and the refusals that write nothing.
 */
let s: TestServer;
let tmk: LoggedIn;
let teacher: LoggedIn;
let bj: number;
let gz: number;
let tmkId: number;

async function logCount(): Promise<number> {
  return (await s.db.selectFrom('mkt_call_center_log').select('id').execute()).length;
}

async function recordCount(): Promise<number> {
  return (await s.db.selectFrom('mkt_record').select('id').execute()).length;
}

beforeAll(async () => {
  s = await createTestServer();
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  teacher = await s.login('teacher', DEMO_PASSWORD);
  bj = await schoolId(s, 'BJ-CY');
  gz = await schoolId(s, 'GZ-TH');
  tmkId = await userId(s, 'telemarketer');
}, 120_000);

afterAll(async () => s?.close());

describe('tq_gettoken/auth', () => {
  it('answers a token of the recording provider and logs the request', async () => {
    const before = await logCount();
    const t = await ok(post<{ token: string; provider: string; expires_in: number }>(s, tmk, 'tq_gettoken/auth', { agent: '8001' }));
    expect(t.provider).toBe('record');
    expect(t.token).toMatch(/^rec-/);
    expect(t.expires_in).toBe(7200);
    const last = await s.db.selectFrom('mkt_call_center_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await logCount()).toBe(before + 1);
    expect(last).toMatchObject({ kind: 'token', provider: 'record', created_by: tmkId });
  });

  it('refuses a body it does not understand, and a role without the operation code, writing nothing', async () => {
    const before = await logCount();
    const bad = await post(s, tmk, 'tq_gettoken/auth', { token: 'x' });
    expect(bad.body.code).toBe(400);
    const long = await post(s, tmk, 'tq_gettoken/auth', { agent: 'x'.repeat(65) });
    expect(long.body.code).toBe(400);
    expect(long.body.msg).toContain('坐席编号');
    const denied = await post(s, teacher, 'tq_gettoken/auth', {});
    expect(denied.body.code).toBe(403);
    expect(await logCount()).toBe(before);
  });
});

describe('tq_infosend/send', () => {
  it('sends to the lead’s phone through the provider and logs it with the lead', async () => {
    const lead = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const phone = (await s.db.selectFrom('mkt_resource').select('parent_phone').where('id', '=', lead).executeTakeFirstOrThrow()).parent_phone;
    const sent = await ok(post<{ id: string; provider: string }>(s, tmk, 'tq_infosend/send', { resource_id: lead, content: '  周六上午有免费体验课  ' }));
    expect(sent.provider).toBe('record');
    expect(sent.id).toMatch(/^sms-/);
    const row = await s.db.selectFrom('mkt_call_center_log').selectAll().where('call_id', '=', sent.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'sms', target: phone, content: '周六上午有免费体验课', resource_id: lead, school_id: bj, created_by: tmkId });
  });

  it('refuses an empty or too long text naming 短信内容, a lead of another campus as missing, writing nothing', async () => {
    const mine = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const other = await insertLead(s.db, { school_id: gz });
    const before = await logCount();
    const empty = await post(s, tmk, 'tq_infosend/send', { resource_id: mine, content: '   ' });
    expect(empty.body).toMatchObject({ code: 400, msg: expect.stringContaining('短信内容') });
    const long = await post(s, tmk, 'tq_infosend/send', { resource_id: mine, content: '字'.repeat(501) });
    expect(long.body).toMatchObject({ code: 400, msg: expect.stringContaining('短信内容') });
    const noLead = await post(s, tmk, 'tq_infosend/send', { content: '你好' });
    expect(noLead.body).toMatchObject({ code: 400, msg: expect.stringContaining('资源') });
    const out = await post(s, tmk, 'tq_infosend/send', { resource_id: other, content: '你好' });
    expect(out.body.code).toBe(404);
    const gone = await post(s, tmk, 'tq_infosend/send', { resource_id: 987_654_321, content: '你好' });
    expect(gone.body.code).toBe(404);
    expect(out.body.msg).toBe(gone.body.msg);
    const denied = await post(s, teacher, 'tq_infosend/send', { resource_id: mine, content: '你好' });
    expect(denied.body.code).toBe(403);
    expect(await logCount()).toBe(before);
  });
});

describe('tq_phonecall/call', () => {
  it('dials the lead, logs the call and opens its follow-up record (呼叫中), which the status callback completes', async () => {
    const lead = await insertLead(s.db, { school_id: bj, tmk_id: tmkId, stage: 1 });
    const call = await ok(post<{ call_id: string; provider: string; record_id: number }>(s, tmk, 'tq_phonecall/call', { resource_id: lead }));
    expect(call.provider).toBe('record');
    expect(call.call_id).toMatch(/^call-/);
    const log = await s.db.selectFrom('mkt_call_center_log').selectAll().where('call_id', '=', call.call_id).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ kind: 'call', resource_id: lead, school_id: bj, created_by: tmkId });
    const rec = await s.db.selectFrom('mkt_record').selectAll().where('id', '=', call.record_id).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ resource_id: lead, call_id: call.call_id, call_status: 1, school_id: bj, created_by: tmkId });
    // not connected yet: the lead is not 已联系
    expect((await s.db.selectFrom('mkt_resource').select('called_at').where('id', '=', lead).executeTakeFirstOrThrow()).called_at).toBeNull();

    await ok(post(s, tmk, 'mkt_record/call_status_notify', { call_id: call.call_id, status: 2, seconds: 95 }));
    const done = await s.db.selectFrom('mkt_record').selectAll().where('id', '=', call.record_id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ call_status: 2, call_seconds: 95, content: '通话95秒' });
    const after = await s.db.selectFrom('mkt_resource').select(['called_at', 'last_follow_at']).where('id', '=', lead).executeTakeFirstOrThrow();
    expect(after.called_at).not.toBeNull();
    expect(after.last_follow_at).not.toBeNull();
  });

  it('refuses a lead of another campus as missing, a missing id naming 资源, and a role without the code, writing nothing', async () => {
    const other = await insertLead(s.db, { school_id: gz });
    const mine = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const logs = await logCount();
    const records = await recordCount();
    const out = await post(s, tmk, 'tq_phonecall/call', { resource_id: other });
    expect(out.body.code).toBe(404);
    const none = await post(s, tmk, 'tq_phonecall/call', {});
    expect(none.body).toMatchObject({ code: 400, msg: expect.stringContaining('资源') });
    const text = await post(s, tmk, 'tq_phonecall/call', { resource_id: 'abc' });
    expect(text.body).toMatchObject({ code: 400, msg: expect.stringContaining('资源') });
    const denied = await post(s, teacher, 'tq_phonecall/call', { resource_id: mine });
    expect(denied.body.code).toBe(403);
    expect(await logCount()).toBe(logs);
    expect(await recordCount()).toBe(records);
  });

  it('answers an unknown provider with a clear message and dials nothing', async () => {
    const mine = await insertLead(s.db, { school_id: bj, tmk_id: tmkId });
    const logs = await logCount();
    const records = await recordCount();
    const saved = process.env.CALL_CENTER_PROVIDER;
    process.env.CALL_CENTER_PROVIDER = 'nowhere';
    try {
      const res = await post(s, tmk, 'tq_phonecall/call', { resource_id: mine });
      expect(res.body).toMatchObject({ code: 409, msg: '呼叫中心服务商nowhere未配置' });
    } finally {
      if (saved === undefined) delete process.env.CALL_CENTER_PROVIDER;
      else process.env.CALL_CENTER_PROVIDER = saved;
    }
    expect(await logCount()).toBe(logs);
    expect(await recordCount()).toBe(records);
  });
});
