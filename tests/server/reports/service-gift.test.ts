import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { cloneRow, orgId, report, reportData } from './report-helpers';

let s: TestServer;
let admin: LoggedIn;
let frontDesk: LoggedIn;
let finance: LoggedIn;
let sales: LoggedIn;
let gz: number;
let bj: number;

// a fixed past period: the demo data (made relative to today) stays out of it
const PERIOD = { date_start: '2025-03-01', date_end: '2025-03-31' };

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  frontDesk = await s.login('front_desk', DEMO_PASSWORD);
  finance = await s.login('finance', DEMO_PASSWORD);
  sales = await s.login('sales', DEMO_PASSWORD);
  gz = await orgId(s, 'GZ-TH');
  bj = await orgId(s, 'BJ-CY');
  const kf = await cloneRow(s, 'users', { login_id: 'rpt_kf', name: '报表客服', del_flag: 0 });
  // two classes of 报表客服 in 广州天河; students 801, 802 in March, 803 left in February, 804 joined in April
  const c1 = await cloneRow(s, 'base_class_manage', { school_id: gz, name: '报表一班', kf_id: kf, del_flag: 0 });
  const c2 = await cloneRow(s, 'base_class_manage', { school_id: gz, name: '报表二班', kf_id: kf, del_flag: 0 });
  const enrol = (cls: number, student: number, join: string, leave: string | null) => cloneRow(s, 'stu_class', { school_id: gz, class_id: cls, student_id: student, join_date: join, leave_date: leave, state: leave ? 2 : 1 });
  await enrol(c1, 801_001, '2025-01-05', null);
  await enrol(c1, 801_002, '2025-03-31', null);
  await enrol(c2, 801_001, '2025-02-01', '2025-03-01');
  await enrol(c2, 801_003, '2025-01-01', '2025-02-28');
  await enrol(c2, 801_004, '2025-04-01', null);
  // work orders handled by 报表客服: closed the next day, closed after four days, open, and one of April
  const work = (date: string, state: number, updated: string) => cloneRow(s, 'crm_complaints_repair_order', { school_id: gz, student_id: 801_001, complaint_type: 1, complaint_date: date, content: '报表工单', handler_id: kf, state, updated_at: updated });
  await work('2025-03-01', 3, '2025-03-02 18:00:00');
  await work('2025-03-10', 4, '2025-03-14 09:00:00');
  await work('2025-03-31', 1, '2025-03-31 09:00:00');
  await work('2025-04-01', 3, '2025-04-01 10:00:00');
  // renewals: 801_001 renews in March (counted), 801_002 signs new (not), 801_003 renews in April (not)
  const order = (student: number, sign: number, day: string, amount: number) =>
    cloneRow(s, 'order_form', { school_id: gz, order_no: `RPT-${student}-${day}`, contract_no: null, student_id: student, state: 3, if_first_sign: sign, order_date: day, deal_amount: amount, del_flag: 0 });
  await order(801_001, 2, '2025-03-20', 3_000_00);
  await order(801_002, 1, '2025-03-20', 5_000_00);
  await order(801_003, 2, '2025-04-02', 7_000_00);
  // gifts in 广州天河: given in March (2 × 15.50), given and returned in March (1 × 30), returned in March of one given in February, given in April
  const gift = (name: string, qty: number, price: number, state: number, given: string, returned: string | null, charge: number | null) =>
    cloneRow(s, 'order_student_gift', { school_id: gz, student_id: 801_001, order_id: 1, gift_name: name, quantity: qty, list_price: price, state, given_at: given, returned_at: returned, return_charge: charge, del_flag: 0 });
  await gift('报表书包', 2, 15_50, 2, '2025-03-01 00:00:00', null, null);
  await gift('报表书包', 1, 15_50, 3, '2025-02-28 23:59:59', '2025-03-05 10:00:00', 5_00);
  await gift('报表水杯', 1, 30_00, 3, '2025-03-03 10:00:00', '2025-03-04 10:00:00', null);
  await gift('报表水杯', 4, 30_00, 2, '2025-04-01 00:00:00', null, null);
  // points exchanges: delivered in March, delivered in April, awaiting delivery
  const exchange = (qty: number, points: number, value: number, state: number, delivered: string | null) =>
    cloneRow(s, 'fin_exchange_gift_order', { school_id: gz, student_id: 801_001, gift_name: '报表积分礼', quantity: qty, points, gift_value: value, state, delivered_at: delivered });
  await exchange(2, 400, 60_00, 4, '2025-03-31 23:59:59');
  await exchange(1, 200, 30_00, 4, '2025-04-01 00:00:00');
  await exchange(1, 200, 30_00, 3, null);
}, 120_000);

afterAll(async () => s?.close());

describe('客服报表', () => {
  it('counts each kf’s classes, students of the period, work orders and their timeliness, and renewals', async () => {
    const r = await reportData(s, admin, 'customer_service', { ...PERIOD, org_id: gz });
    expect(r.content.find((x) => x.kf_name === '报表客服')).toEqual({
      school_name: '广州天河校区',
      kf_name: '报表客服',
      classes: 2,
      students: 2,
      complaints: 3,
      closed: 2,
      timely: 1,
      timely_rate: 3333,
      renewals: 1,
      renewal_amount: 3_000_00,
    });
  });

  it('is the front desk’s in their campus; another campus is missing; sales are refused', async () => {
    expect((await reportData(s, frontDesk, 'customer_service', PERIOD)).content.some((x) => x.kf_name === '报表客服')).toBe(true);
    expect((await report(s, frontDesk, 'customer_service', { ...PERIOD, org_id: bj })).code).toBe(404);
    expect((await report(s, sales, 'customer_service', PERIOD)).code).toBe(403);
  });
});

describe('赠品报表', () => {
  it('sums order gifts given and returned and points exchanges delivered in the period', async () => {
    const r = await reportData(s, finance, 'gift', { ...PERIOD, org_id: gz, sort: 'gift_name' });
    const byName = (n: string) => r.content.find((x) => x.gift_name === n);
    expect(byName('报表书包')).toEqual({ school_name: '广州天河校区', kind_text: '订单赠品', gift_name: '报表书包', given_qty: 2, given_value: 31_00, returned_qty: 1, returned_value: 15_50, return_charge: 5_00, points: 0, net_qty: 1, net_value: 15_50 });
    expect(byName('报表水杯')).toMatchObject({ given_qty: 1, given_value: 30_00, returned_qty: 1, returned_value: 30_00, return_charge: 0, net_qty: 0, net_value: 0 });
    expect(byName('报表积分礼')).toMatchObject({ kind_text: '积分兑换', given_qty: 2, given_value: 60_00, points: 400, returned_qty: 0, net_value: 60_00 });
    expect(r.totals).toMatchObject({ given_qty: 5, given_value: 121_00, returned_qty: 2, points: 400, net_qty: 3, net_value: 75_50 });
    const onlyExchange = await reportData(s, finance, 'gift', { ...PERIOD, org_id: gz, kind: 2 });
    expect(onlyExchange.content.map((x) => x.gift_name)).toEqual(['报表积分礼']);
    expect((await report(s, frontDesk, 'gift', PERIOD)).code).toBe(403);
  });
});
