import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { integralMismatches } from '../../../server/modules/students';
import type { PointsCheck } from '../../../src/contract/crm';
import { api, schoolId, type Page, type Row } from '../finance/flows-helpers';

/**
 * 客户关系's points mall with 礼品兑换 (finance): a mall gift puts a catalogue gift (签约赠品) on sale
 * for points with a stock; an exchange order deducts the student's points exactly once as a ledger
 * row and takes the stock, both undone once by a refusal or the delete of an unchecked order. The
 * ledger's sum is every student's balance (积分对账). Stock never goes negative under parallel
 * exchanges. Scope and operation codes; bad input answers in Chinese. SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let finance: Record<string, string>;
let teacher: Record<string, string>;
let chaoyang: number;
let pudong: number;
let baseGift: { id: number; name: string; price: number };

async function studentOf(school: number, skip = 0): Promise<number> {
  const rows = await s.db.selectFrom('student').select('id').where('school_id', '=', school).where('del_flag', '=', 0).orderBy('id').limit(1).offset(skip).execute();
  return rows[0].id;
}

async function balance(studentId: number): Promise<number> {
  const row = await s.db.selectFrom('student').select('integral').where('id', '=', studentId).executeTakeFirstOrThrow();
  return Number(row.integral ?? 0);
}

async function ledger(studentId: number): Promise<{ points: number; reason: string; balance_after: number }[]> {
  const rows = await s.db.selectFrom('student_integral_log').select(['points', 'reason', 'balance_after']).where('student_id', '=', studentId).orderBy('id').execute();
  return rows.map((r) => ({ points: Number(r.points), reason: String(r.reason), balance_after: Number(r.balance_after) }));
}

async function stock(mallId: number): Promise<number> {
  const row = await s.db.selectFrom('crm_mall_gift').select('stock').where('id', '=', mallId).executeTakeFirstOrThrow();
  return Number(row.stock);
}

async function credit(studentId: number, points: number): Promise<void> {
  const r = await s.call('POST', api('student/add_integral'), { headers: admin, json: { student_id: studentId, points, reason: '测试充值' } });
  expect(r.body.code).toBe(200);
}

async function mallGift(points: number, stockLeft: number, state = 1): Promise<number> {
  const r = await s.call<Row>('POST', api('crm_mall_gift/add'), { headers: finance, json: { base_gift_id: baseGift.id, points, stock: stockLeft, state } });
  expect(r.body).toMatchObject({ code: 200 });
  return r.body.data.id;
}

async function exchange(headers: Record<string, string>, body: Record<string, unknown>) {
  return s.call<Row>('POST', api('fin_exchange_gift_order/add'), { headers, json: body });
}

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  finance = (await s.login('finance', DEMO_PASSWORD)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  chaoyang = await schoolId(s, 'BJ-CY');
  pudong = await schoolId(s, 'SH-PD');
  const g = await s.db.selectFrom('base_gift').select(['id', 'name', 'price']).where('state', '=', 1).where('del_flag', '=', 0).where('price', '>', 0).orderBy('id').executeTakeFirstOrThrow();
  baseGift = { id: g.id, name: String(g.name), price: Number(g.price) };
});

afterAll(async () => {
  await s?.close();
});

describe('points mall and gift exchange', () => {
  it('the demo mall lists gifts for its readers, names each from the catalogue, and refuses the others', async () => {
    const page = await s.call<Page<Row>>('GET', api('crm_mall_gift/page'), { headers: principal });
    expect(page.body.code).toBe(200);
    expect(page.body.data.totalSize).toBeGreaterThan(0);
    for (const row of page.body.data.content) expect(row.gift_name).toBe(row.base_gift_name);
    expect((await s.call('GET', api('crm_mall_gift/page'), { headers: teacher })).body.code).toBe(403);
    // the mall is head office's: a principal reads it, only finance changes it
    const refused = await s.call('POST', api('crm_mall_gift/add'), { headers: principal, json: { base_gift_id: baseGift.id, points: 10, stock: 1 } });
    expect(refused.body.code).toBe(403);
  });

  it('refuses bad mall gifts in Chinese', async () => {
    const zero = await s.call('POST', api('crm_mall_gift/add'), { headers: finance, json: { base_gift_id: baseGift.id, points: 0, stock: 1 } });
    expect(zero.body.code).toBe(400);
    expect(zero.body.msg).toMatch(/兑换积分/);
    const negative = await s.call('POST', api('crm_mall_gift/add'), { headers: finance, json: { base_gift_id: baseGift.id, points: 10, stock: -1 } });
    expect(negative.body.code).toBe(400);
    expect(negative.body.msg).toMatch(/库存/);
    const disabled = await s.db.selectFrom('base_gift').select('id').where('state', '=', 0).where('del_flag', '=', 0).executeTakeFirst();
    if (disabled) {
      const off = await s.call('POST', api('crm_mall_gift/add'), { headers: finance, json: { base_gift_id: disabled.id, points: 10, stock: 1 } });
      expect(off.body).toMatchObject({ code: 409 });
      expect(off.body.msg).toMatch(/已停用/);
    }
  });

  it('an exchange of a mall gift deducts the points once, as one ledger row, and takes the stock', async () => {
    const student = await studentOf(chaoyang);
    await credit(student, 500);
    const before = await balance(student);
    const rowsBefore = (await ledger(student)).length;
    const mall = await mallGift(60, 5);
    // the points typed are the mall's: 60 × 2
    const added = await exchange(principal, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 2, points: 1 });
    expect(added.body).toMatchObject({ code: 200, data: { state: 1, points: 120, gift_name: baseGift.name, gift_value: baseGift.price * 2 } });
    const id = added.body.data.id;
    expect(await balance(student)).toBe(before - 120);
    expect(await stock(mall)).toBe(3);
    const rows = await ledger(student);
    expect(rows.length).toBe(rowsBefore + 1);
    expect(rows.at(-1)).toMatchObject({ points: -120, balance_after: before - 120 });
    expect(rows.at(-1)?.reason).toContain(`兑换单 ${id}`);
    // checks and delivery move no points
    expect((await s.call('POST', api('fin_exchange_gift_order/check_by_branch_office'), { headers: principal, json: { id, pass: true, opinion: '同意' } })).body.code).toBe(200);
    expect((await s.call('POST', api('fin_exchange_gift_order/check_by_head_office'), { headers: admin, json: { id, pass: true } })).body.code).toBe(200);
    expect((await s.call('POST', api('fin_exchange_gift_order/deliver'), { headers: admin, json: { id, express_no: 'SF9' } })).body.code).toBe(200);
    expect(await balance(student)).toBe(before - 120);
    expect((await ledger(student)).length).toBe(rowsBefore + 1);
    expect(await integralMismatches(s.db)).toEqual([]);
  });

  it('a posted exchange keeps its student, gift, quantity and points', async () => {
    const student = await studentOf(chaoyang, 1);
    await credit(student, 100);
    const mall = await mallGift(10, 5);
    const added = await exchange(admin, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 1, points: 10 });
    const id = added.body.data.id;
    const changed = await s.call('POST', api('fin_exchange_gift_order/update'), { headers: admin, json: { id, quantity: 3 } });
    expect(changed.body).toMatchObject({ code: 409, msg: '兑换单已扣减积分，不能修改学员、礼品、数量和积分；请删除后重新兑换' });
    const remark = await s.call('POST', api('fin_exchange_gift_order/update'), { headers: admin, json: { id, remark: '家长到店领取' } });
    expect(remark.body.code).toBe(200);
  });

  it('too few points refuses the exchange and writes nothing, stock included', async () => {
    const student = await studentOf(chaoyang, 2);
    const mall = await mallGift(1_000_000, 5);
    const before = await balance(student);
    const orders = await s.db.selectFrom('fin_exchange_gift_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const refused = await exchange(admin, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 1, points: 0 });
    expect(refused.body.code).toBe(409);
    expect(refused.body.msg).toMatch(/^积分不足/);
    expect(await stock(mall)).toBe(5);
    expect(await balance(student)).toBe(before);
    const after = await s.db.selectFrom('fin_exchange_gift_order').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(orders.n));
  });

  it('a refusal gives the points and the stock back once; deleting the refused order gives nothing more', async () => {
    const student = await studentOf(chaoyang, 3);
    await credit(student, 300);
    const before = await balance(student);
    const mall = await mallGift(100, 4);
    const id = (await exchange(principal, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 1, points: 0 })).body.data.id;
    expect(await balance(student)).toBe(before - 100);
    const noOpinion = await s.call('POST', api('fin_exchange_gift_order/check_by_branch_office'), { headers: principal, json: { id, pass: false } });
    expect(noOpinion.body).toMatchObject({ code: 400, msg: '驳回时请填写审核意见' });
    const refusals = await Promise.all([1, 2].map(() => s.call('POST', api('fin_exchange_gift_order/check_by_branch_office'), { headers: principal, json: { id, pass: false, opinion: '礼品缺货' } })));
    expect(refusals.map((r) => r.body.code).sort()).toEqual([200, 409]);
    expect(await balance(student)).toBe(before);
    expect(await stock(mall)).toBe(4);
    const rows = await ledger(student);
    // the deduction stays; the reversal is a row of its own
    expect(rows.slice(-2).map((r) => r.points)).toEqual([-100, 100]);
    expect((await s.call('POST', api('fin_exchange_gift_order/delete'), { headers: principal, json: [{ id }] })).body.code).toBe(200);
    expect(await balance(student)).toBe(before);
    expect(await stock(mall)).toBe(4);
    expect((await ledger(student)).length).toBe(rows.length);
    expect(await integralMismatches(s.db)).toEqual([]);
  });

  it('deleting an unchecked exchange gives the points and the stock back', async () => {
    const student = await studentOf(chaoyang, 4);
    await credit(student, 80);
    const before = await balance(student);
    const mall = await mallGift(40, 2);
    const id = (await exchange(principal, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 2, points: 0 })).body.data.id;
    expect(await stock(mall)).toBe(0);
    expect((await s.call('POST', api('fin_exchange_gift_order/delete'), { headers: principal, json: [{ id }] })).body.code).toBe(200);
    expect(await balance(student)).toBe(before);
    expect(await stock(mall)).toBe(2);
  });

  it('parallel exchanges of the last pieces never take the stock below zero', async () => {
    const student = await studentOf(chaoyang, 5);
    await credit(student, 1000);
    const before = await balance(student);
    const mall = await mallGift(10, 3);
    const answers = await Promise.all(Array.from({ length: 7 }, () => exchange(admin, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 1, points: 0 })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200).length).toBe(3);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(a.body.code).toBe(409);
      expect(a.body.msg).toMatch(/库存不足/);
    }
    expect(await stock(mall)).toBe(0);
    expect(await balance(student)).toBe(before - 30);
    expect(await integralMismatches(s.db)).toEqual([]);
  });

  it('a mall gift taken off sale is not exchanged', async () => {
    const student = await studentOf(chaoyang);
    const mall = await mallGift(1, 5, 0);
    const refused = await exchange(admin, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 1, points: 0 });
    expect(refused.body.code).toBe(409);
    expect(refused.body.msg).toMatch(/已下架/);
    expect(await stock(mall)).toBe(5);
  });

  it('answers another campus’s student as missing and bad input in Chinese', async () => {
    const other = await studentOf(pudong);
    await credit(other, 100);
    const mall = await mallGift(10, 5);
    const outside = await exchange(principal, { school_id: pudong, student_id: other, mall_gift_id: mall, quantity: 1, points: 0 });
    expect(outside.body.code).toBe(404);
    expect(await stock(mall)).toBe(5);
    const student = await studentOf(chaoyang);
    const nameless = await exchange(admin, { school_id: chaoyang, student_id: student, quantity: 1, points: 0 });
    expect(nameless.body).toMatchObject({ code: 400, msg: '请选择商城礼品或填写礼品名称' });
    const badQty = await exchange(admin, { school_id: chaoyang, student_id: student, mall_gift_id: mall, quantity: 'abc', points: 0 });
    expect(badQty.body.code).toBe(400);
    expect(badQty.body.msg).toMatch(/数量/);
    const missingGift = await exchange(admin, { school_id: chaoyang, student_id: student, mall_gift_id: 99_999_999, quantity: 1, points: 0 });
    expect(missingGift.body.code).toBe(404);
  });
});

describe('points ledger check (积分记录)', () => {
  it('every demo balance equals the sum of its ledger; the check names a student whose total was changed behind the ledger', async () => {
    const clean = await s.call<PointsCheck>('GET', api('crm_points/check'), { headers: principal });
    expect(clean.body).toMatchObject({ code: 200, data: { mismatches: [] } });
    // the ledger names students: neither the teacher nor finance holds 积分记录
    for (const h of [teacher, finance]) expect((await s.call('GET', api('crm_points/check'), { headers: h })).body.code).toBe(403);
    const student = await studentOf(chaoyang, 6);
    const bj = await balance(student);
    await s.db.updateTable('student').set({ integral: sql<number>`coalesce(integral, 0) + 7` }).where('id', '=', student).execute();
    const seen = await s.call<PointsCheck>('GET', api('crm_points/check'), { headers: principal });
    expect(seen.body.data.mismatches).toEqual([expect.objectContaining({ student_id: student, integral: bj + 7, ledger: bj })]);
    // another campus's principal-less view: the Pudong teacher's campus is not the principal's
    const pudongStudent = await studentOf(pudong, 1);
    await s.db.updateTable('student').set({ integral: sql<number>`coalesce(integral, 0) + 3` }).where('id', '=', pudongStudent).execute();
    const scoped = await s.call<PointsCheck>('GET', api('crm_points/check'), { headers: principal });
    expect(scoped.body.data.mismatches.map((m) => m.student_id)).toEqual([student]);
    const all = await s.call<PointsCheck>('GET', api('crm_points/check'), { headers: admin });
    expect(all.body.data.mismatches.map((m) => m.student_id).sort((a, b) => a - b)).toEqual([student, pudongStudent].sort((a, b) => a - b));
    await s.db.updateTable('student').set({ integral: bj }).where('id', '=', student).execute();
    await s.db.updateTable('student').set({ integral: sql<number>`coalesce(integral, 0) - 3` }).where('id', '=', pudongStudent).execute();
  });

  it('the ledger is append-only: no add, update or delete call', async () => {
    for (const verb of ['add', 'update', 'delete']) {
      const r = await s.call('POST', api(`student_integral_log/${verb}`), { headers: admin, json: verb === 'delete' ? [{ id: 1 }] : { id: 1, points: 5 } });
      expect(r.status).toBe(404);
    }
    const page = await s.call<Page<Row>>('GET', api('student_integral_log/page'), { headers: principal });
    expect(page.body.code).toBe(200);
    expect(page.body.data.totalSize).toBeGreaterThan(0);
  });
});
