import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, orderInProgress, orderLinesValue, ordersWorld, otherClassType, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations, postHours } from '../../../server/modules/orders';
import { DEMO_PASSWORD } from '../helpers';
import type { ClassTypeTransferAnswer } from '../../../src/contract/orders-transfer';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

/**
 * 应补差价 money on the ledger (server/modules/orders/due-money.ts): the difference a class type
 * transfer leaves owed, once paid, is credited to the new line's paid money by a `difference`
 * posting; a cancelled receipt reverses it; the order detail shows it; ledger:check agrees.
 */
let w: OrdersWorld;
let finance: Record<string, string>;

beforeAll(async () => {
  w = await ordersWorld();
  finance = (await w.s.login('finance', DEMO_PASSWORD)).headers;
}, 600_000);

afterAll(async () => w?.s.close());

type DetailLine = { id: number; class_type_id: number; paid_money: number; source: string };

const pay = (id: number, amount: number) => ok(w.s.call<{ receipt_no: string; paid_amount: number; state: number }>('POST', api('order_form/pay'), { headers: w.principal, json: { id, amount, method: 'cash' } }));

async function receiptId(no: string): Promise<number> {
  const r = await w.s.db.selectFrom('fin_stu_account_receipts').select('id').where('receipt_no', '=', no).executeTakeFirstOrThrow();
  return Number(r.id);
}

const cancel = async (no: string) => w.s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance, json: { id: await receiptId(no), reason: '收错金额' } });

/** The new lines of a transfer: the order's lines of the target class type. */
async function newLines(orderId: number, classTypeId: number) {
  const rows = await w.s.db.selectFrom('order_contract_line').select(['id', 'paid_money', 'active', 'remaining_hours']).where('order_id', '=', orderId).where('class_type_id', '=', classTypeId).orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), paid_money: Number(r.paid_money), active: Number(r.active), remaining: Number(r.remaining_hours) }));
}

async function paidBalance(lineId: number): Promise<number> {
  const r = await w.s.db.selectFrom('order_money_flow').select('balance_after').where('account_key', '=', `paid:${lineId}`).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return Number(r?.balance_after ?? 0);
}

async function differencePostings(lineIds: number[]) {
  const rows = await w.s.db
    .selectFrom('order_money_flow')
    .select(['id', 'amount', 'biz_type', 'ref_type', 'reverses_id'])
    .where('account_key', 'in', lineIds.map((id) => `paid:${id}`))
    .where('ref_type', '=', 'order_due')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), amount: Number(r.amount), biz_type: r.biz_type, reverses_id: r.reverses_id === null ? null : Number(r.reverses_id) }));
}

/** An order in progress whose hours went to another class type asking 5 hours more than their value buys. */
async function transferOwing(n: number): Promise<{ orderId: number; target: number; t: ClassTypeTransferAnswer; movedPaid: number }> {
  const student = await studentWithoutHours(w, n);
  const order = await orderInProgress(w, student);
  const target = await otherClassType(w);
  const wanted = Math.floor(((await orderLinesValue(w, order.id)) * 100) / target.unit_price) + 500;
  const t = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, to_hours: wanted } }));
  expect(t.difference).toBeGreaterThan(1);
  const movedPaid = (await newLines(order.id, target.id)).reduce((s, l) => s + l.paid_money, 0);
  return { orderId: order.id, target: target.id, t, movedPaid };
}

describe('orders: a paid 应补差价 is credited to the new line on the ledger', () => {
  it('each payment of the difference posts a difference credit on the new line; the detail and ledger:check agree; a cancelled receipt reverses it', async () => {
    const { orderId, target, t, movedPaid } = await transferOwing(20);
    const lines = await newLines(orderId, target);
    expect(lines.length).toBeGreaterThan(0);
    const ids = lines.map((l) => l.id);
    // nothing received yet: no difference money anywhere
    expect(await differencePostings(ids)).toEqual([]);

    const half = Math.floor(t.difference / 2);
    const first = await pay(orderId, half);
    let after = await newLines(orderId, target);
    expect(after.reduce((s, l) => s + l.paid_money, 0)).toBe(movedPaid + half);
    const credited = await differencePostings(ids);
    expect(credited.every((p) => p.biz_type === 'difference' && p.reverses_id === null)).toBe(true);
    expect(credited.reduce((s, p) => s + p.amount, 0)).toBe(half);
    for (const l of after) expect(await paidBalance(l.id)).toBe(l.paid_money);
    expect(await ledgerViolations(w.s.db)).toEqual([]);

    const second = await pay(orderId, t.difference - half);
    expect(second.paid_amount).toBeGreaterThan(first.paid_amount);
    after = await newLines(orderId, target);
    expect(after.reduce((s, l) => s + l.paid_money, 0)).toBe(movedPaid + t.difference);
    // the order detail's contract lines show the money the line now holds
    const detail = await ok(w.s.call<{ contract_lines: DetailLine[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id: orderId } }));
    const shown = detail.contract_lines.filter((l) => Number(l.class_type_id) === target).reduce((s, l) => s + Number(l.paid_money), 0);
    expect(shown).toBe(movedPaid + t.difference);
    expect(await ledgerViolations(w.s.db)).toEqual([]);

    // cancelling the second receipt takes its part back by reversal; the lines stay consumable
    const res = await cancel(second.receipt_no);
    expect(res.body.msg).toBe('成功');
    const postings = await differencePostings(ids);
    expect(postings.filter((p) => p.reverses_id !== null).length).toBeGreaterThan(0);
    expect(postings.reduce((s, p) => s + p.amount, 0)).toBe(half);
    after = await newLines(orderId, target);
    expect(after.reduce((s, l) => s + l.paid_money, 0)).toBe(movedPaid + half);
    expect(after.every((l) => l.active === 1)).toBe(true);
    const order = await w.s.db.selectFrom('order_form').select(['state', 'paid_amount', 'deal_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(Number(order.deal_amount) - Number(order.paid_amount)).toBe(t.difference - half);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });

  it('the difference rides with the hours: consumed money includes it, and a receipt whose money was consumed cannot be cancelled', async () => {
    const { orderId, target, t, movedPaid } = await transferOwing(21);
    const paid = await pay(orderId, t.difference);
    const [line] = await newLines(orderId, target);
    const student = await w.s.db.selectFrom('order_form').select('student_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    // all the new hours but one hundredth consumed: the money taken is worth more than the value moved (it carries the difference)
    const total = (await newLines(orderId, target)).reduce((s, l) => s + l.remaining, 0);
    const taken = await w.s.db.transaction().execute((trx) => postHours(trx, { studentId: Number(student.student_id), classTypeId: target, hours: total - 1, refType: 'test', refId: `due-${orderId}`, by: null }));
    expect(taken.paid).toBeGreaterThan(movedPaid);
    expect(await paidBalance(line.id)).toBeLessThan(t.difference);
    const res = await cancel(paid.receipt_no);
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toContain('应补差价');
    // refused: nothing changed
    expect((await differencePostings([line.id])).reduce((s, p) => s + p.amount, 0)).toBe(t.difference);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });

  it('ledger:check names a line whose paid money no longer equals its ledger credits', async () => {
    const { orderId, target, t } = await transferOwing(22);
    await pay(orderId, t.difference);
    const [line] = await newLines(orderId, target);
    await w.s.db.updateTable('order_contract_line').set({ paid_money: line.paid_money - 1 }).where('id', '=', line.id).execute();
    try {
      const found = await ledgerViolations(w.s.db);
      expect(found).toContainEqual({ kind: 'cache', subject: `合同明细 ${line.id}`, detail: `实收金额 ${line.paid_money - 1}，账本入账 ${line.paid_money}` });
    } finally {
      await w.s.db.updateTable('order_contract_line').set({ paid_money: line.paid_money }).where('id', '=', line.id).execute();
    }
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });
});
