import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import type { DataStatistics, EcDashboard, FinanceHomeDashboard, MkDashboard, TaDashboard } from '../../../src/contract/home-dashboards';
import type { FinanceDashboard } from '../../../src/contract/finance-reports';

/**
 * 首页 dashboards: every figure checked against rows seeded here in a fixed past month (May 2019,
 * far from the demo data, which is dated around today), on both sides of its Asia/Shanghai
 * midnights, in the sales user's campus (北京朝阳) and another (广州天河) that must never count.
 */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

let s: TestServer;
let db: AnyDb;
let admin: LoggedIn;
let sales: LoggedIn;
let telemarketer: LoggedIn;
let teacher: LoggedIn;
let finance: LoggedIn;
let frontDesk: LoggedIn;
let principal: LoggedIn;
let bj: number;
let gz: number;
let salesId: number;
let otherSellerId: number;

const MAY = { period: 'custom', from: '2019-05-01', to: '2019-05-31' } as const;
const api = (p: string) => `/api/v1/home_base_data/${p}`;

async function get<T>(who: LoggedIn, path: string, query: Record<string, string | number> = MAY): Promise<{ code: number; msg: string; data: T }> {
  return (await s.call<T>('GET', api(path), { headers: who.headers, query })).body;
}
async function ok<T>(who: LoggedIn, path: string, query: Record<string, string | number> = MAY): Promise<T> {
  const body = await get<T>(who, path, query);
  expect(body.msg).toBe('成功');
  return body.data;
}

async function insert(table: string, row: Record<string, unknown>): Promise<number> {
  const r = await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

let leadSeq = 0;
const lead = (school: number, extra: Record<string, unknown>) =>
  insert('mkt_resource', { name: `看板资源${++leadSeq}`, parent_phone: `139000000${String(leadSeq).padStart(2, '0')}`, school_id: school, pool: 3, stage: 1, del_flag: 0, is_important: 0, app_allow: 0, follow_count: 0, ...extra });

let studentSeq = 0;
const student = (school: number, createdAt: string) => insert('student', { name: `看板学员${++studentSeq}`, school_id: school, gender: 1, del_flag: 0, created_at: createdAt });

let orderSeq = 0;
const order = (school: number, studentId: number, sellerId: number | null, state: number, amount: number, date: string) =>
  insert('order_form', { order_no: `KB${++orderSeq}`, school_id: school, student_id: studentId, seller_id: sellerId, state, deal_amount: amount, paid_amount: 0, order_date: date, del_flag: 0, version: 1 });

const ledgerSeq = new Map<string, { seq: number; balance: number }>();
async function post(ledger: 'order_hours_flow' | 'order_money_flow', account: string, amount: number, bizType: string, at: string, reverses?: number): Promise<number> {
  const last = ledgerSeq.get(`${ledger}/${account}`) ?? { seq: 0, balance: 0 };
  const next = { seq: last.seq + 1, balance: last.balance + amount };
  ledgerSeq.set(`${ledger}/${account}`, next);
  return insert(ledger, { account_key: account, seq: next.seq, amount, balance_after: next.balance, biz_type: bizType, ref_type: 'test', ref_id: 'dash', reverses_id: reverses ?? null, created_at: at });
}

let receiptSeq = 0;
const receipt = (school: number, studentId: number, kind: number, amount: number, method: string, day: string) =>
  insert('fin_stu_account_receipts', { receipt_no: `KBR${++receiptSeq}`, school_id: school, student_id: studentId, kind, amount, pay_method: method, state: 1, biz_date: day, created_at: `${day} 10:00:00` });

beforeAll(async () => {
  s = await createTestServer();
  db = s.db as unknown as AnyDb;
  admin = await s.login(ADMIN.login, ADMIN.password);
  [sales, telemarketer, teacher, finance, frontDesk, principal] = await Promise.all(['sales', 'telemarketer', 'teacher', 'finance', 'front_desk', 'principal'].map((u) => s.login(u, DEMO_PASSWORD)));
  const org = async (code: string) => Number((await db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
  bj = await org('BJ-CY');
  gz = await org('GZ-TH');
  salesId = sales.user.id;
  otherSellerId = principal.user.id;

  // leads: A mine at the month's first and last instants, B the colleague's (invalid), C mine outside, D another campus
  await lead(bj, { seller_id: salesId, source: 1, created_at: '2019-05-01 00:00:00', assigned_at: '2019-05-01 00:00:00', invited_at: '2019-05-10 09:00:00', visited_at: '2019-05-31 23:59:59', signed_at: '2019-05-20 10:00:00' });
  await lead(bj, { seller_id: otherSellerId, source: 2, pool: 4, created_at: '2019-05-15 12:00:00', assigned_at: '2019-05-15 12:00:00', visited_at: '2019-05-16 12:00:00' });
  await lead(bj, { seller_id: salesId, source: 1, created_at: '2019-04-30 23:59:59', assigned_at: '2019-06-01 00:00:00', visited_at: '2019-06-01 00:00:00' });
  await lead(gz, { seller_id: null, source: 1, created_at: '2019-05-10 12:00:00', assigned_at: '2019-05-10 12:00:00', invited_at: '2019-05-10 12:00:00', visited_at: '2019-05-10 12:00:00', signed_at: '2019-05-10 12:00:00' });
  const leadA = Number((await db.selectFrom('mkt_resource').select('id').where('name', '=', '看板资源1').executeTakeFirstOrThrow()).id);

  // follow-ups: mine in May, mine at June's midnight, another campus's
  await insert('mkt_record', { school_id: bj, resource_id: leadA, way: 1, result: 1, content: '跟进', call_status: 0, call_seconds: 0, created_by: salesId, follow_at: '2019-05-05 10:00:00' });
  await insert('mkt_record', { school_id: bj, resource_id: leadA, way: 1, result: 1, content: '跟进', call_status: 0, call_seconds: 0, created_by: otherSellerId, follow_at: '2019-05-06 10:00:00' });
  await insert('mkt_record', { school_id: bj, resource_id: leadA, way: 1, result: 1, content: '跟进', call_status: 0, call_seconds: 0, created_by: salesId, follow_at: '2019-06-01 00:00:00' });
  await insert('mkt_record', { school_id: gz, resource_id: leadA, way: 1, result: 1, content: '跟进', call_status: 0, call_seconds: 0, created_by: salesId, follow_at: '2019-05-05 10:00:00' });

  // trials on a May lesson: mine booked, attended, withdrawn; the colleague's attended; another campus's
  const classType = Number((await db.selectFrom('prod_class_type').select('id').executeTakeFirstOrThrow()).id);
  const trial = await insert('mkt_trial_lesson', { school_id: bj, name: '看板试听', class_type_id: classType, lesson_date: '2019-05-12', start_time: '10:00', end_time: '11:00', capacity: 8, booked_count: 0, state: 1 });
  const gzTrial = await insert('mkt_trial_lesson', { school_id: gz, name: '看板试听', class_type_id: classType, lesson_date: '2019-05-12', start_time: '10:00', end_time: '11:00', capacity: 8, booked_count: 0, state: 1 });
  for (const [t, school, seller, state] of [
    [trial, bj, salesId, 1],
    [trial, bj, salesId, 2],
    [trial, bj, salesId, 4],
    [trial, bj, otherSellerId, 2],
    [gzTrial, gz, salesId, 2],
  ] as const)
    await insert('mkt_trial_lesson_student', { trial_lesson_id: t, school_id: school, resource_id: leadA, seller_id: seller, state });

  // orders: mine signed, mine draft, the colleague's in progress, mine in June, another campus's
  const s1 = await student(bj, '2019-05-02 09:00:00');
  const s2 = await student(bj, '2019-05-31 23:59:59');
  await student(bj, '2019-06-01 00:00:00');
  const s4 = await student(gz, '2019-05-03 09:00:00');
  const o1 = await order(bj, s1, salesId, 3, 720000, '2019-05-20');
  await order(bj, s1, salesId, 1, 100000, '2019-05-21');
  const o3 = await order(bj, s2, otherSellerId, 5, 300000, '2019-05-31');
  await order(bj, s1, salesId, 3, 50000, '2019-06-01');
  await order(gz, s4, salesId, 3, 999900, '2019-05-10');
  await insert('order_payment', { school_id: bj, order_id: o1, amount: 500000, method: 'cash', paid_at: '2019-05-21 10:00:00' });
  await insert('order_payment', { school_id: bj, order_id: o1, amount: 100, method: 'cash', paid_at: '2019-06-01 00:00:00' });

  // hours: line 1 (s1) consumes 2 h in May (and 1 h reversed), 3 h at June's midnight; line 2 (s2) keeps 8 h: due for renewal
  const line1 = await insert('order_contract_line', { school_id: bj, order_id: o1, student_id: s1, class_type_id: classType, bought_hours: 4000, gift_hours: 0, paid_money: 720000, promo_money: 5000 });
  const line2 = await insert('order_contract_line', { school_id: bj, order_id: o3, student_id: s2, class_type_id: classType, bought_hours: 800, gift_hours: 0, paid_money: 300000, promo_money: 0 });
  await post('order_hours_flow', `line:${line1}`, 4000, 'purchase', '2019-05-20 10:00:00');
  const undone = await post('order_hours_flow', `line:${line1}`, -100, 'consumption', '2019-05-25 10:00:00');
  await post('order_hours_flow', `line:${line1}`, 100, 'reversal', '2019-05-26 10:00:00', undone);
  await post('order_hours_flow', `line:${line1}`, -200, 'consumption', '2019-05-31 23:59:59');
  await post('order_hours_flow', `line:${line1}`, -300, 'consumption', '2019-06-01 00:00:00');
  await post('order_hours_flow', `line:${line2}`, 800, 'purchase', '2019-05-31 10:00:00');
  await post('order_money_flow', `paid:${line1}`, 720000, 'purchase', '2019-05-20 10:00:00');
  await post('order_money_flow', `paid:${line1}`, -36000, 'consumption', '2019-05-31 23:59:59');
  await post('order_money_flow', `promo:${line1}`, 5000, 'purchase', '2019-05-20 10:00:00');
  await post('order_money_flow', `promo:${line1}`, -500, 'consumption', '2019-05-31 23:59:59');

  // timetable, check-ins, leave and make-up
  const cls = 990001;
  await insert('edu_class_schedule', { school_id: bj, class_id: cls, class_type_id: classType, lesson_date: '2019-05-31', start_time: '10:00', end_time: '11:00', hours: 2, state: 2 });
  await insert('edu_class_schedule', { school_id: bj, class_id: cls, class_type_id: classType, lesson_date: '2019-06-01', start_time: '10:00', end_time: '11:00', hours: 2, state: 1 });
  await insert('edu_class_schedule', { school_id: gz, class_id: cls + 1, class_type_id: classType, lesson_date: '2019-05-10', start_time: '10:00', end_time: '11:00', hours: 2, state: 2 });
  const check = (school: number, st: number, mark: string, state: number, schedule = 1) =>
    insert('edu_check_in', { school_id: school, schedule_id: schedule, student_id: st, class_id: cls, class_type_id: classType, lesson_date: '2019-05-31', start_time: '10:00', mark, hours: 2, checked_at: '2019-05-31 10:00:00', state });
  await check(bj, s1, 'present', 1);
  await check(bj, s2, 'absent', 1);
  await check(bj, s2, 'late', 0, 2);
  await check(gz, s4, 'present', 1, 3);
  await insert('edu_stu_leave', { school_id: bj, student_id: s1, schedule_id: 1, class_id: cls, lesson_date: '2019-05-10', state: 1 });
  await insert('edu_stu_leave', { school_id: bj, student_id: s1, schedule_id: 1, class_id: cls, lesson_date: '2019-05-11', state: 0 });
  await insert('edu_stu_leave', { school_id: gz, student_id: s4, schedule_id: 1, class_id: cls, lesson_date: '2019-05-11', state: 1 });
  await insert('edu_class_schedule_student', { school_id: bj, schedule_id: 1, student_id: s1, class_id: cls, lesson_date: '2019-05-31', is_makeup: 1 });
  await insert('edu_class_schedule_student', { school_id: bj, schedule_id: 1, student_id: s2, class_id: cls, lesson_date: '2019-05-31', is_makeup: 0 });

  // receipts: 收费 at May's last day and June's first, a 退费, another campus's 收费
  await receipt(bj, s1, 1, 10001, 'cash', '2019-05-31');
  await receipt(bj, s1, 1, 20002, 'wechat', '2019-06-01');
  await receipt(bj, s1, 2, -3003, 'wechat', '2019-05-01');
  await receipt(gz, s4, 1, 50005, 'alipay', '2019-05-10');
}, 180_000);

afterAll(async () => s?.close());

describe('home dashboards: operation codes', () => {
  it('answers each dashboard only to the roles granted its code', async () => {
    const expectCode = async (who: LoggedIn, path: string, code: number) => expect((await get(who, path)).code, `${path}`).toBe(code);
    await expectCode(sales, 'ec', 200);
    for (const p of ['mk', 'ta', 'finance', 'statistics']) await expectCode(sales, p, 403);
    await expectCode(telemarketer, 'mk', 200);
    await expectCode(telemarketer, 'ec', 403);
    await expectCode(teacher, 'ta', 200);
    for (const p of ['ec', 'mk', 'finance']) await expectCode(teacher, p, 403);
    await expectCode(finance, 'finance', 200);
    await expectCode(finance, 'statistics', 200);
    await expectCode(finance, 'ec', 403);
    for (const p of ['ec', 'mk', 'ta', 'finance', 'statistics']) await expectCode(frontDesk, p, 403);
    for (const p of ['ec', 'mk', 'ta', 'finance', 'statistics']) await expectCode(admin, p, 200);
  });

  it('refuses bad periods and another campus in Chinese, never a 5xx', async () => {
    expect(await get(sales, 'ec', { school_id: gz })).toMatchObject({ code: 404, msg: '校区不存在或无权访问' });
    expect(await get(sales, 'ec', { period: 'custom', from: '2019-05-31', to: '2019-05-01' })).toMatchObject({ code: 400, msg: '开始日期不能晚于结束日期' });
    expect(await get(sales, 'ec', { period: 'custom' })).toMatchObject({ code: 400, msg: '自定义周期请选择开始日期和结束日期' });
    expect(await get(sales, 'ec', { period: 'custom', from: '2018-01-01', to: '2019-05-01' })).toMatchObject({ code: 400, msg: '统计周期最长366天' });
    expect(await get(sales, 'ec', { period: 'custom', from: '2019-02-30', to: '2019-03-01' })).toMatchObject({ code: 400, msg: '日期不存在，请重新选择' });
    const bad = await get(sales, 'ec', { period: 'year' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/统计周期/);
    expect((await get(sales, 'ec', { school_id: 'abc' })).code).toBe(400);
  });
});

describe('home dashboards: figures of May 2019', () => {
  it('EC: my figures and the team of my campus, another campus never counted', async () => {
    const d = await ok<EcDashboard>(sales, 'ec');
    expect(d.range).toEqual({ period: 'custom', from: '2019-05-01', to: '2019-05-31', prev_from: '2019-03-31', prev_to: '2019-04-30' });
    expect(d.mine).toEqual({
      leads_assigned: 1,
      follow_ups: 1,
      visits: 1,
      trials_booked: 2,
      trials_attended: 1,
      orders_signed: 1,
      signed_amount: 720000,
      collected_amount: 500000,
      visit_rate: 100,
      deal_rate: 100,
    });
    expect(d.team).toEqual({
      leads_assigned: 2,
      follow_ups: 2,
      visits: 2,
      trials_booked: 3,
      trials_attended: 2,
      orders_signed: 2,
      signed_amount: 1020000,
      collected_amount: 500000,
      visit_rate: 100,
      deal_rate: 100,
    });
    expect(d.ranking.map((r) => [r.seller_id, r.orders_signed, r.signed_amount, r.visits])).toEqual([
      [salesId, 1, 720000, 1],
      [otherSellerId, 1, 300000, 1],
    ]);
    expect(d.ranking[0].seller_name).toBe('刘洋');
  });

  it('MK: new leads by source and day, valid and invalid, stamps of the period', async () => {
    const d = await ok<MkDashboard>(telemarketer, 'mk');
    expect(d).toMatchObject({ new_leads: 2, valid_leads: 1, invalid_leads: 1, assigned: 2, invited: 1, arrived: 2, deals: 1 });
    expect(d.by_source).toEqual([
      { key: '1', text: '地推', count: 1 },
      { key: '2', text: '转介绍', count: 1 },
    ]);
    expect(d.by_day).toHaveLength(31);
    expect(d.by_day.filter((x) => x.count > 0)).toEqual([
      { day: '2019-05-01', count: 1 },
      { day: '2019-05-15', count: 1 },
    ]);
    // the administrator sees every campus; narrowed to 北京朝阳 exactly the telemarketer's figures
    expect((await ok<MkDashboard>(admin, 'mk')).new_leads).toBe(3);
    expect(await ok<MkDashboard>(admin, 'mk', { ...MAY, school_id: bj })).toEqual(d);
  });

  it('TA: lessons, attendance, hours consumed and their paid value, renewal due, leave and make-up', async () => {
    const d = await ok<TaDashboard>(admin, 'ta', { ...MAY, school_id: bj });
    expect(d).toMatchObject({
      lessons: 1,
      check_ins: 2,
      attended: 1,
      attendance_rate: 50,
      hours_consumed: 200,
      consumed_value: 36000,
      low_hours_students: 1,
      leaves: 1,
      makeups: 1,
    });
    // the teacher's campus (上海浦东) has none of these rows
    expect(await ok<TaDashboard>(teacher, 'ta')).toMatchObject({ lessons: 0, check_ins: 0, hours_consumed: 0, consumed_value: 0, leaves: 0, makeups: 0 });
  });

  it('finance: the finance area’s own figures (receipts by channel, installments), scoped', async () => {
    const d = await ok<FinanceHomeDashboard>(finance, 'finance', { ...MAY, school_id: bj });
    expect(d).toMatchObject({ collected: 10001, refunded: -3003, net: 6998 });
    expect(d.by_method.map((m) => [m.key, m.amount, m.count])).toEqual([
      ['cash', 10001, 1],
      ['wechat', -3003, 1],
    ]);
    const fin = await s.call<FinanceDashboard>('GET', '/api/v1/fin_report/dashboard', { headers: finance.headers, query: { org_id: bj } });
    expect(d.installments).toEqual(fin.body.data.installments);
    expect((await ok<FinanceHomeDashboard>(finance, 'finance')).collected).toBe(60006);
    // the principal's campuses are 北京朝阳 and 海淀: 广州's receipt never counts
    expect((await ok<FinanceHomeDashboard>(principal, 'finance')).collected).toBe(10001);
  });

  it('data statistics: each figure beside the period before', async () => {
    const d = await ok<DataStatistics>(finance, 'statistics', { ...MAY, school_id: bj });
    const fig = Object.fromEntries(d.figures.map((f) => [f.key, [f.value, f.previous]]));
    expect(fig).toEqual({
      new_leads: [2, 1],
      new_students: [2, 0],
      orders: [2, 0],
      revenue: [10001, 0],
      consumption: [200, 0],
      refunds: [3003, 0],
      active_students: [2, 0],
      classes: [1, 0],
    });
  });
});

describe('home dashboards: periods at Asia/Shanghai midnight', () => {
  async function at<T>(utc: string, who: LoggedIn, path: string, query: Record<string, string | number>): Promise<T> {
    const spy = vi.spyOn(Date, 'now').mockReturnValue(Date.parse(utc));
    try {
      return await ok<T>(who, path, query);
    } finally {
      spy.mockRestore();
    }
  }

  it('本月 and 今日 follow the Shanghai date of "now", not the server’s UTC date', async () => {
    // 2019-05-31 16:00 UTC is 2019-06-01 00:00 in Shanghai: June has begun
    const june = await at<MkDashboard>('2019-05-31T16:00:00Z', telemarketer, 'mk', { period: 'month' });
    expect(june.range).toMatchObject({ period: 'month', from: '2019-06-01', to: '2019-06-30', prev_from: '2019-05-01', prev_to: '2019-05-31' });
    const lastMonth = await at<MkDashboard>('2019-05-31T16:00:00Z', telemarketer, 'mk', { period: 'last_month' });
    expect(lastMonth.new_leads).toBe(2);
    // one second earlier it is still May 31st: the lead visited at 23:59:59 is today's, June's is not
    const mayLast = await at<EcDashboard>('2019-05-31T15:59:59Z', sales, 'ec', { period: 'today' });
    expect(mayLast.range).toMatchObject({ from: '2019-05-31', to: '2019-05-31', prev_from: '2019-05-30', prev_to: '2019-05-30' });
    expect(mayLast.mine.visits).toBe(1);
    const juneFirst = await at<EcDashboard>('2019-05-31T16:00:00Z', sales, 'ec', { period: 'today' });
    expect(juneFirst.range.from).toBe('2019-06-01');
    expect(juneFirst.mine.visits).toBe(1);
    expect(juneFirst.mine.orders_signed).toBe(1);
    expect(juneFirst.mine.follow_ups).toBe(1);
    // 本周 runs Monday to Sunday: 2019-06-01 is a Saturday
    const week = await at<EcDashboard>('2019-05-31T16:00:00Z', sales, 'ec', { period: 'week' });
    expect(week.range).toMatchObject({ from: '2019-05-27', to: '2019-06-02', prev_from: '2019-05-20', prev_to: '2019-05-26' });
  });
});
