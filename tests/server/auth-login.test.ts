import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('sso/login', () => {
  it('signs in the demo admin and answers the session user', async () => {
    const { user, headers } = await s.login(ADMIN.login, ADMIN.password);
    expect(user.login_id).toBe('admin');
    expect(user.isAdmin).toBe(true);
    expect(user.roles.map((r) => r.code)).toContain('RC999');
    expect(user.token.length).toBeGreaterThanOrEqual(43);
    const health = await s.call('GET', '/api/v1/health');
    expect(health.body.code).toBe(200);
    const info = await s.call<{ login_id: string }>('GET', '/api/v1/sys_user/get_info', { headers });
    expect(info.body.data.login_id).toBe('admin');
  });
});
