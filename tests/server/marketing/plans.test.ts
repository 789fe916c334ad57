import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { useSmsProvider, type SmsMessage } from '../../../server/modules/marketing';

/**
 * The marketing plans, targets, SMS and part-time acquirers (server/modules/marketing/plans),
 * beyond what the declarations contract test covers for every declaration: one row per place and
 * month, cities that are cities and within reach, campus scope, Chinese messages naming the
 * field, the SMS provider and its records. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

type Row = Record<string, unknown> & { id: number };
interface Page<T> {
  content: T[];
  totalSize: number;
}

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let telemarketer: Record<string, string>;
let sales: Record<string, string>;
/** the principal's campus 北京朝阳 and one they do not reach (上海浦东); their city and another */
let chaoyang: number;
let pudong: number;
let beijing: number;
let shanghai: number;

const api = (p: string) => `/api/v1/${p}`;
const orgId = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  telemarketer = (await s.login('telemarketer', DEMO_PASSWORD)).headers;
  sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  chaoyang = await orgId('BJ-CY');
  pudong = await orgId('SH-PD');
  beijing = await orgId('BJ');
  shanghai = await orgId('SH');
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('campus plans and targets', () => {
  it('keeps one plan per campus and month, refuses a bad month naming the field, and writes nothing then', async () => {
    const body = { school_id: chaoyang, plan_month: '2031-05', target_leads: 300, target_visits: 90, target_signs: 20, budget: 1800000 };
    const added = await s.call<Row>('POST', api('mkt_sch_network_plan/add'), { headers: principal, json: body });
    expect(added.body).toMatchObject({ code: 200, data: { school_id: chaoyang, plan_month: '2031-05', target_leads: 300, budget: 1800000 } });
    const twice = await s.call('POST', api('mkt_sch_network_plan/add'), { headers: principal, json: body });
    expect(twice.body).toMatchObject({ code: 409, msg: '2031-05的校区网络推广计划已存在，请直接编辑' });
    const before = await s.db.selectFrom('mkt_sch_network_plan' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const badMonth = await s.call('POST', api('mkt_sch_network_plan/add'), { headers: principal, json: { ...body, plan_month: '2031-13' } });
    expect(badMonth.body).toMatchObject({ code: 400, msg: '计划月份格式应为 YYYY-MM，例如 2026-11' });
    const negative = await s.call('POST', api('mkt_sch_network_plan/add'), { headers: principal, json: { ...body, plan_month: '2031-06', target_leads: -1 } });
    expect(negative.body).toMatchObject({ code: 400 });
    expect(negative.body.msg).toContain('目标资源量不能小于0');
    const after = await s.db.selectFrom('mkt_sch_network_plan' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // moving another month's plan onto this month is the same duplicate
    const other = await s.call<Row>('POST', api('mkt_sch_network_plan/add'), { headers: principal, json: { ...body, plan_month: '2031-07' } });
    const moved = await s.call('POST', api('mkt_sch_network_plan/update'), { headers: principal, json: { id: other.body.data.id, plan_month: '2031-05' } });
    expect(moved.body.code).toBe(409);
  });

  it('answers another campus’s plan exactly as a missing one, for reads and writes', async () => {
    const theirs = await s.call<Row>('POST', api('mkt_school_sign/add'), { headers: admin, json: { school_id: pudong, plan_month: '2031-05', target_signs: 30 } });
    expect(theirs.body.code).toBe(200);
    const id = theirs.body.data.id;
    const missing = 99_999_999;
    for (const [method, path, json, query] of [
      ['GET', 'mkt_school_sign/get', undefined, { id }],
      ['POST', 'mkt_school_sign/update', { id, target_signs: 1 }, undefined],
      ['POST', 'mkt_school_sign/delete', [{ id }], undefined],
    ] as const) {
      const out = await s.call(method, api(path), { headers: principal, json, query });
      const none = await s.call(method, api(path), { headers: principal, json: Array.isArray(json) ? [{ id: missing }] : json ? { ...json, id: missing } : undefined, query: query ? { id: missing } : undefined });
      expect(out.body).toEqual(none.body);
      expect(out.body.code).toBe(404);
    }
    const add = await s.call('POST', api('mkt_school_sign/add'), { headers: principal, json: { school_id: pudong, plan_month: '2031-08', target_signs: 3 } });
    expect(add.body.code).toBe(404);
    const list = await s.call<Page<Row>>('GET', api('mkt_school_sign/page'), { headers: principal, query: { rows: 100 } });
    expect(list.body.data.content.some((r) => r.school_id === pudong)).toBe(false);
    expect(list.body.data.totalSize).toBeGreaterThan(0);
  });

  it('keeps one target per staff member and month; the staff member must exist', async () => {
    const seller = await s.db.selectFrom('users').select('id').where('login_id', '=', 'sales').executeTakeFirstOrThrow();
    const body = { school_id: chaoyang, user_id: seller.id, plan_month: '2031-05', target_visits: 40, target_signs: 12, target_amount: 7200000 };
    const added = await s.call<Row>('POST', api('mkt_seller_target/add'), { headers: principal, json: body });
    expect(added.body).toMatchObject({ code: 200, data: { user_id: seller.id, target_amount: 7200000 } });
    const got = await s.call<Row>('GET', api('mkt_seller_target/get'), { headers: sales, query: { id: added.body.data.id } });
    expect(got.body.data).toMatchObject({ user_name: '刘洋', plan_month: '2031-05' });
    const twice = await s.call('POST', api('mkt_seller_target/add'), { headers: principal, json: body });
    expect(twice.body).toMatchObject({ code: 409, msg: '2031-05的课程顾问目标已存在，请直接编辑' });
    const nobody = await s.call('POST', api('mkt_seller_target/add'), { headers: principal, json: { ...body, user_id: 99_999_999 } });
    expect(nobody.body.code).toBe(404);
    expect(nobody.body.msg).toContain('课程顾问');
    const noUser = await s.call('POST', api('mkt_seller_target/add'), { headers: principal, json: { ...body, user_id: undefined } });
    expect(noUser.body).toMatchObject({ code: 400, msg: '请选择课程顾问' });
  });

  it('shows the signed orders of the month beside a seller’s and a campus’s sign targets', async () => {
    const seller = await s.db.selectFrom('users').select('id').where('login_id', '=', 'sales').executeTakeFirstOrThrow();
    const student = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).executeTakeFirstOrThrow();
    const any = s.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = '2031-03-01 10:00:00';
    const order = (state: number, date: string, amount: number, sellerId: number | null, del = 0) => ({
      school_id: chaoyang, student_id: student.id, seller_id: sellerId, state, order_date: date, deal_amount: amount, list_amount: amount, discount_amount: 0, paid_amount: 0, version: 1, del_flag: del, created_at: now, updated_at: now,
    });
    await any
      .insertInto('order_form')
      .values([
        order(3, '2031-03-02', 600000, seller.id), // 已审核: counts
        order(6, '2031-03-31', 400000, seller.id), // 已完成: counts
        order(5, '2031-03-15', 100000, null), // another seller's: the campus only
        order(2, '2031-03-03', 999900, seller.id), // 待审核: not signed yet
        order(7, '2031-03-04', 999900, seller.id), // 未通过
        order(3, '2031-04-01', 999900, seller.id), // next month
        order(3, '2031-03-05', 999900, seller.id, 1), // deleted
      ])
      .execute();
    const target = await s.call<Row>('POST', api('mkt_seller_target/add'), { headers: principal, json: { school_id: chaoyang, user_id: seller.id, plan_month: '2031-03', target_signs: 5, target_amount: 3000000 } });
    expect(target.body.data).toMatchObject({ target_signs: 5, actual_signs: 2, actual_amount: 1000000 });
    const listed = await s.call<Page<Row>>('GET', api('mkt_seller_target/page'), { headers: sales, query: { plan_month: '2031-03' } });
    expect(listed.body.data.content[0]).toMatchObject({ user_name: '刘洋', actual_signs: 2, actual_amount: 1000000 });
    await s.call('POST', api('mkt_school_sign/add'), { headers: principal, json: { school_id: chaoyang, plan_month: '2031-03', target_signs: 10 } });
    const campus = await s.call<Page<Row>>('GET', api('mkt_school_sign/page'), { headers: principal, query: { plan_month: '2031-03', school_id: chaoyang } });
    expect(campus.body.data.content[0]).toMatchObject({ target_signs: 10, actual_signs: 3, actual_amount: 1100000 });
    // the actuals are the server's: a body naming them changes nothing
    const forged = await s.call<Row>('POST', api('mkt_school_sign/update'), { headers: principal, json: { id: campus.body.data.content[0].id, actual_signs: 99 } });
    expect(forged.body.data).toMatchObject({ actual_signs: 3 });
  });

  it('counts the funnel of the month beside network plans and a marketer’s target', async () => {
    const tmk = await s.db.selectFrom('users').select('id').where('login_id', '=', 'telemarketer').executeTakeFirstOrThrow();
    const any = s.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    let n = 0;
    const lead = (school: number, source: number, stamps: Record<string, string | number>) => ({
      name: `漏斗测试${++n}`, parent_phone: `1370000${String(1000 + n).slice(-4)}`, school_id: school, source, pool: 1, stage: 1, del_flag: 0, created_at: '2031-02-10 09:00:00', updated_at: '2031-02-10 09:00:00', ...stamps,
    });
    await any
      .insertInto('mkt_resource')
      .values([
        lead(chaoyang, 3, { visited_at: '2031-02-20 10:00:00', signed_at: '2031-02-28 23:59:59' }), // network: lead, visit, sign
        lead(chaoyang, 3, { visited_at: '2031-03-01 00:00:00' }), // network: lead; visited next month
        lead(chaoyang, 1, { tmk_id: tmk.id, assigned_at: '2031-02-11 09:00:00', invited_at: '2031-02-12 09:00:00' }), // not network; the telemarketer's
        lead(chaoyang, 3, { created_at: '2031-01-31 23:59:59', tmk_id: tmk.id, assigned_at: '2031-01-31 23:59:59' }), // last month
        lead(pudong, 3, {}), // another city
        { ...lead(chaoyang, 3, {}), del_flag: 1 }, // deleted
      ])
      .execute();
    await any.insertInto('mkt_record').values([1, 2].map((i) => ({ resource_id: 1, school_id: chaoyang, way: 1, result: 1, content: `跟进${i}`, follow_at: `2031-02-1${i} 10:00:00`, created_by: tmk.id, created_at: '2031-02-11 10:00:00', updated_at: '2031-02-11 10:00:00' }))).execute();

    const school = await s.call<Row>('POST', api('mkt_sch_network_plan/add'), { headers: principal, json: { school_id: chaoyang, plan_month: '2031-02', target_leads: 10 } });
    expect(school.body.data).toMatchObject({ actual_leads: 2, actual_visits: 1, actual_signs: 1 });
    const city = await s.call<Row>('POST', api('mkt_city_network_plan/add'), { headers: admin, json: { city_id: beijing, plan_month: '2031-02', target_leads: 10 } });
    expect(city.body.data).toMatchObject({ actual_leads: 2, actual_visits: 1, actual_signs: 1 });
    const hq = await s.call<Row>('POST', api('mkt_hq_network_plan/add'), { headers: admin, json: { plan_month: '2031-02', target_leads: 10 } });
    expect(hq.body.data).toMatchObject({ actual_leads: 3 });
    const listed = await s.call<Page<Row>>('GET', api('mkt_city_network_plan/page'), { headers: principal, query: { plan_month: '2031-02' } });
    expect(listed.body.data.content).toEqual([expect.objectContaining({ city_name: '北京分公司', actual_leads: 2 })]);
    const target = await s.call<Row>('POST', api('mkt_marketer_plan_target/add'), { headers: principal, json: { school_id: chaoyang, user_id: tmk.id, plan_month: '2031-02', target_leads: 50 } });
    expect(target.body.data).toMatchObject({ actual_leads: 1, actual_calls: 2, actual_invites: 1 });
  });

  it('refuses a market plan ending before it starts', async () => {
    const bad = await s.call('POST', api('mkt_market_plan/add'), {
      headers: principal,
      json: { school_id: chaoyang, name: '倒序计划', channel: 2, start_date: '2031-05-10', end_date: '2031-05-01', target_leads: 10, state: 1 },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '结束日期不能早于开始日期' });
  });

  it('needs the operation code for every write, and a screen for every read', async () => {
    const write = await s.call('POST', api('mkt_hq_network_plan/add'), { headers: principal, json: { plan_month: '2031-05', target_leads: 1 } });
    expect(write.body.code).toBe(403);
    const read = await s.call('GET', api('mkt_hq_network_plan/page'), { headers: sales });
    expect(read.body.code).toBe(403);
    const own = await s.call<Page<Row>>('GET', api('mkt_seller_target/page'), { headers: sales });
    expect(own.body.code).toBe(200);
    const plans = await s.call<Page<Row>>('GET', api('mkt_market_plan/page'), { headers: telemarketer });
    expect(plans.body.data.totalSize).toBeGreaterThan(0);
    const marketer = await s.call<Page<Row>>('GET', api('mkt_marketer_plan_target/page'), { headers: principal });
    expect(marketer.body.data.totalSize).toBeGreaterThan(0);
  });
});

describe('city plans', () => {
  it('names a city, not a campus; keeps its name; one per city and month', async () => {
    const added = await s.call<Row>('POST', api('mkt_city_network_plan/add'), { headers: admin, json: { city_id: beijing, plan_month: '2031-05', target_leads: 1000 } });
    expect(added.body).toMatchObject({ code: 200, data: { city_id: beijing, city_name: '北京分公司' } });
    const campus = await s.call('POST', api('mkt_city_network_plan/add'), { headers: admin, json: { city_id: chaoyang, plan_month: '2031-05', target_leads: 1 } });
    expect(campus.body).toMatchObject({ code: 400, msg: '「北京朝阳校区」不是城市（分公司），请选择城市' });
    const twice = await s.call('POST', api('mkt_city_network_plan/add'), { headers: admin, json: { city_id: beijing, plan_month: '2031-05', target_leads: 1 } });
    expect(twice.body.code).toBe(409);
    const channel = await s.call<Row>('POST', api('mkt_city_channel_network_plan/add'), { headers: admin, json: { city_id: beijing, plan_month: '2031-05', channel: 2, target_leads: 200 } });
    expect(channel.body).toMatchObject({ code: 200, data: { channel: 2, city_name: '北京分公司' } });
    const badChannel = await s.call('POST', api('mkt_city_channel_network_plan/add'), { headers: admin, json: { city_id: beijing, plan_month: '2031-05', channel: 77, target_leads: 200 } });
    expect(badChannel.body).toMatchObject({ code: 400, msg: '推广渠道的取值不在可选范围内' });
  });

  it('shows a principal the plans of their own city only; another city’s answers as missing', async () => {
    const theirs = await s.call<Row>('POST', api('mkt_city_network_plan/add'), { headers: admin, json: { city_id: shanghai, plan_month: '2031-09', target_leads: 10 } });
    const list = await s.call<Page<Row>>('GET', api('mkt_city_network_plan/page'), { headers: principal, query: { rows: 100 } });
    expect(list.body.code).toBe(200);
    expect(list.body.data.totalSize).toBeGreaterThan(0);
    expect(new Set(list.body.data.content.map((r) => r.city_name))).toEqual(new Set(['北京分公司']));
    const got = await s.call('GET', api('mkt_city_network_plan/get'), { headers: principal, query: { id: theirs.body.data.id } });
    const none = await s.call('GET', api('mkt_city_network_plan/get'), { headers: principal, query: { id: 99_999_999 } });
    expect(got.body).toEqual(none.body);
    const filtered = await s.call<Page<Row>>('GET', api('mkt_city_network_plan/page'), { headers: principal, query: { city_id: shanghai } });
    expect(filtered.body.data.totalSize).toBe(0);
  });

  it('keeps part-time acquirers per city with a valid, masked phone', async () => {
    const bad = await s.call('POST', api('mkt_part_time_user_city/add'), { headers: admin, json: { name: '测试兼职', phone: '12345', city_id: beijing } });
    expect(bad.body).toMatchObject({ code: 400, msg: '手机号应为11位数字' });
    const added = await s.call<Row>('POST', api('mkt_part_time_user_city/add'), { headers: admin, json: { name: '测试兼职', phone: '13566668888', city_id: beijing, monthly_target: 50 } });
    expect(added.body).toMatchObject({ code: 200, data: { city_name: '北京分公司' } });
    const seen = await s.call<Page<Row>>('GET', api('mkt_part_time_user_city/page'), { headers: principal, query: { name: '测试兼职' } });
    expect(seen.body.data.content[0]?.phone).toMatch(/^135\*{4}8888$|^13566668888$/);
    const shanghaiOnes = await s.call<Page<Row>>('GET', api('mkt_part_time_user_city/page'), { headers: principal, query: { city_id: shanghai } });
    expect(shanghaiOnes.body.data.totalSize).toBe(0);
  });
});

describe('SMS', () => {
  async function template(content: string, state = 1): Promise<number> {
    const group = await s.call<Page<Row>>('GET', api('mkt_sms_group/page'), { headers: admin, query: { rows: 1 } });
    const added = await s.call<Row>('POST', api('mkt_sms_template/add'), {
      headers: admin,
      json: { name: `测试模板${Date.now()}${Math.random()}`.slice(0, 60), group_id: group.body.data.content[0].id, sign_name: '智学教育', content, state },
    });
    expect(added.body.code).toBe(200);
    return added.body.data.id;
  }

  it('sends through the built-in provider, which records each message and sends nothing', async () => {
    const id = await template('{姓名}家长您好，{校区}本周六有试听课。');
    const sent = await s.call<Row[]>('POST', api('mkt_sms_template/send'), {
      headers: telemarketer,
      json: { template_id: id, phones: '13800001111，13800002222\n13800001111', params: { 姓名: '王', 校区: '北京朝阳校区' } },
    });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data).toHaveLength(2);
    expect(sent.body.data[0]).toMatchObject({ content: '【智学教育】王家长您好，北京朝阳校区本周六有试听课。', provider: '内置记录', state: 1 });
    const records = await s.call<Page<Row>>('GET', api('mkt_sms_record/page'), { headers: admin, query: { template_id: id } });
    expect(records.body.data.totalSize).toBe(2);
    expect(records.body.data.content.map((r) => r.phone).sort()).toEqual(['13800001111', '13800002222']);
    expect(records.body.data.content[0]).toMatchObject({ sender_name: '陈晓燕', state: 1, template_name: expect.any(String) });
    // the telemarketer sees the records of the screen, phones masked
    const masked = await s.call<Page<Row>>('GET', api('mkt_sms_record/page'), { headers: telemarketer, query: { template_id: id } });
    expect(masked.body.data.content[0].phone).toMatch(/^138\*{4}\d{4}$/);
  });

  it('refuses unfilled placeholders, bad numbers and disabled templates, recording nothing', async () => {
    const id = await template('{姓名}家长您好');
    const count = async () => (await s.call<Page<Row>>('GET', api('mkt_sms_record/page'), { headers: admin, query: { template_id: id } })).body.data.totalSize;
    const unfilled = await s.call('POST', api('mkt_sms_template/send'), { headers: admin, json: { template_id: id, phones: ['13800001111'] } });
    expect(unfilled.body).toMatchObject({ code: 400, msg: '请填写短信占位符：姓名' });
    const badPhone = await s.call('POST', api('mkt_sms_template/send'), { headers: admin, json: { template_id: id, phones: ['1380000'], params: { 姓名: '李' } } });
    expect(badPhone.body.code).toBe(400);
    expect(badPhone.body.msg).toContain('手机号应为11位数字');
    const none = await s.call('POST', api('mkt_sms_template/send'), { headers: admin, json: { template_id: id, phones: [] } });
    expect(none.body.code).toBe(400);
    expect(none.body.msg).toContain('请输入手机号');
    const off = await template('停用的模板', 0);
    const disabled = await s.call('POST', api('mkt_sms_template/send'), { headers: admin, json: { template_id: off, phones: ['13800001111'] } });
    expect(disabled.body.code).toBe(400);
    expect(disabled.body.msg).toContain('已停用');
    const missing = await s.call('POST', api('mkt_sms_template/send'), { headers: admin, json: { template_id: 99_999_999, phones: ['13800001111'] } });
    expect(missing.body.code).toBe(404);
    expect(await count()).toBe(0);
    const forbidden = await s.call('POST', api('mkt_sms_template/send'), { headers: sales, json: { template_id: id, phones: ['13800001111'], params: { 姓名: '李' } } });
    expect(forbidden.body.code).toBe(403);
  });

  it('sends through another provider put in place, recording its receipts and failures', async () => {
    const asked: SmsMessage[] = [];
    const restore = useSmsProvider({
      name: '测试服务商',
      async send(m) {
        asked.push(m);
        if (m.phone.endsWith('9999')) throw new Error('号码已停机');
        return { state: 'sent', messageId: `T-${asked.length}` };
      },
    });
    try {
      const id = await template('您好，课程已安排。');
      const sent = await s.call<Row[]>('POST', api('mkt_sms_template/send'), { headers: admin, json: { template_id: id, phones: ['13800001111', '13800009999'] } });
      expect(sent.body.code).toBe(200);
      expect(asked.map((m) => m.phone)).toEqual(['13800001111', '13800009999']);
      expect(sent.body.data).toMatchObject([
        { provider: '测试服务商', state: 2, provider_message_id: 'T-1' },
        { state: 3, error: '号码已停机' },
      ]);
    } finally {
      restore();
    }
  });
});
