import { expect } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type TestServer } from '../helpers';
import { demoRun, instanceOf, WF_STATES } from '../../../server/modules/workflow';
import { ledgerViolations, transferReceiptViolations } from '../../../server/modules/orders';
import { checkFinanceLedgers } from '../../../server/modules/finance';
import { todayText } from '../../../server/lib/time';
import { TASK_STATES } from '../../../src/contract/workflow';

/**
 * The world of the orders tests: the demo database with its users (sales and the principal reach
 * 北京朝阳; the front desk only 广州天河), a student and a language pack on sale at 北京朝阳.
 */
export interface OrdersWorld {
  s: TestServer;
  admin: Record<string, string>;
  principal: Record<string, string>;
  sales: Record<string, string>;
  desk: Record<string, string>;
  chaoyang: number;
  studentId: number;
  packId: number;
  classTypeId: number;
  packPrice: number;
  packHours: number;
  packGift: number;
}

export const api = (p: string): string => `/api/v1/${p}`;

export async function ordersWorld(): Promise<OrdersWorld> {
  const s = await createTestServer();
  const admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  const principal = (await s.login('principal', DEMO_PASSWORD)).headers;
  const sales = (await s.login('sales', DEMO_PASSWORD)).headers;
  const desk = (await s.login('front_desk', DEMO_PASSWORD)).headers;
  const chaoyang = (await s.db.selectFrom('organisations').select('id').where('code', '=', 'BJ-CY').executeTakeFirstOrThrow()).id;
  const student = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).where('del_flag', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  const pack = await s.db
    .selectFrom('prod_language_pack as p')
    .innerJoin('prod_language_pack_city as c', 'c.language_pack_id', 'p.id')
    .select(['p.id', 'p.class_type_ids', 'p.price', 'p.hours', 'p.gift_hours'])
    .where('c.school_id', '=', chaoyang)
    .where('p.visible', '=', 1)
    .where('p.del_flag', '=', 0)
    .where('c.start_date', 'is', null)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return {
    s,
    admin,
    principal,
    sales,
    desk,
    chaoyang,
    studentId: student.id,
    packId: pack.id,
    classTypeId: Number(String(pack.class_type_ids).split(',')[0]),
    packPrice: Number(pack.price),
    packHours: Number(pack.hours),
    packGift: Number(pack.gift_hours ?? 0),
  };
}

export async function ok<T>(p: Promise<{ body: { code: number; msg: string; data: T } }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  expect(res.body.code).toBe(200);
  return res.body.data;
}

/** A pack order for the world's student, submitted for audit. */
export function packOrder(w: OrdersWorld, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { student_id: w.studentId, submit: true, lines: [{ kind: 1, language_pack_id: w.packId, class_type_id: w.classTypeId, discount: 10000 }], ...extra };
}

/** Add (as sales), audit (principal), pay in full, confirm the contract: an order in progress. */
export async function orderInProgress(w: OrdersWorld, studentId = w.studentId): Promise<{ id: number; order_no: string }> {
  const added = await ok(w.s.call<{ id: number; order_no: string; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w, { student_id: studentId }) }));
  await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 1 } }));
  await ok(w.s.call('POST', api('order_form/pay'), { headers: w.principal, json: { id: added.id, amount: added.deal_amount, method: 'cash' } }));
  const protocol = await ok(w.s.call<{ protocol_version: string }>('GET', api('order_form/protocol'), { headers: w.principal, query: { id: added.id } }));
  await ok(w.s.call('POST', api('order_form/confirm_contract'), { headers: w.principal, json: { id: added.id, protocol_version: protocol.protocol_version } }));
  return added;
}

/** The n-th student of 北京朝阳 who has no lesson hours at all (a clean ledger to count on). */
export async function studentWithoutHours(w: OrdersWorld, n: number): Promise<number> {
  const rows = await w.s.db
    .selectFrom('student')
    .select('id')
    .where('school_id', '=', w.chaoyang)
    .where('del_flag', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('student_class_type as b').select('b.id').whereRef('b.student_id', '=', 'student.id'))))
    .orderBy('id')
    .limit(n + 1)
    .execute();
  const row = rows[n];
  if (!row) throw new Error(`北京朝阳没有第 ${n + 1} 个无课时的学员`);
  return row.id;
}

/**
 * Approves every pending task of a document's approval (a refund, a campus transfer), each as its
 * task's approver (the admin where a task has none), until the instance is no longer running.
 */
export async function approveAll(w: OrdersWorld, refType: string, refId: number): Promise<void> {
  const admin = await w.s.db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  for (let i = 0; i < 6; i++) {
    const inst = await instanceOf(w.s.db, refType, refId);
    if (!inst || inst.state !== WF_STATES.RUNNING) return;
    const task = await w.s.db.selectFrom('wf_task').select('assignee_id').where('instance_id', '=', inst.id).where('state', '=', TASK_STATES.PENDING).orderBy('id').executeTakeFirstOrThrow();
    await w.s.db.transaction().execute((trx) => demoRun(trx, task.assignee_id ?? admin.id, inst.id, 'approve', '同意'));
  }
}

/** A class type other than the world's with a per-hour fee standard at 北京朝阳 today (a 转班型 target). */
export async function otherClassType(w: OrdersWorld): Promise<{ id: number; unit_price: number }> {
  const today = todayText();
  const fee = await w.s.db
    .selectFrom('prod_fee_standard')
    .select(['class_type_id', 'unit_price'])
    .where('school_id', '=', w.chaoyang)
    .where('billing_unit', '=', 1)
    .where('del_flag', '=', 0)
    .where('class_type_id', '<>', w.classTypeId)
    .where('start_date', '<=', today)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: fee.class_type_id, unit_price: Number(fee.unit_price) };
}

/** Σ paid and promotion money of an order's contract lines (the value a 转班型 converts). */
export async function orderLinesValue(w: OrdersWorld, orderId: number): Promise<number> {
  const lines = await w.s.db.selectFrom('order_contract_line').select(['paid_money', 'promo_money']).where('order_id', '=', orderId).execute();
  return lines.reduce((n, l) => n + Number(l.paid_money) + Number(l.promo_money), 0);
}

/** A finance receipt a money move issued (结转/转班), as the tests compare it. */
export interface MoveReceipt {
  id: number;
  school_id: number;
  student_id: number;
  kind: number;
  amount: number;
  state: number;
  reverses_id: number | null;
  receipt_no: string;
  biz_date: string;
  corrects_month: string | null;
  remark: string | null;
  pay_method: string;
}

/** The finance receipts of a transfer record (ref_type and ref_id), oldest first. */
export async function moveReceipts(w: OrdersWorld, refType: string, refId: string | number): Promise<MoveReceipt[]> {
  const rows = await w.s.db
    .selectFrom('fin_stu_account_receipts')
    .select(['id', 'school_id', 'student_id', 'kind', 'amount', 'state', 'reverses_id', 'receipt_no', 'biz_date', 'corrects_month', 'remark', 'pay_method'])
    .where('ref_type', '=', refType)
    .where('ref_id', '=', String(refId))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, student_id: Number(r.student_id), kind: Number(r.kind), amount: Number(r.amount), state: Number(r.state), reverses_id: r.reverses_id === null ? null : Number(r.reverses_id) }));
}

/** The paid money a transfer record moved out of its source lines: the money ledger's transfer_out on paid accounts (reversals not counted). */
export async function paidMovedOut(w: OrdersWorld, refType: string, refId: string | number): Promise<number> {
  const rows = await w.s.db.selectFrom('order_money_flow').select(['amount', 'biz_type', 'account_key']).where('ref_type', '=', refType).where('ref_id', '=', String(refId)).execute();
  return rows.filter((r) => r.biz_type === 'transfer_out' && r.account_key.startsWith('paid:')).reduce((n, r) => n - Number(r.amount), 0);
}

/** What npm run ledger:check runs, clean: the orders' ledgers, the transfers against their receipts, finance's accounts and receipts. */
export async function expectLedgersClean(w: OrdersWorld): Promise<void> {
  expect(await ledgerViolations(w.s.db)).toEqual([]);
  expect(await transferReceiptViolations(w.s.db)).toEqual([]);
  expect(await checkFinanceLedgers(w.s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
}
