import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, moveReceipts, ok, orderInProgress, ordersWorld, packOrder, paidMovedOut, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations, postHours, transferReceiptViolations } from '../../../server/modules/orders';
import { checkFinanceLedgers } from '../../../server/modules/finance';
import type { ToProductAnswer, ToProductPlan } from '../../../src/contract/orders-to-product';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

/** 一键转产品 (server/modules/orders/to-product.ts): an order's hours become a language pack's, on the ledger. */
let w: OrdersWorld;

beforeAll(async () => {
  w = await ordersWorld();
}, 600_000);

afterAll(async () => w?.s.close());

const flows = async () => Number((await w.s.db.selectFrom('order_hours_flow').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const linesOf = (orderId: number) => w.s.db.selectFrom('order_contract_line').select(['id', 'class_type_id', 'remaining_hours', 'paid_money', 'promo_money', 'active']).where('order_id', '=', orderId).orderBy('id').execute();
const preview = (id: number) => w.s.call<ToProductPlan>('GET', api('order_form/to_product_preview'), { headers: w.principal, query: { id, language_pack_id: w.packId } });
const receiptCount = async () => Number((await w.s.db.selectFrom('fin_stu_account_receipts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const convert = (id: number, reason = '家长改报课程包') => w.s.call<ToProductAnswer>('POST', api('order_form/to_product'), { headers: w.principal, json: { id, language_pack_id: w.packId, reason } });

describe('orders: 一键转产品', () => {
  it('converts every hour the order holds into the pack; a value below the pack price leaves 应补差价, credited to the new line when paid', async () => {
    const student = await studentWithoutHours(w, 30);
    const order = await orderInProgress(w, student);
    // a quarter of the hours taught: the value left is below the pack's price
    const [line] = await linesOf(order.id);
    await w.s.db.transaction().execute((trx) => postHours(trx, { studentId: student, classTypeId: w.classTypeId, hours: Math.floor(Number(line.remaining_hours) / 4), refType: 'test', refId: `tp-${order.id}`, by: null }));
    const before = await flows();
    const plan = await ok(preview(order.id));
    expect(await flows()).toBe(before); // the preview writes nothing
    const held = (await linesOf(order.id)).filter((l) => Number(l.remaining_hours) > 0);
    expect(plan.from_hours).toBe(held.reduce((n, l) => n + Number(l.remaining_hours), 0));
    expect(plan.pack_price).toBe(w.packPrice);
    expect(plan.pack_hours).toBe(w.packHours * 100);
    expect(plan.value).toBeLessThan(w.packPrice);
    expect(plan.difference).toBe(w.packPrice - plan.value);
    expect(plan.to_hours).toBe((w.packHours + w.packGift) * 100);

    const done = await ok(convert(order.id));
    expect(done).toMatchObject({ ...plan, record_id: expect.any(Number) });
    const after = await linesOf(order.id);
    // the old line is emptied, a new active line holds the pack's hours and the value moved
    expect(Number(after.find((l) => l.id === line.id)?.remaining_hours)).toBe(0);
    const fresh = after.filter((l) => l.id !== line.id && l.active === 1);
    expect(fresh.reduce((n, l) => n + Number(l.remaining_hours), 0)).toBe(plan.to_hours);
    expect(fresh.reduce((n, l) => n + Number(l.paid_money) + Number(l.promo_money), 0)).toBe(plan.value);
    const moves = await w.s.db.selectFrom('order_hours_flow').select(['biz_type', 'amount']).where('ref_type', '=', 'order_to_product').where('ref_id', '=', String(done.record_id)).orderBy('id').execute();
    expect(moves.map((m) => m.biz_type).sort()).toEqual(['transfer_in', 'transfer_out']);
    const log = await w.s.db.selectFrom('order_form_log').select(['action', 'reason']).where('id', '=', done.record_id).executeTakeFirstOrThrow();
    expect(log.action).toBe('to_product');
    expect(log.reason).toContain('家长改报课程包');
    const o = await w.s.db.selectFrom('order_form').select(['deal_amount', 'paid_amount', 'due_amount']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(Number(o.due_amount)).toBe(plan.difference);
    expect(Number(o.deal_amount) - Number(o.paid_amount)).toBe(plan.difference);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
    // the paid money carried over is documented once by a 结转 pair: out of and into the same student and campus
    const paid = await paidMovedOut(w, 'order_to_product', done.record_id);
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThanOrEqual(plan.value);
    const pair = await moveReceipts(w, 'order_to_product', done.record_id);
    expect(pair.map((r) => ({ kind: r.kind, school: r.school_id, student: r.student_id, amount: r.amount, state: r.state, pay: r.pay_method }))).toEqual([
      { kind: 3, school: w.chaoyang, student, amount: -paid, state: 1, pay: 'other' },
      { kind: 3, school: w.chaoyang, student, amount: paid, state: 1, pay: 'other' },
    ]);
    expect(pair[0].receipt_no).not.toBe(pair[1].receipt_no);
    expect(await transferReceiptViolations(w.s.db)).toEqual([]);
    expect(await checkFinanceLedgers(w.s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });

    // 收款 of the difference: credited to the new line's paid money
    await ok(w.s.call('POST', api('order_form/pay'), { headers: w.principal, json: { id: order.id, amount: plan.difference, method: 'cash' } }));
    const credited = (await linesOf(order.id)).filter((l) => l.id !== line.id && l.active === 1);
    expect(credited.reduce((n, l) => n + Number(l.paid_money) + Number(l.promo_money), 0)).toBe(w.packPrice);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
    // the difference is new money (its own 收费 receipt), not a carry-over: the 结转 pair is unchanged
    expect(await moveReceipts(w, 'order_to_product', done.record_id)).toEqual(pair);
    expect(await transferReceiptViolations(w.s.db)).toEqual([]);

    // nothing left to convert now that the hours moved? the new line holds them: a second conversion moves those
    const again = await ok(preview(order.id));
    expect(again.from_hours).toBe(plan.to_hours);
  });

  it('ledger:check flags a conversion whose 结转 receipts do not carry the paid money it moved', async () => {
    const student = await studentWithoutHours(w, 32);
    const order = await orderInProgress(w, student);
    const done = await ok(convert(order.id));
    const [out] = await moveReceipts(w, 'order_to_product', done.record_id);
    const row = await w.s.db.selectFrom('fin_stu_account_receipts').select(['id', 'amount']).where('receipt_no', '=', out.receipt_no).executeTakeFirstOrThrow();
    // tamper: the out receipt carries one fen less than the ledger moved
    await w.s.db.updateTable('fin_stu_account_receipts').set({ amount: Number(row.amount) + 1 }).where('id', '=', row.id).execute();
    expect((await transferReceiptViolations(w.s.db)).some((v) => v.kind === 'receipt' && v.subject === `转移 order_to_product:${done.record_id}`)).toBe(true);
    await w.s.db.updateTable('fin_stu_account_receipts').set({ amount: Number(row.amount) }).where('id', '=', row.id).execute();
    expect(await transferReceiptViolations(w.s.db)).toEqual([]);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const student = await studentWithoutHours(w, 31);
    const before = await flows();
    const receiptsBefore = await receiptCount();
    const noReason = await w.s.call('POST', api('order_form/to_product'), { headers: w.principal, json: { id: 1, language_pack_id: w.packId, reason: ' ' } });
    expect(noReason.body).toMatchObject({ code: 400, msg: expect.stringContaining('转换原因') });
    const noPack = await w.s.call('POST', api('order_form/to_product'), { headers: w.principal, json: { id: 1, reason: '原因' } });
    expect(noPack.body.code).toBe(400);
    expect(noPack.body.msg).toContain('课程包');
    // an order not audited yet has nothing on the ledger
    const draft = await ok(w.s.call<{ id: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: student }) }));
    const early = await convert(draft.id);
    expect(early.body.code).toBe(409);
    expect(early.body.msg).toContain('不能转产品');
    // the front desk reaches only 广州天河: an order of 北京朝阳 is missing for it (and it lacks the code)
    const other = await w.s.call('GET', api('order_form/to_product_preview'), { headers: w.desk, query: { id: draft.id, language_pack_id: w.packId } });
    expect([403, 404]).toContain(other.body.code);
    expect(await flows()).toBe(before);
    expect(await receiptCount()).toBe(receiptsBefore);
  });
});
