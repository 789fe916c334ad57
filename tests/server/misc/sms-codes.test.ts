import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { CODE_REFUSED_MSG, FORGET_SENT_MSG } from '../../../src/contract/misc-sms';
import { ADDRESS_CHECKS_PER_HOUR, MAX_WRONG, SEND_LIMITS, SEND_TOO_OFTEN } from '../../../server/modules/misc/sms-code';

// user/sms, user/sms_forget and the calls that use their codes (user/sms_password, user/sms_forget_reset).
let s: TestServer;
let admin: LoggedIn;
beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
}, 240_000);
afterAll(async () => {
  await s?.close();
});
// Each test starts without sending limits used (the limits have tests of their own below).
beforeEach(async () => {
  await s.db.deleteFrom('sms_throttle').execute();
});

/** A call from a given socket address (as @hono/node-server hands the socket to the app). */
async function from(address: string, method: string, path: string, json?: unknown): Promise<{ code: number; msg: string; data: unknown }> {
  const init: RequestInit = { method, headers: json === undefined ? {} : { 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) };
  const res = await s.app.fetch(new Request(`http://localhost/${path}`, init), { incoming: { socket: { remoteAddress: address } } });
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

const forget = (loginId: string, address = '10.9.0.1') => from(address, 'GET', `api/v1/user/sms_forget?login_id=${encodeURIComponent(loginId)}`);
const reset = (body: Record<string, unknown>, address = '10.9.0.1') => from(address, 'POST', 'api/v1/user/sms_forget_reset', body);

/** The newest code sent to a masked phone, read as the administrator reads it: 服务商请求记录. */
async function lastCode(maskedPhone: string): Promise<string> {
  const res = await s.call<{ content: { request: string; target: string }[] }>('GET', '/api/v1/misc_provider_request/page', { query: { kind: 'sms_code', target: maskedPhone, rows: 1, sort: 'id desc' }, headers: admin.headers });
  expect(res.body.code).toBe(200);
  const text = res.body.data.content[0]?.request ?? '';
  const code = /验证码为(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code sent to ${maskedPhone}: ${text}`);
  return code;
}

const SALES_PHONE = '135****5678';
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('user/sms_forget and user/sms_forget_reset', () => {
  it('sends a 6-digit code to the account phone, sets a new password with it, and the code works once only', async () => {
    const sent = await forget('sales');
    expect(sent.code).toBe(200);
    expect(sent.data).toEqual({ notice: FORGET_SENT_MSG, expire_minutes: 5 });
    const code = await lastCode(SALES_PHONE);
    expect(code).toMatch(/^\d{6}$/);
    // stored only as a hash
    const rows = await s.db.selectFrom('sms_code').select(['code_hash']).execute();
    expect(rows.every((r) => r.code_hash !== code && r.code_hash.length === 64)).toBe(true);
    const done = await reset({ login_id: 'sales', code, new: 'NewPass123', confirm: 'NewPass123' });
    expect(done.code).toBe(200);
    await s.login('sales', 'NewPass123');
    const again = await reset({ login_id: 'sales', code, new: 'Other12345', confirm: 'Other12345' });
    expect(again).toMatchObject({ code: 400, msg: CODE_REFUSED_MSG });
    // back to the demo password for the other tests
    await s.db.deleteFrom('sms_throttle').execute();
    await forget('sales');
    expect((await reset({ login_id: 'sales', code: await lastCode(SALES_PHONE), new: 'Demo12345', confirm: 'Demo12345' })).code).toBe(200);
  });

  it('answers an unknown account exactly as a known one, sends nothing for it, and refuses its reset like a wrong code', async () => {
    const before = await s.db.selectFrom('misc_provider_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const unknown = await forget('no_such_user_x');
    const known = await forget('principal');
    expect(unknown).toEqual(known);
    const after = await s.db.selectFrom('misc_provider_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const refused = await reset({ login_id: 'no_such_user_x', code: '123456', new: 'NewPass123', confirm: 'NewPass123' });
    const wrong = await reset({ login_id: 'principal', code: wrongOf(await lastCode('139****3456')), new: 'NewPass123', confirm: 'NewPass123' });
    expect(refused).toEqual(wrong);
    expect(refused).toMatchObject({ code: 400, msg: CODE_REFUSED_MSG });
  });

  it('refuses an expired code', async () => {
    await forget('telemarketer');
    const code = await lastCode('136****4567');
    await s.db.updateTable('sms_code').set({ expires_ms: Date.now() - 1 }).where('used', '=', 0).execute();
    expect(await reset({ login_id: 'telemarketer', code, new: 'NewPass123', confirm: 'NewPass123' })).toMatchObject({ code: 400, msg: CODE_REFUSED_MSG });
    await s.login('telemarketer', DEMO_PASSWORD);
  });

  it('burns a code after 5 wrong tries: the right code is refused then', async () => {
    await forget('teacher');
    const code = await lastCode('137****6789');
    for (let i = 0; i < MAX_WRONG; i++) expect((await reset({ login_id: 'teacher', code: wrongOf(code), new: 'NewPass123', confirm: 'NewPass123' })).code).toBe(400);
    expect(await reset({ login_id: 'teacher', code, new: 'NewPass123', confirm: 'NewPass123' })).toMatchObject({ code: 400, msg: CODE_REFUSED_MSG });
    await s.login('teacher', DEMO_PASSWORD);
  });

  it('30 parallel tries: at most 5 are checked, and of parallel right codes exactly one sets the password', async () => {
    await forget('front_desk');
    const code = await lastCode('139****8901');
    const wrong = await Promise.all(Array.from({ length: 30 }, (_, i) => reset({ login_id: 'front_desk', code: String(i).padStart(6, '7'), new: 'NewPass123', confirm: 'NewPass123' }, `10.8.0.${i}`)));
    expect(wrong.every((a) => a.code === 400)).toBe(true);
    const row = await s.db.selectFrom('sms_code').select(['wrong_tries']).where('used', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(MAX_WRONG);
    expect((await reset({ login_id: 'front_desk', code, new: 'NewPass123', confirm: 'NewPass123' })).code).toBe(400);

    await s.db.deleteFrom('sms_throttle').execute();
    await forget('front_desk');
    const fresh = await lastCode('139****8901');
    const right = await Promise.all(Array.from({ length: 8 }, (_, i) => reset({ login_id: 'front_desk', code: fresh, new: `Parallel${i}x1`, confirm: `Parallel${i}x1` }, `10.7.0.${i}`)));
    expect(right.filter((a) => a.code === 200)).toHaveLength(1);
  });

  it('limits sending per account (also an unknown one) and per address, atomically', async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => forget('finance', `10.6.0.${i}`)));
    expect(burst.filter((a) => a.code === 200)).toHaveLength(SEND_LIMITS.accountMinute);
    expect(burst.filter((a) => a.code === 429).every((a) => a.msg === SEND_TOO_OFTEN)).toBe(true);
    const unknown = await Promise.all(Array.from({ length: 10 }, (_, i) => forget('ghost_user', `10.5.0.${i}`)));
    expect(unknown.filter((a) => a.code === 200)).toHaveLength(SEND_LIMITS.accountMinute);
    const many = await Promise.all(Array.from({ length: SEND_LIMITS.addressHour + 5 }, (_, i) => forget(`someone_${i}`, '10.4.0.1')));
    expect(many.filter((a) => a.code === 200)).toHaveLength(SEND_LIMITS.addressHour);
  });

  it('limits code checks per source address', async () => {
    const tries = await Promise.all(Array.from({ length: ADDRESS_CHECKS_PER_HOUR + 3 }, (_, i) => reset({ login_id: `guess_${i}`, code: '000000', new: 'NewPass123', confirm: 'NewPass123' }, '10.3.0.1')));
    expect(tries.filter((a) => a.code === 400)).toHaveLength(ADDRESS_CHECKS_PER_HOUR);
    expect(tries.filter((a) => a.code === 429)).toHaveLength(3);
  });

  it('answers bad input in Chinese without sending', async () => {
    expect(await forget('')).toMatchObject({ code: 400 });
    const bad = await reset({ login_id: 'sales', code: '12ab', new: 'short', confirm: 'x' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('user/sms and user/sms_password (signed in)', () => {
  it('sends a code to the own phone, masked in the answer, and changes the password with it; the session stays', async () => {
    const me = await s.login('foreign_teacher', DEMO_PASSWORD);
    const other = await s.login('foreign_teacher', DEMO_PASSWORD);
    const sent = await s.call<{ phone: string }>('GET', '/api/v1/user/sms', { headers: me.headers });
    expect(sent.body).toMatchObject({ code: 200, data: { phone: '138****7890', expire_minutes: 5 } });
    const code = await lastCode('138****7890');
    const wrong = await s.call('POST', '/api/v1/user/sms_password', { json: { code: wrongOf(code), new: 'Teacher1234', confirm: 'Teacher1234' }, headers: me.headers });
    expect(wrong.body).toMatchObject({ code: 400, msg: CODE_REFUSED_MSG });
    const ok = await s.call('POST', '/api/v1/user/sms_password', { json: { code, new: 'Teacher1234', confirm: 'Teacher1234' }, headers: me.headers });
    expect(ok.body.code).toBe(200);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers: me.headers })).body.code).toBe(200);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers: other.headers })).status).toBe(401);
    await s.login('foreign_teacher', 'Teacher1234');
    // a self code does not reset through the forgotten-password call
    await s.db.deleteFrom('sms_throttle').execute();
    await s.call('GET', '/api/v1/user/sms', { headers: me.headers });
    expect(await reset({ login_id: 'foreign_teacher', code: await lastCode('138****7890'), new: 'NewPass123', confirm: 'NewPass123' })).toMatchObject({ code: 400 });
  });

  it('needs a session, and the code log is the administrator\'s alone', async () => {
    expect((await s.call('GET', '/api/v1/user/sms')).status).toBe(401);
    const principal = await s.login('principal', DEMO_PASSWORD);
    const log = await s.call('GET', '/api/v1/misc_provider_request/page', { headers: principal.headers });
    expect(log.body.code).toBe(403);
  });
});
