import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import type { PayDetail, PayRow, PaySummary, RuleAnswer } from '../../../src/contract/employee_pay';
import { applyBp, bcItems, emptySales, perHours } from '../../../server/modules/employee_pay/calc';
import '../../../server/modules/employee_pay/schema';
import '../../../server/modules/orders/schema';
import '../../../server/modules/classes/schema';
import '../../../server/modules/marketing/schema';

/*
 * 薪酬提成 against known records of a fixed past month at 北京朝阳 (the demo has nothing then):
 * every figure below is worked out by hand from the rules (docs/employee_pay.md).
 */
const MONTH = '2025-06';
let s: TestServer;
let admin: LoggedIn;
let finance: LoggedIn;
let principal: LoggedIn;
let frontDesk: LoggedIn;
let bj: number;
let gz: number;
let salesId: number;
let principalId: number;
let tmkId: number;
let teacherId: number;
let foreignId: number;
let classTypeA: number;
let classTypeB: number;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;
const get = <T>(who: LoggedIn, p: string, query: Record<string, string | number> = {}) => s.call<T>('GET', api(p), { headers: who.headers, query });
const post = <T>(who: LoggedIn, p: string, json: unknown) => s.call<T>('POST', api(p), { headers: who.headers, json });
async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const r = await p;
  expect(r.body.msg).toBe('成功');
  return r.body.data;
}
const page = async (who: LoggedIn, slug: string, school = bj) => (await ok(get<{ content: PayRow[]; totalSize: number }>(who, `${slug}/page`, { month: MONTH, school_id: school, rows: 100 }))).content;
const rowOf = (rows: PayRow[], userId: number) => {
  const r = rows.find((x) => x.user_id === userId);
  if (!r) throw new Error(`no row for ${userId}`);
  return r;
};
const detail = (who: LoggedIn, slug: string, userId: number) => ok(get<PayDetail>(who, `${slug}/detail`, { month: MONTH, school_id: bj, user_id: userId }));
const itemAmounts = (d: PayDetail) => Object.fromEntries(d.items.map((i) => [i.key, i.amount]));

const STAMP = { created_at: `${MONTH}-01 09:00:00`, updated_at: `${MONTH}-01 09:00:00`, created_by: null, updated_by: null };
let seq = 0;

async function order(sellerId: number, firstSign: 1 | 2): Promise<number> {
  seq++;
  const student = await s.db.selectFrom('student').select('id').where('school_id', '=', bj).orderBy('id').executeTakeFirstOrThrow();
  const r = await s.db
    .insertInto('order_form')
    .values({ school_id: bj, order_no: `PAYT${seq}`, student_id: student.id, seller_id: sellerId, seller_name: '测试', state: 5, if_first_sign: firstSign, order_date: `${MONTH}-01`, list_amount: 0, discount_amount: 0, deal_amount: 0, paid_amount: 0, version: 1, del_flag: 0, ...STAMP } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}
const pay = (orderId: number, amount: number, at: string) =>
  s.db.insertInto('order_payment').values({ school_id: bj, order_id: orderId, receipt_no: `R${orderId}-${at}`, amount, method: 'cash', paid_at: at, remark: null, ...STAMP } as never).execute();
const refund = (orderId: number, amount: number, at: string, state: number) =>
  s.db
    .insertInto('order_refund')
    .values({ school_id: bj, refund_no: `TF${orderId}-${state}`, order_id: orderId, order_no: `PAYT`, student_id: 1, amount, state, refunded_at: at, ...STAMP } as never)
    .execute();

async function lesson(teacher: number, classTypeId: number, day: string, hours: number, state: number, mark?: string): Promise<void> {
  const cls = await s.db.selectFrom('base_class_manage').select('id').where('school_id', '=', bj).orderBy('id').executeTakeFirstOrThrow();
  const r = await s.db
    .insertInto('edu_class_schedule')
    .values({ school_id: bj, class_id: cls.id, class_type_id: classTypeId, lesson_date: day, start_time: '09:00', end_time: '10:00', teacher_id: teacher, classroom_id: null, hours, state, ...STAMP } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (mark) {
    await s.db
      .insertInto('edu_check_in')
      .values({ school_id: bj, schedule_id: Number(r.id), student_id: 900000 + Number(r.id), class_id: cls.id, class_type_id: classTypeId, lesson_date: day, start_time: '09:00', mark, hours: 0, device: null, device_id: null, operator_id: null, checked_at: `${day} 10:00:00`, ...STAMP } as never)
      .execute();
  }
}

async function lead(name: string, pool: number, created: string, visited: string | null, signed: string | null): Promise<void> {
  await s.db
    .insertInto('mkt_resource')
    .values({ school_id: bj, name, parent_phone: `139${String(10000000 + seq++).slice(-8)}`, pool, stage: 1, tmk_id: tmkId, tmk_name: '电销', is_important: 0, app_allow: 0, follow_count: 0, visited_at: visited, signed_at: signed, del_flag: 0, ...STAMP, created_at: created } as never)
    .execute();
}

async function userOf(login: string): Promise<number> {
  return Number((await s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id);
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  finance = await s.login('finance', DEMO_PASSWORD);
  principal = await s.login('principal', DEMO_PASSWORD);
  frontDesk = await s.login('front_desk', DEMO_PASSWORD);
  const org = async (code: string) => Number((await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
  bj = await org('BJ-CY');
  gz = await org('GZ-TH');
  salesId = await userOf('sales');
  principalId = await userOf('principal');
  tmkId = await userOf('telemarketer');
  foreignId = await userOf('foreign_teacher');
  const teacherRow = await s.db
    .selectFrom('users as u')
    .innerJoin('user_schools as us', 'us.user_id', 'u.id')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('us.school_id', '=', bj)
    .where('r.code', '=', 'teacher')
    .executeTakeFirst();
  teacherId = teacherRow ? Number(teacherRow.id) : await userOf('teacher');
  const types = await s.db.selectFrom('prod_class_type').select('id').orderBy('id').limit(2).execute();
  classTypeA = Number(types[0].id);
  classTypeB = Number(types[1].id);

  // orders of the month: the consultant's new sign and renewal, the principal's own new sign
  const o1 = await order(salesId, 1);
  const o2 = await order(salesId, 2);
  const o3 = await order(principalId, 1);
  await pay(o1, 3_000_000, `${MONTH}-05 10:00:00`);
  await pay(o2, 2_500_000, `${MONTH}-10 10:00:00`);
  await pay(o3, 1_000_000, `${MONTH}-12 10:00:00`);
  // outside the month by a second on either side: not counted
  await pay(o1, 700_000, '2025-05-31 23:59:59');
  await pay(o2, 800_000, '2025-07-01 00:00:00');
  await refund(o1, 500_000, `${MONTH}-20 15:00:00`, 6);
  // approved but not yet paid out: not counted
  await refund(o2, 90_000, `${MONTH}-21 15:00:00`, 3);

  // consumption on the paid account of a contract line of the campus: 200,000 consumed, 50,000 undone
  const line = await s.db
    .insertInto('order_contract_line')
    .values({ school_id: bj, order_id: o1, contract_no: 'HT-PAYT', source: 'order', student_id: 1, class_type_id: classTypeA, bought_hours: 0, gift_hours: 0, paid_money: 0, promo_money: 0, active: 1, consumed_hours: 0, remaining_hours: 0, ...STAMP } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = `paid:${line.id}`;
  const flow = (n: number, amount: number, bizType: string, at: string, reverses: number | null) =>
    s.db
      .insertInto('order_money_flow')
      .values({ account_key: key, seq: n, amount, balance_after: 0, biz_type: bizType, ref_type: 'test', ref_id: null, reverses_id: reverses, reason: null, created_by: null, created_at: at } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  await flow(1, 1_000_000, 'purchase', `${MONTH}-05 10:00:00`, null);
  const used = await flow(2, -200_000, 'consumption', `${MONTH}-15 10:00:00`, null);
  await flow(3, 50_000, 'reversal', `${MONTH}-16 10:00:00`, Number(used.id));
  await flow(4, -30_000, 'consumption', '2025-07-01 08:00:00', null);
  // the campus plan of the month: 6,000,000 fen target
  await sql`insert into cmp_plan (school_id, plan_month, target_revenue, target_new_students, target_renewals, target_attendance_rate, created_at, updated_at) values (${bj}, ${MONTH}, ${6_000_000}, 10, 10, 90, ${STAMP.created_at}, ${STAMP.created_at})`.execute(s.db);

  // lessons: held (state 2, 2 h), checked in (1.5 h), scheduled only, only absences: two counted
  await lesson(teacherId, classTypeA, `${MONTH}-02`, 2, 2);
  await lesson(teacherId, classTypeA, `${MONTH}-03`, 1.5, 1, 'present');
  await lesson(teacherId, classTypeA, `${MONTH}-04`, 1, 1);
  await lesson(teacherId, classTypeA, `${MONTH}-05`, 1, 1, 'absent');
  await lesson(foreignId, classTypeB, `${MONTH}-06`, 1, 2);

  // leads of the telemarketer: valid, invalid but visited, an older lead visited and signed
  await lead('薪酬测试一', 2, `${MONTH}-03 10:00:00`, null, null);
  await lead('薪酬测试二', 4, `${MONTH}-04 10:00:00`, `${MONTH}-08 10:00:00`, null);
  await lead('薪酬测试三', 3, '2025-05-20 10:00:00', `${MONTH}-09 10:00:00`, `${MONTH}-25 10:00:00`);
}, 400_000);

afterAll(async () => {
  await s?.close();
});

describe('formulas', () => {
  it('rounds rates half away from zero to the fen, hours to the fen', () => {
    expect(applyBp(12_345, 500)).toBe(617); // 617.25
    expect(applyBp(12_350, 500)).toBe(618); // 617.5 → 618
    expect(applyBp(-12_350, 500)).toBe(-618);
    expect(perHours(8_000, 150)).toBe(12_000);
    expect(perHours(3_333, 150)).toBe(5_000); // 4999.5 → 5000
  });

  it('takes a tier from its start exactly, the tier below one fen short', () => {
    const rule = { tiers: [{ from: 0, new_bp: 300, renew_bp: 200 }, { from: 5_000_000, new_bp: 500, renew_bp: 300 }] };
    const at = { ...emptySales(), newCollected: 5_000_000 };
    expect(bcItems(at, rule)[0].amount).toBe(250_000);
    const below = { ...emptySales(), newCollected: 4_999_999 };
    expect(bcItems(below, rule)[0].amount).toBe(150_000); // 149,999.97 → 150,000
  });
});

describe('pay figures of known records', () => {
  it('BC: consultant net 5,000,000 reaches the second default tier exactly; the principal is not listed', async () => {
    const rows = await page(finance, 'pay_bc');
    const r = rowOf(rows, salesId);
    // new 3,000,000 − 500,000 = 2,500,000 × 5%; renewal 2,500,000 × 3%
    expect(r.amount).toBe(125_000 + 75_000);
    expect(rows.some((x) => x.user_id === principalId)).toBe(false);
    const d = await detail(finance, 'pay_bc', salesId);
    expect(itemAmounts(d)).toEqual({ bc_new: 125_000, bc_renew: 75_000 });
    expect(d.items[0].refs.map((x) => x.value).sort((a, b) => a - b)).toEqual([-500_000, 3_000_000]);
  });

  it('BM: rate on the campus net without the principal own orders, consumption, attainment tier 100%', async () => {
    const d = await detail(finance, 'pay_bm', principalId);
    // campus net 6,000,000; own 1,000,000 → base 5,000,000 × 1% = 50,000; consumption 150,000 × 0.5% = 750;
    // attainment 6,000,000 / 6,000,000 = 100.0% → bonus 300,000
    expect(itemAmounts(d)).toEqual({ bm_net: 50_000, bm_consume: 750, bm_attain: 300_000 });
    expect(d.total).toBe(350_750);
  });

  it('BMBC: own orders paid as BC commission once, plus the BM bonus', async () => {
    const d = await detail(finance, 'pay_bmbc', principalId);
    // own new sign 1,000,000 in the first tier (3%) = 30,000
    expect(itemAmounts(d)).toEqual({ bc_new: 30_000, bc_renew: 0, bm_net: 50_000, bm_consume: 750, bm_attain: 300_000 });
    expect(d.total).toBe(380_750);
  });

  it('MK: per valid lead, visit and deal of the leads the telemarketer owns', async () => {
    const d = await detail(finance, 'pay_mk', tmkId);
    expect(itemAmounts(d)).toEqual({ mk_valid: 500, mk_visit: 2 * 3_000, mk_deal: 10_000 });
  });

  it('ltFee: held or checked-in lessons per hour; the foreign teacher at the foreign fee', async () => {
    const d = await detail(finance, 'pay_lt_fee', teacherId);
    // 2 h + 1.5 h at 80.00/h
    expect(d.total).toBe(28_000);
    expect(d.items[0].refs).toHaveLength(2);
    const f = await detail(finance, 'pay_lt_fee', foreignId);
    expect(f.total).toBe(20_000);
  });

  it('rules saved on the campus change the figures; the tier boundary moves with them', async () => {
    const saved = await ok(
      post<RuleAnswer>(finance, 'pay_bc/rule_save', { org_id: bj, config: { tiers: [{ from: 0, new_bp: 300, renew_bp: 200 }, { from: 5_000_001, new_bp: 500, renew_bp: 300 }] } }),
    );
    expect(saved.level).toBe('campus');
    // 5,000,000 is one fen short of the second tier now
    expect(rowOf(await page(finance, 'pay_bc'), salesId).amount).toBe(75_000 + 50_000);
    await ok(post(finance, 'pay_lt_fee/rule_save', { org_id: bj, config: { unit: 'hour', amount: 8_000, foreign_amount: 20_000, by_class_type: [{ class_type_id: classTypeA, unit: 'lesson', amount: 10_000, foreign_amount: 30_000 }] } }));
    expect((await detail(finance, 'pay_lt_fee', teacherId)).total).toBe(2 * 10_000);
    const rule = await ok(get<RuleAnswer>(principal, 'pay_bc/rule', { school_id: bj }));
    expect(rule.config).toEqual(saved.config);
  });
});

describe('locking', () => {
  it('freezes the month: new records and new rules do not change a locked sheet', async () => {
    const before = rowOf(await page(finance, 'pay_bc'), salesId);
    const locked = await ok(post<{ sheet_id: number; count: number; amount: number }>(finance, 'pay_bc/lock', { school_id: bj, month: MONTH }));
    expect(locked.count).toBeGreaterThan(0);
    const o = await order(salesId, 1);
    await pay(o, 9_000_000, `${MONTH}-28 10:00:00`);
    await ok(post(finance, 'pay_bc/rule_save', { org_id: bj, config: { tiers: [{ from: 0, new_bp: 1000, renew_bp: 1000 }] } }));
    const after = rowOf(await page(finance, 'pay_bc'), salesId);
    expect(after.amount).toBe(before.amount);
    expect(after.state_text).toBe('已确认');
    expect(after.line_id).not.toBeNull();
    const sum = await ok(get<PaySummary>(finance, 'pay_bc/summary', { month: MONTH, school_id: bj }));
    expect(sum.sheets[0].locked).toBe(true);
    // the other kinds of the month are still computed live
    expect(rowOf(await page(finance, 'pay_mk'), tmkId).state_text).toBe('未确认');
  });

  it('refuses a second confirmation and a month not yet ended', async () => {
    const again = await post(finance, 'pay_bc/lock', { school_id: bj, month: MONTH });
    expect(again.body.code).toBe(409);
    expect(again.body.msg).toContain('已确认');
    const now = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const open = await post(finance, 'pay_bc/lock', { school_id: bj, month: now });
    expect(open.body).toMatchObject({ code: 400, msg: '该月份尚未结束，不能确认' });
  });

  it('corrects with a reversing and a correcting row, never an update', async () => {
    const row = rowOf(await page(finance, 'pay_bc'), salesId);
    const lineId = row.line_id as number;
    const original = await s.db.selectFrom('pay_sheet_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
    const r = await ok(post<{ ids: number[]; total: number }>(finance, 'pay_bc/adjust', { line_id: lineId, amount: 130_000, reason: '补计一笔漏登收款' }));
    expect(r.ids).toHaveLength(2);
    const added = await s.db.selectFrom('pay_sheet_line').selectAll().where('id', 'in', r.ids).orderBy('id').execute();
    expect(added.map((a) => [a.line_type, Number(a.amount), a.reason])).toEqual([
      ['reversal', -row.total, '补计一笔漏登收款'],
      ['correction', 130_000, '补计一笔漏登收款'],
    ]);
    expect(await s.db.selectFrom('pay_sheet_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow()).toEqual(original);
    const after = rowOf(await page(finance, 'pay_bc'), salesId);
    expect(after).toMatchObject({ amount: row.amount, adjust: 130_000 - row.amount, total: 130_000 });
    const d = await detail(finance, 'pay_bc', salesId);
    expect(d.history.map((h) => h.line_type)).toEqual(['computed', 'reversal', 'correction']);
    // a second correction reverses what is paid now (the correction), not the first figure
    const again = await ok(post<{ ids: number[] }>(finance, 'pay_bc/adjust', { line_id: lineId, amount: 0, reason: '本月提成取消' }));
    expect(again.ids).toHaveLength(1);
    expect(rowOf(await page(finance, 'pay_bc'), salesId).total).toBe(0);
  });

  it('refuses a correction without a reason, to the same amount, or of another kind', async () => {
    const row = rowOf(await page(finance, 'pay_bc'), salesId);
    const none = await post(finance, 'pay_bc/adjust', { line_id: row.line_id, amount: 5, reason: ' ' });
    expect(none.body).toMatchObject({ code: 400 });
    expect(none.body.msg).toContain('请输入更正原因');
    const same = await post(finance, 'pay_bc/adjust', { line_id: row.line_id, amount: row.total, reason: '无变化' });
    expect(same.body).toMatchObject({ code: 400, msg: '更正后金额与当前应发金额相同，无需更正' });
    const other = await post(finance, 'pay_mk/adjust', { line_id: row.line_id, amount: 1, reason: '错页' });
    expect(other.body.code).toBe(404);
    const money = await post(finance, 'pay_bc/adjust', { line_id: row.line_id, amount: 1.5, reason: '小数' });
    expect(money.body.code).toBe(400);
    expect(money.body.msg).toContain('整数');
  });
});

describe('codes, scope and input', () => {
  it('asks for the screen code on reads and the button code on writes', async () => {
    expect((await get(frontDesk, 'pay_bc/page', { month: MONTH })).status === 403 || (await get(frontDesk, 'pay_bc/page', { month: MONTH })).body.code === 403).toBe(true);
    const lock = await post(principal, 'pay_bm/lock', { school_id: bj, month: '2025-05' });
    expect(lock.body.code).toBe(403);
    const rule = await post(principal, 'pay_mk/rule_save', { org_id: bj, config: { valid_lead: 1, visit: 1, deal: 1 } });
    expect(rule.body.code).toBe(403);
    const anon = await s.call('GET', api('pay_bc/page'), { query: { month: MONTH } });
    expect(anon.status).toBe(401);
  });

  it('shows a principal their campuses only; another campus answers as missing', async () => {
    const all = await ok(get<{ content: PayRow[]; totalSize: number }>(principal, 'pay_lt_fee/page', { month: MONTH, rows: 1000 }));
    const mine = new Set((await s.db.selectFrom('user_schools').select('school_id').where('user_id', '=', principalId).execute()).map((r) => Number(r.school_id)));
    expect(all.content.length).toBeGreaterThan(0);
    expect(all.content.every((r) => mine.has(r.school_id))).toBe(true);
    const other = await get(principal, 'pay_bc/page', { month: MONTH, school_id: gz });
    expect(other.body.code).toBe(404);
    const otherDetail = await get(principal, 'pay_bm/detail', { month: MONTH, school_id: gz, user_id: principalId });
    expect(otherDetail.body.code).toBe(404);
    const otherRule = await get(principal, 'pay_bc/rule', { school_id: gz });
    expect(otherRule.body.code).toBe(404);
    // finance reaches every campus
    expect((await get(finance, 'pay_bc/page', { month: MONTH, school_id: gz })).body.code).toBe(200);
  });

  it('a city rule needs every campus; a principal cannot set one', async () => {
    const city = Number((await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ').executeTakeFirstOrThrow()).id);
    const r = await ok(post<RuleAnswer>(admin, 'pay_mk/rule_save', { org_id: city, config: { valid_lead: 100, visit: 200, deal: 300 } }));
    expect(r.level).toBe('city');
    const hd = await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-HD').executeTakeFirstOrThrow();
    const applied = await ok(get<RuleAnswer>(admin, 'pay_mk/rule', { school_id: Number(hd.id) }));
    expect(applied).toMatchObject({ level: 'city', config: { valid_lead: 100, visit: 200, deal: 300 } });
  });

  it('answers bad input with a Chinese message', async () => {
    const month = await get(finance, 'pay_bc/page', { month: '2025-13' });
    expect(month.body).toMatchObject({ code: 400 });
    expect(month.body.msg).toContain('月份格式应为 YYYY-MM');
    const sort = await get(finance, 'pay_bc/page', { month: MONTH, sort: 'password desc' });
    expect(sort.body).toMatchObject({ code: 400, msg: '不支持按 password 排序' });
    const tiers = await post(finance, 'pay_bc/rule_save', { org_id: bj, config: { tiers: [{ from: 100, new_bp: 1, renew_bp: 1 }] } });
    expect(tiers.body.code).toBe(400);
    expect(tiers.body.msg).toContain('第一个档位的起点必须是 0');
    const rate = await post(finance, 'pay_bm/rule_save', { org_id: bj, config: { net_bp: 10001, consume_bp: 0, tiers: [] } });
    expect(rate.body.msg).toContain('不能超过 100%');
    const noSchool = await post(finance, 'pay_bc/lock', { month: MONTH });
    expect(noSchool.body).toMatchObject({ code: 400 });
    expect(noSchool.body.msg).toContain('请选择校区');
    const who = await get(finance, 'pay_bc/detail', { month: MONTH, school_id: bj, user_id: 999999 });
    expect(who.body).toMatchObject({ code: 404, msg: '该员工本月没有薪酬记录' });
  });
});
