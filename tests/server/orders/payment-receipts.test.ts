import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, ordersWorld, packOrder, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations, postHours } from '../../../server/modules/orders';
import { accountBalance, checkFinanceLedgers } from '../../../server/modules/finance';
import { DEMO_PASSWORD } from '../helpers';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

let w: OrdersWorld;
let finance: Record<string, string>;

type Receipt = { id: number; receipt_no: string; amount: number; state: number; reverses_id: number | null };
type Cancelled = { original: Receipt; reversal: Receipt };

beforeAll(async () => {
  w = await ordersWorld();
  finance = (await w.s.login('finance', DEMO_PASSWORD)).headers;
}, 120_000);

afterAll(async () => w?.s.close());

async function receiptOf(no: string): Promise<Receipt> {
  const r = await w.s.db.selectFrom('fin_stu_account_receipts').select(['id', 'receipt_no', 'amount', 'state', 'reverses_id']).where('receipt_no', '=', no).executeTakeFirstOrThrow();
  return { ...r, id: Number(r.id), amount: Number(r.amount), state: Number(r.state) };
}

const cancel = (id: number, reason = '收错金额') => w.s.call<Cancelled>('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance, json: { id, reason } });

async function newOrder(studentId: number): Promise<{ id: number; deal: number }> {
  const added = await ok(w.s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: studentId }) }));
  return { id: added.id, deal: Number(added.deal_amount) };
}

const pay = (id: number, amount: number, method = 'cash') => ok(w.s.call<{ receipt_no: string; paid_amount: number; state: number }>('POST', api('order_form/pay'), { headers: w.principal, json: { id, amount, method } }));

async function orderState(id: number) {
  return w.s.db.selectFrom('order_form').select(['paid_amount', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function contractLines(orderId: number) {
  return w.s.db.selectFrom('order_contract_line').select(['active', 'remaining_hours']).where('order_id', '=', orderId).execute();
}

async function classTypeBalance(studentId: number): Promise<number> {
  const row = await w.s.db.selectFrom('student_class_type').select('remaining_hours').where('student_id', '=', studentId).where('class_type_id', '=', w.classTypeId).executeTakeFirst();
  return Number(row?.remaining_hours ?? 0);
}

async function allClean(): Promise<void> {
  expect(await checkFinanceLedgers(w.s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  expect(await ledgerViolations(w.s.db)).toEqual([]);
}

describe('orders: cancelling the receipt of an order payment (作废)', () => {
  it('reverses the payment: a reversing receipt with a new number, a negative payment row, the paid amount back; paying again takes another number', async () => {
    const order = await newOrder(await studentWithoutHours(w, 0));
    const half = Math.floor(order.deal / 2);
    const first = await pay(order.id, half);
    const original = await receiptOf(first.receipt_no);

    const res = await cancel(original.id);
    expect(res.body.msg).toBe('成功');
    expect(res.body.data.original).toMatchObject({ state: 2 });
    expect(res.body.data.reversal).toMatchObject({ amount: -half, state: 3, reverses_id: original.id });
    expect(res.body.data.reversal.receipt_no).not.toBe(first.receipt_no);
    expect(await orderState(order.id)).toEqual({ paid_amount: 0, state: 2 });
    const payments = await w.s.db.selectFrom('order_payment').select(['receipt_no', 'amount']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(payments).toEqual([
      { receipt_no: first.receipt_no, amount: half },
      { receipt_no: res.body.data.reversal.receipt_no, amount: -half },
    ]);
    const log = await w.s.db.selectFrom('order_form_log').select('reason').where('order_id', '=', order.id).where('action', '=', 'payment_cancel').executeTakeFirstOrThrow();
    expect(log.reason).toContain(first.receipt_no);

    // cancelled once only; the order can be paid again, with a number never used before
    const twice = await cancel(original.id, '再次');
    expect(twice.body.code).toBe(409);
    const again = await pay(order.id, order.deal);
    expect([first.receipt_no, res.body.data.reversal.receipt_no]).not.toContain(again.receipt_no);
    expect(again.paid_amount).toBe(order.deal);
    await allClean();
  });

  it('takes the hours of a fully paid order back off the ledger until it is paid again; a contract in progress waits for payment again', async () => {
    const student = await studentWithoutHours(w, 1);
    const order = await newOrder(student);
    await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: order.id, pass: 1 } }));
    const paid = await pay(order.id, order.deal, 'card');
    const protocol = await ok(w.s.call<{ protocol_version: string }>('GET', api('order_form/protocol'), { headers: w.principal, query: { id: order.id } }));
    await ok(w.s.call('POST', api('order_form/confirm_contract'), { headers: w.principal, json: { id: order.id, protocol_version: protocol.protocol_version } }));
    expect((await orderState(order.id)).state).toBe(5);
    const credited = await contractLines(order.id);
    expect(credited.every((l) => l.active === 1 && l.remaining_hours > 0)).toBe(true);
    expect(await classTypeBalance(student)).toBeGreaterThan(0);

    const res = await cancel((await receiptOf(paid.receipt_no)).id);
    expect(res.body.msg).toBe('成功');
    expect(await orderState(order.id)).toEqual({ paid_amount: 0, state: 4 });
    expect(await contractLines(order.id)).toEqual(credited.map(() => ({ active: 0, remaining_hours: 0 })));
    expect(await classTypeBalance(student)).toBe(0);
    await allClean();

    // paid again: consumable again, the same hours as before
    await pay(order.id, order.deal);
    expect(await orderState(order.id)).toEqual({ paid_amount: order.deal, state: 5 });
    expect(await contractLines(order.id)).toEqual(credited);
    await allClean();
  });

  it('refuses (409, nothing written) once hours of the order were used: that is a refund', async () => {
    const student = await studentWithoutHours(w, 2);
    const order = await newOrder(student);
    await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: order.id, pass: 1 } }));
    const paid = await pay(order.id, order.deal);
    await w.s.db.transaction().execute((trx) => postHours(trx, { studentId: student, classTypeId: w.classTypeId, hours: 100, refType: 'test_lesson', refId: order.id, by: null }));
    const receipt = await receiptOf(paid.receipt_no);
    const res = await cancel(receipt.id);
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toContain('已使用 1 课时');
    expect((await receiptOf(paid.receipt_no)).state).toBe(1);
    expect(await orderState(order.id)).toEqual({ paid_amount: order.deal, state: 3 });
    await allClean();
  });

  it('a payment from the student account goes back into the account', async () => {
    const student = await studentWithoutHours(w, 3);
    const order = await newOrder(student);
    await ok(w.s.call('POST', api('fn_student_account/deposit_payment'), { headers: finance, json: { student_id: student, amount: order.deal, pay_method: 'cash' } }));
    const funded = await accountBalance(w.s.db, student);
    const paid = await pay(order.id, order.deal, 'account');
    expect(await accountBalance(w.s.db, student)).toBe(funded - order.deal);
    await ok(cancel((await receiptOf(paid.receipt_no)).id, '误扣储值'));
    expect(await accountBalance(w.s.db, student)).toBe(funded);
    expect(await orderState(order.id)).toEqual({ paid_amount: 0, state: 2 });
    await allClean();
  });
});
