import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersWorld, packOrder, type OrdersWorld } from './fixture';
import { runWorker, sharedDatabase, type WorkerResult } from '../worker-processes';
import { nowText, todayText } from '../../../server/lib/time';
import type { Database } from '../../../server/db/schema';
import type { Kysely } from 'kysely';
import '../../../server/modules/orders';
import { formatYuan } from '../../../src/lib/format/money';

let w: OrdersWorld;
let s: OrdersWorld['s'];
let principal: { headers: Record<string, string> };
let bj: number;
let gz: number;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;

async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function studentsOf(db: Kysely<Database>, schoolId: number, n: number): Promise<number[]> {
  return (await db.selectFrom('student').select('id').where('school_id', '=', schoolId).where('del_flag', '=', 0).orderBy('id').limit(n).execute()).map((r) => r.id);
}

/** A submitted pack order of the student: its deal amount is what a plan must add up to. */
async function newOrder(studentId: number): Promise<{ id: number; deal: number }> {
  const added = await ok(s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: studentId }) }));
  return { id: added.id, deal: Number(added.deal_amount) };
}

/** Periods of `deal` fen due on these day offsets: equal parts, the last one takes the rest. */
function split(deal: number, offsets: number[]): { due_date: string; amount: number }[] {
  const part = Math.floor(deal / offsets.length);
  return offsets.map((d, i) => ({ due_date: addDays(todayText(), d), amount: i === offsets.length - 1 ? deal - part * (offsets.length - 1) : part }));
}

async function plan(order: { id: number; deal: number }, periods: { due_date: string; amount: number }[], total = order.deal) {
  return s.call<{ id: number }>('POST', api('order_installment/save_plan'), { headers: principal.headers, json: { order_id: order.id, total_amount: total, periods } });
}

beforeAll(async () => {
  w = await ordersWorld();
  s = w.s;
  principal = { headers: w.principal };
  bj = w.chaoyang;
  gz = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => s?.close());

describe('orders: installment plans', () => {
  it('refuses periods that do not add up to the total or go back in time, naming the amounts, and writes nothing', async () => {
    const [student] = await studentsOf(s.db, bj, 1);
    const order = await newOrder(student);
    const today = todayText();
    const before = await s.db.selectFrom('order_installment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const periods = split(order.deal, [30, 60]);
    const short = await plan(order, [periods[0], { ...periods[1], amount: periods[1].amount - 1 }]);
    expect(short.body.code).toBe(400);
    expect(short.body.msg).toBe(`各期金额合计 ${formatYuan(order.deal - 1)} 元，与分期总额 ${formatYuan(order.deal)} 元不一致`);
    const wrongTotal = await plan(order, split(order.deal + 100, [30]), order.deal + 100);
    expect(wrongTotal.body.msg).toBe(`分期总额 ${formatYuan(order.deal + 100)} 元与订单未收金额 ${formatYuan(order.deal)} 元不一致`);
    const back = await plan(order, [periods[1], periods[0]]);
    expect(back.body.msg).toBe('第2期还款日必须晚于第1期');
    const notFen = await plan(order, [{ due_date: addDays(today, 30), amount: 100.5 }]);
    expect(notFen.body.code).toBe(400);
    expect(notFen.body.msg).toContain('每期金额');
    const after = await s.db.selectFrom('order_installment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('settles periods in order, marks overdue, treats and recovers, records withholding, and ends settled', async () => {
    const [student] = await studentsOf(s.db, bj, 1);
    const today = todayText();
    const order = await newOrder(student);
    const periods = split(order.deal, [-3, 27, 57]);
    const created = await ok(plan(order, periods));
    const again = await plan(order, split(order.deal, [30]));
    expect(again.body.code).toBe(409);

    const { markOverdue } = await import('../../../server/modules/orders');
    expect(await markOverdue(s.db, today)).toBeGreaterThanOrEqual(1);
    const overdue = await s.db.selectFrom('order_installment').select('state').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(overdue.state).toBe(2);
    const early = await s.call<unknown>('POST', api('order_form/overdue_recovery'), { headers: principal.headers, json: { id: created.id, note: '家长承诺还款' } });
    expect(early.body.code).toBe(409);
    expect(early.body.msg).toContain('第1期仍逾期未还');
    await ok(s.call('POST', api('order_form/overdue_treatment'), { headers: principal.headers, json: { id: created.id, measure: 1, note: '电话联系家长' } }));

    const tooMuch = await s.call<unknown>('POST', api('order_installment/pay'), { headers: principal.headers, json: { id: created.id, amount: order.deal + 1 } });
    expect(tooMuch.body.msg).toBe(`还款金额 ${formatYuan(order.deal + 1)} 元超过未还金额 ${formatYuan(order.deal)} 元`);
    const first = periods[0].amount + 100;
    const paid = await ok(s.call<{ settled_periods: number[]; paid_amount: number }>('POST', api('order_installment/pay'), { headers: principal.headers, json: { id: created.id, amount: first } }));
    expect(paid.settled_periods).toEqual([1]);
    const second = await s.db.selectFrom('order_installment_period').select(['paid_amount', 'state']).where('installment_id', '=', created.id).where('period_no', '=', 2).executeTakeFirstOrThrow();
    expect(Number(second.paid_amount)).toBe(100);
    expect(second.state).toBe(1);
    expect((await ok(s.call<{ state: number }>('POST', api('order_form/overdue_recovery'), { headers: principal.headers, json: { id: created.id, note: '已还清逾期' } }))).state).toBe(1);

    const badCard = await s.call<unknown>('POST', api('order_form/installment_withholding_authorization'), { headers: principal.headers, json: { id: created.id, agreement_no: 'WH-1', account: '6222' } });
    expect(badCard.body.msg).toContain('代扣账户');
    const auth = await ok(s.call<{ withholding_account: string }>('POST', api('order_form/installment_withholding_authorization'), { headers: principal.headers, json: { id: created.id, agreement_no: 'WH-2026-0001', account: '6222020200112233445' } }));
    expect(auth.withholding_account).toBe('***************3445');

    const done = await ok(s.call<{ state: number; paid_amount: number }>('POST', api('order_installment/pay'), { headers: principal.headers, json: { id: created.id, amount: order.deal - first } }));
    expect(done).toMatchObject({ state: 4, paid_amount: order.deal });
    // each payment is an event naming its receipt (还款), between the plan's other events
    const events = await s.db.selectFrom('order_installment_event').select('kind').where('installment_id', '=', created.id).orderBy('id').execute();
    expect(events.map((e) => e.kind)).toEqual(['逾期', '逾期处理', '还款', '逾期恢复', '代扣授权', '还款']);
    const closed = await s.call<unknown>('POST', api('order_installment/termination'), { headers: principal.headers, json: { id: created.id, note: '退费' } });
    expect(closed.body.code).toBe(409);
  });

  it('terminates the unpaid periods, transfers within the campus only, and answers another campus as missing', async () => {
    const [a, b] = await studentsOf(s.db, bj, 2);
    const [g] = await studentsOf(s.db, gz, 1);
    const today = todayText();
    const order = await newOrder(a);
    const p = await ok(plan(order, split(order.deal, [10, 40])));
    const moved = await ok(s.call<{ student_id: number }>('POST', api('order_form/transfer_installment_order'), { headers: principal.headers, json: { id: p.id, to_student_id: b, note: '兄弟转课' } }));
    expect(moved.student_id).toBe(b);
    const outside = await s.call<unknown>('POST', api('order_form/transfer_installment_order'), { headers: principal.headers, json: { id: p.id, to_student_id: g, note: '跨校' } });
    expect(outside.body.code).toBe(404);
    const now = nowText();
    const gzPlan = await s.db
      .insertInto('order_installment')
      .values({ school_id: gz, order_id: 1, student_id: g, is_renewal: 0, total_amount: 100, paid_amount: 0, periods: 1, next_due_date: addDays(today, 9), state: 1, withholding: 0, withholding_no: null, withholding_account: null, remark: null, created_at: now, updated_at: now, created_by: 1, updated_by: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const gzEnd = await s.call<unknown>('POST', api('order_installment/termination'), { headers: principal.headers, json: { id: gzPlan.id, note: '越权' } });
    expect(gzEnd.body).toMatchObject({ code: 404, msg: '分期订单不存在或无权访问' });
    const ended = await ok(s.call<{ terminated_periods: number; state: number }>('POST', api('order_installment/termination'), { headers: principal.headers, json: { id: p.id, note: '家长要求终止' } }));
    expect(ended).toMatchObject({ terminated_periods: 2, state: 5 });
    const missing = await s.call<unknown>('POST', api('order_installment/termination'), { headers: principal.headers, json: { id: 99999999, note: 'x' } });
    expect(missing.body).toMatchObject({ code: 404, msg: '分期订单不存在或无权访问' });
  });
});

function overdueWorker(target: string, atMs: number, today: string): Promise<WorkerResult> {
  return runWorker<WorkerResult>('overdue-worker.ts', target, [String(atMs), today]);
}

describe('orders: the daily overdue check', () => {
  it('runs once per day with two processes on one database: one marks the periods, the other finds the day done', async () => {
    const shared = await sharedDatabase();
    try {
      const db = shared.opened.db;
      const school = (await db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
      const [student] = await studentsOf(db, school, 1);
      const today = todayText();
      const now = nowText();
      const stamp = { created_at: now, updated_at: now, created_by: 1, updated_by: 1 };
      const planRow = await db
        .insertInto('order_installment')
        .values({ school_id: school, order_id: 1, student_id: student, is_renewal: 0, total_amount: 3000, paid_amount: 0, periods: 3, next_due_date: addDays(today, -2), state: 1, withholding: 0, withholding_no: null, withholding_account: null, remark: null, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_installment_period')
        .values([-2, -1, 20].map((d, i) => ({ school_id: school, installment_id: planRow.id, period_no: i + 1, due_date: addDays(today, d), amount: 1000, paid_amount: 0, state: 1, paid_at: null, ...stamp })))
        .execute();
      // a fixed instant far from now: both processes are in the same day's period, whatever the clock
      const at = Date.UTC(2099, 0, 1, 4);
      const results = await Promise.all([overdueWorker(shared.target, at, today), overdueWorker(shared.target, at, today)]);
      expect(results.flatMap((r) => r.committed).length).toBe(1);
      expect(results.flatMap((r) => r.refused)).toEqual(['已由其他进程执行']);
      const marked = await db.selectFrom('order_installment_period').select('state').where('installment_id', '=', planRow.id).orderBy('period_no').execute();
      expect(marked.map((m) => m.state)).toEqual([3, 3, 1]);
      const events = await db.selectFrom('order_installment_event').select('kind').where('installment_id', '=', planRow.id).execute();
      expect(events).toHaveLength(1);
      const lease = await db.selectFrom('sys_job_lease').select('job').where('job', '=', 'order_installment_overdue').execute();
      expect(lease).toHaveLength(1);
    } finally {
      await shared.close();
    }
  }, 120_000);
});
