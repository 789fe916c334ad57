import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_GRANTS } from '../../../src/contract/menus/reports';
import { REPORTS } from '../../../src/contract/reports-list';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { report } from './report-helpers';

let s: TestServer;
const users = new Map<string, LoggedIn>();

beforeAll(async () => {
  s = await createTestServer();
  users.set('admin', await s.login(ADMIN.login, ADMIN.password));
  for (const role of new Set(Object.values(REPORT_GRANTS).flat())) users.set(role, await s.login(role, DEMO_PASSWORD));
}, 120_000);

afterAll(async () => s?.close());

// The crawl opens every report as each role granted it and fails on a table without rows: the demo
// data must give each of them rows in the default period (the last two months), in their campuses.
describe('报表中心 demo data', () => {
  for (const def of REPORTS) {
    it(`${def.title} shows rows by default to the administrator and every role granted it`, async () => {
      for (const who of ['admin', ...(REPORT_GRANTS[def.code] ?? [])]) {
        const b = await report(s, users.get(who)!, def.key, {});
        expect(b.msg, `${def.title} / ${who}`).toBe('成功');
        expect(b.data.totalSize, `${def.title} / ${who}`).toBeGreaterThan(0);
      }
    });
  }
  it('lets a role without the report see nothing of it', async () => {
    for (const def of REPORTS) for (const [role, who] of users) if (role !== 'admin' && !(REPORT_GRANTS[def.code] ?? []).includes(role)) expect((await report(s, who, def.key, {})).code, `${def.title} / ${role}`).toBe(403);
  });
});
