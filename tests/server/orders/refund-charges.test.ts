import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approveAll, ok, ordersWorld, packOrder, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations } from '../../../server/modules/orders';
import { nowText } from '../../../server/lib/time';
import type { RefundCalculation } from '../../../src/contract/orders-extras';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

/**
 * What a refund charges and takes back: the campus's service rate of the payout channel (finance's
 * base_organ_service_rate, in ten-thousandths with min/max fee) and the sellers' performance,
 * reversed by appended 退费冲减 rows split as the signing split the deal.
 */
let w: OrdersWorld;

beforeAll(async () => {
  w = await ordersWorld();
}, 120_000);

afterAll(async () => w?.s.close());

async function userId(login: string): Promise<number> {
  return (await w.s.db.selectFrom('users').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id;
}

/** An order in progress whose performance is shared 70 / 30 between the seller and the principal. */
async function sharedOrder(n: number): Promise<{ id: number; deal_amount: number; seller: number; other: number }> {
  const seller = await userId('sales');
  const other = await userId('principal');
  const student = await studentWithoutHours(w, n);
  const added = await ok(w.s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: student, seller_id: seller, divides: [{ user_id: seller, ratio: 70 }, { user_id: other, ratio: 30 }] }) }));
  await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 1 } }));
  await ok(w.s.call('POST', api('order_form/pay'), { headers: w.principal, json: { id: added.id, amount: added.deal_amount, method: 'cash' } }));
  return { ...added, seller, other };
}

const calc = (orderId: number, payoutKind: number) => ok(w.s.call<RefundCalculation>('GET', api('order_refund/calculator'), { headers: w.principal, query: { order_id: orderId, payout_kind: payoutKind } }));

describe('orders: refund service charge and performance reversal', () => {
  it('charges the campus rate of the payout channel in ten-thousandths, bounded by its min and max fee; none without a rate', async () => {
    const order = await sharedOrder(3);
    const now = nowText();
    const stamp = { created_at: now, updated_at: now, created_by: null, updated_by: null };
    // 银行转账 at 万分之 125 (1.25 %), 现金 at 万分之 38 capped at ¥5.00, a disabled 储值账户 rate that must not count
    await w.s.db
      .insertInto('base_organ_service_rate')
      .values([
        { school_id: w.chaoyang, pay_method: 'transfer', rate: 125, min_fee: 0, max_fee: null, state: 1, remark: null, ...stamp },
        { school_id: w.chaoyang, pay_method: 'cash', rate: 38, min_fee: 0, max_fee: 500, state: 1, remark: null, ...stamp },
        { school_id: w.chaoyang, pay_method: 'account', rate: 900, min_fee: 0, max_fee: null, state: 0, remark: null, ...stamp },
      ])
      .execute();
    try {
      const toAccount = await calc(order.id, 1);
      const before = toAccount.hours_amount - toAccount.gift_deduction - toAccount.gifts_not_returned;
      expect(before).toBeGreaterThan(0);
      expect(toAccount).toMatchObject({ service_pay_method: 'account', service_rate: 0, service_charge: 0 });

      const byTransfer = await calc(order.id, 4);
      expect(byTransfer).toMatchObject({ service_pay_method: 'transfer', service_rate: 125 });
      // half up to the fen, integers only
      expect(byTransfer.service_charge).toBe(Math.floor((before * 125 + 5000) / 10000));
      expect(byTransfer.service_charge).toBeGreaterThan(0);
      expect(byTransfer.amount).toBe(Math.min(before - byTransfer.service_charge, byTransfer.paid_left));
      expect(byTransfer.explain.join('\n')).toContain('万分之125');

      const byCash = await calc(order.id, 3);
      expect(byCash).toMatchObject({ service_pay_method: 'cash', service_rate: 38, service_charge: Math.min(Math.floor((before * 38 + 5000) / 10000), 500) });

      // the filed refund keeps the charge of its channel
      const reason = await w.s.db.selectFrom('order_refund_detail_reason').select('id').orderBy('id').executeTakeFirstOrThrow();
      const filed = await ok(w.s.call<{ id: number; amount: number }>('POST', api('order_refund/update_submission'), { headers: w.principal, json: { order_id: order.id, reason_id: reason.id, payout_kind: 4 } }));
      expect(filed.amount).toBe(byTransfer.amount);
      const row = await w.s.db.selectFrom('order_refund').select(['service_charge', 'amount']).where('id', '=', filed.id).executeTakeFirstOrThrow();
      expect(Number(row.service_charge)).toBe(byTransfer.service_charge);
    } finally {
      await w.s.db.deleteFrom('base_organ_service_rate').where('school_id', '=', w.chaoyang).where('pay_method', 'in', ['transfer', 'cash', 'account']).execute();
    }
  });

  it('a paid refund appends 退费冲减 rows taking the refunded money off each share by its ratio, once', async () => {
    const order = await sharedOrder(4);
    const shares = await w.s.db.selectFrom('order_sch_achievement_divide').select(['user_id', 'amount', 'kind']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(shares.map((s) => [s.user_id, Number(s.amount), s.kind])).toEqual([
      [order.seller, order.deal_amount - Math.floor((order.deal_amount * 30) / 100), 1],
      [order.other, Math.floor((order.deal_amount * 30) / 100), 1],
    ]);
    const reason = await w.s.db.selectFrom('order_refund_detail_reason').select('id').orderBy('id').executeTakeFirstOrThrow();
    const filed = await ok(w.s.call<{ id: number; refund_no: string; amount: number }>('POST', api('order_refund/update_submission'), { headers: w.principal, json: { order_id: order.id, reason_id: reason.id, payout_kind: 1 } }));
    await approveAll(w, 'order_refund', filed.id);
    const headers = { ...w.principal, 'Idempotency-Key': `divide-${filed.id}` };
    await ok(w.s.call('POST', api('order_refund/actual_refund'), { headers, json: { id: filed.id } }));
    await ok(w.s.call('POST', api('order_refund/actual_refund'), { headers, json: { id: filed.id } }));

    const rows = await w.s.db.selectFrom('order_sch_achievement_divide').select(['user_id', 'amount', 'kind', 'ref_no']).where('order_id', '=', order.id).orderBy('id').execute();
    // the signed shares are untouched, the reversal is appended
    expect(rows.slice(0, 2).map((r) => Number(r.amount))).toEqual(shares.map((s) => Number(s.amount)));
    const reversal = rows.filter((r) => r.kind === 2);
    const otherPart = Math.floor((filed.amount * 30) / 100);
    expect(reversal.map((r) => [r.user_id, Number(r.amount), r.ref_no])).toEqual([
      [order.seller, -(filed.amount - otherPart), filed.refund_no],
      [order.other, -otherPart, filed.refund_no],
    ]);
    // what the order's performance is worth now: the deal less the refunded money
    expect(rows.reduce((n, r) => n + Number(r.amount), 0)).toBe(order.deal_amount - filed.amount);
    // the 业绩分配 list (jxpage) shows the reversal as such
    const page = await ok(w.s.call<{ content: { kind: number; amount: number }[] }>('POST', api('order_sch_achievement_divide/jxpage'), { headers: w.principal, form: { order_id: String(order.id), kind: '2', page: '1', rows: '10' } }));
    expect(page.content.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual(reversal.map((r) => Number(r.amount)).sort((a, b) => a - b));
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });
});
