import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN } from './helpers';
import { listRoutes } from '../../server/routes-list';

// Issue 10 defect 10: every list (declared or hand-written) refuses a sort it does not know, such
// as `password_hash desc`, with 400, instead of silently ignoring it. Walks every served list call.

let s: TestServer;
let admin: Record<string, string>;
let lists: { method: string; path: string }[];
beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  lists = listRoutes(s.app)
    .map((r) => ({ method: r.split(' ')[0], path: r.split(' ')[1] }))
    .filter((r) => /page/.test(r.path.split('/').at(-1) ?? '') && !r.path.includes(':'));
});
afterAll(async () => {
  await s?.close();
});

describe('unknown sort', () => {
  it('is refused with 400 by every list call', async () => {
    expect(lists.length).toBeGreaterThan(20);
    const ignored: string[] = [];
    for (const r of lists) {
      const sort = 'password_hash desc';
      const res =
        r.method === 'GET'
          ? await s.call(r.method, r.path, { headers: admin, query: { page: 1, rows: 5, sort } })
          : await s.call(r.method, r.path, { headers: admin, form: { page: 1, rows: 5, sort } });
      if (res.status !== 200 || res.body.code !== 400) ignored.push(`${r.method} ${r.path} → ${res.status} ${res.body.code} ${res.body.msg}`);
    }
    expect(ignored).toEqual([]);
  });
});
