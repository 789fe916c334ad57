import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approveAll, ok, orderInProgress, ordersWorld, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations } from '../../../server/modules/orders';
import type { RefundCalculation } from '../../../src/contract/orders-extras';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

let w: OrdersWorld;

beforeAll(async () => {
  w = await ordersWorld();
}, 120_000);

afterAll(async () => w?.s.close());

describe('orders: refunds', () => {
  it('computes the refund from the unused paid hours, never above the unused paid money, and pays it once under a replayed Idempotency-Key', async () => {
    const student = await studentWithoutHours(w, 0);
    const order = await orderInProgress(w, student);
    const calc = await ok(w.s.call<RefundCalculation>('GET', api('order_refund/calculator'), { headers: w.principal, query: { order_id: order.id } }));
    expect(calc.lines.length).toBeGreaterThan(0);
    expect(calc.paid_left).toBeGreaterThan(0);
    expect(calc.amount).toBeLessThanOrEqual(calc.paid_left);
    expect(calc.amount).toBe(calc.hours_amount - calc.gift_deduction - calc.gifts_not_returned - calc.service_charge);
    const generous = await ok(w.s.call<RefundCalculation>('GET', api('order_refund/calculator'), { headers: w.principal, query: { order_id: order.id, relief: 90_000_000 } }));
    expect(generous.amount).toBe(generous.paid_left);
    expect(generous.explain.join('\n')).toContain('按未用实收退');

    const reason = await w.s.db.selectFrom('order_refund_detail_reason').select('id').orderBy('id').executeTakeFirstOrThrow();
    const submitted = await ok(w.s.call<{ id: number; refund_no: string; state: number; amount: number }>('POST', api('order_refund/update_submission'), { headers: w.principal, json: { order_id: order.id, reason_id: reason.id, relief: 90_000_000, payout_kind: 1 } }));
    expect(submitted.refund_no).toMatch(/^TF\d{4}-\d+$/);
    expect(submitted.amount).toBe(calc.paid_left);
    const twice = await w.s.call('POST', api('order_refund/update_submission'), { headers: w.principal, json: { order_id: order.id, reason_id: reason.id } });
    expect(twice.body.code).toBe(409);
    const early = await w.s.call('POST', api('order_refund/actual_refund'), { headers: w.principal, json: { id: submitted.id } });
    expect(early.body.code).toBe(409);

    await approveAll(w, 'order_refund', submitted.id);
    const approved = await w.s.db.selectFrom('order_refund').select('state').where('id', '=', submitted.id).executeTakeFirstOrThrow();
    expect(approved.state).toBe(3);

    const headers = { ...w.principal, 'Idempotency-Key': `refund-${submitted.id}` };
    const first = await w.s.call<{ state: number; refunded_hours: number; amount: number }>('POST', api('order_refund/actual_refund'), { headers, json: { id: submitted.id } });
    const replay = await w.s.call<{ state: number }>('POST', api('order_refund/actual_refund'), { headers, json: { id: submitted.id } });
    expect(first.body.data.state).toBe(6);
    expect(replay.body).toEqual(first.body);
    const flows = await w.s.db.selectFrom('fin_stu_account_flow').select('amount').where('ref_type', '=', 'order_refund').where('ref_id', '=', submitted.refund_no).execute();
    expect(flows.map((f) => Number(f.amount))).toEqual([submitted.amount]);
    const after = await ok(w.s.call<RefundCalculation>('GET', api('order_refund/calculator'), { headers: w.principal, query: { order_id: order.id } }));
    expect(after.paid_left).toBe(calc.paid_left - submitted.amount);
    expect(after.lines.every((l) => l.remaining_hours === 0)).toBe(true);
    const orderRow = await w.s.db.selectFrom('order_form').select('state').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(orderRow.state).toBe(9);
    const again = await w.s.call('POST', api('order_refund/actual_refund'), { headers: w.principal, json: { id: submitted.id } });
    expect(again.body.code).toBe(409);
    const revoke = await w.s.call('POST', api('order_refund/revocation'), { headers: w.principal, json: { id: submitted.id } });
    expect(revoke.body.code).toBe(409);
  });

  it('answers another campus\'s order and refund exactly as missing', async () => {
    const refund = await w.s.db.selectFrom('order_refund').select(['id', 'order_id', 'school_id']).executeTakeFirstOrThrow();
    // the front desk holds no refund screen: refused before any lookup
    const desk = await w.s.call('GET', api('order_refund/calculator'), { headers: w.desk, query: { order_id: refund.order_id } });
    expect(desk.body.code).toBe(403);
    const gz = await w.s.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow();
    const missing = await w.s.call('POST', api('order_refund/update_relief'), { headers: w.principal, json: { id: 99999999, relief: 100 } });
    await w.s.db.updateTable('order_refund').set({ school_id: gz.id }).where('id', '=', refund.id).execute();
    try {
      const outside = await w.s.call('POST', api('order_refund/update_relief'), { headers: w.principal, json: { id: refund.id, relief: 100 } });
      expect(outside.body).toEqual(missing.body);
      expect(outside.body).toMatchObject({ code: 404, msg: '退费单不存在或无权访问' });
    } finally {
      await w.s.db.updateTable('order_refund').set({ school_id: refund.school_id }).where('id', '=', refund.id).execute();
    }
    const badRelief = await w.s.call('POST', api('order_refund/update_relief'), { headers: w.principal, json: { id: refund.id, relief: 1.5 } });
    expect(badRelief.body.code).toBe(400);
    expect(badRelief.body.msg).toContain('减免');
  });

  it('refunds the order\'s own lines, expired ones too, and never another order\'s hours of the same class type', async () => {
    const student = await studentWithoutHours(w, 1);
    const expiring = await orderInProgress(w, student);
    const other = await orderInProgress(w, student);
    const lineOf = (orderId: number) => w.s.db.selectFrom('order_contract_line').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const before = await lineOf(expiring.id);
    const otherBefore = await lineOf(other.id);
    expect(otherBefore.class_type_id).toBe(before.class_type_id);
    // the refunded order's line ran out of validity yesterday (a projection column, not a ledger)
    await w.s.db.updateTable('order_contract_line').set({ end_date: '2000-01-01' }).where('id', '=', before.id).execute();

    const reason = await w.s.db.selectFrom('order_refund_detail_reason').select('id').orderBy('id').executeTakeFirstOrThrow();
    const submitted = await ok(w.s.call<{ id: number; amount: number }>('POST', api('order_refund/update_submission'), { headers: w.principal, json: { order_id: expiring.id, reason_id: reason.id, payout_kind: 1 } }));
    await approveAll(w, 'order_refund', submitted.id);
    const paid = await ok(w.s.call<{ state: number; refunded_hours: number }>('POST', api('order_refund/actual_refund'), { headers: w.principal, json: { id: submitted.id } }));
    expect(paid).toMatchObject({ state: 6, refunded_hours: before.remaining_hours });
    expect((await lineOf(expiring.id)).remaining_hours).toBe(0);
    expect((await lineOf(other.id)).remaining_hours).toBe(otherBefore.remaining_hours);
    const takenFromOther = await w.s.db.selectFrom('order_hours_flow').select('id').where('account_key', '=', `line:${otherBefore.id}`).where('biz_type', '=', 'refund').execute();
    expect(takenFromOther).toEqual([]);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });
});
