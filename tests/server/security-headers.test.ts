import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN } from './helpers';
import { API_CSP, APP_CSP } from '../../server/lib/security-headers';

// Issue 10 defect 8: security headers on the app and the API; CORS stays closed.

let s: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
});
afterAll(async () => {
  await s?.close();
});

const fetchRaw = (path: string, init: RequestInit = {}) => s.app.fetch(new Request(`http://localhost${path}`, init));

function expectCommon(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
  expect(res.headers.get('access-control-allow-credentials')).toBeNull();
}

describe('security headers', () => {
  it.each([
    ['a signed-in read', '/api/v1/sys_user/get_info', 'GET', true],
    ['a public call', '/api/v1/health', 'GET', false],
    ['an answer without a session (401)', '/api/v1/sys_user/get_info', 'GET', false],
    ['an unknown API path (404)', '/api/v1/nowhere', 'GET', false],
    ['a cross-origin preflight', '/api/v1/sys_user/get_info', 'OPTIONS', false],
  ])('API: %s carries them, never caches, and opens no CORS', async (_name, path, method, signedIn) => {
    const headers: Record<string, string> = { origin: 'https://evil.example', 'access-control-request-method': 'GET', ...(signedIn ? admin : {}) };
    const res = await fetchRaw(path, { method, headers });
    expectCommon(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe(API_CSP);
  });

  it('the app (any non-API path) gets the app policy: no inline or foreign scripts, no framing, the service worker allowed', async () => {
    const res = await fetchRaw('/some/page');
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    const directives = Object.fromEntries(APP_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['worker-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });

  it('a served file keeps its own sandboxing policy', async () => {
    const b = '----cdhdr';
    const body = Buffer.concat([Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`), Buffer.from('hello'), Buffer.from(`\r\n--${b}--\r\n`)]);
    const up = await fetchRaw('/api/v1/sys_attachment/upload', { method: 'POST', headers: { ...admin, 'content-type': `multipart/form-data; boundary=${b}` }, body });
    const id = ((await up.json()) as { data: number }).data;
    const res = await fetchRaw(`/api/v1/sys_attachment/download?id=${id}`, { headers: admin });
    expectCommon(res);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
