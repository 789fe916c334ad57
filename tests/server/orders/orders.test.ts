import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, orderInProgress, ordersWorld, packOrder, studentWithoutHours, type OrdersWorld } from './fixture';
import { ledgerViolations, lineBalances, postHours, reverseHours } from '../../../server/modules/orders';
import { periodOf } from '../../../server/lib/number-sequence';

/**
 * The orders area (server/modules/orders): the life cycle draft → submitted → audited → contract
 * confirmed → in progress, amounts in fen from the products area's terms, campus scope and
 * operation codes, amendments as versions, payments with receipt numbers, and the contract lines'
 * hours on the ledger. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let w: OrdersWorld;
type Row = Record<string, unknown> & { id: number };

beforeAll(async () => {
  w = await ordersWorld();
}, 120_000);

afterAll(async () => {
  await w?.s.close();
});

describe('order life cycle', () => {
  it('the demo database passes the ledger check (npm run ledger:check)', async () => {
    expect(await ledgerViolations(w.s.db)).toEqual([]);
    const lines = await w.s.db.selectFrom('order_contract_line').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(lines.n)).toBeGreaterThan(0);
  });

  it('prices a pack line from the products area, numbers the order per campus and year, and audits it into contract lines', async () => {
    const added = await ok(w.s.call<{ id: number; order_no: string; state: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w) }));
    expect(added.order_no).toMatch(new RegExp(`^DD${periodOf('year')}-\\d{6}$`));
    expect(added).toMatchObject({ state: 2, deal_amount: w.packPrice - 10000 });
    const detail = await ok(w.s.call<{ order: Row; lines: Row[]; contract_lines: Row[]; divides: Row[] }>('GET', api('order_form/detail'), { headers: w.sales, query: { id: added.id } }));
    expect(detail.lines[0]).toMatchObject({ bought_hours: w.packHours * 100, gift_hours: w.packGift * 100, list_price: w.packPrice, discount: 10000, deal_price: w.packPrice - 10000 });
    expect(detail.lines[0].price_version_id).toEqual(expect.any(Number));
    expect(detail.divides).toEqual([expect.objectContaining({ ratio: 100, amount: w.packPrice - 10000, user_name: '刘洋' })]);
    expect(detail.contract_lines).toEqual([]);

    const refused = await w.s.call('POST', api('order_form/check_order'), { headers: w.sales, json: { id: added.id, pass: 1 } });
    expect(refused.body.code).toBe(403);
    const audited = await ok(w.s.call<{ state: number }>('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 1, remark: '同意' } }));
    expect(audited.state).toBe(3);
    const after = await ok(w.s.call<{ contract_lines: Row[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id: added.id } }));
    expect(after.contract_lines).toEqual([expect.objectContaining({ active: 0, remaining_hours: 0, paid_money: w.packPrice - 10000, promo_money: 10000 })]);

    // an audited order is never edited in place
    const edit = await w.s.call('POST', api('order_form/update'), { headers: w.sales, json: { id: added.id, ...packOrder(w) } });
    expect(edit.body).toMatchObject({ code: 409, msg: '订单已审核，不能直接编辑，请使用订单变更' });
  });

  it('makes the lines consumable when fully paid, issues receipt and contract numbers, and goes in progress', async () => {
    const added = await ok(w.s.call<{ id: number; deal_amount: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w) }));
    await ok(w.s.call('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 1 } }));
    const half = Math.floor(added.deal_amount / 2);
    const first = await ok(w.s.call<{ receipt_no: string; paid_amount: number }>('POST', api('order_form/pay'), { headers: w.principal, json: { id: added.id, amount: half, method: 'card' } }));
    // the finance area's receipt series (SJ, campus, year)
    expect(first.receipt_no).toMatch(new RegExp(`^SJ${periodOf('year')}-${w.chaoyang}-\\d{6}$`));
    const receipt = await w.s.db.selectFrom('fin_stu_account_receipts').select(['amount', 'ref_type']).where('receipt_no', '=', first.receipt_no).executeTakeFirst();
    expect(receipt).toMatchObject({ amount: half, ref_type: 'order' });
    let detail = await ok(w.s.call<{ contract_lines: Row[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id: added.id } }));
    expect(detail.contract_lines[0].active).toBe(0);
    const tooMuch = await w.s.call('POST', api('order_form/pay'), { headers: w.principal, json: { id: added.id, amount: added.deal_amount, method: 'cash' } });
    expect(tooMuch.body.code).toBe(400);
    expect(tooMuch.body.msg).toContain('收款金额不能超过未收金额');
    const second = await ok(w.s.call<{ receipt_no: string; paid_amount: number }>('POST', api('order_form/pay'), { headers: w.principal, json: { id: added.id, amount: added.deal_amount - half, method: 'qr' } }));
    expect(second.paid_amount).toBe(added.deal_amount);
    expect(second.receipt_no).not.toBe(first.receipt_no);
    detail = await ok(w.s.call<{ contract_lines: Row[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id: added.id } }));
    expect(detail.contract_lines[0]).toMatchObject({ active: 1, remaining_hours: (w.packHours + w.packGift) * 100 });

    const stale = await w.s.call('POST', api('order_form/confirm_contract'), { headers: w.principal, json: { id: added.id, protocol_version: 'P-old' } });
    expect(stale.body).toMatchObject({ code: 409, msg: '协议内容已更新，请重新阅读后再确认' });
    const protocol = await ok(w.s.call<{ protocol_version: string; protocol_text: string; confirmed: boolean }>('GET', api('order_form/protocol'), { headers: w.sales, query: { id: added.id } }));
    expect(protocol.confirmed).toBe(false);
    expect(protocol.protocol_text.length).toBeGreaterThan(10);
    const confirmed = await ok(w.s.call<{ state: number; contract_no: string }>('POST', api('order_form/confirm_contract'), { headers: w.sales, json: { id: added.id, protocol_version: protocol.protocol_version } }));
    expect(confirmed.contract_no).toMatch(/^HT\d{4}-\d{6}$/);
    expect(confirmed.state).toBe(5);
  });

  it('rejects an order as not through, which may then be edited and resubmitted, or deleted', async () => {
    const added = await ok(w.s.call<{ id: number }>('POST', api('order_form/add'), { headers: w.sales, json: packOrder(w) }));
    const rejected = await ok(w.s.call<{ state: number }>('POST', api('order_form/check_order'), { headers: w.principal, json: { id: added.id, pass: 0, remark: '优惠超出权限' } }));
    expect(rejected.state).toBe(7);
    const resubmitted = await ok(w.s.call<{ state: number }>('POST', api('order_form/update'), { headers: w.sales, json: { id: added.id, ...packOrder(w), lines: [{ kind: 1, language_pack_id: w.packId, class_type_id: w.classTypeId }] } }));
    expect(resubmitted.state).toBe(2);
    await ok(w.s.call('POST', api('order_form/delete'), { headers: w.sales, json: [{ id: added.id }] }));
    const gone = await w.s.call('GET', api('order_form/detail'), { headers: w.sales, query: { id: added.id } });
    expect(gone.body).toMatchObject({ code: 404, msg: '订单不存在或无权访问' });
  });

  it('refuses bad input in Chinese naming the field, writing nothing', async () => {
    const before = await w.s.db.selectFrom('order_form').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const cases: [unknown, string][] = [
      [{ student_id: w.studentId, lines: [] }, '请至少添加一条订单明细'],
      [{ student_id: w.studentId, lines: [{ kind: 1, class_type_id: w.classTypeId }] }, '请选择课程包'],
      [{ student_id: w.studentId, lines: [{ kind: 1, language_pack_id: w.packId, class_type_id: w.classTypeId, discount: w.packPrice + 1 }] }, '优惠金额不能大于标价'],
      [{ student_id: w.studentId, lines: [{ kind: 1, language_pack_id: w.packId, class_type_id: w.classTypeId, discount: 1.5 }] }, '优惠金额'],
      [{ student_id: w.studentId, lines: [{ kind: 1, language_pack_id: w.packId, class_type_id: w.classTypeId }], divides: [{ user_id: 1, ratio: 60 }] }, '业绩分配比例合计应为100%'],
    ];
    for (const [json, msg] of cases) {
      const res = await w.s.call('POST', api('order_form/add'), { headers: w.sales, json });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    const after = await w.s.db.selectFrom('order_form').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('scope, codes and amendments', () => {
  it('answers another campus exactly as a missing order', async () => {
    const { id } = await orderInProgress(w);
    for (const [method, path] of [
      ['GET', 'order_form/detail'],
      ['GET', 'order_form/protocol'],
    ] as const) {
      const res = await w.s.call(method, api(path), { headers: w.desk, query: { id } });
      expect(res.body).toMatchObject({ code: 404, msg: '订单不存在或无权访问' });
    }
    const pay = await w.s.call('POST', api('order_form/pay'), { headers: w.desk, json: { id, amount: 100, method: 'cash' } });
    expect(pay.body).toMatchObject({ code: 404, msg: '订单不存在或无权访问' });
    const page = await ok(w.s.call<{ content: Row[] }>('POST', api('order_form/page'), { headers: w.desk, form: { page: 1, rows: 100 } }));
    expect(page.content.find((r) => r.id === id)).toBeUndefined();
    const mine = await ok(w.s.call<{ content: Row[]; totalSize: number }>('POST', api('order_form/page'), { headers: w.sales, form: { page: 1, rows: 10, state: '5,6', student_id: w.studentId } }));
    expect(mine.content.find((r) => r.id === id)).toMatchObject({ state: 5, student_name: expect.any(String), seller_name: '刘洋' });
  });

  it('modify makes a new version with reason and who, keeping the old one in the history', async () => {
    const { id } = await orderInProgress(w);
    const noReason = await w.s.call('POST', api('order_form/modify'), { headers: w.principal, json: { id, reason: '' } });
    expect(noReason.body.code).toBe(400);
    const detail = await ok(w.s.call<{ contract_lines: Row[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id } }));
    const line = detail.contract_lines[0];
    const modified = await ok(w.s.call<{ version: number }>('POST', api('order_form/modify'), { headers: w.principal, json: { id, reason: '家长申请延期', remark: '延期一个月', lines: [{ id: line.id, end_date: '2099-12-31' }] } }));
    expect(modified.version).toBe(2);
    const after = await ok(w.s.call<{ order: Row; contract_lines: Row[]; logs: Row[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id } }));
    expect(after.order).toMatchObject({ version: 2, remark: '延期一个月' });
    expect(after.contract_lines[0].end_date).toBe('2099-12-31');
    const log = after.logs.find((l) => l.action === 'modify');
    expect(log).toMatchObject({ reason: '家长申请延期', operator_name: '李秀英', version: 2 });
    expect(JSON.parse(String(log?.snapshot))).toMatchObject({ version: 1, lines: [{ id: line.id, end_date: line.end_date }] });
  });

  it('modify_raw_teacher is a GET that needs its operation code and changes the order once', async () => {
    const { id } = await orderInProgress(w);
    const teacher = await w.s.db.selectFrom('users').select(['id', 'name']).where('login_id', '=', 'teacher').executeTakeFirstOrThrow();
    const refused = await w.s.call('GET', api('order_form/modify_raw_teacher'), { headers: w.sales, query: { id, teacher_id: teacher.id } });
    expect(refused.body.code).toBe(403);
    const first = await ok(w.s.call<{ changed: boolean }>('GET', api('order_form/modify_raw_teacher'), { headers: w.principal, query: { id, teacher_id: teacher.id } }));
    const again = await ok(w.s.call<{ changed: boolean }>('GET', api('order_form/modify_raw_teacher'), { headers: w.principal, query: { id, teacher_id: teacher.id } }));
    expect([first.changed, again.changed]).toEqual([true, false]);
    const detail = await ok(w.s.call<{ order: Row; logs: Row[] }>('GET', api('order_form/detail'), { headers: w.principal, query: { id } }));
    expect(detail.order.teacher_name).toBe(teacher.name);
    expect(detail.logs.filter((l) => l.action === 'teacher')).toHaveLength(1);
  });

  it('if_first_sign says 新签 before the first audited order and 续费 after; jx_options lists what is left', async () => {
    const other = await w.s.db.selectFrom('student').select('id').where('school_id', '=', w.chaoyang).where('del_flag', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const before = await ok(w.s.call<{ if_first_sign: number }>('GET', api('order_form/if_first_sign'), { headers: w.sales, query: { student_id: other.id } }));
    expect(before.if_first_sign).toBe(1);
    await orderInProgress(w, other.id);
    const after = await ok(w.s.call<{ if_first_sign: number; order_count: number }>('GET', api('order_form/if_first_sign'), { headers: w.sales, query: { student_id: other.id } }));
    expect(after).toMatchObject({ if_first_sign: 2, order_count: 1 });
    const options = await ok(w.s.call<{ options: { class_type_id: number; remaining_hours: number }[] }>('GET', api('order_form/jx_options'), { headers: w.sales, query: { student_id: other.id } }));
    expect(options.options).toContainEqual(expect.objectContaining({ class_type_id: w.classTypeId, remaining_hours: (w.packHours + w.packGift) * 100 }));
    const out = await w.s.call('GET', api('order_form/if_first_sign'), { headers: w.desk, query: { student_id: other.id } });
    expect(out.body.code).toBe(404);
  });
});

describe('lesson hours on the ledger', () => {
  it('consumes paid money before promotion money, reverses exactly, completes the order when used up', async () => {
    const student = { id: await studentWithoutHours(w, 0) };
    const { id } = await orderInProgress(w, student.id);
    const total = (w.packHours + w.packGift) * 100;
    const take = await w.s.db.transaction().execute((trx) => postHours(trx, { studentId: student.id, classTypeId: w.classTypeId, hours: 150, refType: 'test', refId: 1, by: null }));
    expect(take.hours).toBe(150);
    expect(take.paid).toBeGreaterThan(0);
    expect(take.promo).toBe(0);
    const [line] = (await lineBalances(w.s.db, student.id, w.classTypeId)).filter((l) => l.order_id === id);
    expect(line).toMatchObject({ remaining_hours: total - 150, consumed_hours: 150, promo_left: 10000, paid_left: w.packPrice - 10000 - take.paid });
    const restored = await w.s.db.transaction().execute((trx) => reverseHours(trx, { refType: 'test', refId: 1, reason: '测试冲正', by: null }));
    expect(restored).toBe(150);
    const again = await w.s.db.transaction().execute((trx) => reverseHours(trx, { refType: 'test', refId: 1, reason: '测试冲正', by: null }));
    expect(again).toBe(0);
    // all of it: every fen of the line's money goes with the last hour, the order completes
    const all = await w.s.db.transaction().execute((trx) => postHours(trx, { studentId: student.id, classTypeId: w.classTypeId, hours: total, refType: 'test', refId: 2, by: null }));
    expect(all.paid + all.promo).toBe(w.packPrice);
    const order = await w.s.db.selectFrom('order_form').select(['state']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(order.state).toBe(6);
    const short = await w.s.db
      .transaction()
      .execute((trx) => postHours(trx, { studentId: student.id, classTypeId: w.classTypeId, hours: 100, refType: 'test', refId: 3, by: null }))
      .catch((e: unknown) => e);
    expect(String((short as Error).message)).toContain('课时不足');
    expect(await ledgerViolations(w.s.db)).toEqual([]);
  });

  it('does not consume a line past its validity', async () => {
    const student = { id: await studentWithoutHours(w, 1) };
    const { id } = await orderInProgress(w, student.id);
    await w.s.db.updateTable('order_contract_line').set({ end_date: '2000-01-01' }).where('order_id', '=', id).execute();
    const refused = await w.s.db
      .transaction()
      .execute((trx) => postHours(trx, { studentId: student.id, classTypeId: w.classTypeId, hours: 100, refType: 'test', refId: 9, by: null }))
      .catch((e: unknown) => e);
    expect(String((refused as Error).message)).toContain('已过有效期');
  });
});
