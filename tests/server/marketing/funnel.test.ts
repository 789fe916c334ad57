import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type LoggedIn, type TestServer } from '../helpers';
import type { FunnelReport, FunnelRow } from '../../../src/contract/marketing-funnel';
import { funnelRow } from '../../../server/modules/marketing/funnel/report';
import { get, insertLead, ok, schoolId, userId } from './funnel-fixtures';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let hd: number;
let gz: number;
let tmk: number;
let seller: number;

const RANGE = { lead_date_start: '2019-02-01', lead_date_end: '2019-02-28' };
// channels are the leads' 来源: 网络推广 and 自然到访
const CH1 = 3;
const CH2 = 4;

function row(report: FunnelReport, key: number | null): FunnelRow {
  const found = report.rows.find((r) => r.key === key);
  if (!found) throw new Error(`no row ${String(key)}`);
  return found;
}

/**
 * A constructed cohort (leads created in February 2019, long before any demo lead) in 北京海淀, which
 * the principal reaches, and one in 广州天河, which they do not:
 * A: called +1 d, invited +2 d, visited +3 d, trial +1 d, signed +2 d; B: called +0.5 d, invited +2 d;
 * C: nothing; D: a walk-in visit (no call, no invitation); E: called +3 d; F (广州): nothing.
 */
beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  hd = await schoolId(s, 'BJ-HD');
  gz = await schoolId(s, 'GZ-TH');
  tmk = await userId(s, 'telemarketer');
  seller = await userId(s, 'sales');
  const lead = (init: Parameters<typeof insertLead>[1]) => insertLead(s.db, init);
  await lead({ school_id: hd, source: CH1, tmk_id: tmk, seller_id: seller, created_at: '2019-02-01 09:00:00', called_at: '2019-02-02 09:00:00', invited_at: '2019-02-04 09:00:00', visited_at: '2019-02-07 09:00:00', trial_at: '2019-02-08 09:00:00', signed_at: '2019-02-10 09:00:00' });
  await lead({ school_id: hd, source: CH1, tmk_id: tmk, created_at: '2019-02-03 09:00:00', called_at: '2019-02-03 21:00:00', invited_at: '2019-02-05 21:00:00' });
  await lead({ school_id: hd, source: CH1, created_at: '2019-02-05 09:00:00' });
  await lead({ school_id: hd, source: CH2, seller_id: seller, created_at: '2019-02-10 09:00:00', visited_at: '2019-02-10 12:00:00' });
  await lead({ school_id: hd, source: CH2, tmk_id: tmk, created_at: '2019-02-11 09:00:00', called_at: '2019-02-14 09:00:00' });
  await lead({ school_id: gz, source: CH1, created_at: '2019-02-02 09:00:00' });
  // outside the range on both sides
  await lead({ school_id: hd, source: CH1, created_at: '2019-01-31 23:59:59', called_at: '2019-02-01 09:00:00' });
  await lead({ school_id: hd, source: CH1, created_at: '2019-03-01 00:00:00' });
}, 120_000);

afterAll(async () => s?.close());

describe('funnel report: exact counts, rates and medians', () => {
  it('groups by channel within the caller campuses', async () => {
    const report = await ok(get<FunnelReport>(s, principal, 'mkt_funnel/report', { ...RANGE, group_by: 'channel' }));
    expect(report.rows.map((r) => [r.key, r.name])).toEqual([
      [CH1, '网络推广'],
      [CH2, '自然到访'],
    ]);
    const ch1 = row(report, CH1);
    expect(ch1.counts).toEqual({ lead: 3, called: 2, invited: 2, visited: 1, trial: 1, signed: 1 });
    expect(ch1.rates).toEqual({ called: 66.7, invited: 100, visited: 50, trial: 100, signed: 100 });
    expect(ch1.median_days).toEqual({ called: 0.8, invited: 2, visited: 3, trial: 1, signed: 2 });
    const ch2 = row(report, CH2);
    // the walk-in reached 到访 without a call or an invitation: it counts in the stages before
    expect(ch2.counts).toEqual({ lead: 2, called: 2, invited: 1, visited: 1, trial: 0, signed: 0 });
    expect(ch2.rates).toEqual({ called: 100, invited: 50, visited: 100, trial: 0, signed: null });
    expect(ch2.median_days).toEqual({ called: 3, invited: null, visited: null, trial: null, signed: null });
    expect(report.total.counts).toEqual({ lead: 5, called: 4, invited: 3, visited: 2, trial: 1, signed: 1 });
    expect(report.total.rates).toEqual({ called: 80, invited: 75, visited: 66.7, trial: 50, signed: 100 });
    expect(report.total.median_days).toEqual({ called: 1, invited: 2, visited: 3, trial: 1, signed: 2 });
  });

  it('groups by campus, telemarketer and consultant; the administrator reaches every campus', async () => {
    const bySchool = await ok(get<FunnelReport>(s, admin, 'mkt_funnel/report', { ...RANGE, group_by: 'school' }));
    expect(bySchool.rows.map((r) => [r.name, r.counts.lead])).toEqual([
      ['北京海淀校区', 5],
      ['广州天河校区', 1],
    ]);
    expect(bySchool.total.counts.lead).toBe(6);

    const byTmk = await ok(get<FunnelReport>(s, principal, 'mkt_funnel/report', { ...RANGE, group_by: 'tmk' }));
    expect(row(byTmk, tmk)).toMatchObject({ name: '陈晓燕', counts: { lead: 3, called: 3, invited: 2, visited: 1, trial: 1, signed: 1 } });
    expect(row(byTmk, null)).toMatchObject({ name: '未分配电销', counts: { lead: 2, called: 1, invited: 1, visited: 1, trial: 0, signed: 0 } });

    const bySeller = await ok(get<FunnelReport>(s, principal, 'mkt_funnel/report', { ...RANGE, group_by: 'seller', school_id: hd }));
    expect(row(bySeller, seller)).toMatchObject({ name: '刘洋', counts: { lead: 2, called: 2, invited: 2, visited: 2, trial: 1, signed: 1 } });
    expect(row(bySeller, null).counts.lead).toBe(3);
  });

  it('filters by channel and by city, and leaves another campus out of reach', async () => {
    const one = await ok(get<FunnelReport>(s, principal, 'mkt_funnel/report', { ...RANGE, channel: CH2 }));
    expect(one.total.counts.lead).toBe(2);
    const beijing = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ').executeTakeFirstOrThrow()).id;
    const city = await ok(get<FunnelReport>(s, admin, 'mkt_funnel/report', { ...RANGE, city_id: beijing }));
    expect(city.total.counts.lead).toBe(5);
    const gzOnly = await ok(get<FunnelReport>(s, principal, 'mkt_funnel/report', { ...RANGE, school_id: gz }));
    expect(gzOnly.total.counts.lead).toBe(0);
  });

  it('refuses bad ranges and groups in Chinese, and callers without the screen', async () => {
    const reversed = await get(s, principal, 'mkt_funnel/report', { lead_date_start: '2019-02-10', lead_date_end: '2019-02-01' });
    expect(reversed.body).toMatchObject({ code: 400, msg: '结束日期不能早于开始日期' });
    const long = await get(s, principal, 'mkt_funnel/report', { lead_date_start: '2017-01-01', lead_date_end: '2019-02-01' });
    expect(long.body).toMatchObject({ code: 400, msg: '日期范围不能超过 366 天' });
    const group = await get(s, principal, 'mkt_funnel/report', { ...RANGE, group_by: 'city' });
    expect(group.body.code).toBe(400);
    expect(group.body.msg).toContain('分组只能是渠道、校区、电销或课程顾问');
    const missing = await get(s, principal, 'mkt_funnel/report', { group_by: 'channel' });
    expect(missing.body.code).toBe(400);
    const tele = await s.login('telemarketer', DEMO_PASSWORD);
    const refused = await get(s, tele, 'mkt_funnel/report', RANGE);
    expect(refused.body.code).toBe(403);
  });
});

describe('funnel row arithmetic', () => {
  it('takes the median of an even number of gaps as the mean of the middle two', () => {
    const d = 86_400_000;
    const r = funnelRow(1, 'x', [
      [0, d, null, null, null, null],
      [0, 2 * d, null, null, null, null],
      [0, 4 * d, null, null, null, null],
      [0, 7 * d, null, null, null, null],
    ]);
    expect(r.median_days.called).toBe(3);
    expect(r.counts).toMatchObject({ lead: 4, called: 4, invited: 0 });
    expect(r.rates.invited).toBe(0);
  });
});
