import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { usePrivacyNumberProvider, recordingPrivacyProvider, type PrivacyNumberProvider } from '../../../server/modules/misc';

// 隐私号: unicom/set, default, provide, update, release, call, seek.
let s: TestServer;
let admin: LoggedIn;
let tmk: LoggedIn;
let sales: LoggedIn;
let teacher: LoggedIn;
let principal: LoggedIn;
let cy: number;
let hd: number;
let sh: number;

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  tmk = await s.login('telemarketer', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  teacher = await s.login('teacher', DEMO_PASSWORD);
  principal = await s.login('principal', DEMO_PASSWORD);
  const school = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  cy = await school('BJ-CY');
  hd = await school('BJ-HD');
  sh = await school('SH-PD');
}, 240_000);
afterAll(async () => {
  await s?.close();
});

/** A lead of the telemarketer's own (北京朝阳) with a phone. */
async function tmkLead(skip = 0): Promise<{ id: number; parent_phone: string }> {
  const rows = await s.db.selectFrom('mkt_resource').innerJoin('users', 'users.id', 'mkt_resource.tmk_id').select(['mkt_resource.id', 'mkt_resource.parent_phone']).where('users.login_id', '=', 'telemarketer').where('mkt_resource.del_flag', '=', 0).where('mkt_resource.parent_phone', 'is not', null).orderBy('mkt_resource.id').execute();
  const row = rows[skip];
  if (!row?.parent_phone) throw new Error('no lead of the telemarketer');
  return { id: row.id, parent_phone: row.parent_phone };
}

describe('unicom settings (set, default)', () => {
  it('answers the product defaults before anything is set, then what was set; a principal reaches their campuses only', async () => {
    const before = await s.call('GET', '/api/v1/unicom/default', { query: { school_id: hd }, headers: principal.headers });
    expect(before.body).toMatchObject({ code: 200, data: { school_id: hd } });
    const set = await s.call('POST', '/api/v1/unicom/set', { json: { school_id: hd, account: 'ZX-HD-2', middle_numbers: '17090001001，17090001002 17090001002', expire_minutes: 45, record_call: false }, headers: principal.headers });
    expect(set.body).toMatchObject({ code: 200, data: { account: 'ZX-HD-2', middle_numbers: '17090001001,17090001002', expire_minutes: 45, record_call: false, enabled: true, saved: true } });
    const other = await s.call('POST', '/api/v1/unicom/set', { json: { school_id: sh, account: 'X', middle_numbers: '17090001003' }, headers: principal.headers });
    expect(other.body.code).toBe(404);
    const read = await s.call('GET', '/api/v1/unicom/default', { query: { school_id: sh }, headers: principal.headers });
    expect(read.body.code).toBe(404);
    const bad = await s.call('POST', '/api/v1/unicom/set', { json: { school_id: hd, account: 'A', middle_numbers: '12ab', expire_minutes: 1 }, headers: principal.headers });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/中间号|有效时长/);
  });

  it('refuses set without its operation code', async () => {
    const res = await s.call('POST', '/api/v1/unicom/set', { json: { school_id: cy, account: 'A', middle_numbers: '17090001001' }, headers: tmk.headers });
    expect(res.body.code).toBe(403);
  });
});

describe('unicom provide, call, update, release, seek', () => {
  it('binds a middle number for a lead of the caller, never answering the full customer phone, and answers the same binding twice', async () => {
    const lead = await tmkLead(2);
    const res = await s.call<{ id: number; middle_number: string; customer_phone: string }>('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: tmk.headers });
    expect(res.body.code).toBe(200);
    expect(res.body.data.middle_number).toMatch(/^1709/);
    expect(JSON.stringify(res.body)).not.toContain(lead.parent_phone);
    expect(res.body.data.customer_phone).toContain('****');
    const again = await s.call<{ id: number }>('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: tmk.headers });
    expect(again.body.data.id).toBe(res.body.data.id);
    const seek = await s.call<{ content: Record<string, unknown>[] }>('GET', '/api/v1/unicom/seek', { query: { target_id: lead.id }, headers: tmk.headers });
    expect(seek.body.code).toBe(200);
    expect(seek.body.data.content.length).toBeGreaterThan(0);
    expect(JSON.stringify(seek.body.data)).not.toContain(lead.parent_phone);
    // the provider's request is recorded with the phones masked
    const log = await s.db.selectFrom('misc_provider_request').select(['request']).where('kind', '=', 'bind').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.request).not.toContain(lead.parent_phone);
  });

  it('a lead or student outside the caller\'s scope is missing', async () => {
    const lead = await tmkLead();
    const foreign = await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: principal.headers });
    expect(foreign.body.code).toBe(200); // the principal's campus
    const shLead = await s.db.selectFrom('mkt_resource').select('id').where('school_id', '=', sh).executeTakeFirstOrThrow();
    expect((await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: shLead.id }, headers: tmk.headers })).body.code).toBe(404);
    const shStudent = await s.db.selectFrom('student').select('id').where('school_id', '=', sh).executeTakeFirstOrThrow();
    expect((await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'student', target_id: shStudent.id }, headers: principal.headers })).body.code).toBe(404);
    expect((await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: teacher.headers })).body.code).toBe(403);
  });

  it('binds a student of the campus too', async () => {
    const st = await s.db.selectFrom('student').select('id').where('school_id', '=', cy).where('del_flag', '=', 0).where('parent_phone', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const res = await s.call<{ middle_number: string }>('POST', '/api/v1/unicom/provide', { json: { target_type: 'student', target_id: st.id }, headers: principal.headers });
    expect(res.body.code).toBe(200);
  });

  it('a call through the binding opens a follow-up record of the lead and counts the call; only the binding\'s owner calls', async () => {
    const lead = await tmkLead(3);
    const bound = await s.call<{ id: number }>('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: tmk.headers });
    const call = await s.call<{ call_id: string; record_id: number }>('POST', '/api/v1/unicom/call', { json: { id: bound.body.data.id }, headers: tmk.headers });
    expect(call.body.code).toBe(200);
    const rec = await s.db.selectFrom('mkt_record').select(['resource_id', 'call_id', 'content']).where('id', '=', call.body.data.record_id).executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ resource_id: lead.id, call_id: call.body.data.call_id });
    expect(rec.content).toContain('隐私号外呼');
    const row = await s.db.selectFrom('misc_unicom_binding').select(['call_count']).where('id', '=', bound.body.data.id).executeTakeFirstOrThrow();
    expect(row.call_count).toBe(1);
    expect((await s.call('POST', '/api/v1/unicom/call', { json: { id: bound.body.data.id }, headers: sales.headers })).body.code).toBe(403);
    expect((await s.call('POST', '/api/v1/unicom/call', { json: { id: bound.body.data.id }, headers: teacher.headers })).body.code).toBe(403);
  });

  it('an expired binding is refused for calls until extended; a released one is final', async () => {
    await s.call('POST', '/api/v1/unicom/set', { json: { school_id: cy, account: 'ZX-CY', middle_numbers: '17090008001,17090008002,17090008003,17090008004' }, headers: admin.headers });
    const lead = await tmkLead(4);
    const bound = await s.call<{ id: number }>('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id, expire_minutes: 10 }, headers: tmk.headers });
    const id = bound.body.data.id;
    await s.db.updateTable('misc_unicom_binding').set({ expires_at: '2000-01-01 00:00:00' }).where('id', '=', id).execute();
    expect((await s.call('POST', '/api/v1/unicom/call', { json: { id }, headers: tmk.headers })).body.code).toBe(409);
    const ext = await s.call<{ expires_at: string }>('POST', '/api/v1/unicom/update', { json: { id, expire_minutes: 60 }, headers: tmk.headers });
    expect(ext.body.code).toBe(200);
    expect(ext.body.data.expires_at > '2001').toBe(true);
    expect((await s.call('POST', '/api/v1/unicom/call', { json: { id }, headers: tmk.headers })).body.code).toBe(200);
    expect((await s.call('POST', '/api/v1/unicom/release', { json: { id }, headers: sales.headers })).body.code).toBe(403);
    const rel = await s.call<{ state: number }>('POST', '/api/v1/unicom/release', { json: { id }, headers: tmk.headers });
    expect(rel.body).toMatchObject({ code: 200, data: { state: 2 } });
    expect((await s.call('POST', '/api/v1/unicom/release', { json: { id }, headers: tmk.headers })).body.code).toBe(409);
    expect((await s.call('POST', '/api/v1/unicom/call', { json: { id }, headers: tmk.headers })).body.code).toBe(409);
    expect((await s.call('POST', '/api/v1/unicom/update', { json: { id, expire_minutes: 60 }, headers: tmk.headers })).body.code).toBe(409);
  });

  it('a binding of another campus is missing, for every call and in seek', async () => {
    const shBinding = await s.db.selectFrom('misc_unicom_binding').select('id').where('school_id', '=', sh).executeTakeFirstOrThrow();
    for (const path of ['update', 'release', 'call']) {
      const res = await s.call('POST', `/api/v1/unicom/${path}`, { json: { id: shBinding.id, expire_minutes: 30 }, headers: principal.headers });
      expect(res.body.code, path).toBe(404);
    }
    const seek = await s.call<{ content: { school_id: number }[] }>('GET', '/api/v1/unicom/seek', { query: { rows: 100 }, headers: principal.headers });
    expect(seek.body.data.content.every((r) => r.school_id === cy || r.school_id === hd)).toBe(true);
    expect((await s.call('GET', '/api/v1/unicom/seek', { headers: teacher.headers })).body.code).toBe(403);
  });

  it('refuses a campus not opened, and runs out of middle numbers rather than sharing one between two live pairs of a staff phone', async () => {
    await s.call('POST', '/api/v1/unicom/set', { json: { school_id: cy, enabled: false, account: 'ZX-CY', middle_numbers: '17090009001' }, headers: admin.headers });
    const lead = await tmkLead(5);
    expect((await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: tmk.headers })).body.code).toBe(409);
    await s.call('POST', '/api/v1/unicom/set', { json: { school_id: cy, account: 'ZX-CY', middle_numbers: '17090009001' }, headers: admin.headers });
    expect((await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: tmk.headers })).body.code).toBe(200);
    const next = await tmkLead(6);
    const full = await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: next.id }, headers: tmk.headers });
    expect(full.body).toMatchObject({ code: 409 });
    expect(full.body.msg).toContain('中间号已用完');
  });

  it('goes through the provider put in place, and a refusal of the provider leaves nothing bound', async () => {
    const seen: string[] = [];
    const failing: PrivacyNumberProvider = { ...recordingPrivacyProvider, name: 'test', async bind() { seen.push('bind'); throw new Error('carrier down'); } };
    const restore = usePrivacyNumberProvider(failing);
    try {
      await s.call('POST', '/api/v1/unicom/set', { json: { school_id: cy, account: 'ZX-CY', middle_numbers: '17090009001,17090009002,17090009003' }, headers: admin.headers });
      const lead = await tmkLead(7);
      const before = await s.db.selectFrom('misc_unicom_binding').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const res = await s.call('POST', '/api/v1/unicom/provide', { json: { target_type: 'lead', target_id: lead.id }, headers: tmk.headers });
      expect(res.body).toMatchObject({ code: 409, msg: '运营商隐私号服务暂时不可用，请稍后再试' });
      expect(seen).toEqual(['bind']);
      const after = await s.db.selectFrom('misc_unicom_binding').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    } finally {
      restore();
    }
  });
});
