import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import type { ReportAnswer } from '../../../src/contract/reports';

let s: TestServer;
const who: Record<string, LoggedIn> = {};

beforeAll(async () => {
  s = await createTestServer();
  who.admin = await s.login(ADMIN.login, ADMIN.password);
  for (const l of ['principal', 'finance', 'teacher', 'foreign_teacher', 'front_desk', 'sales']) who[l] = await s.login(l, DEMO_PASSWORD);
}, 120_000);
afterAll(async () => s?.close());

const GRANTS: Record<string, string[]> = {
  'report/class': ['admin', 'principal', 'teacher', 'foreign_teacher'],
  'report/class_consume': ['admin', 'principal', 'finance'],
  'report/finance': ['admin', 'principal', 'finance'],
  'report/foreign': ['admin', 'principal', 'foreign_teacher'],
  'report/supply_groups': ['admin', 'principal', 'front_desk'],
};

/* The crawl opens every report as every role granted it: the demo data gives each of them rows. */
describe('报表中心 demo data', () => {
  for (const [path, roles] of Object.entries(GRANTS)) {
    it(`${path} shows rows for every role granted it`, async () => {
      for (const r of roles) {
        const res = await s.call<ReportAnswer>('GET', `/api/v1/${path}`, { headers: who[r].headers });
        expect(res.body.msg, `${path} ${r}`).toBe('成功');
        expect(res.body.data.totalSize).toBeGreaterThan(0);
      }
      const no = await s.call('GET', `/api/v1/${path}`, { headers: who.sales.headers });
      expect(no.body.code).toBe(403);
    });
  }
});
