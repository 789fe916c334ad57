import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, type TestServer, ADMIN, DEMO_PASSWORD } from '../helpers';
import { integralMismatches } from '../../../server/modules/students';
import type { IntegralResult } from '../../../src/contract/students';
import { api, schoolId, type Page, type Row } from '../finance/flows-helpers';

/**
 * 客户关系 › 积分管理 and 客户列表: 增加积分 / 扣减积分 are the spec's calls student/add_integral and
 * reduce_integral, each one ledger row with its kind, reason, operator and balance after; the
 * balance never goes below zero; a mistake is corrected by 冲正 (crm_points/reverse), the exact
 * opposite row naming the original, once, never for a reversal or a gift exchange's rows. The
 * customer page answers the campus's students with their points earned and used (冲正 pairs left
 * out, so earned − used is the balance). Operation codes and campus scope on every call; bad input
 * answers in Chinese. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let s: TestServer;
let admin: Record<string, string>;
let principal: Record<string, string>;
let frontDesk: Record<string, string>;
let sales: Record<string, string>;
let teacher: Record<string, string>;
let finance: Record<string, string>;
let chaoyang: number;
let tianhe: number;

interface LedgerRow {
  id: number;
  points: number;
  balance_after: number;
  reason: string;
  biz_type: string | null;
  reverses_id: number | null;
  operator_name: string;
  created_by: number | null;
}

/** A student of the campus with no points yet, so each test starts from a known balance. */
async function freshStudent(school: number): Promise<number> {
  const used = (await s.db.selectFrom('student_integral_log').select('student_id').execute()).map((r) => r.student_id);
  const row = await s.db
    .selectFrom('student')
    .select('id')
    .where('school_id', '=', school)
    .where('del_flag', '=', 0)
    .$if(used.length > 0, (q) => q.where('id', 'not in', used))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function balance(studentId: number): Promise<number> {
  const row = await s.db.selectFrom('student').select('integral').where('id', '=', studentId).executeTakeFirstOrThrow();
  return Number(row.integral ?? 0);
}

async function ledger(studentId: number): Promise<LedgerRow[]> {
  const rows = await s.db.selectFrom('student_integral_log').select(['id', 'points', 'balance_after', 'reason', 'biz_type', 'reverses_id', 'operator_name', 'created_by']).where('student_id', '=', studentId).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, points: Number(r.points), balance_after: Number(r.balance_after), reason: String(r.reason), biz_type: r.biz_type ?? null, reverses_id: r.reverses_id ?? null, operator_name: String(r.operator_name), created_by: r.created_by ?? null }));
}

const grant = (headers: Record<string, string>, student_id: number, points: number, reason = '课堂表现优秀') => s.call<IntegralResult>('POST', api('student/add_integral'), { headers, json: { student_id, points, reason } });
const deduct = (headers: Record<string, string>, student_id: number, points: number, reason = '兑换文具') => s.call<IntegralResult>('POST', api('student/reduce_integral'), { headers, json: { student_id, points, reason } });
const reverse = (headers: Record<string, string>, id: number, reason = '重复发放') => s.call<IntegralResult>('POST', api('crm_points/reverse'), { headers, json: { id, reason } });

async function userId(login: string): Promise<number> {
  return (await s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  frontDesk = (await s.login('front_desk', DEMO_PASSWORD)).headers;
  sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  teacher = (await s.login('teacher', DEMO_PASSWORD)).headers;
  finance = (await s.login('finance', DEMO_PASSWORD)).headers;
  chaoyang = await schoolId(s, 'BJ-CY');
  tianhe = await schoolId(s, 'GZ-TH');
});

afterAll(async () => {
  await s?.close();
});

describe('积分管理: grant, deduct, reverse', () => {
  it('grant and deduct each append one ledger row with kind, reason, who and the balance after', async () => {
    const id = await freshStudent(tianhe);
    const g = await grant(frontDesk, id, 50, '全勤奖励');
    expect(g.body).toMatchObject({ code: 200, data: { student_id: id, balance: 50 } });
    const d = await deduct(frontDesk, id, 20, '兑换绘本');
    expect(d.body).toMatchObject({ code: 200, data: { student_id: id, balance: 30 } });
    const desk = await userId('front_desk');
    expect(await ledger(id)).toEqual([
      expect.objectContaining({ points: 50, balance_after: 50, reason: '全勤奖励', biz_type: 'grant', reverses_id: null, operator_name: '孙丽', created_by: desk }),
      expect.objectContaining({ points: -20, balance_after: 30, reason: '兑换绘本', biz_type: 'deduct', reverses_id: null, operator_name: '孙丽', created_by: desk }),
    ]);
    expect(await balance(id)).toBe(30);
  });

  it('never below zero: a deduct beyond the balance is refused and posts nothing', async () => {
    const id = await freshStudent(tianhe);
    await grant(frontDesk, id, 10);
    const r = await deduct(frontDesk, id, 11);
    expect(r.body.code).toBe(409);
    expect(r.body.msg).toMatch(/^积分不足：.+ 当前积分 10，不能扣减 11$/);
    expect(await balance(id)).toBe(10);
    expect((await ledger(id)).length).toBe(1);
  });

  it('冲正 appends the exact opposite naming the original, which stays; once only; a reversal is not reversed', async () => {
    const id = await freshStudent(chaoyang);
    const g = await grant(principal, id, 40, '全勤奖励');
    const original = g.body.data.log_id;
    const r = await reverse(principal, original, '重复发放');
    expect(r.body).toMatchObject({ code: 200, data: { student_id: id, balance: 0 } });
    const rows = await ledger(id);
    expect(rows).toEqual([
      expect.objectContaining({ id: original, points: 40, balance_after: 40, biz_type: 'grant', reverses_id: null }),
      expect.objectContaining({ points: -40, balance_after: 0, biz_type: 'reversal', reverses_id: original, reason: `冲正流水 ${original}：重复发放`, operator_name: '李秀英' }),
    ]);
    expect(await reverse(principal, original)).toMatchObject({ body: { code: 409, msg: '该积分流水已冲正，不能重复冲正' } });
    expect(await reverse(principal, rows[1].id)).toMatchObject({ body: { code: 409, msg: '冲正记录不能再冲正' } });
    expect(await balance(id)).toBe(0);
    expect((await ledger(id)).length).toBe(2);
  });

  it('冲正 of a deduct gives the points back; 冲正 of a grant already spent is refused (never below zero)', async () => {
    const id = await freshStudent(chaoyang);
    const g = await grant(principal, id, 30);
    const d = await deduct(principal, id, 25);
    const back = await reverse(principal, d.body.data.log_id, '扣错学员');
    expect(back.body).toMatchObject({ code: 200, data: { balance: 30 } });
    await deduct(principal, id, 20);
    const spent = await reverse(principal, g.body.data.log_id);
    expect(spent.body.code).toBe(409);
    expect(spent.body.msg).toMatch(/^积分不足：/);
    expect(await balance(id)).toBe(10);
    // the refused reversal left no row behind: the original may still be reversed later
    expect((await ledger(id)).filter((r) => r.reverses_id === g.body.data.log_id)).toEqual([]);
  });

  it('parallel 冲正 of one row: exactly one is posted', async () => {
    const id = await freshStudent(chaoyang);
    const g = await grant(principal, id, 60);
    const answers = await Promise.all([1, 2, 3, 4].map(() => reverse(principal, g.body.data.log_id)));
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.body.code !== 200)) expect(a.body.msg).toBe('该积分流水已冲正，不能重复冲正');
    expect(await balance(id)).toBe(0);
    expect((await ledger(id)).length).toBe(2);
  });

  it('rows of a gift exchange and rows from before kinds were recorded are not reversed here', async () => {
    const id = await freshStudent(chaoyang);
    await grant(principal, id, 100);
    const mall = await s.db.selectFrom('crm_mall_gift').select(['id', 'points']).where('state', '=', 1).where('stock', '>', 0).where('points', '<=', 100).orderBy('id').executeTakeFirstOrThrow();
    const order = await s.call<Row>('POST', api('fin_exchange_gift_order/add'), { headers: principal, json: { school_id: chaoyang, student_id: id, mall_gift_id: mall.id, quantity: 1, points: 0 } });
    expect(order.body.code).toBe(200);
    const posted = (await ledger(id)).find((r) => r.biz_type === 'exchange');
    expect(posted).toMatchObject({ points: -Number(mall.points) });
    expect(await reverse(principal, posted?.id ?? 0)).toMatchObject({ body: { code: 409, msg: '该积分由礼品兑换产生，请在礼品兑换中驳回或删除兑换单' } });
    const legacy = await s.db.selectFrom('student_integral_log').select('id').where('biz_type', 'is', null).orderBy('id').executeTakeFirst();
    if (legacy) expect(await reverse(admin, legacy.id)).toMatchObject({ body: { code: 409, msg: '该积分流水不是增加或扣减积分，不能冲正' } });
  });

  it('operation codes: only holders of the buttons grant, deduct and reverse', async () => {
    const id = await freshStudent(chaoyang);
    expect((await grant(sales, id, 5)).body.code).toBe(403);
    expect((await grant(finance, id, 5)).body.code).toBe(403);
    const g = await grant(principal, id, 5);
    expect((await deduct(sales, id, 1)).body.code).toBe(403);
    // the front desk grants and deducts; 冲正 is the principal's
    const desk = await grant(frontDesk, await freshStudent(tianhe), 5);
    expect((await reverse(frontDesk, desk.body.data.log_id)).body.code).toBe(403);
    expect((await reverse(teacher, g.body.data.log_id)).body.code).toBe(403);
  });

  it('campus scope: a student or ledger row of another campus answers as a missing one', async () => {
    const outside = await freshStudent(tianhe);
    expect(await grant(principal, outside, 5)).toMatchObject({ body: { code: 404, msg: '学员不存在或无权访问' } });
    expect(await grant(principal, 99_999_999, 5)).toMatchObject({ body: { code: 404, msg: '学员不存在或无权访问' } });
    const theirs = await grant(frontDesk, outside, 5);
    expect(await reverse(principal, theirs.body.data.log_id)).toMatchObject({ body: { code: 404, msg: '积分流水不存在或无权访问' } });
    expect(await reverse(principal, 99_999_999)).toMatchObject({ body: { code: 404, msg: '积分流水不存在或无权访问' } });
    expect(await balance(outside)).toBe(5);
  });

  it('bad input answers in Chinese, never a 5xx', async () => {
    const id = await freshStudent(chaoyang);
    for (const json of [{ student_id: id, points: 0, reason: 'x' }, { student_id: id, points: 1.5, reason: 'x' }, { student_id: id, points: 5 }, { student_id: 'abc', points: 5, reason: 'x' }, { points: 5, reason: 'x' }]) {
      const r = await s.call('POST', api('student/add_integral'), { headers: principal, json });
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const json of [{ id: 'x', reason: 'a' }, { id: 1 }, { id: 1, reason: '' }, { id: 1, reason: '长'.repeat(201) }]) {
      const r = await s.call('POST', api('crm_points/reverse'), { headers: principal, json });
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('after all of it every balance equals its ledger (积分对账)', async () => {
    expect(await integralMismatches(s.db)).toEqual([]);
  });
});

describe('客户列表: crm_customer/page', () => {
  type Customer = Row & { name: string; school_id: number; integral: number; earned: number; used: number; last_points_at: string | null; complaints: number; parent_phone: string | null };
  const page = (headers: Record<string, string>, query: Record<string, string | number> = {}) => s.call<Page<Customer>>('GET', api('crm_customer/page'), { headers, query: { rows: 100, ...query } });

  it('answers the caller’s campuses only, with points earned and used (冲正 pairs left out) and complaints', async () => {
    const r = await page(principal);
    expect(r.body.code).toBe(200);
    const rows = r.body.data.content;
    expect(rows.length).toBeGreaterThan(0);
    const allowed = [chaoyang, await schoolId(s, 'BJ-HD')];
    expect(rows.every((c) => allowed.includes(Number(c.school_id)))).toBe(true);
    for (const c of rows) expect(c.earned - c.used).toBe(c.integral);
    const id = await freshStudent(chaoyang);
    const g = await grant(principal, id, 70);
    await deduct(principal, id, 15);
    // the 70 are partly spent: their 冲正 would go below zero and is refused
    expect((await reverse(principal, g.body.data.log_id, '记错学员')).body.code).toBe(409);
    const one = (await page(principal, { name: (await s.db.selectFrom('student').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name })).body.data.content.find((c) => c.id === id);
    expect(one).toMatchObject({ integral: 55, earned: 70, used: 15 });
    expect(one?.last_points_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // 客诉工单 is the teaching area's declared table, not typed in the server's Database
    const withComplaint = (await sql<{ student_id: number | null }>`select student_id from crm_complaints_repair_order where school_id = ${chaoyang} and student_id is not null limit 1`.execute(s.db)).rows[0];
    // the demo files complaints in every campus (server/db/seed/demo/teaching.ts)
    const complainer = Number(withComplaint?.student_id);
    expect(complainer).toBeGreaterThan(0);
    const name = (await s.db.selectFrom('student').select('name').where('id', '=', complainer).executeTakeFirstOrThrow()).name;
    const listed = (await page(principal, { name })).body.data.content.find((c) => c.id === complainer);
    expect(listed?.complaints).toBeGreaterThan(0);
  });

  it('the demo has customers and a 冲正 pair in every campus of the roles granted the screens', async () => {
    for (const headers of [principal, frontDesk, sales]) {
      const r = await page(headers);
      expect(r.body.code).toBe(200);
      expect(r.body.data.totalSize).toBeGreaterThan(0);
    }
    const schools = await s.db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).execute();
    for (const school of schools) {
      const pair = await s.db.selectFrom('student_integral_log').select('reverses_id').where('school_id', '=', school.id).where('biz_type', '=', 'reversal').executeTakeFirst();
      expect(pair?.reverses_id).toBeGreaterThan(0);
    }
  });

  it('readers are the screens’ holders; another campus’s customer answers as missing; no writes', async () => {
    for (const headers of [teacher, finance]) expect((await page(headers)).body.code).toBe(403);
    const outside = await freshStudent(tianhe);
    expect((await s.call('GET', api('crm_customer/get'), { headers: principal, query: { id: outside } })).body.code).toBe(404);
    for (const call of ['crm_customer/add', 'crm_customer/update', 'crm_customer/delete']) expect((await s.call('POST', api(call), { headers: admin, json: { id: outside, name: 'x' } })).body.code).toBe(404);
    expect((await page(principal, { rows: 'abc' })).body.code).toBe(400);
  });

  it('the ledger page says which rows are reversed, for the readers of 积分管理', async () => {
    const id = await freshStudent(chaoyang);
    const g = await grant(principal, id, 12);
    const r = await reverse(principal, g.body.data.log_id);
    const rows = (await s.call<Page<Row>>('GET', api('student_integral_log/page'), { headers: frontDesk, query: { student_id: id } })).body;
    // the front desk works another campus: the Chaoyang rows are not theirs
    expect(rows.data.content).toEqual([]);
    const mine = (await s.call<Page<Row>>('GET', api('student_integral_log/page'), { headers: principal, query: { student_id: id } })).body.data.content;
    expect(mine.find((x) => x.id === g.body.data.log_id)).toMatchObject({ reversed_by_id: r.body.data.log_id });
    expect(mine.find((x) => x.id === r.body.data.log_id)).toMatchObject({ reversed_by_id: null, reverses_id: g.body.data.log_id });
  });
});
