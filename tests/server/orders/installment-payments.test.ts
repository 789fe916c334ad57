import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, orderInProgress, ordersWorld, packOrder, studentWithoutHours, type OrdersWorld } from './fixture';
import { formatYuan } from '../../../src/lib/format/money';
import { ledgerViolations } from '../../../server/modules/orders';
import { accountBalance, checkFinanceLedgers } from '../../../server/modules/finance';
import { todayText } from '../../../server/lib/time';
import { campusSales } from '../../../server/modules/employee_pay/sources';
import { DEMO_PASSWORD } from '../helpers';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

/**
 * Installment money is order money (issue 15): every repayment of a plan, taken on 分期订单
 * (order_installment/pay) or on finance's 定金与分期 (fin_of_deposit_detail/installment_pay), is a
 * payment of the plan's order (an order_payment row naming its receipt, the order's paid amount),
 * the order's lines become consumable once the plan has paid it in full, and cancelling such a
 * receipt takes the payment back off the order.
 */

let w: OrdersWorld;
let finance: Record<string, string>;

beforeAll(async () => {
  w = await ordersWorld();
  finance = (await w.s.login('finance', DEMO_PASSWORD)).headers;
}, 300_000);

afterAll(async () => w?.s.close());

type PayAnswer = { paid_amount: number; state: number; settled_periods: number[]; receipt_id: number; receipt_no: string };

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An order added, audited and its contract confirmed, nothing paid: what a plan pays. */
async function confirmedOrder(studentId: number): Promise<{ id: number; deal: number }> {
  const added = await ok(w.s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: studentId }) }));
  await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 1 } }));
  const protocol = await ok(w.s.call<{ protocol_version: string }>('GET', api('order_form/protocol'), { headers: w.principal, query: { id: added.id } }));
  await ok(w.s.call('POST', api('order_form/confirm_contract'), { headers: w.principal, json: { id: added.id, protocol_version: protocol.protocol_version } }));
  return { id: added.id, deal: Number(added.deal_amount) };
}

async function twoPeriodPlan(order: { id: number; deal: number }, total = order.deal): Promise<{ id: number; first: number }> {
  const first = Math.floor(total / 2);
  const periods = [
    { due_date: addDays(todayText(), 30), amount: first },
    { due_date: addDays(todayText(), 60), amount: total - first },
  ];
  const plan = await ok(w.s.call<{ id: number }>('POST', api('order_installment/save_plan'), { headers: w.principal, json: { order_id: order.id, total_amount: total, periods } }));
  return { id: plan.id, first };
}

async function orderRow(id: number) {
  const o = await w.s.db.selectFrom('order_form').select(['paid_amount', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
  return { paid_amount: Number(o.paid_amount), state: Number(o.state) };
}

async function payments(orderId: number) {
  return (await w.s.db.selectFrom('order_payment').select(['receipt_no', 'amount', 'method']).where('order_id', '=', orderId).orderBy('id').execute()).map((p) => ({ ...p, amount: Number(p.amount) }));
}

async function lineStates(orderId: number) {
  return (await w.s.db.selectFrom('order_contract_line').select(['active', 'remaining_hours']).where('order_id', '=', orderId).orderBy('id').execute()).map((l) => ({ active: Number(l.active), remaining_hours: Number(l.remaining_hours) }));
}

async function allClean(): Promise<void> {
  expect(await checkFinanceLedgers(w.s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  expect(await ledgerViolations(w.s.db)).toEqual([]);
}

describe('orders: an installment payment is a payment of the order', () => {
  it('posts each repayment (分期订单 and 定金与分期) as an order payment naming its receipt; the lines become consumable when the plan has paid the order', async () => {
    const order = await confirmedOrder(await studentWithoutHours(w, 0));
    const plan = await twoPeriodPlan(order);

    // a plain payment of an order paid by a plan is refused: its money comes through the plan
    const direct = await w.s.call('POST', api('order_form/pay'), { headers: w.principal, json: { id: order.id, amount: 100, method: 'cash' } });
    expect(direct.body).toMatchObject({ code: 409, msg: '该订单有进行中的分期计划，请在分期订单中还款' });

    const first = await ok(w.s.call<PayAnswer>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: plan.first } }));
    expect(await orderRow(order.id)).toEqual({ paid_amount: plan.first, state: 4 });
    expect(await payments(order.id)).toEqual([{ receipt_no: first.receipt_no, amount: plan.first, method: 'cash' }]);
    // not fully paid: nothing consumable yet
    expect((await lineStates(order.id)).every((l) => l.active === 0 && l.remaining_hours === 0)).toBe(true);

    const rest = order.deal - plan.first;
    const second = await ok(w.s.call<{ state: number; receipt: { receipt_no: string } }>('POST', api('fin_of_deposit_detail/installment_pay'), { headers: finance, json: { id: plan.id, amount: rest, pay_method: 'transfer' } }));
    expect(second.state).toBe(4);
    expect(await orderRow(order.id)).toEqual({ paid_amount: order.deal, state: 5 });
    expect(await payments(order.id)).toEqual([
      { receipt_no: first.receipt_no, amount: plan.first, method: 'cash' },
      { receipt_no: second.receipt.receipt_no, amount: rest, method: 'transfer' },
    ]);
    const lines = await lineStates(order.id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.active === 1 && l.remaining_hours > 0)).toBe(true);
    const log = await w.s.db.selectFrom('order_form_log').select('reason').where('order_id', '=', order.id).where('action', '=', 'payment').orderBy('id').execute();
    expect(log.map((l) => l.reason)).toEqual([expect.stringContaining(first.receipt_no), expect.stringContaining(second.receipt.receipt_no)]);
    expect(log[1].reason).toContain('分期还款（结清第2期）');
    await allClean();
  });

  it('cancelling an installment receipt takes the payment back off the order: a negative payment row, the paid amount, the lines no longer consumable, the account refunded', async () => {
    const student = await studentWithoutHours(w, 1);
    const order = await confirmedOrder(student);
    const plan = await twoPeriodPlan(order);
    const rest = order.deal - plan.first;
    const first = await ok(w.s.call<PayAnswer>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: plan.first } }));
    await ok(w.s.call('POST', api('fn_student_account/deposit_payment'), { headers: finance, json: { student_id: student, amount: rest, pay_method: 'cash' } }));
    const funded = await accountBalance(w.s.db, student);
    const last = await ok(w.s.call<PayAnswer>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: rest, pay_method: 'account' } }));
    expect(await orderRow(order.id)).toEqual({ paid_amount: order.deal, state: 5 });
    expect(await accountBalance(w.s.db, student)).toBe(funded - rest);

    const res = await w.s.call<{ reversal: { receipt_no: string } }>('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance, json: { id: last.receipt_id, reason: '误扣储值' } });
    expect(res.body.msg).toBe('成功');
    expect(await orderRow(order.id)).toEqual({ paid_amount: plan.first, state: 4 });
    expect(await payments(order.id)).toEqual([
      { receipt_no: first.receipt_no, amount: plan.first, method: 'cash' },
      { receipt_no: last.receipt_no, amount: rest, method: 'account' },
      { receipt_no: res.body.data.reversal.receipt_no, amount: -rest, method: 'account' },
    ]);
    expect((await lineStates(order.id)).every((l) => l.active === 0 && l.remaining_hours === 0)).toBe(true);
    expect(await accountBalance(w.s.db, student)).toBe(funded);
    const planRow = await w.s.db.selectFrom('order_installment').select(['paid_amount', 'state']).where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect({ paid: Number(planRow.paid_amount), state: Number(planRow.state) }).toEqual({ paid: plan.first, state: 1 });
    await allClean();

    // paid again through the plan: consumable again
    await ok(w.s.call('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: rest } }));
    expect(await orderRow(order.id)).toEqual({ paid_amount: order.deal, state: 5 });
    expect((await lineStates(order.id)).every((l) => l.active === 1)).toBe(true);
    await allClean();
  });

  it("payroll (员工薪酬) counts installment money in the campus's collected money of the month", async () => {
    const month = todayText().slice(0, 7);
    const before = await campusSales(w.s.db, w.chaoyang, month);
    const order = await confirmedOrder(await studentWithoutHours(w, 2));
    const plan = await twoPeriodPlan(order);
    await ok(w.s.call('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: plan.first } }));
    const after = await campusSales(w.s.db, w.chaoyang, month);
    expect(after.net - before.net).toBe(plan.first);
    await allClean();
  });
});

describe('orders: a plan pays what the order still owes', () => {
  it('refuses a plan on a fully paid order (409, nothing written) and a total other than the unpaid amount (400); a part-paid order\'s plan is its rest and pays it in full once', async () => {
    const paidUp = await orderInProgress(w, await studentWithoutHours(w, 3));
    const deal = Number((await w.s.db.selectFrom('order_form').select('deal_amount').where('id', '=', paidUp.id).executeTakeFirstOrThrow()).deal_amount);
    const refused = await w.s.call('POST', api('order_installment/save_plan'), { headers: w.principal, json: { order_id: paidUp.id, total_amount: deal, periods: [{ due_date: addDays(todayText(), 30), amount: deal }] } });
    expect(refused.body).toMatchObject({ code: 409, msg: '订单已全额收款，不能办理分期' });
    expect(await w.s.db.selectFrom('order_installment').select('id').where('order_id', '=', paidUp.id).execute()).toEqual([]);

    const order = await confirmedOrder(await studentWithoutHours(w, 4));
    const down = 10000;
    const paid = await ok(w.s.call<{ receipt_no: string }>('POST', api('order_form/pay'), { headers: w.principal, json: { id: order.id, amount: down, method: 'cash' } }));
    const whole = await w.s.call('POST', api('order_installment/save_plan'), { headers: w.principal, json: { order_id: order.id, total_amount: order.deal, periods: [{ due_date: addDays(todayText(), 30), amount: order.deal }] } });
    expect(whole.body).toMatchObject({ code: 400, msg: `分期总额 ${formatYuan(order.deal)} 元与订单未收金额 ${formatYuan(order.deal - down)} 元不一致` });
    const plan = await twoPeriodPlan(order, order.deal - down);
    const rest = await ok(w.s.call<PayAnswer>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: order.deal - down } }));
    expect(rest.state).toBe(4);
    expect(await orderRow(order.id)).toEqual({ paid_amount: order.deal, state: 5 });
    expect(await payments(order.id)).toEqual([
      { receipt_no: paid.receipt_no, amount: down, method: 'cash' },
      { receipt_no: rest.receipt_no, amount: order.deal - down, method: 'cash' },
    ]);
    await allClean();
  });
});
