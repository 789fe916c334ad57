import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { cloneRow, orgId, preview, report, reportData } from './report-helpers';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let telemarketer: LoggedIn;
let sales: LoggedIn;
let bj: number;
let gz: number;

// a fixed past period: the demo data (made relative to today) stays out of it
const PERIOD = { date_start: '2025-03-01', date_end: '2025-03-31' };
const IN = '2025-03-10 10:00:00';
const BEFORE = '2025-02-28 23:59:59';
const AFTER = '2025-04-01 00:00:00';

interface Lead {
  school: number;
  seller?: [number, string];
  source?: number;
  pool?: number;
  created?: string;
  assigned?: string | null;
  visited?: string | null;
  trial?: string | null;
  signed?: string | null;
}

const lead = (l: Lead) =>
  cloneRow(s, 'mkt_resource', {
    school_id: l.school,
    name: '报表资源',
    seller_id: l.seller?.[0] ?? null,
    seller_name: l.seller?.[1] ?? null,
    source: l.source ?? 1,
    pool: l.pool ?? 3,
    created_at: l.created ?? IN,
    assigned_at: l.assigned ?? null,
    visited_at: l.visited ?? null,
    trial_at: l.trial ?? null,
    signed_at: l.signed ?? null,
    del_flag: 0,
  });

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  telemarketer = await s.login('telemarketer', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  bj = await orgId(s, 'BJ-CY');
  gz = await orgId(s, 'GZ-TH');
  const seller: [number, string] = [900_001, '漏斗顾问'];
  // 漏斗顾问's leads: 3 assigned in March (one at the first midnight), one in February, one in April
  const a = await lead({ school: bj, seller, assigned: '2025-03-01 00:00:00', visited: IN, trial: IN, signed: '2025-03-31 23:59:59' });
  await lead({ school: bj, seller, assigned: IN, visited: IN, trial: AFTER });
  await lead({ school: bj, seller, assigned: IN, visited: BEFORE });
  await lead({ school: bj, seller, assigned: BEFORE, signed: IN });
  await lead({ school: bj, seller, assigned: AFTER });
  // follow-ups of 漏斗顾问's leads: two in March, one in April
  for (const at of [IN, '2025-03-31 23:59:59', AFTER]) await cloneRow(s, 'mkt_record', { school_id: bj, resource_id: a, follow_at: at, content: '报表跟进' });
  // market and network: 网络推广 (3) and 转介绍 (2) leads received in March in 广州天河, one invalid
  await lead({ school: gz, source: 3, visited: AFTER, signed: AFTER });
  await lead({ school: gz, source: 3, pool: 4 });
  await lead({ school: gz, source: 3, visited: IN });
  await lead({ school: gz, source: 2, signed: IN, visited: IN });
  await lead({ school: gz, source: 3, created: AFTER });
  await cloneRow(s, 'mkt_market_plan', { school_id: gz, name: '报表市场计划', start_date: '2025-02-15', end_date: '2025-03-05', budget: 1_000_00, target_leads: 40, state: 1 });
  await cloneRow(s, 'mkt_market_plan', { school_id: gz, name: '四月计划', start_date: '2025-04-01', end_date: '2025-04-30', budget: 9_000_00, target_leads: 99, state: 1 });
  await cloneRow(s, 'mkt_sch_network_plan', { school_id: gz, plan_month: '2025-03', target_leads: 10, target_visits: 4, target_signs: 2 });
  await cloneRow(s, 'mkt_sch_network_plan', { school_id: gz, plan_month: '2025-04', target_leads: 77, target_visits: 77, target_signs: 77 });
  await cloneRow(s, 'mkt_network_detail', { school_id: gz, stat_date: '2025-03-31', platform: 1, spend: 123_45, lead_count: 6, del_flag: 0 });
  await cloneRow(s, 'mkt_network_detail', { school_id: gz, stat_date: '2025-04-01', platform: 1, spend: 999_99, lead_count: 99, del_flag: 0 });
}, 120_000);

afterAll(async () => s?.close());

describe('销售报表', () => {
  it('counts each consultant’s funnel in the Shanghai period, with rates from the counts', async () => {
    const r = await reportData(s, admin, 'sales', { ...PERIOD, org_id: bj });
    expect(r.content.find((x) => x.seller_name === '漏斗顾问')).toEqual({
      school_name: '北京朝阳校区',
      seller_name: '漏斗顾问',
      assigned: 3,
      follow_ups: 2,
      visits: 2,
      trials: 1,
      deals: 2,
      visit_rate: 6667,
      deal_rate: 6667,
      visit_deal_rate: 10000,
    });
    expect(r.totals.assigned).toBe(r.content.reduce((t, x) => t + Number(x.assigned), 0));
  });

  it('keeps the principal and the consultant to their campuses, refuses a telemarketer', async () => {
    expect((await reportData(s, sales, 'sales', PERIOD)).content.some((x) => x.seller_name === '漏斗顾问')).toBe(true);
    expect((await report(s, principal, 'sales', { ...PERIOD, org_id: gz })).code).toBe(404);
    expect((await report(s, telemarketer, 'sales', PERIOD)).code).toBe(403);
  });
});

describe('市场报表', () => {
  it('counts leads by campus and source with valid, visit and deal rates', async () => {
    const r = await reportData(s, admin, 'market', { ...PERIOD, org_id: gz, sort: 'source_text' });
    const online = r.content.find((x) => x.source_text === '网络推广');
    expect(online).toMatchObject({ school_name: '广州天河校区', leads: 3, valid: 2, valid_rate: 6667, visited: 2, visit_rate: 6667, deals: 1, deal_rate: 3333, plan_budget: null });
    expect(r.content.find((x) => x.source_text === '转介绍')).toMatchObject({ leads: 1, valid: 1, visited: 1, deals: 1, deal_rate: 10000 });
    // totals: sums of counts, rates from the sums
    expect(r.totals).toMatchObject({ leads: 4, valid: 3, valid_rate: 7500, visited: 3, deals: 2, deal_rate: 5000 });
    const one = await reportData(s, admin, 'market', { ...PERIOD, org_id: gz, source: 2 });
    expect(one.content).toHaveLength(1);
  });

  it('by campus sets the budget and lead target of the plans overlapping the period beside the leads', async () => {
    const r = await reportData(s, admin, 'market', { ...PERIOD, org_id: gz, group_by: 'school' });
    expect(r.content).toEqual([
      { school_name: '广州天河校区', source_text: '全部来源', leads: 4, valid: 3, valid_rate: 7500, visited: 3, visit_rate: 7500, deals: 2, deal_rate: 5000, plan_budget: 1_000_00, plan_target_leads: 40, cost_per_lead: 250_00 },
    ]);
    expect((await report(s, admin, 'market', { ...PERIOD, group_by: 'city' })).msg).toMatch(/汇总方式只能是/);
  });

  it('is the telemarketer’s, not the consultant’s', async () => {
    expect((await report(s, telemarketer, 'market', PERIOD)).code).toBe(200);
    expect((await report(s, sales, 'market', PERIOD)).code).toBe(403);
  });
});

describe('网络报表', () => {
  it('counts online leads per campus against the network plan of the months and the spend of the days', async () => {
    const r = await reportData(s, admin, 'network', { ...PERIOD, org_id: gz });
    expect(r.content).toEqual([
      { school_name: '广州天河校区', received: 3, valid: 2, visited: 2, dealt: 1, target_leads: 10, target_visits: 4, target_signs: 2, lead_done_rate: 3000, spend: 123_45, platform_leads: 6, deal_rate: 3333 },
    ]);
    expect(r.totals).toMatchObject({ school_name: '合计', received: 3, spend: 123_45, lead_done_rate: 3000 });
  });

  it('prints through /ureport/preview for the telemarketer within their campuses only', async () => {
    const mine = await preview(s, { _u: 'reports_network', ...PERIOD }, telemarketer);
    expect(mine.status).toBe(200);
    expect(mine.html).toContain('<h1>网络报表</h1>');
    expect(mine.html).not.toContain('广州天河校区');
    const other = await preview(s, { _u: 'reports_network', ...PERIOD, org_id: String(gz) }, telemarketer);
    expect(other.status).toBe(404);
    const admins = await preview(s, { _u: 'reports_network', ...PERIOD, org_id: String(gz) }, admin);
    expect(admins.html).toContain('123.45');
    expect(admins.html).toContain('30.00%');
    expect((await preview(s, { _u: 'reports_network', ...PERIOD }, sales)).status).toBe(403);
  });
});
