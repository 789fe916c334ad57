import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, orderInProgress, orderLinesValue, ordersWorld, otherClassType, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations } from '../../../server/modules/orders';
import { addDays } from '../../../server/lib/time';
import type { ClassTypeTransferAnswer } from '../../../src/contract/orders-transfer';
import type { DelayedLine } from '../../../src/contract/orders-components';
import '../../../server/modules/orders';
import '../../../server/modules/finance';

/** The order components with server effects: 应补差价 as a due, 合同延期, 更换班主任 and 订单变更's history. */
let w: OrdersWorld;

beforeAll(async () => {
  w = await ordersWorld();
}, 120_000);

afterAll(async () => w?.s.close());

const orderRow = (id: number) => w.s.db.selectFrom('order_form').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const logsOf = (id: number, action: string) => w.s.db.selectFrom('order_form_log').selectAll().where('order_id', '=', id).where('action', '=', action).orderBy('id').execute();

describe('orders: 应补差价 of a class type transfer is a due on the order', () => {
  it('raises the order by the difference as a new version, collects it by 收款, and a revocation reverses it only while unpaid', async () => {
    const student = await studentWithoutHours(w, 10);
    const order = await orderInProgress(w, student);
    const before = await orderRow(order.id);
    const target = await otherClassType(w);
    const value = await orderLinesValue(w, order.id);
    const wanted = Math.floor((value * 100) / target.unit_price) + 500;
    const t = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, to_hours: wanted } }));
    expect(t.difference).toBeGreaterThan(0);
    const after = await orderRow(order.id);
    expect(Number(after.deal_amount)).toBe(Number(before.deal_amount) + t.difference);
    expect(Number(after.due_amount)).toBe(t.difference);
    expect(after.version).toBe(before.version + 1);
    const dues = await w.s.db.selectFrom('order_due').selectAll().where('order_id', '=', order.id).execute();
    expect(dues.map((d) => [d.kind, Number(d.amount), d.ref_type, d.ref_id, d.reverses_id])).toEqual([['class_type_difference', t.difference, 'order_student_class_type', t.id, null]]);
    const [log] = await logsOf(order.id, 'due');
    expect(log.reason).toContain('应补差价');
    expect(JSON.parse(String(log.snapshot))).toMatchObject({ deal_amount: Number(before.deal_amount), version: before.version });
    // the 已完成补差订单 filter finds orders carrying a difference
    const bc = await ok(w.s.call<{ content: { id: number }[] }>('POST', api('order_form/page'), { headers: w.principal, form: { due_amount_start: 1, student_id: student, page: 1, rows: 10 } }));
    expect(bc.content.map((r) => r.id)).toEqual([order.id]);

    // more than owed is refused, the difference is taken
    const over = await w.s.call('POST', api('order_form/pay'), { headers: w.principal, json: { id: order.id, amount: t.difference + 1, method: 'cash' } });
    expect(over.body.code).toBe(400);
    const paid = await ok(w.s.call<{ paid_amount: number }>('POST', api('order_form/pay'), { headers: w.principal, json: { id: order.id, amount: t.difference, method: 'cash' } }));
    expect(paid.paid_amount).toBe(Number(after.deal_amount));
    const refused = await w.s.call('POST', api('order_student_class_type/delete'), { headers: w.principal, json: [{ id: t.id }] });
    expect(refused.body.code).toBe(409);
    expect(refused.body.msg).toContain('已收款');
    expect((await w.s.db.selectFrom('order_due').select('id').where('order_id', '=', order.id).execute()).length).toBe(1);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });

  it('an unpaid difference is reversed by a row of the opposite amount when the transfer is revoked', async () => {
    const student = await studentWithoutHours(w, 11);
    const order = await orderInProgress(w, student);
    const before = await orderRow(order.id);
    const target = await otherClassType(w);
    const value = await orderLinesValue(w, order.id);
    const t = await ok(w.s.call<ClassTypeTransferAnswer>('POST', api('order_student_class_type/add'), { headers: w.principal, json: { order_id: order.id, from_class_type_id: w.classTypeId, to_class_type_id: target.id, to_hours: Math.floor((value * 100) / target.unit_price) + 300 } }));
    await ok(w.s.call('POST', api('order_student_class_type/delete'), { headers: w.principal, json: [{ id: t.id }] }));
    const dues = await w.s.db.selectFrom('order_due').select(['id', 'amount', 'reverses_id']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(dues.map((d) => Number(d.amount))).toEqual([t.difference, -t.difference]);
    expect(dues[1].reverses_id).toBe(dues[0].id);
    const after = await orderRow(order.id);
    expect(Number(after.deal_amount)).toBe(Number(before.deal_amount));
    expect(Number(after.due_amount)).toBe(0);
    expect(after.version).toBe(before.version + 2);
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });
});

describe('orders: 合同延期 (contract delay)', () => {
  it('moves the order\'s valid lines out by the days, recorded per line and in the order log; bad input and other campuses write nothing', async () => {
    const student = await studentWithoutHours(w, 12);
    const order = await orderInProgress(w, student);
    const other = await orderInProgress(w, student);
    const lineOf = (orderId: number) => w.s.db.selectFrom('order_contract_line').select(['id', 'end_date']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const line = await lineOf(order.id);
    const otherLine = await lineOf(other.id);
    expect(line.end_date).not.toBeNull();

    for (const [body, msg] of [
      [{ id: order.id, days: 0, reason: '出国' }, '延期天数不能小于1'],
      [{ id: order.id, days: 1.5, reason: '出国' }, '延期天数必须是整数'],
      [{ id: order.id, days: 30, reason: ' ' }, '请输入延期原因'],
    ] as const) {
      const bad = await w.s.call('POST', api('order_form/contract_delay'), { headers: w.principal, json: body });
      expect(bad.body).toMatchObject({ code: 400, msg });
    }
    const foreign = await w.s.call('POST', api('order_form/contract_delay'), { headers: w.principal, json: { id: order.id, days: 30, reason: '出国', line_ids: [otherLine.id] } });
    expect(foreign.body.code).toBe(404);
    const noCode = await w.s.call('POST', api('order_form/contract_delay'), { headers: w.sales, json: { id: order.id, days: 30, reason: '出国' } });
    expect(noCode.body.code).toBe(403);
    expect((await lineOf(order.id)).end_date).toBe(line.end_date);

    const out = await ok(w.s.call<{ id: number; lines: DelayedLine[] }>('POST', api('order_form/contract_delay'), { headers: w.principal, json: { id: order.id, days: 30, reason: '学员出国一个月' } }));
    const end = String(line.end_date);
    expect(out.lines).toEqual([{ line_id: line.id, days: 30, end_date_before: end, end_date_after: addDays(end, 30) }]);
    expect((await lineOf(order.id)).end_date).toBe(addDays(end, 30));
    // the other order of the same student is not touched
    expect((await lineOf(other.id)).end_date).toBe(otherLine.end_date);
    const events = await w.s.db.selectFrom('order_line_validity_event').selectAll().where('ref_type', '=', 'order_contract_delay').where('ref_id', '=', order.id).execute();
    expect(events.map((e) => [e.line_id, e.days, e.end_date_before, e.end_date_after])).toEqual([[line.id, 30, end, addDays(end, 30)]]);
    const [log] = await logsOf(order.id, 'validity');
    expect(log.reason).toContain('学员出国一个月');

    // another campus's order answers as missing
    const gz = await w.s.db.selectFrom('organisations').select('id').where('code', '=', 'GZ-TH').executeTakeFirstOrThrow();
    await w.s.db.updateTable('order_form').set({ school_id: gz.id }).where('id', '=', other.id).execute();
    try {
      const outside = await w.s.call('POST', api('order_form/contract_delay'), { headers: w.principal, json: { id: other.id, days: 10, reason: '出国' } });
      const missing = await w.s.call('POST', api('order_form/contract_delay'), { headers: w.principal, json: { id: 99999999, days: 10, reason: '出国' } });
      expect(outside.body).toEqual(missing.body);
      expect(outside.body.code).toBe(404);
    } finally {
      await w.s.db.updateTable('order_form').set({ school_id: w.chaoyang }).where('id', '=', other.id).execute();
    }
    expect((await lineOf(other.id)).end_date).toBe(otherLine.end_date);
  });
});

describe('orders: 更换班主任 and 订单变更 keep their history', () => {
  it('the teacher change logs the teacher before; a modify is a new version whose log keeps what it replaced', async () => {
    const student = await studentWithoutHours(w, 13);
    const order = await orderInProgress(w, student);
    const teacher = await w.s.db.selectFrom('users').select(['id', 'name']).where('login_id', '=', 'teacher').executeTakeFirstOrThrow();
    const first = await ok(w.s.call<{ changed: boolean }>('GET', api('order_form/modify_raw_teacher'), { headers: w.principal, query: { id: order.id, teacher_id: teacher.id } }));
    expect(first.changed).toBe(true);
    const again = await ok(w.s.call<{ changed: boolean }>('GET', api('order_form/modify_raw_teacher'), { headers: w.principal, query: { id: order.id, teacher_id: teacher.id } }));
    expect(again.changed).toBe(false);
    const teacherLogs = await logsOf(order.id, 'teacher');
    expect(teacherLogs).toHaveLength(1);
    expect(teacherLogs[0].reason).toBe(`班主任改为 ${teacher.name}`);
    expect(JSON.parse(String(teacherLogs[0].snapshot))).toEqual({ teacher_id: null, teacher_name: null });

    const before = await orderRow(order.id);
    const noReason = await w.s.call('POST', api('order_form/modify'), { headers: w.principal, json: { id: order.id, reason: '', remark: '改' } });
    expect(noReason.body).toMatchObject({ code: 400, msg: '请输入变更原因' });
    const modified = await ok(w.s.call<{ version: number }>('POST', api('order_form/modify'), { headers: w.principal, json: { id: order.id, reason: '家长要求更正备注', remark: '周末班' } }));
    expect(modified.version).toBe(before.version + 1);
    const [log] = await logsOf(order.id, 'modify');
    expect(log).toMatchObject({ reason: '家长要求更正备注', version: before.version + 1 });
    expect(JSON.parse(String(log.snapshot))).toMatchObject({ version: before.version, remark: before.remark, teacher_id: teacher.id, teacher_name: teacher.name, seller_name: before.seller_name });
    const detail = await ok(w.s.call<{ logs: { action: string }[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id: order.id } }));
    expect(detail.logs.map((l) => l.action)).toEqual(expect.arrayContaining(['teacher', 'modify']));
  });
});
