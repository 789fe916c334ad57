import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { prepareDatabase } from '../../server/bootstrap';
import { createApp } from '../../server/app';
import { bearerOf, PASSWORD_CHANGE_REQUIRED_MSG, type SessionUser } from '../../src/contract/session';

const pg = process.env.TEST_DATABASE_URL;

describe.skipIf(Boolean(pg))('production mode', () => {
  let opened: Awaited<ReturnType<typeof prepareDatabase>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    const config = { ...loadConfig({ NODE_ENV: 'production', ADMIN_INITIAL_PASSWORD: 'Start2024x' }), dataDir: ':memory:' };
    opened = await prepareDatabase(config);
    app = createApp({ db: opened.db, dialect: opened.dialect, config });
  });
  afterAll(async () => {
    await opened?.close();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.fetch(
      new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
  };

  it('refuses to start without the initial password', async () => {
    await expect(prepareDatabase({ ...loadConfig({ NODE_ENV: 'production' }), dataDir: ':memory:' })).rejects.toThrow('ADMIN_INITIAL_PASSWORD');
  });

  it('has no demo users; the admin must change the password before anything else', async () => {
    expect((await call('POST', '/api/v1/sso/login', { login_id: 'principal', password: 'demo123' })).body.code).toBe(400);
    const login = await call('POST', '/api/v1/sso/login', { login_id: 'admin', password: 'Start2024x' });
    const user = login.body.data as SessionUser;
    expect(user.must_change_password).toBe(true);
    const headers = { token: user.token, Authorization: bearerOf('admin', user.token, user.domain) };
    expect((await call('GET', '/api/v1/system/sidebar?type=0', undefined, headers)).body).toMatchObject({ code: 403, msg: PASSWORD_CHANGE_REQUIRED_MSG });
    const changed = await call('POST', '/api/v1/system/modify_password', { origin: 'Start2024x', new: 'Better2024y', confirm: 'Better2024y' }, headers);
    expect(changed.body.code).toBe(200);
    expect((await call('GET', '/api/v1/system/sidebar?type=0', undefined, headers)).body.code).toBe(200);
  });
});
