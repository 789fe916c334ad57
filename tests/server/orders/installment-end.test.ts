import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, ordersWorld, packOrder, studentWithoutHours, type OrdersWorld } from './fixture';
import { todayText } from '../../../server/lib/time';
import { ledgerViolations } from '../../../server/modules/orders';
import { formatYuan } from '../../../src/lib/format/money';

let w: OrdersWorld;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An audited order of `studentId` paid by a three-period plan; answers the order, the plan and its periods. */
async function plannedOrder(studentId: number): Promise<{ orderId: number; planId: number; deal: number; periods: number[] }> {
  const added = await ok(w.s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: studentId }) }));
  await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 1 } }));
  const deal = Number(added.deal_amount);
  const part = Math.floor(deal / 3);
  const periods = [part, part, deal - 2 * part];
  const plan = await ok(
    w.s.call<{ id: number }>('POST', api('order_installment/save_plan'), {
      headers: w.principal,
      json: { order_id: added.id, total_amount: deal, periods: periods.map((amount, i) => ({ due_date: addDays(todayText(), 30 * (i + 1)), amount })) },
    }),
  );
  return { orderId: added.id, planId: plan.id, deal, periods };
}

async function accountBalance(studentId: number): Promise<number> {
  const rows = await w.s.db.selectFrom('fin_stu_account_flow').select('amount').where('account_key', '=', `student:${studentId}`).execute();
  return rows.reduce((s, r) => s + Number(r.amount), 0);
}

beforeAll(async () => {
  w = await ordersWorld();
}, 600_000);

afterAll(async () => w?.s.close());

describe('orders: an installment plan ended early acts on its order', () => {
  it('termination stops the owed periods, ends the order and returns what it received to the student account with a 退费 receipt', async () => {
    const student = await studentWithoutHours(w, 0);
    const { orderId, planId, periods } = await plannedOrder(student);
    const paid = await ok(w.s.call<{ receipt_no: string }>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: planId, amount: periods[0] } }));
    const before = await accountBalance(student);

    const bad = await w.s.call<unknown>('POST', api('order_installment/termination'), { headers: w.principal, json: { id: planId, note: '  ' } });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('终止原因');
    expect((await w.s.db.selectFrom('order_installment').select('state').where('id', '=', planId).executeTakeFirstOrThrow()).state).toBe(1);

    const ended = await ok(w.s.call<{ state: number; terminated_periods: number; order_state: number; returned: number; receipt_no: string | null }>('POST', api('order_installment/termination'), { headers: w.principal, json: { id: planId, note: '家长要求终止' } }));
    expect(ended).toMatchObject({ state: 5, terminated_periods: 2, order_state: 8, returned: periods[0] });
    expect(ended.receipt_no).not.toBeNull();

    const order = await w.s.db.selectFrom('order_form').select(['state', 'paid_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ state: 8, paid_amount: 0 });
    const payments = await w.s.db.selectFrom('order_payment').select(['receipt_no', 'amount']).where('order_id', '=', orderId).orderBy('id').execute();
    expect(payments.map((p) => [p.receipt_no, Number(p.amount)])).toEqual([
      [paid.receipt_no, periods[0]],
      [ended.receipt_no, -periods[0]],
    ]);
    const receipt = await w.s.db.selectFrom('fin_stu_account_receipts').select(['kind', 'amount', 'pay_method', 'ref_type']).where('receipt_no', '=', ended.receipt_no as string).executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({ kind: 2, amount: -periods[0], pay_method: 'account', ref_type: 'order_installment' });
    expect(await accountBalance(student)).toBe(before + periods[0]);
    const states = await w.s.db.selectFrom('order_installment_period').select('state').where('installment_id', '=', planId).orderBy('period_no').execute();
    expect(states.map((s) => s.state)).toEqual([2, 4, 4]);
    const event = await w.s.db.selectFrom('order_installment_event').select('note').where('installment_id', '=', planId).where('kind', '=', '终止').executeTakeFirstOrThrow();
    expect(event.note).toBe(`家长要求终止；第2、3期不再还款；已收 ${formatYuan(periods[0])} 元退至学员账户（收据 ${ended.receipt_no}）；订单已终止`);
    // nothing of the order was ever consumable: no line credited, the ledger stays balanced
    const lines = await w.s.db.selectFrom('order_contract_line').select('active').where('order_id', '=', orderId).execute();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.active === 0)).toBe(true);
    expect(await ledgerViolations(w.s.db)).toEqual([]);

    const again = await w.s.call<unknown>('POST', api('order_installment/termination'), { headers: w.principal, json: { id: planId, note: '再次终止' } });
    expect(again.body).toMatchObject({ code: 409, msg: '分期订单已终止，不能终止' });
    const pay = await w.s.call<unknown>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: planId, amount: 100 } });
    expect(pay.body.code).toBe(409);
  });

  it('transfer moves the order and its lines to the other student as a new version, and the plan goes on with them', async () => {
    const from = await studentWithoutHours(w, 1);
    const to = await studentWithoutHours(w, 2);
    const { orderId, planId, deal } = await plannedOrder(from);
    const version = (await w.s.db.selectFrom('order_form').select('version').where('id', '=', orderId).executeTakeFirstOrThrow()).version;
    const moved = await ok(w.s.call<{ student_id: number; order_id: number }>('POST', api('order_form/transfer_installment_order'), { headers: w.principal, json: { id: planId, to_student_id: to, note: '兄弟转课' } }));
    expect(moved).toMatchObject({ student_id: to, order_id: orderId });
    const order = await w.s.db.selectFrom('order_form').select(['student_id', 'version']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ student_id: to, version: version + 1 });
    const log = await w.s.db.selectFrom('order_form_log').select(['reason', 'snapshot']).where('order_id', '=', orderId).where('action', '=', 'transfer_installment').executeTakeFirstOrThrow();
    expect(log.reason).toContain('兄弟转课');
    expect(JSON.parse(String(log.snapshot))).toMatchObject({ student_id: from });
    const lines = await w.s.db.selectFrom('order_contract_line').select('student_id').where('order_id', '=', orderId).execute();
    expect(lines.every((l) => l.student_id === to)).toBe(true);
    // the new student pays the plan off: the order's lines become theirs to consume
    await ok(w.s.call('POST', api('order_installment/pay'), { headers: w.principal, json: { id: planId, amount: deal } }));
    const active = await w.s.db.selectFrom('order_contract_line').select(['student_id', 'active']).where('order_id', '=', orderId).execute();
    expect(active.every((l) => l.student_id === to && l.active === 1)).toBe(true);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
    const back = await w.s.call<unknown>('POST', api('order_form/transfer_installment_order'), { headers: w.principal, json: { id: planId, to_student_id: from, note: '转回' } });
    expect(back.body).toMatchObject({ code: 409, msg: '分期订单已结清，不能转让' });
  });
});

describe('orders: 修改分期计划 replaces the periods still owed', () => {
  it('keeps what was paid, closes a partly paid period, refuses schedules that do not add up or start too early, and logs both schedules', async () => {
    const student = await studentWithoutHours(w, 3);
    const { planId, deal, periods } = await plannedOrder(student);
    // the first period and 100 fen of the second are paid
    await ok(w.s.call('POST', api('order_installment/pay'), { headers: w.principal, json: { id: planId, amount: periods[0] + 100 } }));
    const owed = deal - periods[0] - 100;
    const dates = [addDays(todayText(), 70), addDays(todayText(), 100)];
    const count = async () => (await w.s.db.selectFrom('order_installment_period').select('id').where('installment_id', '=', planId).execute()).length;
    const call = (json: Record<string, unknown>) => w.s.call<{ periods: number; next_due_date: string }>('POST', api('order_installment/modify_plan'), { headers: w.principal, json });

    const short = await call({ id: planId, note: '家长申请延后', periods: [{ due_date: dates[0], amount: owed - 1 }] });
    expect(short.body).toMatchObject({ code: 400, msg: `各期金额合计 ${formatYuan(owed - 1)} 元，与未还金额 ${formatYuan(owed)} 元不一致` });
    const early = await call({ id: planId, note: '家长申请延后', periods: [{ due_date: addDays(todayText(), 45), amount: owed }] });
    expect(early.body.code).toBe(400);
    expect(early.body.msg).toContain('第1期还款日必须晚于已还期次的还款日');
    const noNote = await call({ id: planId, note: '', periods: [{ due_date: dates[0], amount: owed }] });
    expect(noNote.body).toMatchObject({ code: 400, msg: '请输入修改原因' });
    expect(await count()).toBe(3);

    const half = Math.floor(owed / 2);
    const done = await ok(call({ id: planId, note: '家长申请延后', periods: [{ due_date: dates[0], amount: half }, { due_date: dates[1], amount: owed - half }] }));
    expect(done).toMatchObject({ periods: 4, next_due_date: dates[0] });
    const rows = await w.s.db.selectFrom('order_installment_period').select(['period_no', 'amount', 'paid_amount', 'state', 'due_date']).where('installment_id', '=', planId).orderBy('period_no').execute();
    expect(rows.map((r) => [r.period_no, Number(r.amount), Number(r.paid_amount), r.state])).toEqual([
      [1, periods[0], periods[0], 2],
      [2, 100, 100, 2],
      [3, half, 0, 1],
      [4, owed - half, 0, 1],
    ]);
    const event = await w.s.db.selectFrom('order_installment_event').select('note').where('installment_id', '=', planId).where('kind', '=', '修改').executeTakeFirstOrThrow();
    expect(event.note).toContain(`新计划：${dates[0]} ${formatYuan(half)}，${dates[1]} ${formatYuan(owed - half)}`);
    // the new schedule is paid off like any other
    const paid = await ok(w.s.call<{ state: number; settled_periods: number[] }>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: planId, amount: owed } }));
    expect(paid).toMatchObject({ state: 4, settled_periods: [3, 4] });
  });
});
