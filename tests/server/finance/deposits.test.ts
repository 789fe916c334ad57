import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersWorld, packOrder, type OrdersWorld } from '../orders/fixture';
import { DEMO_PASSWORD } from '../helpers';
import { accountBalance, checkFinanceLedgers } from '../../../server/modules/finance';
import { todayText } from '../../../server/lib/time';
import { formatYuan } from '../../../src/lib/format/money';
import type { DepositPlanRow, InstallmentPayResult } from '../../../src/contract/finance-deposits';
import type { Page } from '../../../src/contract/envelope';
import '../../../server/modules/orders';
import '../../../server/modules/finance/schema';

let w: OrdersWorld;
let s: OrdersWorld['s'];
let finance: Record<string, string>;

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

const pay = (who: Record<string, string>, body: Record<string, unknown>) => s.call<InstallmentPayResult>('POST', api('fin_of_deposit_detail/installment_pay'), { headers: who, json: body });

async function receiptCount(): Promise<number> {
  const r = await s.db.selectFrom('fin_stu_account_receipts').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A pack order of the demo student with a two-period plan (due in 30 and 60 days): the plan id and its periods. */
async function planned(): Promise<{ id: number; first: number; second: number; studentId: number }> {
  const order = await ok(s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: w.studentId }) }));
  const deal = Number(order.deal_amount);
  const first = Math.floor(deal / 2);
  const periods = [
    { due_date: addDays(todayText(), 30), amount: first },
    { due_date: addDays(todayText(), 60), amount: deal - first },
  ];
  const plan = await ok(s.call<{ id: number }>('POST', api('order_installment/save_plan'), { headers: w.principal, json: { order_id: order.id, total_amount: deal, periods } }));
  return { id: plan.id, first, second: deal - first, studentId: w.studentId };
}

beforeAll(async () => {
  w = await ordersWorld();
  s = w.s;
  finance = (await s.login('finance', DEMO_PASSWORD)).headers;
}, 120_000);

afterAll(async () => s?.close());

describe('finance: 定金与分期', () => {
  it('an installment payment issues a 收费 receipt naming the plan and settles the periods oldest first', async () => {
    const p = await planned();
    const list = await ok(s.call<Page<DepositPlanRow>>('GET', api('fin_of_deposit_detail/page'), { headers: finance, query: { rows: 100 } }));
    const row = list.content.find((r) => r.id === p.id);
    expect(row).toMatchObject({ state: 1, state_text: '还款中', paid_amount: 0, owed: p.first + p.second, periods: 2 });
    expect(row?.period_list.map((x) => x.amount)).toEqual([p.first, p.second]);

    const res = await ok(pay(finance, { id: p.id, amount: p.first, pay_method: 'wechat', payer: '家长' }));
    expect(res).toMatchObject({ id: p.id, paid_amount: p.first, state: 1, settled_periods: [1] });
    expect(res.receipt).toMatchObject({ kind: 1, amount: p.first, pay_method: 'wechat', ref_type: 'order_installment', ref_id: String(p.id), student_id: p.studentId });

    // more than is still owed: refused with the amounts, nothing written
    const before = await receiptCount();
    const over = await pay(finance, { id: p.id, amount: p.second + 1, pay_method: 'cash' });
    expect(over.body.code).toBe(400);
    expect(over.body.msg).toBe(`还款金额 ${formatYuan(p.second + 1)} 元超过未还金额 ${formatYuan(p.second)} 元`);
    expect(await receiptCount()).toBe(before);

    const rest = await ok(pay(finance, { id: p.id, amount: p.second, pay_method: 'cash' }));
    expect(rest).toMatchObject({ paid_amount: p.first + p.second, state: 4, settled_periods: [2] });
    const settled = await pay(finance, { id: p.id, amount: 1, pay_method: 'cash' });
    expect(settled.body.code).toBe(409);
    expect(settled.body.msg).toBe('分期订单已结清，不能收款');
  });

  it('paying from the student account takes it from the balance, and refuses 余额不足 writing nothing', async () => {
    const p = await planned();
    // empty the account first, so the payment below is certainly short
    const balance = await accountBalance(s.db, p.studentId);
    if (balance > 0) await ok(s.call('POST', api('fn_student_account/refund'), { headers: finance, json: { student_id: p.studentId, amount: balance, pay_method: 'cash', reason: '测试清零' } }));
    expect(await accountBalance(s.db, p.studentId)).toBe(0);
    const before = await receiptCount();
    const short = await pay(finance, { id: p.id, amount: p.first, pay_method: 'account' });
    expect(short.body.code).toBe(400);
    expect(short.body.msg).toContain('余额不足');
    expect(await receiptCount()).toBe(before);
    await ok(s.call('POST', api('fn_student_account/deposit_payment'), { headers: finance, json: { student_id: p.studentId, amount: p.first, pay_method: 'cash' } }));
    const funded = await accountBalance(s.db, p.studentId);
    const res = await ok(pay(finance, { id: p.id, amount: p.first, pay_method: 'account' }));
    expect(res.receipt.pay_method).toBe('account');
    expect(await accountBalance(s.db, p.studentId)).toBe(funded - p.first);
    expect(await checkFinanceLedgers(s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  });

  it('cancelling an installment receipt issues its reversing receipt and un-settles the period it paid', async () => {
    const p = await planned();
    const first = await ok(pay(finance, { id: p.id, amount: p.first, pay_method: 'wechat' }));
    const second = await ok(pay(finance, { id: p.id, amount: p.second, pay_method: 'cash' }));
    expect(second).toMatchObject({ state: 4, settled_periods: [2] });

    const cancel = await s.call<{ original: { state: number }; reversal: { receipt_no: string; amount: number; state: number; reverses_id: number } }>('POST', api('fin_stu_account_receipts/cancellation'), { headers: w.admin, json: { id: second.receipt.id, reason: '收错金额' } });
    expect(cancel.body.msg).toBe('成功');
    expect(cancel.body.data.reversal).toMatchObject({ amount: -p.second, state: 3, reverses_id: second.receipt.id });
    const plan = await s.db.selectFrom('order_installment').select(['paid_amount', 'state', 'next_due_date']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(plan).toEqual({ paid_amount: p.first, state: 1, next_due_date: addDays(todayText(), 60) });
    const periods = await s.db.selectFrom('order_installment_period').select(['period_no', 'paid_amount', 'state']).where('installment_id', '=', p.id).orderBy('period_no').execute();
    expect(periods).toEqual([
      { period_no: 1, paid_amount: p.first, state: 2 },
      { period_no: 2, paid_amount: 0, state: 1 },
    ]);
    const event = await s.db.selectFrom('order_installment_event').select('note').where('installment_id', '=', p.id).where('kind', '=', '作废收据').executeTakeFirstOrThrow();
    expect(event.note).toContain(second.receipt.receipt_no);

    // the period can be paid again; a cancelled receipt cannot be cancelled twice
    const again = await ok(pay(finance, { id: p.id, amount: p.second, pay_method: 'cash' }));
    expect(again).toMatchObject({ state: 4, settled_periods: [2] });
    const twice = await s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: w.admin, json: { id: second.receipt.id, reason: '再次' } });
    expect(twice.body.code).toBe(409);
    expect(first.receipt.receipt_no).not.toBe(again.receipt.receipt_no);
    expect(await checkFinanceLedgers(s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  });

  it('cancelling an installment receipt paid from the account puts the money back into the account', async () => {
    const p = await planned();
    await ok(s.call('POST', api('fn_student_account/deposit_payment'), { headers: finance, json: { student_id: p.studentId, amount: p.first, pay_method: 'cash' } }));
    const funded = await accountBalance(s.db, p.studentId);
    const paid = await ok(pay(finance, { id: p.id, amount: p.first, pay_method: 'account' }));
    expect(await accountBalance(s.db, p.studentId)).toBe(funded - p.first);
    await ok(s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: w.admin, json: { id: paid.receipt.id, reason: '误扣储值' } }));
    expect(await accountBalance(s.db, p.studentId)).toBe(funded);
    const plan = await s.db.selectFrom('order_installment').select(['paid_amount', 'state']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(plan).toEqual({ paid_amount: 0, state: 1 });
    expect(await checkFinanceLedgers(s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  });

  it('needs the button: the front desk is refused; bad input is a Chinese message naming the field', async () => {
    const p = await planned();
    const desk = await pay(w.desk, { id: p.id, amount: 100, pay_method: 'cash' });
    expect(desk.body.code).toBe(403);
    const bad = await pay(finance, { id: p.id, amount: 0, pay_method: 'cash' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('还款金额');
    const missing = await pay(finance, { id: 99_999_999, amount: 100, pay_method: 'cash' });
    expect(missing.body.code).toBe(404);
  });
});
