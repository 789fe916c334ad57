import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { createTestServer, type TestServer } from './helpers';
import type { SessionUser } from '../../src/contract/session';
import { bearerOf } from '../../src/contract/session';

let provider: OAuth2Server;
let s: TestServer;
let username: string | undefined = 'teacher';

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    if (username) token.payload.preferred_username = username;
  });
  const issuer = provider.issuer.url as string;
  s = await createTestServer({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'campus-desk',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_REDIRECT_URI: 'http://127.0.0.1:8080/#/auth/redirect',
    OIDC_LOGOUT_REDIRECT: 'http://127.0.0.1:8080/#/login',
  });
});
afterAll(async () => {
  await s?.close();
  await provider?.stop();
});

describe('OpenID Connect sign-in', () => {
  it('third_config tells the app where to send the browser', async () => {
    const res = await s.call<{ enabled: boolean; authorize_url: string; client_id: string; logout_url: string }>('GET', '/api/v1/auth/third_config');
    expect(res.body.data).toMatchObject({ enabled: true, client_id: 'campus-desk' });
    expect(res.body.data.authorize_url).toBe(`${provider.issuer.url}/authorize`);
  });

  it('exchanges the code, verifies the id_token and answers the session user', async () => {
    username = 'teacher';
    const res = await s.call<SessionUser>('POST', '/api/v1/auth/third_login', { json: { code: 'abc', redirect_uri: 'http://127.0.0.1:8080/#/auth/redirect' } });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ login_id: 'teacher', name: '赵敏' });
    const headers = { token: res.body.data.token, Authorization: bearerOf('teacher', res.body.data.token, res.body.data.domain) };
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers })).body.code).toBe(200);

    const out = await s.call<{ logout_url: string }>('POST', '/api/v1/auth/third_logout', { headers });
    const url = new URL(out.body.data.logout_url);
    expect(url.pathname).toBe('/endsession');
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:8080/#/login');
    expect((await s.call('GET', '/api/v1/sys_user/get_info', { headers })).status).toBe(401);
    // both are in 操作日志 as the user's (tests/server/audit-every-write.test.ts); a second sign-out ends nothing and is not
    await s.call('POST', '/api/v1/auth/third_logout', { headers });
    const logged = await s.db.selectFrom('audit_log').select(['user_name', 'title', 'call', 'record_ids']).where('call', 'like', 'auth/%').orderBy('id').execute();
    expect(logged).toEqual([
      { user_name: '赵敏', title: '登录', call: 'auth/third_login', record_ids: `,${res.body.data.id},` },
      { user_name: '赵敏', title: '退出登录', call: 'auth/third_logout', record_ids: `,${res.body.data.id},` },
    ]);
  });

  it('refuses a provider account without a user here, and bad input', async () => {
    username = 'stranger';
    const res = await s.call('POST', '/api/v1/auth/third_login', { json: { code: 'abc' } });
    expect(res.body).toMatchObject({ code: 403, msg: '统一认证账号 stranger 未开通本系统账号，请联系管理员' });
    expect((await s.call('POST', '/api/v1/auth/third_login', { json: {} })).body).toMatchObject({ code: 400, msg: '缺少授权码 code' });
    const sessions = await s.db.selectFrom('sessions').select('id').execute();
    expect(sessions.length).toBe(1);
  });

  it('refuses a token the provider refused', async () => {
    provider.service.once('beforeResponse', (response) => {
      response.body = { error: 'invalid_grant' };
      response.statusCode = 400;
    });
    const res = await s.call('POST', '/api/v1/auth/third_login', { json: { code: 'used' } });
    expect(res.body).toMatchObject({ code: 401, msg: '第三方登录失败：授权码无效或已过期' });
  });
});

describe('without a provider', () => {
  it('third_config says disabled and third_login refuses', async () => {
    const plain = await createTestServer();
    try {
      expect((await plain.call<{ enabled: boolean }>('GET', '/api/v1/auth/third_config')).body.data.enabled).toBe(false);
      expect((await plain.call('POST', '/api/v1/auth/third_login', { json: { code: 'x' } })).body).toMatchObject({ code: 400, msg: '未启用第三方登录' });
    } finally {
      await plain.close();
    }
  });
});
