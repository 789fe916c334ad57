import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, approveAll, ok, orderInProgress, ordersWorld, otherClassType, studentWithoutHours, type OrdersWorld } from './fixture';
import { demoRun, instanceOf, WF_STATES } from '../../../server/modules/workflow';
import { grantLine, hoursLedger, ledgerViolations, moneyLedger } from '../../../server/modules/orders';
import type { ClassTypeTransferAnswer, TransferCampusInfo } from '../../../src/contract/orders-transfer';
import { TASK_STATES } from '../../../src/contract/workflow';

let w: OrdersWorld;
let guangzhou: number;

beforeAll(async () => {
  w = await ordersWorld();
  guangzhou = (await w.s.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow()).id;
}, 120_000);

afterAll(async () => w?.s.close());

/** The ledgers balance: every chain adds up and every invariant of docs/orders.md holds. */
async function expectBalanced(): Promise<void> {
  expect(await hoursLedger.checkBalances(w.s.db)).toEqual([]);
  expect(await moneyLedger.checkBalances(w.s.db)).toEqual([]);
  expect(await ledgerViolations(w.s.db)).toEqual([]);
}

async function remaining(studentId: number, classTypeId = w.classTypeId): Promise<number> {
  const lines = await w.s.db.selectFrom('order_contract_line').select('remaining_hours').where('student_id', '=', studentId).where('class_type_id', '=', classTypeId).execute();
  return lines.reduce((n, l) => n + Number(l.remaining_hours), 0);
}

/** Σ money of an order's lines on the money ledger (all of them: the pair nets to zero). */
async function orderMoney(orderId: number): Promise<number> {
  const lines = await w.s.db.selectFrom('order_contract_line').select('id').where('order_id', '=', orderId).execute();
  let sum = 0;
  for (const l of lines) sum += (await moneyLedger.balance(w.s.db, `paid:${l.id}`)) + (await moneyLedger.balance(w.s.db, `promo:${l.id}`));
  return sum;
}

describe('orders: transfer_order', () => {
  it('moves the hours and money left to another student of the campus by paired postings, as a new version of the order', async () => {
    const from = await studentWithoutHours(w, 0);
    const to = await studentWithoutHours(w, 1);
    const order = await orderInProgress(w, from);
    const before = await remaining(from);
    const money = await orderMoney(order.id);
    expect(before).toBeGreaterThan(0);
    const moved = await ok(w.s.call<{ student_id: number; version: number; hours: number; paid_money: number; promo_money: number }>('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: to, reason: '兄弟转让' } }));
    expect(moved).toMatchObject({ student_id: to, hours: before, version: 2 });
    expect(moved.paid_money + moved.promo_money).toBe(money);
    expect(await remaining(from)).toBe(0);
    expect(await remaining(to)).toBe(before);
    expect(await orderMoney(order.id)).toBe(money);
    const balance = await w.s.db.selectFrom('student_class_type').select('remaining_hours').where('student_id', '=', to).where('class_type_id', '=', w.classTypeId).executeTakeFirstOrThrow();
    expect(Math.round(Number(balance.remaining_hours) * 100)).toBe(before);
    const out = await w.s.db.selectFrom('order_hours_flow').select(['amount', 'biz_type']).where('ref_type', '=', 'order_transfer').execute();
    expect(out.reduce((n, r) => n + Number(r.amount), 0)).toBe(0);
    const row = await w.s.db.selectFrom('order_form').select(['student_id', 'version']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ student_id: to, version: 2 });
    const log = await w.s.db.selectFrom('order_form_log').select(['action', 'snapshot']).where('order_id', '=', order.id).where('action', '=', 'transfer_order').executeTakeFirstOrThrow();
    expect(JSON.parse(String(log.snapshot))).toMatchObject({ student_id: from, version: 1 });
    await expectBalanced();
    // the new holder consumes from the transferred line
    const lineTo = await w.s.db.selectFrom('order_contract_line').select(['id', 'source']).where('student_id', '=', to).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(lineTo.source).toBe('transfer');
  });

  it('refuses the same student, another campus, a missing order and bad input, writing nothing', async () => {
    const a = await studentWithoutHours(w, 2);
    const order = await orderInProgress(w, a);
    const flows = async () => Number((await w.s.db.selectFrom('order_hours_flow').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const n = await flows();
    const same = await w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: a, reason: '同一人' } });
    expect(same.body).toMatchObject({ code: 400, msg: '转入学员不能是订单当前的学员' });
    const gzStudent = await w.s.db.selectFrom('student').select('id').where('school_id', '=', guangzhou).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    const outside = await w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: gzStudent.id, reason: '外校区' } });
    const missing = await w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: 99_999_999, reason: '不存在' } });
    expect(outside.body.code).toBe(404);
    expect(outside.body).toEqual(missing.body);
    const noOrder = await w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: 99_999_999, to_student_id: a, reason: '不存在' } });
    expect(noOrder.body).toMatchObject({ code: 404, msg: '订单不存在或无权访问' });
    const noReason = await w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: a } });
    expect(noReason.body.code).toBe(400);
    expect(noReason.body.msg).toContain('转让原因');
    const sales = await w.s.call('POST', api('order_form/transfer_order'), { headers: w.sales, json: { id: order.id, to_student_id: a, reason: '无权' } });
    expect(sales.body.code).toBe(403);
    expect(await flows()).toBe(n);
  });
});

describe('orders: transfer_campus → approval → transfer_campus_audited', () => {
  it('moves an order and its hours to another campus once approved; the ledgers balance', async () => {
    const student = await studentWithoutHours(w, 3);
    const order = await orderInProgress(w, student);
    const before = await remaining(student);
    const money = await orderMoney(order.id);
    const info = await ok(w.s.call<TransferCampusInfo>('GET', api('order_form/get_transfer_campus_info'), { headers: w.admin, query: { id: order.id } }));
    expect(info).toMatchObject({ order_id: order.id, school_id: w.chaoyang, hours: before, latest: null });
    expect(info.paid_left + info.promo_left).toBe(money);
    expect(info.schools.map((s) => s.id)).toContain(guangzhou);
    expect(info.schools.map((s) => s.id)).not.toContain(w.chaoyang);

    const asked = await ok(w.s.call<{ id: number; transfer_no: string; state: number }>('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: order.id, to_school_id: guangzhou, reason: '搬家' } }));
    expect(asked.transfer_no).toMatch(/^ZX\d{4}-\d{6}$/);
    expect(asked.state).toBe(1);
    const twice = await w.s.call('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: order.id, to_school_id: guangzhou, reason: '再次' } });
    expect(twice.body.code).toBe(409);
    const early = await w.s.call('POST', api('order_form/transfer_campus_audited'), { headers: w.admin, json: { id: asked.id } });
    expect(early.body).toMatchObject({ code: 409, msg: '转校区申请审批中，只有审批通过的申请可以执行' });
    // while the request is open the order cannot be given to another student either
    const other = await studentWithoutHours(w, 4);
    const blocked = await w.s.call('POST', api('order_form/transfer_order'), { headers: w.principal, json: { id: order.id, to_student_id: other, reason: '转让' } });
    expect(blocked.body.code).toBe(409);

    await approveAll(w, 'order_transfer_campus', asked.id);
    const approved = await w.s.db.selectFrom('order_transfer_campus').select('state').where('id', '=', asked.id).executeTakeFirstOrThrow();
    expect(approved.state).toBe(2);

    const headers = { ...w.admin, 'Idempotency-Key': `campus-${asked.id}` };
    const done = await w.s.call<{ state: number; hours: number; paid_money: number; promo_money: number }>('POST', api('order_form/transfer_campus_audited'), { headers, json: { id: asked.id } });
    const replay = await w.s.call('POST', api('order_form/transfer_campus_audited'), { headers, json: { id: asked.id } });
    expect(done.body.code).toBe(200);
    expect(replay.body).toEqual(done.body);
    expect(done.body.data).toMatchObject({ state: 5, hours: before });
    expect(done.body.data.paid_money + done.body.data.promo_money).toBe(money);
    const again = await w.s.call('POST', api('order_form/transfer_campus_audited'), { headers: w.admin, json: { id: asked.id } });
    expect(again.body.code).toBe(409);

    const moved = await w.s.db.selectFrom('order_form').select(['school_id', 'version']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(moved).toEqual({ school_id: guangzhou, version: 2 });
    const lines = await w.s.db.selectFrom('order_contract_line').select(['school_id', 'remaining_hours']).where('order_id', '=', order.id).where('remaining_hours', '>', 0).execute();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.school_id === guangzhou)).toBe(true);
    expect(await remaining(student)).toBe(before);
    expect(await orderMoney(order.id)).toBe(money);
    await expectBalanced();
    // the order left 北京朝阳: its principal no longer reaches it
    const gone = await w.s.call('GET', api('order_form/get_transfer_campus_info'), { headers: w.principal, query: { id: order.id } });
    expect(gone.body).toMatchObject({ code: 404, msg: '订单不存在或无权访问' });
  });

  it('moves the student to the new campus on audit, with the hours held without an order, recorded in the audit log', async () => {
    const student = await studentWithoutHours(w, 7);
    const order = await orderInProgress(w, student);
    // hours from before the system (an opening line, no order) at 北京朝阳
    await w.s.db.transaction().execute((trx) => grantLine(trx, { schoolId: w.chaoyang, studentId: student, classTypeId: w.classTypeId, source: 'opening', boughtHours: 450, by: null }));
    const before = await remaining(student);
    const seen = await w.s.call('GET', api('student/get'), { headers: w.principal, query: { id: student } });
    expect(seen.body.code).toBe(200);

    const asked = await ok(w.s.call<{ id: number; transfer_no: string }>('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: order.id, to_school_id: guangzhou, reason: '全家搬到广州' } }));
    await approveAll(w, 'order_transfer_campus', asked.id);
    // approved but not yet carried out: the student is still at 北京朝阳
    expect((await w.s.db.selectFrom('student').select('school_id').where('id', '=', student).executeTakeFirstOrThrow()).school_id).toBe(w.chaoyang);
    await ok(w.s.call('POST', api('order_form/transfer_campus_audited'), { headers: w.admin, json: { id: asked.id } }));

    expect((await w.s.db.selectFrom('student').select('school_id').where('id', '=', student).executeTakeFirstOrThrow()).school_id).toBe(guangzhou);
    // every hour the student holds is now at 广州天河 (the order's and the opening line's), none lost
    const held = await w.s.db.selectFrom('order_contract_line').select(['school_id', 'order_id', 'remaining_hours']).where('student_id', '=', student).where('remaining_hours', '>', 0).execute();
    expect(held.some((l) => l.order_id === null)).toBe(true);
    expect(held.every((l) => l.school_id === guangzhou)).toBe(true);
    expect(await remaining(student)).toBe(before);
    const balances = await w.s.db.selectFrom('student_class_type').select('school_id').where('student_id', '=', student).execute();
    expect(balances.length).toBeGreaterThan(0);
    expect(balances.every((b) => b.school_id === guangzhou)).toBe(true);
    await expectBalanced();

    // recorded: the audit log's 学员转校区 with the campuses, and the order's history
    const audit = await w.s.db.selectFrom('audit_log').select(['area', 'call', 'changes']).where('title', '=', '学员转校区').where('record_ids', 'like', `%,${student},%`).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ area: 'students', call: 'order_form/transfer_campus_audited' });
    expect(JSON.parse(String(audit[0].changes))).toEqual([{ id: student, before: { school_id: w.chaoyang }, after: { school_id: guangzhou, reason: `转校区 ${asked.transfer_no}：全家搬到广州` } }]);
    const log = await w.s.db.selectFrom('order_form_log').select('reason').where('order_id', '=', order.id).where('action', '=', 'transfer_campus').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.reason).toContain('学员转至新校区');

    // 北京朝阳's principal no longer reaches the student; 广州天河's front desk does
    const gone = await w.s.call('GET', api('student/get'), { headers: w.principal, query: { id: student } });
    expect(gone.body.code).toBe(404);
    const there = await w.s.call('GET', api('student/get'), { headers: w.desk, query: { id: student } });
    expect(there.body.code).toBe(200);
  });

  it('answers a campus outside the caller\'s reach as missing and refuses bad input and a refused request', async () => {
    const student = await studentWithoutHours(w, 5);
    const order = await orderInProgress(w, student);
    const outside = await w.s.call('POST', api('order_form/transfer_campus'), { headers: w.principal, json: { id: order.id, to_school_id: guangzhou, reason: '搬家' } });
    const missing = await w.s.call('POST', api('order_form/transfer_campus'), { headers: w.principal, json: { id: order.id, to_school_id: 99_999_999, reason: '搬家' } });
    expect(outside.body).toMatchObject({ code: 404, msg: '转入校区不存在或无权访问' });
    expect(outside.body).toEqual(missing.body);
    const same = await w.s.call('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: order.id, to_school_id: w.chaoyang, reason: '搬家' } });
    expect(same.body).toMatchObject({ code: 400, msg: '转入校区不能是订单当前所在校区' });
    const bad = await w.s.call('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: 'x', to_school_id: guangzhou, reason: '' } });
    expect(bad.body.code).toBe(400);
    const noRecord = await w.s.call('POST', api('order_form/transfer_campus_audited'), { headers: w.admin, json: { id: 99_999_999 } });
    expect(noRecord.body).toMatchObject({ code: 404, msg: '转校区记录不存在或无权访问' });

    const asked = await ok(w.s.call<{ id: number }>('POST', api('order_form/transfer_campus'), { headers: w.admin, json: { id: order.id, to_school_id: guangzhou, reason: '试读' } }));
    const inst = await instanceOf(w.s.db, 'order_transfer_campus', asked.id);
    const task = await w.s.db.selectFrom('wf_task').select('assignee_id').where('instance_id', '=', inst?.id ?? 0).where('state', '=', TASK_STATES.PENDING).executeTakeFirstOrThrow();
    const admin = await w.s.db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
    await w.s.db.transaction().execute((trx) => demoRun(trx, task.assignee_id ?? admin.id, inst?.id ?? 0, 'refuse', '不同意'));
    const refused = await w.s.call('POST', api('order_form/transfer_campus_audited'), { headers: w.admin, json: { id: asked.id } });
    expect(refused.body).toMatchObject({ code: 409, msg: '转校区申请已驳回，只有审批通过的申请可以执行' });
    const row = await w.s.db.selectFrom('order_form').select('school_id').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.school_id).toBe(w.chaoyang);
  });
});

describe('orders: order_student_class_type (转班型)', () => {
  it('converts hours by value at the new class type\'s fee standard, and deleting reverses both sides', async () => {
    const student = await studentWithoutHours(w, 6);
    const order = await orderInProgress(w, student);
    const target = await otherClassType(w);
    const left = await remaining(student);
    const money = await orderMoney(order.id);
    const half = Math.floor(left / 2);
    const t = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, hours: half } }));
    expect(t.from_hours).toBe(half);
    expect(t.unit_price).toBe(target.unit_price);
    expect(t.value).toBeGreaterThan(0);
    // by value: what the value buys at the unit price, to the hundredth
    expect(t.to_hours).toBe(Math.floor((t.value * 100) / target.unit_price));
    expect(t.difference).toBe(Math.max(0, Math.round((t.to_hours * target.unit_price) / 100) - t.value));
    expect(await remaining(student)).toBe(left - half);
    expect(await remaining(student, target.id)).toBe(t.to_hours);
    expect(await orderMoney(order.id)).toBe(money);
    await expectBalanced();
    const page = await ok(w.s.call<{ content: { id: number; state: number }[] }>('GET', api('order_student_class_type/page'), { headers: w.principal, query: { order_id: order.id } }));
    expect(page.content.map((r) => r.id)).toEqual([t.id]);
    await ok(w.s.call('POST', api('order_student_class_type/update'), { headers: w.principal, json: { id: t.id, remark: '家长同意' } }));

    await ok(w.s.call('POST', api('order_student_class_type/delete'), { headers: w.principal, json: [{ id: t.id }] }));
    expect(await remaining(student)).toBe(left);
    expect(await remaining(student, target.id)).toBe(0);
    expect(await orderMoney(order.id)).toBe(money);
    await expectBalanced();
    const twice = await w.s.call('POST', api('order_student_class_type/delete'), { headers: w.principal, json: [{ id: t.id }] });
    expect(twice.body.code).toBe(409);
  });

  it('asks for the difference when more hours are wanted than the value buys, and refuses bad requests', async () => {
    const student = await studentWithoutHours(w, 7);
    const order = await orderInProgress(w, student);
    const target = await otherClassType(w);
    const left = await remaining(student);
    const value = await orderMoney(order.id);
    const wanted = Math.floor((value * 100) / target.unit_price) + 1000;
    const t = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, to_hours: wanted } }));
    expect(t).toMatchObject({ from_hours: left, to_hours: wanted, value });
    expect(t.difference).toBe(Math.round((wanted * target.unit_price) / 100) - value);
    await expectBalanced();
    const none = await w.s.call('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id } });
    expect(none.body.code).toBe(409);
    const same = await w.s.call('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: target.id, to_class_type_id: target.id } });
    expect(same.body).toMatchObject({ code: 400, msg: '新班型不能与原班型相同' });
    const bad = await w.s.call('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, hours: -5 } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('转出课时');
    // a used new line is not reversed: consume one hour of it first
    const line = await w.s.db.selectFrom('order_contract_line').select('id').where('student_id', '=', student).where('class_type_id', '=', target.id).executeTakeFirstOrThrow();
    const { postHours } = await import('../../../server/modules/orders');
    await w.s.db.transaction().execute((trx) => postHours(trx, { studentId: student, classTypeId: target.id, hours: 100, refType: 'test', refId: line.id, by: null }));
    const used = await w.s.call('POST', api('order_student_class_type/delete'), { headers: w.principal, json: [{ id: t.id }] });
    expect(used.body.code).toBe(409);
    expect(used.body.msg).toContain('转入的课时已使用');
    await expectBalanced();
  });
});

describe('orders: add_recommend_gift', () => {
  it('gives the recommender a pending gift for a signed order, once, and never to a buyer without one', async () => {
    const buyer = await studentWithoutHours(w, 8);
    const recommender = await studentWithoutHours(w, 9);
    const order = await orderInProgress(w, buyer);
    const none = await w.s.call('POST', api('order_form/add_recommend_gift'), { headers: w.sales, json: { id: order.id, gift_name: '绘本', list_price: 5000 } });
    expect(none.body.code).toBe(409);
    expect(none.body.msg).toContain('没有推荐人');
    await w.s.db.updateTable('student').set({ pusher_id: recommender }).where('id', '=', buyer).execute();
    const gift = await ok(w.s.call<{ id: number; student_id: number }>('POST', api('order_form/add_recommend_gift'), { headers: w.sales, json: { id: order.id, gift_name: '绘本', quantity: 2, list_price: 5000 } }));
    expect(gift.student_id).toBe(recommender);
    const row = await w.s.db.selectFrom('order_student_gift').select(['student_id', 'order_id', 'state', 'quantity', 'list_price', 'school_id']).where('id', '=', gift.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ student_id: recommender, order_id: order.id, state: 1, quantity: 2, list_price: 5000, school_id: w.chaoyang });
    const twice = await w.s.call('POST', api('order_form/add_recommend_gift'), { headers: w.sales, json: { id: order.id, gift_name: '绘本' } });
    expect(twice.body).toMatchObject({ code: 409, msg: '该订单已添加过推荐赠品' });
    const bad = await w.s.call('POST', api('order_form/add_recommend_gift'), { headers: w.sales, json: { id: order.id, gift_name: '', list_price: 1.5 } });
    expect(bad.body.code).toBe(400);
    // the recommender's gift is not charged to the buyer's refund
    const calc = await ok(w.s.call<{ gifts_not_returned: number }>('GET', api('order_refund/calculator'), { headers: w.principal, query: { order_id: order.id } }));
    await w.s.db.updateTable('order_student_gift').set({ state: 2 }).where('id', '=', gift.id).execute();
    const after = await ok(w.s.call<{ gifts_not_returned: number }>('GET', api('order_refund/calculator'), { headers: w.principal, query: { order_id: order.id } }));
    expect(after.gifts_not_returned).toBe(calc.gifts_not_returned);
  });
});

describe('orders: demo transfers', () => {
  it('seeds a class-type transfer and a pending campus transfer with its approval, on a balanced ledger', async () => {
    const conversions = await w.s.db.selectFrom('order_student_class_type').select(['id', 'to_hours', 'value']).where('created_by', 'is not', null).execute();
    expect(conversions.length).toBeGreaterThan(0);
    expect(conversions.every((c) => Number(c.to_hours) > 0 && Number(c.value) > 0)).toBe(true);
    const requests = await w.s.db.selectFrom('order_transfer_campus').select(['id', 'state']).where('reason', 'like', '%演示%').execute();
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect((await instanceOf(w.s.db, 'order_transfer_campus', r.id))?.state).toBe(WF_STATES.RUNNING);
    await expectBalanced();
  });
});
