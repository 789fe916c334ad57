import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { approveAll, expectLedgersClean, moveReceipts, orderInProgress, ordersWorld, otherClassType, studentWithoutHours, type MoveReceipt, type OrdersWorld } from '../orders/fixture';
import { ok } from './fixture';
import { api, schoolId } from './flows-helpers';
import { transferReceiptViolations } from '../../../server/modules/orders';
import { checkFinanceLedgers, closeMonth } from '../../../server/modules/finance';
import { up as migrate1370 } from '../../../server/db/migrations/1370_finance_move_receipts';
import { todayText } from '../../../server/lib/time';
import type { ClassTypeTransferAnswer } from '../../../src/contract/orders-transfer';
import type { ToProductAnswer } from '../../../src/contract/orders-to-product';

/**
 * Migration 1370: transfers made before the orders' money moves issued finance's 结转/转班 receipts
 * (commit 75e942d; 一键转产品 later) have none, and ledger:check reports them on an existing
 * database. The database is put back at that state (each transfer made through its call, then its
 * move receipts removed and their numbers given back: they are the newest of their series), the
 * migration issues the missing pairs, the checks are clean, and a second run adds nothing.
 */
let w: OrdersWorld;
let guangzhou: number;
let adminId: number;

beforeAll(async () => {
  w = await ordersWorld();
  guangzhou = await schoolId(w.s, 'GZ-TH');
  adminId = (await w.s.db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).id;
}, 1_500_000);

afterAll(async () => {
  vi.useRealTimers();
  await w?.s.close();
});

const migrate = () => migrate1370(w.s.db as unknown as Kysely<unknown>);

/** The paid money a transfer record moved out of its source lines, less reversals (what ledger:check compares). */
async function paidMoved(refType: string, refId: string | number): Promise<number> {
  const rows = await w.s.db
    .selectFrom('order_money_flow as f')
    .leftJoin('order_money_flow as o', 'o.id', 'f.reverses_id')
    .select('f.amount')
    .where('f.ref_type', '=', refType)
    .where('f.ref_id', '=', String(refId))
    .where('f.account_key', 'like', 'paid:%')
    .where((eb) => eb.or([eb('f.biz_type', '=', 'transfer_out'), eb('o.biz_type', '=', 'transfer_out')]))
    .execute();
  return rows.reduce((n, r) => n - Number(r.amount), 0);
}

/**
 * The older state: the record's move receipts removed and their numbers given back to each
 * campus's series. Refused unless they are the newest numbers there, so the series stay gapless.
 */
async function withoutReceipts(refType: string, refId: string | number): Promise<void> {
  const rows = await moveReceipts(w, refType, refId);
  expect(rows.length).toBeGreaterThan(0);
  const series = new Map<string, { school: number; year: string; counters: number[] }>();
  for (const r of rows) {
    const year = r.receipt_no.slice(2, 6);
    const key = `${r.school_id}:${year}`;
    const s = series.get(key) ?? { school: r.school_id, year, counters: [] };
    s.counters.push(Number(r.receipt_no.slice(r.receipt_no.lastIndexOf('-') + 1)));
    series.set(key, s);
  }
  await w.s.db.transaction().execute(async (trx) => {
    for (const s of series.values()) {
      const seq = await trx.selectFrom('number_sequence').select('last_value').where('kind', '=', 'SJ').where('scope', '=', String(s.school)).where('period', '=', s.year).executeTakeFirstOrThrow();
      const top = Number(seq.last_value);
      expect(s.counters.sort((a, b) => a - b)).toEqual(s.counters.map((_, i) => top - s.counters.length + 1 + i));
      await trx.updateTable('number_sequence').set({ last_value: top - s.counters.length }).where('kind', '=', 'SJ').where('scope', '=', String(s.school)).where('period', '=', s.year).execute();
    }
    await trx.deleteFrom('fin_stu_account_receipts').where('id', 'in', rows.map((r) => r.id)).execute();
  });
  expect(await moveReceipts(w, refType, refId)).toEqual([]);
}

async function counts(): Promise<{ receipts: number; series: number }> {
  const receipts = await w.s.db.selectFrom('fin_stu_account_receipts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const series = await w.s.db.selectFrom('number_sequence').select((eb) => eb.fn.sum<number | string>('last_value').as('n')).where('kind', '=', 'SJ').executeTakeFirstOrThrow();
  return { receipts: Number(receipts.n), series: Number(series.n) };
}

/** The 15th of the month before this one (Asia/Shanghai), at noon. */
function lastMonthMidday(): { month: string; at: Date } {
  const [y, m] = todayText().split('-').map(Number);
  const at = new Date(Date.UTC(m === 1 ? y - 1 : y, m === 1 ? 11 : m - 2, 15, 4, 0, 0));
  return { month: todayText(at).slice(0, 7), at };
}

describe('migration 1370: the 结转/转班 receipts of transfers made before they were issued', { timeout: 300_000 }, () => {
  it('issues the missing pairs (订单转让, 转校区, 转班型, 一键转产品; a closed month\'s move dated today), gapless; a revoked move and a documented one get nothing; twice adds nothing', async () => {
    const today = todayText();

    // 订单转让, its month closed since (月结): made last month, the receipts removed, then the month closed
    const lastMonth = lastMonthMidday();
    const [oldGiver, oldTaker] = [await studentWithoutHours(w, 2), await studentWithoutHours(w, 3)];
    const oldOrder = await orderInProgress(w, oldGiver);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: lastMonth.at });
    try {
      await ok(w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: oldOrder.id, to_student_id: oldTaker, reason: '上月转让' } }));
    } finally {
      vi.useRealTimers();
    }
    const oldRef = `${oldOrder.id}-v1`;
    await withoutReceipts('order_transfer', oldRef);
    await w.s.db.transaction().execute((trx) => closeMonth(trx, w.chaoyang, lastMonth.month, adminId));

    // 订单转让 this month
    const [giver, taker] = [await studentWithoutHours(w, 2), await studentWithoutHours(w, 3)];
    const order = await orderInProgress(w, giver);
    await ok(w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: taker, reason: '兄弟转让' } }));
    const transferRef = `${order.id}-v1`;
    await withoutReceipts('order_transfer', transferRef);

    // 转校区: out of 北京朝阳, into 广州天河
    const mover = await studentWithoutHours(w, 2);
    const moverOrder = await orderInProgress(w, mover);
    const asked = await ok(w.s.call<{ id: number; transfer_no: string }>('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: moverOrder.id, to_school_id: guangzhou, reason: '搬家' } }));
    await approveAll(w, 'order_transfer_campus', asked.id);
    await ok(w.s.call('POST', api('order_form/transfer_campus_audited'), { headers: w.admin, json: { id: asked.id } }));
    await withoutReceipts('order_transfer_campus', asked.transfer_no);

    // 转班型, and one revoked (its moves reversed: nothing was carried)
    const target = await otherClassType(w);
    const switcher = await studentWithoutHours(w, 2);
    const switchOrder = await orderInProgress(w, switcher);
    const kept = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: switchOrder.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, hours: 500 } }));
    await withoutReceipts('order_student_class_type', kept.id);
    const revoked = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: switchOrder.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, hours: 300 } }));
    await ok(w.s.call('POST', api('order_student_class_type/delete'), { headers: w.principal, json: [{ id: revoked.id }] }));
    await withoutReceipts('order_student_class_type', revoked.id);

    // 一键转产品
    const converter = await studentWithoutHours(w, 2);
    const convertOrder = await orderInProgress(w, converter);
    const converted = await ok(w.s.call<ToProductAnswer>('POST', api('order_form/to_product'), { headers: w.principal, json: { id: convertOrder.id, language_pack_id: w.packId, reason: '改报课程包' } }));
    await withoutReceipts('order_to_product', converted.record_id);

    // a transfer made since: documented already, left as it is
    const [g2, t2] = [await studentWithoutHours(w, 2), await studentWithoutHours(w, 3)];
    const documentedOrder = await orderInProgress(w, g2);
    await ok(w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: documentedOrder.id, to_student_id: t2, reason: '已有收据' } }));
    const documentedRef = `${documentedOrder.id}-v1`;
    const documented = await moveReceipts(w, 'order_transfer', documentedRef);
    expect(documented).toHaveLength(2);

    // the older state: the series are gapless, but ledger:check names every undocumented move
    expect((await checkFinanceLedgers(w.s.db)).receiptProblems).toEqual([]);
    const before = (await transferReceiptViolations(w.s.db)).map((v) => v.subject).sort();
    expect(before).toEqual([`转移 order_student_class_type:${kept.id}`, `转移 order_to_product:${converted.record_id}`, `转移 order_transfer:${oldRef}`, `转移 order_transfer:${transferRef}`, `转移 order_transfer_campus:${asked.transfer_no}`].sort());
    const closedBefore = await w.s.db.selectFrom('fin_month_close').selectAll().where('school_id', '=', w.chaoyang).where('month', '=', lastMonth.month).executeTakeFirstOrThrow();
    const start = await counts();

    await migrate();

    const shape = (rs: MoveReceipt[]) => rs.map((r) => ({ kind: r.kind, school: r.school_id, student: r.student_id, amount: r.amount, state: r.state, pay: r.pay_method }));
    const oldPaid = await paidMoved('order_transfer', oldRef);
    const oldPair = await moveReceipts(w, 'order_transfer', oldRef);
    expect(shape(oldPair)).toEqual([
      { kind: 3, school: w.chaoyang, student: oldGiver, amount: -oldPaid, state: 1, pay: 'other' },
      { kind: 3, school: w.chaoyang, student: oldTaker, amount: oldPaid, state: 1, pay: 'other' },
    ]);
    // the closed month keeps its totals: dated today, naming the month and the original date
    for (const r of oldPair) {
      expect(r.biz_date).toBe(today);
      expect(r.corrects_month).toBe(lastMonth.month);
      expect(r.remark).toBe(`更正 ${lastMonth.month} 月（原业务日期 ${lastMonth.month}-15）：补开订单转让 ${oldRef} 的结转收据`);
    }
    const paid = await paidMoved('order_transfer', transferRef);
    const pair = await moveReceipts(w, 'order_transfer', transferRef);
    expect(shape(pair)).toEqual([
      { kind: 3, school: w.chaoyang, student: giver, amount: -paid, state: 1, pay: 'other' },
      { kind: 3, school: w.chaoyang, student: taker, amount: paid, state: 1, pay: 'other' },
    ]);
    expect(pair.map((r) => [r.biz_date, r.corrects_month, r.remark])).toEqual([
      [today, null, `补开订单转让 ${transferRef} 的结转收据（原业务日期 ${today}）`],
      [today, null, `补开订单转让 ${transferRef} 的结转收据（原业务日期 ${today}）`],
    ]);
    const campusPaid = await paidMoved('order_transfer_campus', asked.transfer_no);
    expect(shape(await moveReceipts(w, 'order_transfer_campus', asked.transfer_no))).toEqual([
      { kind: 3, school: w.chaoyang, student: mover, amount: -campusPaid, state: 1, pay: 'other' },
      { kind: 3, school: guangzhou, student: mover, amount: campusPaid, state: 1, pay: 'other' },
    ]);
    const switchPaid = await paidMoved('order_student_class_type', kept.id);
    expect(shape(await moveReceipts(w, 'order_student_class_type', kept.id))).toEqual([
      { kind: 4, school: w.chaoyang, student: switcher, amount: -switchPaid, state: 1, pay: 'other' },
      { kind: 4, school: w.chaoyang, student: switcher, amount: switchPaid, state: 1, pay: 'other' },
    ]);
    expect(await paidMoved('order_student_class_type', revoked.id)).toBe(0);
    expect(await moveReceipts(w, 'order_student_class_type', revoked.id)).toEqual([]);
    const convertPaid = await paidMoved('order_to_product', converted.record_id);
    expect(shape(await moveReceipts(w, 'order_to_product', converted.record_id))).toEqual([
      { kind: 3, school: w.chaoyang, student: converter, amount: -convertPaid, state: 1, pay: 'other' },
      { kind: 3, school: w.chaoyang, student: converter, amount: convertPaid, state: 1, pay: 'other' },
    ]);
    for (const p of [oldPaid, paid, campusPaid, switchPaid, convertPaid]) expect(p).toBeGreaterThan(0);
    expect(await moveReceipts(w, 'order_transfer', documentedRef)).toEqual(documented);
    // ten receipts, ten numbers: the series stay gapless (receiptProblems), every move is documented once
    expect(await counts()).toEqual({ receipts: start.receipts + 10, series: start.series + 10 });
    await expectLedgersClean(w);
    expect(await w.s.db.selectFrom('fin_month_close').selectAll().where('id', '=', closedBefore.id).executeTakeFirstOrThrow()).toEqual(closedBefore);

    // twice: nothing more
    const after = await counts();
    await migrate();
    expect(await counts()).toEqual(after);
    await expectLedgersClean(w);
  });
});
