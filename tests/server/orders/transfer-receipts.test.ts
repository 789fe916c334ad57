import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectLedgersClean, moveReceipts, ok, orderInProgress, ordersWorld, paidMovedOut, studentWithoutHours, type OrdersWorld } from './fixture';
import { demoRun, instanceOf, WF_STATES } from '../../../server/modules/workflow';
import { transferReceiptViolations } from '../../../server/modules/orders';
import { checkFinanceLedgers } from '../../../server/modules/finance';
import type { ClassTypeTransferAnswer } from '../../../src/contract/orders-transfer';
import type { FinanceReport } from '../../../src/contract/finance-reports';
import { TASK_STATES } from '../../../src/contract/workflow';
import { todayText } from '../../../server/lib/time';

/**
 * The orders' money moves issue finance's 结转/转班 receipts (server/modules/orders/transfer-receipts.ts):
 * 订单转让 and 转校区 a 结转 pair, 转班型 a 转班 pair (cancelled with reversals when revoked), of the
 * paid money moved; the monthly receipts report shows them by type and its sums add up; ledger:check
 * compares each transfer's paid money with its receipts.
 */
let w: OrdersWorld;
let guangzhou: number;

beforeAll(async () => {
  w = await ordersWorld();
  guangzhou = (await w.s.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow()).id;
}, 1_500_000);

afterAll(async () => w?.s.close());

async function monthly(orgId: number): Promise<FinanceReport> {
  return ok(w.s.call<FinanceReport>('GET', api('fin_report/monthly'), { headers: w.admin, query: { month: todayText().slice(0, 7), org_id: orgId } }));
}

const kindAmount = (r: FinanceReport, text: string): number => r.by_kind.find((k) => k.text === text)?.amount ?? 0;

describe('orders transfers → finance 结转/转班 receipts', { timeout: 180_000 }, () => {
  it('订单转让: a 结转 pair of the paid money, out of the giver and into the receiver, that nets to nothing', async () => {
    const from = await studentWithoutHours(w, 10);
    const to = await studentWithoutHours(w, 11);
    const order = await orderInProgress(w, from);
    const before = await monthly(w.chaoyang);
    const moved = await ok(w.s.call<{ version: number; paid_money: number }>('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: to, reason: '兄弟转让' } }));
    expect(moved.paid_money).toBeGreaterThan(0);
    const refId = `${order.id}-v1`;
    expect(await paidMovedOut(w, 'order_transfer', refId)).toBe(moved.paid_money);
    const pair = await moveReceipts(w, 'order_transfer', refId);
    expect(pair.map((r) => ({ kind: r.kind, student: r.student_id, school: r.school_id, amount: r.amount, state: r.state }))).toEqual([
      { kind: 3, student: from, school: w.chaoyang, amount: -moved.paid_money, state: 1 },
      { kind: 3, student: to, school: w.chaoyang, amount: moved.paid_money, state: 1 },
    ]);
    // the report counts both receipts under 结转; the campus's net does not move (no new money)
    const after = await monthly(w.chaoyang);
    expect(after.totals.count).toBe(before.totals.count + 2);
    expect(after.totals.net).toBe(before.totals.net);
    expect(after.totals.carry).toBe(before.totals.carry);
    expect(after.by_kind.find((k) => k.text === '结转')?.count).toBe((before.by_kind.find((k) => k.text === '结转')?.count ?? 0) + 2);
    expect(after.totals.net).toBe(after.totals.income + after.totals.refund + after.totals.carry);
    expect(after.by_kind.reduce((n, k) => n + k.amount, 0)).toBe(after.totals.net);
    await expectLedgersClean(w);
  });

  it('转班型: a 转班 pair of the paid money; revoking it cancels both with reversals; the report adds up', async () => {
    const student = await studentWithoutHours(w, 12);
    const order = await orderInProgress(w, student);
    const today = todayText();
    const fee = await w.s.db
      .selectFrom('prod_fee_standard')
      .select('class_type_id')
      .where('school_id', '=', w.chaoyang)
      .where('billing_unit', '=', 1)
      .where('del_flag', '=', 0)
      .where('unit_price', '>', 0)
      .where('class_type_id', '<>', w.classTypeId)
      .where('start_date', '<=', today)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await monthly(w.chaoyang);
    const t = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: fee.class_type_id, hours: 500 } }));
    const paid = await paidMovedOut(w, 'order_student_class_type', t.id);
    expect(paid).toBeGreaterThan(0);
    const pair = await moveReceipts(w, 'order_student_class_type', t.id);
    expect(pair.map((r) => [r.kind, r.student_id, r.amount])).toEqual([
      [4, student, -paid],
      [4, student, paid],
    ]);
    const mid = await monthly(w.chaoyang);
    expect(mid.by_kind.find((k) => k.text === '转班')?.count).toBe((before.by_kind.find((k) => k.text === '转班')?.count ?? 0) + 2);
    expect(kindAmount(mid, '转班')).toBe(kindAmount(before, '转班'));
    expect(mid.totals.net).toBe(before.totals.net);
    await expectLedgersClean(w);

    // a cancelled move receipt cannot be cancelled from the receipts screen: the transfer owns it
    const direct = await w.s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: w.admin, json: { id: pair[0].id, reason: '误操作' } });
    expect(direct.body.code).toBe(409);
    expect(direct.body.msg).toContain('请在该业务中办理');

    await ok(w.s.call('POST', api('order_student_class_type/delete'), { headers: w.principal, json: [{ id: t.id }] }));
    const undone = await moveReceipts(w, 'order_student_class_type', t.id);
    expect(undone).toHaveLength(4);
    expect(undone.slice(0, 2).map((r) => r.state)).toEqual([2, 2]);
    expect(undone.slice(2).map((r) => ({ state: r.state, amount: r.amount, reverses: r.reverses_id }))).toEqual([
      { state: 3, amount: paid, reverses: pair[0].id },
      { state: 3, amount: -paid, reverses: pair[1].id },
    ]);
    expect(await paidMovedOut(w, 'order_student_class_type', t.id)).toBe(paid);
    const end = await monthly(w.chaoyang);
    expect(end.totals.net).toBe(before.totals.net);
    expect(end.totals.net).toBe(end.totals.income + end.totals.refund + end.totals.carry);
    await expectLedgersClean(w);
  });

  it('转校区: the 结转 receipt leaves the old campus and arrives at the new one; each campus\'s totals move by it', async () => {
    const student = await studentWithoutHours(w, 13);
    const order = await orderInProgress(w, student);
    const cyBefore = await monthly(w.chaoyang);
    const gzBefore = await monthly(guangzhou);
    const asked = await ok(w.s.call<{ id: number; transfer_no: string }>('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: order.id, to_school_id: guangzhou, reason: '搬家' } }));
    for (let i = 0; i < 6; i++) {
      const inst = await instanceOf(w.s.db, 'order_transfer_campus', asked.id);
      if (!inst || inst.state !== WF_STATES.RUNNING) break;
      const task = await w.s.db.selectFrom('wf_task').select('assignee_id').where('instance_id', '=', inst.id).where('state', '=', TASK_STATES.PENDING).orderBy('id').executeTakeFirstOrThrow();
      const admin = await w.s.db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
      await w.s.db.transaction().execute((trx) => demoRun(trx, task.assignee_id ?? admin.id, inst.id, 'approve', '同意'));
    }
    const done = await ok(w.s.call<{ paid_money: number }>('POST', api('order_form/transfer_campus_audited'), { headers: w.admin, json: { id: asked.id } }));
    const paid = await paidMovedOut(w, 'order_transfer_campus', asked.transfer_no);
    expect(paid).toBeGreaterThanOrEqual(done.paid_money);
    expect(paid).toBeGreaterThan(0);
    const pair = await moveReceipts(w, 'order_transfer_campus', asked.transfer_no);
    expect(pair.map((r) => [r.kind, r.school_id, r.amount])).toEqual([
      [3, w.chaoyang, -paid],
      [3, guangzhou, paid],
    ]);
    const cy = await monthly(w.chaoyang);
    const gz = await monthly(guangzhou);
    expect(cy.totals.carry).toBe(cyBefore.totals.carry - paid);
    expect(gz.totals.carry).toBe(gzBefore.totals.carry + paid);
    expect(cy.totals.net).toBe(cyBefore.totals.net - paid);
    expect(gz.totals.net).toBe(gzBefore.totals.net + paid);
    await expectLedgersClean(w);
  });

  it('ledger:check flags a transfer whose receipts do not match the paid money moved', async () => {
    const from = await studentWithoutHours(w, 14);
    const to = await studentWithoutHours(w, 15);
    const order = await orderInProgress(w, from);
    await ok(w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: to, reason: '转让' } }));
    const [out] = await moveReceipts(w, 'order_transfer', `${order.id}-v1`);
    // tamper: the out receipt carries one fen less than the ledger moved
    await w.s.db.updateTable('fin_stu_account_receipts').set({ amount: out.amount + 1 }).where('id', '=', out.id).execute();
    const orders = await transferReceiptViolations(w.s.db);
    expect(orders.some((v) => v.kind === 'receipt' && v.subject === `转移 order_transfer:${order.id}-v1`)).toBe(true);
    const finance = await checkFinanceLedgers(w.s.db);
    expect(finance.receiptProblems.some((p) => p.includes(`order_transfer ${order.id}-v1`))).toBe(true);
    await w.s.db.updateTable('fin_stu_account_receipts').set({ amount: out.amount }).where('id', '=', out.id).execute();
    await expectLedgersClean(w);
  });
});
