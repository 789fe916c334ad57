import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { orgId, preview, report, reportData, stamps, userId } from './report-helpers';

let s: TestServer;
let admin: LoggedIn;
let principal: LoggedIn;
let sales: LoggedIn;
let teacher: LoggedIn;
let bj: number;
let gz: number;
let seller: number;

// a fixed past period: the figures never depend on today's date
const PERIOD = { date_start: '2025-03-01', date_end: '2025-03-31' };

async function order(school: number, sellerId: number, sellerName: string, v: { state: number; sign: 1 | 2; day: string; amount: number }): Promise<number> {
  const r = await s.db
    .insertInto('order_form')
    .values({
      school_id: school,
      order_no: `RPT-${Math.random().toString(36).slice(2, 10)}`,
      student_id: 1,
      seller_id: sellerId,
      seller_name: sellerName,
      state: v.state,
      if_first_sign: v.sign,
      order_date: v.day,
      list_amount: v.amount,
      discount_amount: 0,
      deal_amount: v.amount,
      paid_amount: 0,
      version: 1,
      del_flag: 0,
      ...stamps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

const pay = (school: number, orderId: number, amount: number, at: string) =>
  s.db.insertInto('order_payment').values({ school_id: school, order_id: orderId, receipt_no: `R-${orderId}-${at}`, amount, method: 'cash', paid_at: at, ...stamps }).execute();

const refund = (school: number, orderId: number, amount: number, state: number, at: string | null) =>
  s.db
    .insertInto('order_refund')
    .values({ school_id: school, refund_no: `TF-${orderId}-${amount}`, order_id: orderId, order_no: 'x', student_id: 1, amount, state, refunded_at: at, payout_kind: 1, ...stamps })
    .execute();

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  principal = await s.login('principal', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  teacher = await s.login('teacher', DEMO_PASSWORD);
  bj = await orgId(s, 'BJ-CY');
  gz = await orgId(s, 'GZ-TH');
  seller = await userId(s, 'sales');
  // 报表顾问 in 北京朝阳: two new signs and a renewal in March, one order on each side of the month, a draft
  const a = await order(bj, seller, '报表顾问', { state: 3, sign: 1, day: '2025-03-01', amount: 100_00 });
  const b = await order(bj, seller, '报表顾问', { state: 6, sign: 1, day: '2025-03-31', amount: 250_50 });
  const c = await order(bj, seller, '报表顾问', { state: 5, sign: 2, day: '2025-03-15', amount: 80_01 });
  await order(bj, seller, '报表顾问', { state: 3, sign: 1, day: '2025-02-28', amount: 999_00 });
  await order(bj, seller, '报表顾问', { state: 3, sign: 1, day: '2025-04-01', amount: 999_00 });
  await order(bj, seller, '报表顾问', { state: 1, sign: 1, day: '2025-03-10', amount: 999_00 });
  // payments at the Shanghai midnights of the month's ends
  await pay(bj, a, 60_00, '2025-03-01 00:00:00');
  await pay(bj, a, 40_00, '2025-02-28 23:59:59');
  await pay(bj, b, 250_50, '2025-03-31 23:59:59');
  await pay(bj, c, 80_01, '2025-04-01 00:00:00');
  // refunds: one paid out in March, one only approved, one paid in April
  await refund(bj, b, 30_25, 6, '2025-03-20 10:00:00');
  await refund(bj, b, 11_00, 3, null);
  await refund(bj, a, 12_00, 6, '2025-04-01 00:00:00');
  // another campus (广州天河): the principal of 北京 does not see it
  const g = await order(gz, 999_001, '广州顾问', { state: 3, sign: 2, day: '2025-03-05', amount: 500_00 });
  await pay(gz, g, 500_00, '2025-03-05 12:00:00');
}, 120_000);

afterAll(async () => s?.close());

describe('业绩报表', () => {
  it('sums signed, collected and refunded money per consultant and campus in the Shanghai period', async () => {
    const r = await reportData(s, admin, 'achievement', { ...PERIOD, org_id: bj });
    const row = r.content.find((x) => x.seller_name === '报表顾问');
    expect(row).toEqual({
      school_name: '北京朝阳校区',
      seller_name: '报表顾问',
      new_count: 2,
      new_amount: 100_00 + 250_50,
      renew_count: 1,
      renew_amount: 80_01,
      signed_amount: 100_00 + 250_50 + 80_01,
      collected_amount: 60_00 + 250_50,
      refund_count: 1,
      refund_amount: 30_25,
      net_amount: 60_00 + 250_50 - 30_25,
    });
    expect(r).toMatchObject({ from: '2025-03-01', to: '2025-03-31' });
  });

  it('answers the totals of every row, sorts by any column and filters 新签/续费', async () => {
    const r = await reportData(s, admin, 'achievement', { ...PERIOD, sort: 'signed_amount' });
    expect(r.totalSize).toBe(r.content.length);
    expect(r.totals.signed_amount).toBe(r.content.reduce((t, x) => t + Number(x.signed_amount), 0));
    expect(r.totals.school_name).toBe('合计');
    const amounts = r.content.map((x) => Number(x.signed_amount));
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
    const renew = await reportData(s, admin, 'achievement', { ...PERIOD, org_id: bj, sign_kind: 2 });
    expect(renew.content.find((x) => x.seller_name === '报表顾问')).toMatchObject({ new_count: 0, renew_count: 1, renew_amount: 80_01, collected_amount: 0, refund_amount: 0 });
    const paged = await reportData(s, admin, 'achievement', { ...PERIOD, rows: 1, page: 2 });
    expect(paged.content).toHaveLength(1);
    expect(paged.totals).toEqual(r.totals);
  });

  it('keeps a principal to their campuses; another campus is answered as missing', async () => {
    const r = await reportData(s, principal, 'achievement', PERIOD);
    expect(r.content.some((x) => x.seller_name === '报表顾问')).toBe(true);
    expect(r.content.some((x) => x.seller_name === '广州顾问')).toBe(false);
    const other = await report(s, principal, 'achievement', { ...PERIOD, org_id: gz });
    expect(other).toMatchObject({ code: 404, msg: '城市或校区不存在或无权访问' });
    const admins = await reportData(s, admin, 'achievement', { ...PERIOD, org_id: gz });
    expect(admins.content.find((x) => x.seller_name === '广州顾问')).toMatchObject({ renew_amount: 500_00, collected_amount: 500_00, net_amount: 500_00 });
  });

  it('needs its operation code: a teacher is refused, a sales consultant answered', async () => {
    expect((await report(s, teacher, 'achievement', PERIOD)).code).toBe(403);
    expect((await report(s, sales, 'achievement', PERIOD)).code).toBe(200);
  });

  it('refuses bad filters with a Chinese message, never a 5xx', async () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ date_start: '2025-13-01' }, /开始日期/],
      [{ date_start: '2025-03-31', date_end: '2025-03-01' }, /开始日期不能晚于结束日期/],
      [{ date_start: '2023-01-01', date_end: '2025-03-01' }, /统计区间不能超过366天/],
      [{ org_id: 'abc' }, /城市或校区/],
      [{ sign_kind: '7' }, /签约类型只能是 新签、续费/],
      [{ sort: 'password desc' }, /不能按 password 排序/],
      [{ sort: 'x;drop' }, /排序/],
      [{ rows: '0' }, /每页行数/],
    ];
    for (const [q, msg] of bad) {
      const res = await s.call('GET', '/api/v1/report/achievement', { headers: admin.headers, query: q });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
  });

  it('prints through /ureport/preview with the session cookie, the report code and scope', async () => {
    const ok = await preview(s, { _u: 'reports_achievement', ...PERIOD, org_id: String(bj) }, principal);
    expect(ok.status).toBe(200);
    expect(ok.html).toContain('<h1>业绩报表</h1>');
    expect(ok.html).toContain('2025-03-01 至 2025-03-31');
    expect(ok.html).toContain('报表顾问');
    // the signed total of 报表顾问 in yuan
    expect(ok.html).toContain('430.51');
    expect(ok.html).toContain('合计');
    expect(ok.html).not.toContain('广州顾问');
    // no session, another campus, no operation code, an unknown report, bad filters: Chinese pages, never 5xx
    expect((await preview(s, { _u: 'reports_achievement', ...PERIOD })).status).toBe(401);
    const missing = await preview(s, { _u: 'reports_achievement', ...PERIOD, org_id: String(gz) }, principal);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('城市或校区不存在或无权访问');
    expect((await preview(s, { _u: 'reports_achievement', ...PERIOD }, teacher)).status).toBe(403);
    expect((await preview(s, { _u: 'nothing' }, admin)).status).toBe(404);
    const bad = await preview(s, { _u: 'reports_achievement', date_start: '2025-02-30' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('开始日期不是有效日期');
  });
});
