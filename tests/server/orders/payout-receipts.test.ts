import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approveAll, ok, orderInProgress, ordersWorld, packOrder, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations } from '../../../server/modules/orders';
import { accountBalance, checkFinanceLedgers } from '../../../server/modules/finance';
import { todayText } from '../../../server/lib/time';
import { DEMO_PASSWORD } from '../helpers';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

let w: OrdersWorld;
let finance: Record<string, string>;

beforeAll(async () => {
  w = await ordersWorld();
  finance = (await w.s.login('finance', DEMO_PASSWORD)).headers;
}, 120_000);

afterAll(async () => w?.s.close());

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function receiptOf(no: string) {
  const r = await w.s.db.selectFrom('fin_stu_account_receipts').selectAll().where('receipt_no', '=', no).executeTakeFirstOrThrow();
  return { ...r, id: Number(r.id), amount: Number(r.amount), kind: Number(r.kind), state: Number(r.state) };
}

async function allClean(): Promise<void> {
  expect(await checkFinanceLedgers(w.s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  expect(await ledgerViolations(w.s.db)).toEqual([]);
}

type PayAnswer = { paid_amount: number; settled_periods: number[]; receipt_id: number; receipt_no: string };

describe('orders: every money movement of installments and refunds has its receipt', () => {
  it('order_installment/pay issues a 收费 receipt naming the plan, logged on the plan; from the account it takes the balance; 作废 un-settles', async () => {
    const student = await studentWithoutHours(w, 0);
    const order = await ok(w.s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: student }) }));
    const deal = Number(order.deal_amount);
    const first = Math.floor(deal / 2);
    const periods = [
      { due_date: addDays(todayText(), 30), amount: first },
      { due_date: addDays(todayText(), 60), amount: deal - first },
    ];
    const plan = await ok(w.s.call<{ id: number }>('POST', api('order_installment/save_plan'), { headers: w.principal, json: { order_id: order.id, total_amount: deal, periods } }));

    const cash = await ok(w.s.call<PayAnswer>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: first } }));
    expect(cash).toMatchObject({ paid_amount: first, settled_periods: [1] });
    const receipt = await receiptOf(cash.receipt_no);
    expect(receipt).toMatchObject({ id: cash.receipt_id, kind: 1, amount: first, pay_method: 'cash', state: 1, ref_type: 'order_installment', ref_id: String(plan.id), student_id: student });
    const event = await w.s.db.selectFrom('order_installment_event').select('note').where('installment_id', '=', plan.id).where('kind', '=', '还款').executeTakeFirstOrThrow();
    expect(event.note).toContain(cash.receipt_no);

    // refused payments take no number
    const over = await w.s.call('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: deal } });
    expect(over.body.code).toBe(400);

    await ok(w.s.call('POST', api('fn_student_account/deposit_payment'), { headers: finance, json: { student_id: student, amount: deal - first, pay_method: 'cash' } }));
    const funded = await accountBalance(w.s.db, student);
    const fromAccount = await ok(w.s.call<PayAnswer>('POST', api('order_installment/pay'), { headers: w.principal, json: { id: plan.id, amount: deal - first, pay_method: 'account' } }));
    expect((await receiptOf(fromAccount.receipt_no)).pay_method).toBe('account');
    expect(await accountBalance(w.s.db, student)).toBe(funded - (deal - first));

    const cancelled = await w.s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance, json: { id: fromAccount.receipt_id, reason: '误扣储值' } });
    expect(cancelled.body.msg).toBe('成功');
    expect(await accountBalance(w.s.db, student)).toBe(funded);
    const after = await w.s.db.selectFrom('order_installment').select('paid_amount').where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(Number(after.paid_amount)).toBe(first);
    await allClean();
  });

  it('a refund payout issues a 退费 receipt (to the account: linked to its account row; in cash: cash), named on the refund', async () => {
    const reason = await w.s.db.selectFrom('order_refund_detail_reason').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [n, payoutKind, method] of [[1, 1, 'account'], [2, 3, 'cash']] as const) {
      const student = await studentWithoutHours(w, n);
      const order = await orderInProgress(w, student);
      const submitted = await ok(w.s.call<{ id: number; amount: number; refund_no: string }>('POST', api('order_refund/update_submission'), { headers: w.principal, json: { order_id: order.id, reason_id: reason.id, payout_kind: payoutKind } }));
      await approveAll(w, 'order_refund', submitted.id);
      const paid = await ok(w.s.call<{ state: number; receipt_no: string }>('POST', api('order_refund/actual_refund'), { headers: w.principal, json: { id: submitted.id } }));
      expect(paid.state).toBe(6);
      const receipt = await receiptOf(paid.receipt_no);
      expect(receipt).toMatchObject({ kind: 2, amount: -submitted.amount, pay_method: method, state: 1, ref_type: 'order_refund', ref_id: String(submitted.id), student_id: student });
      if (payoutKind === 1) {
        const flow = await w.s.db.selectFrom('fin_stu_account_flow').select(['id', 'amount']).where('ref_type', '=', 'order_refund').where('ref_id', '=', submitted.refund_no).executeTakeFirstOrThrow();
        expect(receipt.flow_id).toBe(flow.id);
        expect(Number(flow.amount)).toBe(submitted.amount);
      } else expect(receipt.flow_id).toBeNull();
      const row = await w.s.db.selectFrom('order_refund').select('receipt_no').where('id', '=', submitted.id).executeTakeFirstOrThrow();
      expect(row.receipt_no).toBe(paid.receipt_no);
    }
    await allClean();
  });
});
