import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from './helpers';
import { bearerOf, type SessionUser } from '../../src/contract/session';
import type { UserSchools } from '../../src/contract/paths';
import { hashToken } from '../../server/lib/sessions';
import { loadAccess } from '../../server/lib/principal';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('sign-in', () => {
  it('answers the session user with roles and a 256-bit token, stored only hashed', async () => {
    const { user } = await s.login('principal', DEMO_PASSWORD);
    expect(user).toMatchObject({ login_id: 'principal', name: '李秀英', isAdmin: false, unread_msg_number: 0, top_msg: [] });
    expect(user.roles).toEqual([expect.objectContaining({ code: 'principal' })]);
    expect(Buffer.from(user.token, 'base64url').length).toBe(32);
    const stored = await s.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((r) => r.token_hash === user.token)).toBe(false);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('names the session\'s absolute expiry, as stored, so the app keeps its token across browser restarts until then', async () => {
    const before = Date.now();
    const { user } = await s.login('principal', DEMO_PASSWORD);
    const hours = s.config.sessionAbsoluteHours;
    expect(user.session_expires_ms).toBeGreaterThanOrEqual(before + hours * 3600_000);
    expect(user.session_expires_ms).toBeLessThanOrEqual(Date.now() + hours * 3600_000);
    const row = await s.db.selectFrom('sessions').select('expires_ms').where('token_hash', '=', hashToken(user.token)).executeTakeFirstOrThrow();
    expect(row.expires_ms).toBe(user.session_expires_ms);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'sales', password: 'nope' } });
    const unknown = await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'nobody', password: 'nope' } });
    expect(wrong.body).toMatchObject({ code: 400, msg: '账号或密码错误', data: null });
    expect(unknown.body).toMatchObject({ code: 400, msg: '账号或密码错误' });
  });

  it('answers code 400 with a Chinese message for bad input', async () => {
    const res = await s.call('POST', '/api/v1/sso/login', { json: { password: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('账号');
    const notJson = await s.app.fetch(new Request('http://localhost/api/v1/sso/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }));
    expect(await notJson.json()).toMatchObject({ code: 400, msg: '请求体不是有效的 JSON' });
  });

  it('locks the account for 10 minutes after 5 failed sign-ins', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'front_desk', password: 'wrong' } });
      expect(r.body.msg).toBe('账号或密码错误');
    }
    const fifth = await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'front_desk', password: 'wrong' } });
    expect(fifth.body).toMatchObject({ code: 423, msg: '密码错误次数过多，账号已锁定，请10分钟后再试' });
    const right = await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'front_desk', password: DEMO_PASSWORD } });
    expect(right.body.code).toBe(423);
    expect(right.body.msg).toContain('账号已锁定');
    // After the lock has run out the right password works again.
    await s.db.updateTable('users').set({ locked_until: Date.now() - 1000 }).where('login_id', '=', 'front_desk').execute();
    expect((await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'front_desk', password: DEMO_PASSWORD } })).body.code).toBe(200);
  });
});

describe('session checks', () => {
  it('needs both headers, matching each other', async () => {
    const { user, headers } = await s.login('sales', DEMO_PASSWORD);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers })).body.code).toBe(200);
    const none = await s.call('GET', '/api/v1/sys_user/get_info');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, msg: '未授权，请登录' });
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers: { token: user.token } })).status).toBe(401);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers: { token: user.token, Authorization: bearerOf('admin', user.token, '') } })).status).toBe(401);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers: { token: 'x'.repeat(43), Authorization: bearerOf('sales', 'x'.repeat(43), '') } })).status).toBe(401);
  });

  it('logout revokes the token', async () => {
    const { headers } = await s.login('sales', DEMO_PASSWORD);
    expect((await s.call('POST', '/api/v1/sso/logout', { headers })).body.code).toBe(200);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers })).status).toBe(401);
  });

  it('expires an idle session', async () => {
    const { user, headers } = await s.login('teacher', DEMO_PASSWORD);
    await s.db.updateTable('sessions').set({ last_seen_ms: Date.now() - 3 * 3600_000 }).where('user_id', '=', user.id).execute();
    // The principal cache lives 5 s; a fresh login's cache entry is not there yet for this token.
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers })).status).toBe(401);
  });

  it('answers 404 with the path for an unknown call', async () => {
    const { headers } = await s.login(ADMIN.login, ADMIN.password);
    const res = await s.call('GET', '/api/v1/system/no_such_call', { headers });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, msg: '请求地址出错: /api/v1/system/no_such_call' });
  });
});

describe('own profile and password', () => {
  it('get_info and modify_info', async () => {
    const { user, headers } = await s.login('telemarketer', DEMO_PASSWORD);
    const before = await s.call<{ name: string; city: string }>('GET', '/api/v1/sys_user/get_info', { headers });
    expect(before.body.data).toMatchObject({ name: '陈晓燕', city: '北京' });
    // the roles shown are the ones the session's access is made of
    const access = await loadAccess(s.db, user.id);
    expect(access.roles.length).toBeGreaterThan(0);
    expect(before.body.data).toMatchObject({ roles: access.roles, isAdmin: false });
    const bad = await s.call('POST', '/api/v1/sys_user/modify_info', { headers, json: { phone: '12345' } });
    expect(bad.body).toMatchObject({ code: 400, msg: '手机号须为11位数字' });
    const saved = await s.call<{ city: string; avatar: string; phone: string }>('POST', '/api/v1/sys_user/modify_info', { headers, json: { city: '天津', avatar: 12, phone: '13900001111' } });
    expect(saved.body.data).toMatchObject({ city: '天津', avatar: '12', phone: '13900001111' });
    expect((await s.call('POST', '/api/v1/sys_user/modify_info', { json: { city: 'x' } })).status).toBe(401);
  });

  it('get_info of another user is only for user admins', async () => {
    const { headers } = await s.login('sales', DEMO_PASSWORD);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers, query: { id: 1 } })).body.code).toBe(404);
    const admin = await s.login(ADMIN.login, ADMIN.password);
    expect((await s.call<{ login_id: string }>('GET', '/api/v1/sys_user/get_info', { headers: admin.headers, query: { id: 3 } })).body.data.login_id).toBe('telemarketer');
  });

  it('modify_password checks confirm, the rule and the old password', async () => {
    const { headers } = await s.login('finance', DEMO_PASSWORD);
    const other = await s.login('finance', DEMO_PASSWORD);
    const mismatch = await s.call('POST', '/api/v1/system/modify_password', { headers, json: { origin: DEMO_PASSWORD, new: 'abc12345', confirm: 'abc12346' } });
    expect(mismatch.body).toMatchObject({ code: 400, msg: '两次输入的新密码不一致' });
    const weak = await s.call('POST', '/api/v1/system/modify_password', { headers, json: { origin: DEMO_PASSWORD, new: 'abcdefgh', confirm: 'abcdefgh' } });
    expect(weak.body).toMatchObject({ code: 400, msg: '密码须为8-64位，且同时包含字母和数字' });
    const missing = await s.call('POST', '/api/v1/system/modify_password', { headers, json: { new: 'abc12345', confirm: 'abc12345' } });
    expect(missing.body).toMatchObject({ code: 400, msg: '请输入原密码' });
    const wrongOld = await s.call('POST', '/api/v1/system/modify_password', { headers, json: { origin: 'nope', new: 'abc12345', confirm: 'abc12345' } });
    expect(wrongOld.body).toMatchObject({ code: 400, msg: '原密码错误' });
    const done = await s.call('POST', '/api/v1/system/modify_password', { headers, json: { origin: DEMO_PASSWORD, new: 'abc12345', confirm: 'abc12345' } });
    expect(done.body.code).toBe(200);
    expect((await s.call('POST', '/api/v1/sso/login', { json: { login_id: 'finance', password: DEMO_PASSWORD } })).body.code).toBe(400);
    // The other sign-in of the account has ended, this one stays.
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers: other.headers })).status).toBe(401);
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers })).status).toBe(200);
    const again = await s.call('POST', '/api/v1/system_user/update_password', { headers, json: { origin: 'abc12345', new: DEMO_PASSWORD + 'x9', confirm: DEMO_PASSWORD + 'x9' } });
    expect(again.body.code).toBe(200);
    expect((await s.call('POST', '/api/v1/system_user/update_password', { json: {} })).status).toBe(401);
  });
});

describe('user schools', () => {
  it('a campus user sees their campuses, admin and all-campus roles see all', async () => {
    const principal = await s.login('principal', DEMO_PASSWORD);
    const mine = await s.call<UserSchools>('GET', '/api/v1/sys_user/get_user_school', { headers: principal.headers });
    expect(mine.body.data.all).toBe(false);
    expect(mine.body.data.schools.map((x) => x.name)).toEqual(['北京朝阳校区', '北京海淀校区']);
    expect(mine.body.data.schools[0]).toMatchObject({ city_name: '北京分公司' });
    const admin = await s.login(ADMIN.login, ADMIN.password);
    const all = await s.call<UserSchools>('GET', '/api/v1/sys_user/get_user_school', { headers: admin.headers });
    expect(all.body.data.all).toBe(true);
    expect(all.body.data.schools.length).toBe(9);
    // a campus role that is not in the option set all_school_roles
    const finance = await s.call<SessionUser>('POST', '/api/v1/sso/login', { json: { login_id: 'foreign_teacher', password: DEMO_PASSWORD } });
    const fh = { token: finance.body.data.token, Authorization: bearerOf('foreign_teacher', finance.body.data.token, '') };
    expect((await s.call<UserSchools>('GET', '/api/v1/sys_user/get_user_school', { headers: fh })).body.data.all).toBe(false);
    expect((await s.call('GET', '/api/v1/sys_user/get_user_school')).status).toBe(401);
  });
});

describe('idempotency', () => {
  it('a repeat with the same key answers the first answer and writes nothing; another body answers 409', async () => {
    const { headers } = await s.login(ADMIN.login, ADMIN.password);
    const h = { ...headers, 'Idempotency-Key': 'k-menu-1' };
    const body = { name: '幂等测试', code: 'idem_test', url: '/idem', type: 1, parent: 0 };
    const first = await s.call<{ id: number }>('POST', '/api/v1/system/add_menu', { headers: h, json: body });
    const second = await s.call<{ id: number }>('POST', '/api/v1/system/add_menu', { headers: h, json: body });
    expect(first.body.code).toBe(200);
    expect(second.body).toEqual(first.body);
    const rows = await s.db.selectFrom('menus').select('id').where('code', '=', 'idem_test').execute();
    expect(rows.length).toBe(1);
    const other = await s.call('POST', '/api/v1/system/add_menu', { headers: h, json: { ...body, name: '别的' } });
    expect(other.body).toMatchObject({ code: 409, msg: '幂等键已用于另一请求' });
  });

  it('a failed write stores no key and rolls back', async () => {
    const { headers } = await s.login(ADMIN.login, ADMIN.password);
    const h = { ...headers, 'Idempotency-Key': 'k-bad-1' };
    const bad = await s.call('POST', '/api/v1/system/add_menu', { headers: h, json: { name: '', code: 'x' } });
    expect(bad.body.code).toBe(400);
    const keys = await s.db.selectFrom('idempotency_keys').select('id').where('idem_key', '=', 'k-bad-1').execute();
    expect(keys.length).toBe(0);
  });
});
