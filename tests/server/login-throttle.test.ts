import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { createTestServer, type TestServer, DEMO_PASSWORD } from './helpers';
import { clientAddress } from '../../server/lib/client-address';
import { MAX_ADDRESS_TRIES, MAX_FAILED } from '../../server/modules/auth/throttle';

// Issue 10 defect 2: the lockout is counted atomically, per account and per source address.
// Every password the server evaluates (right or wrong, known account or not) is counted here.
const evaluated = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/lib/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/lib/password')>();
  return {
    ...real,
    verifyPassword: async (stored: string, password: string) => {
      evaluated.count++;
      return real.verifyPassword(stored, password);
    },
    burnVerify: async (password: string) => {
      evaluated.count++;
      return real.burnVerify(password);
    },
  };
});

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});
beforeEach(() => {
  evaluated.count = 0;
});

/** A sign-in from a given socket address (as @hono/node-server hands the socket to the app). */
async function signIn(loginId: string, password: string, address = '10.0.0.1', headers: Record<string, string> = {}): Promise<{ code: number; msg: string }> {
  const req = new Request('http://localhost/api/v1/sso/login', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ login_id: loginId, password }) });
  const res = await s.app.fetch(req, { incoming: { socket: { remoteAddress: address } } });
  return (await res.json()) as { code: number; msg: string };
}

describe('parallel sign-in guessing', () => {
  it('30 concurrent wrong passwords evaluate at most 5, lock the account, and the right password is refused while locked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn('sales', `wrong-${i}`, `10.1.0.${i}`)));
    expect(evaluated.count).toBeLessThanOrEqual(MAX_FAILED);
    // evaluated: four wrong (400) and the fifth locks (423); the rest were refused unseen (429 busy, or 423 once locked)
    expect(answers.every((a) => a.code === 400 || a.code === 423 || a.code === 429)).toBe(true);
    expect(answers.filter((a) => a.code === 400).length).toBe(MAX_FAILED - 1);
    expect(answers.filter((a) => a.code === 423).length).toBeGreaterThanOrEqual(1);
    const right = await signIn('sales', DEMO_PASSWORD, '10.2.0.1');
    expect(right.code).toBe(423);
    expect(right.msg).toContain('账号已锁定');
    expect(evaluated.count).toBeLessThanOrEqual(MAX_FAILED);
    // When the lock has run out, the right password works and the count starts again.
    await s.db.updateTable('users').set({ locked_until: Date.now() - 1000 }).where('login_id', '=', 'sales').execute();
    expect((await signIn('sales', DEMO_PASSWORD, '10.2.0.1')).code).toBe(200);
    const row = await s.db.selectFrom('users').select(['failed_count', 'locked_until']).where('login_id', '=', 'sales').executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_count: 0, locked_until: null });
  });

  it('right passwords sent at once never lock the account: those beyond five wait', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('principal', DEMO_PASSWORD, `10.4.0.${i}`)));
    expect(evaluated.count).toBeLessThanOrEqual(MAX_FAILED);
    expect(answers.filter((a) => a.code === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.code !== 200)) expect(a).toEqual({ code: 429, msg: '该账号正在登录，请稍后再试', data: null });
    expect((await signIn('principal', DEMO_PASSWORD, '10.4.1.1')).code).toBe(200);
  });

  it('a right password among parallel wrong ones is evaluated within the same five', async () => {
    const tries = Array.from({ length: 12 }, (_, i) => (i === 6 ? DEMO_PASSWORD : `nope-${i}`));
    await Promise.all(tries.map((p, i) => signIn('teacher', p, `10.3.0.${i}`)));
    expect(evaluated.count).toBeLessThanOrEqual(MAX_FAILED);
  });
});

describe('per source address', () => {
  it(`one address trying many accounts is stopped after ${MAX_ADDRESS_TRIES} wrong passwords; X-Forwarded-For does not change the address`, async () => {
    const answers = await Promise.all(
      Array.from({ length: MAX_ADDRESS_TRIES + 10 }, (_, i) => signIn(`nobody${i}`, 'guess', '192.0.2.7', { 'x-forwarded-for': `198.51.100.${i}` })),
    );
    expect(evaluated.count).toBe(MAX_ADDRESS_TRIES);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(10);
    expect(answers.find((a) => a.code === 429)).toEqual({ code: 429, msg: '登录尝试过于频繁，请10分钟后再试', data: null });
    // the same address stays stopped, even for a right password; another address is not
    expect((await signIn('finance', DEMO_PASSWORD, '192.0.2.7')).code).toBe(429);
    expect((await signIn('finance', DEMO_PASSWORD, '192.0.2.8')).code).toBe(200);
  });

  it('right passwords do not use up the address', async () => {
    for (let i = 0; i < MAX_ADDRESS_TRIES + 5; i++) expect((await signIn('front_desk', DEMO_PASSWORD, '192.0.2.50')).code).toBe(200);
  });

  it('believes X-Forwarded-For only behind a trusted proxy, and then only its last entry', async () => {
    const probe = async (trustProxy: boolean): Promise<string> => {
      const app = new Hono();
      app.get('/', (c) => c.text(clientAddress(c, { trustProxy })));
      const res = await app.fetch(new Request('http://x/', { headers: { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' } }), { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
      return res.text();
    };
    expect(await probe(false)).toBe('127.0.0.1');
    expect(await probe(true)).toBe('203.0.113.9');
  });
});
