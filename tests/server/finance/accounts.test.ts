import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { accountBalance, checkFinanceLedgers, payFromAccount } from '../../../server/modules/finance';
import type { AccountResult, ReceiptDetail, ReceiptRow, TransferResult, FlowRow } from '../../../src/contract/finance-accounts';
import '../../../server/modules/finance/schema';

let s: TestServer;
let admin: LoggedIn;
let finance: LoggedIn;
let principal: LoggedIn;
let frontDesk: LoggedIn;
let bj: number;
let gz: number;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;

async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

let seq = 0;
/** A fresh student of a campus (own account, starting at 0). */
async function newStudent(schoolId: number): Promise<number> {
  seq++;
  const row = await ok(s.call<{ id: number }>('POST', api('student/add'), { headers: admin.headers, json: { school_id: schoolId, name: `账户测试${seq}`, gender: 1 } }));
  return row.id;
}

async function deposit(studentId: number, amount: number, who = finance, headers: Record<string, string> = {}): Promise<{ body: Body<AccountResult> }> {
  return s.call<AccountResult>('POST', api('fn_student_account/deposit_payment'), { headers: { ...who.headers, ...headers }, json: { student_id: studentId, amount, pay_method: 'wechat', payer: '家长' } });
}

async function receiptCount(): Promise<number> {
  const r = await s.db.selectFrom('fin_stu_account_receipts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

function counterOf(no: string): number {
  return Number(no.split('-')[2]);
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  finance = await s.login('finance', DEMO_PASSWORD);
  principal = await s.login('principal', DEMO_PASSWORD);
  frontDesk = await s.login('front_desk', DEMO_PASSWORD);
  const school = async (code: string) => (await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  bj = await school('BJ-CY');
  gz = await school('GZ-TH');
}, 120_000);

afterAll(async () => s?.close());

describe('finance: deposit, receipt and balance', () => {
  it('deposits into the account with a numbered 收费 receipt; the balance and the flow follow; the detail prints capitals', async () => {
    const id = await newStudent(bj);
    const res = await ok(deposit(id, 123456));
    expect(res.balance).toBe(123456);
    expect(res.receipt?.receipt_no).toMatch(/^SJ\d{4}-\d+-\d{6}$/);
    expect(res.receipt?.kind).toBe(1);
    expect(res.receipt?.amount).toBe(123456);
    expect(await accountBalance(s.db, id)).toBe(123456);
    const bal = await ok(s.call<{ balance: number }>('GET', api('fn_student_account/balance'), { headers: finance.headers, query: { student_id: id } }));
    expect(bal.balance).toBe(123456);
    const flows = await ok(s.call<{ content: FlowRow[]; totalSize: number }>('GET', api('fin_stu_account_flow/page'), { headers: finance.headers, query: { student_id: id } }));
    expect(flows.totalSize).toBe(1);
    expect(flows.content[0]).toMatchObject({ amount: 123456, balance_after: 123456, biz_type: 'deposit', ref_type: 'receipt', ref_id: res.receipt?.receipt_no });
    const detail = await ok(s.call<ReceiptDetail>('GET', api('fin_stu_account_receipts/detail'), { headers: finance.headers, query: { id: res.receipt?.id ?? 0 } }));
    expect(detail).toMatchObject({ amount_capital: '壹仟贰佰叁拾肆元伍角陆分', kind_text: '收费', pay_method_text: '微信', state_text: '正常', school_name: expect.stringContaining('朝阳') });
    expect(detail.flows).toHaveLength(1);
    const found = await ok(s.call<{ id: number; balance: number }[]>('GET', api('fn_student_account/find_students'), { headers: finance.headers, query: { keyword: `账户测试${seq}` } }));
    expect(found.find((f) => f.id === id)?.balance).toBe(123456);
  });

  it('stamps each flow with the campus it was posted at: a campus-day page lists it there, a move to another campus starts posting there', async () => {
    const id = await newStudent(bj);
    await ok(deposit(id, 5000));
    const today = (await s.db.selectFrom('fin_stu_account_flow').select('created_at').where('student_id', '=', id).executeTakeFirstOrThrow()).created_at.slice(0, 10);
    const dayOf = async (schoolId: number) =>
      (await ok(s.call<{ content: FlowRow[]; totalSize: number }>('GET', api('fin_stu_account_flow/page'), { headers: admin.headers, query: { school_id: schoolId, start_date: today, end_date: today, rows: 200 } }))).content.filter((r) => r.student_id === id);
    expect((await dayOf(bj)).map((r) => r.amount)).toEqual([5000]);
    expect(await dayOf(gz)).toEqual([]);
    // the student moves to 广州天河: what was posted at 北京朝阳 stays there, what follows is posted at 天河
    await s.db.updateTable('student').set({ school_id: gz }).where('id', '=', id).execute();
    await ok(deposit(id, 700, admin));
    expect((await dayOf(bj)).map((r) => r.amount)).toEqual([5000]);
    expect((await dayOf(gz)).map((r) => r.amount)).toEqual([700]);
    const stamped = await s.db.selectFrom('fin_stu_account_flow').select(['amount', 'school_id']).where('student_id', '=', id).orderBy('seq').execute();
    expect(stamped.map((r) => [Number(r.amount), r.school_id])).toEqual([[5000, bj], [700, gz]]);
  });

  it('refuses bad input in Chinese naming the field, and writes nothing', async () => {
    const id = await newStudent(bj);
    const before = await receiptCount();
    for (const [json, msg] of [
      [{ student_id: id, amount: 0, pay_method: 'cash' }, '充值金额必须大于 0'],
      [{ student_id: id, amount: 10.5, pay_method: 'cash' }, '充值金额必须精确到分'],
      [{ student_id: id, amount: 100, pay_method: 'bitcoin' }, '收款方式不正确'],
      [{ student_id: id, amount: 100, pay_method: 'account' }, '充值不能使用储值账户支付'],
      [{ amount: 100, pay_method: 'cash' }, '请选择学员'],
    ] as const) {
      const res = await s.call('POST', api('fn_student_account/deposit_payment'), { headers: finance.headers, json });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect(await receiptCount()).toBe(before);
  });

  it('answers a student of another campus exactly as a missing one', async () => {
    const id = await newStudent(gz);
    const res = await deposit(id, 100, principal);
    expect(res.body).toMatchObject({ code: 404, msg: '学员不存在或无权访问' });
    const bal = await s.call('GET', api('fn_student_account/balance'), { headers: principal.headers, query: { student_id: id } });
    expect(bal.body.code).toBe(404);
  });

  it('checks the operation code: the front desk deposits but may not refund out of the account', async () => {
    const id = await newStudent(gz);
    await ok(deposit(id, 5000, frontDesk));
    const res = await s.call('POST', api('fn_student_account/refund'), { headers: frontDesk.headers, json: { student_id: id, amount: 100, pay_method: 'cash', reason: '退回' } });
    expect(res.body.code).toBe(403);
  });
});

describe('finance: refunds, transfers and the append-only ledger', () => {
  it('refunds out of the account with a 退费 receipt; more than the balance is refused with nothing written and no number used', async () => {
    const id = await newStudent(bj);
    await ok(deposit(id, 10000));
    const before = await receiptCount();
    const tooMuch = await s.call('POST', api('fn_student_account/refund'), { headers: finance.headers, json: { student_id: id, amount: 10001, pay_method: 'cash', reason: '家长要求退款' } });
    expect(tooMuch.body.code).toBe(400);
    expect(tooMuch.body.msg).toContain('余额不足');
    expect(await receiptCount()).toBe(before);
    const done = await ok(s.call<AccountResult>('POST', api('fn_student_account/refund'), { headers: finance.headers, json: { student_id: id, amount: 4000, pay_method: 'cash', reason: '家长要求退款' } }));
    expect(done.balance).toBe(6000);
    expect(done.receipt).toMatchObject({ kind: 2, amount: -4000 });
  });

  it('transfers between siblings: two rows of one transfer number; more than the balance is refused', async () => {
    const a = await newStudent(bj);
    const b = await newStudent(bj);
    await ok(deposit(a, 30000));
    const t = await ok(s.call<TransferResult>('POST', api('fn_student_account/transfer'), { headers: finance.headers, json: { from_student_id: a, to_student_id: b, amount: 12000, reason: '转给妹妹' } }));
    expect(t.transfer_no).toMatch(/^ZZ\d{4}-\d{6}$/);
    expect(t.from.balance).toBe(18000);
    expect(t.to.balance).toBe(12000);
    // its 结转 receipts: out of one account, into the other, consecutive numbers of the campus's series, each naming its ledger row
    const moves = await s.db.selectFrom('fin_stu_account_receipts').select(['receipt_no', 'student_id', 'kind', 'amount', 'pay_method', 'flow_id']).where('ref_type', '=', 'transfer').where('ref_id', '=', t.transfer_no).orderBy('id').execute();
    expect(moves.map((m) => ({ student_id: Number(m.student_id), kind: Number(m.kind), amount: Number(m.amount), pay_method: m.pay_method, flow_id: m.flow_id === null ? null : Number(m.flow_id) }))).toEqual([
      { student_id: a, kind: 3, amount: -12000, pay_method: 'account', flow_id: t.from.flow_id },
      { student_id: b, kind: 3, amount: 12000, pay_method: 'account', flow_id: t.to.flow_id },
    ]);
    const seqOf = (no: string) => Number(no.slice(no.lastIndexOf('-') + 1));
    expect(seqOf(moves[1].receipt_no)).toBe(seqOf(moves[0].receipt_no) + 1);
    const refused = await s.call('POST', api('fn_student_account/transfer'), { headers: finance.headers, json: { from_student_id: a, to_student_id: b, amount: 18001, reason: '再转' } });
    expect(refused.body.msg).toContain('余额不足');
    // a refused transfer writes no receipt (nor takes a number)
    expect((await s.db.selectFrom('fin_stu_account_receipts').select('id').where('ref_type', '=', 'transfer').where('student_id', 'in', [a, b]).execute()).length).toBe(2);
    expect((await checkFinanceLedgers(s.db)).receiptProblems).toEqual([]);
    const same = await s.call('POST', api('fn_student_account/transfer'), { headers: finance.headers, json: { from_student_id: a, to_student_id: a, amount: 1, reason: '自己' } });
    expect(same.body).toMatchObject({ code: 400, msg: expect.stringContaining('转出学员和转入学员不能是同一人') });
  });

  it('refuses to edit a ledger row, reverses a bonus on delete, and sends receipt rows to the receipt', async () => {
    const id = await newStudent(bj);
    const bonus = await ok(s.call<AccountResult>('POST', api('fin_stu_account_flow/add'), { headers: finance.headers, json: { student_id: id, amount: 2000, biz_type: 'bonus', reason: '老带新赠送' } }));
    expect(bonus.balance).toBe(2000);
    const upd = await s.call('POST', api('fin_stu_account_flow/update'), { headers: finance.headers, json: { id: bonus.flow_id, amount: 1 } });
    expect(upd.body).toMatchObject({ code: 409, msg: expect.stringContaining('账本记录只能追加') });
    const rev = await ok(s.call<AccountResult>('POST', api('fin_stu_account_flow/delete'), { headers: finance.headers, json: { id: bonus.flow_id, reason: '赠送录错' } }));
    expect(rev.balance).toBe(0);
    const again = await s.call('POST', api('fin_stu_account_flow/delete'), { headers: finance.headers, json: { id: bonus.flow_id, reason: '再冲' } });
    expect(again.body.msg).toContain('已冲正');
    const dep = await ok(deposit(id, 500));
    const viaReceipt = await s.call('POST', api('fin_stu_account_flow/delete'), { headers: finance.headers, json: { id: dep.flow_id, reason: '错' } });
    expect(viaReceipt.body).toMatchObject({ code: 409, msg: '该流水由收据产生，请作废对应的收据' });
  });
});

describe('finance: receipt cancellation', () => {
  it('cancels with a reversing receipt; the original stays visible as 已作废; the balance goes back; never twice', async () => {
    const id = await newStudent(bj);
    const dep = await ok(deposit(id, 8800));
    const receiptId = dep.receipt?.id ?? 0;
    const out = await ok(s.call<{ original: ReceiptRow; reversal: ReceiptRow }>('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance.headers, json: { id: receiptId, reason: '金额录错' } }));
    expect(out.original.state).toBe(2);
    expect(out.reversal).toMatchObject({ state: 3, amount: -8800, reverses_id: receiptId, kind: 1 });
    expect(out.reversal.receipt_no).not.toBe(dep.receipt?.receipt_no);
    expect(await accountBalance(s.db, id)).toBe(0);
    const page = await ok(s.call<{ content: ReceiptRow[] }>('GET', api('fin_stu_account_receipts/page'), { headers: finance.headers, query: { student_id: id, biz_date: '' } }));
    expect(page.content.map((r) => r.state).sort()).toEqual([2, 3]);
    const detail = await ok(s.call<ReceiptDetail>('GET', api('fin_stu_account_receipts/detail'), { headers: finance.headers, query: { id: receiptId } }));
    expect(detail).toMatchObject({ state_text: '已作废', reversed_by_no: out.reversal.receipt_no, cancel_reason: '金额录错' });
    const twice = await s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance.headers, json: { id: receiptId, reason: '再次' } });
    expect(twice.body).toMatchObject({ code: 409, msg: expect.stringContaining('已作废') });
    const ofReversal = await s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance.headers, json: { id: out.reversal.id, reason: '再次' } });
    expect(ofReversal.body.msg).toContain('冲销收据');
  });

  it('refuses to cancel a deposit already spent, with nothing written', async () => {
    const id = await newStudent(bj);
    const dep = await ok(deposit(id, 5000));
    await s.db.transaction().execute((trx) => payFromAccount(trx, { studentId: id, amountFen: 3000, refType: 'order', refId: 'TEST-1', by: null }));
    const before = await receiptCount();
    const res = await s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance.headers, json: { id: dep.receipt?.id, reason: '退' } });
    expect(res.body).toMatchObject({ code: 409, msg: expect.stringContaining('已被使用') });
    expect(await receiptCount()).toBe(before);
    const row = await s.db.selectFrom('fin_stu_account_receipts').select('state').where('id', '=', dep.receipt?.id ?? 0).executeTakeFirstOrThrow();
    expect(row.state).toBe(1);
  });

  it('refuses to cancel a receipt of another area\'s record that no area handles', async () => {
    const id = await newStudent(bj);
    const receipt = await s.db.transaction().execute(async (trx) => {
      const { issueReceipt } = await import('../../../server/modules/finance');
      return issueReceipt(trx, { schoolId: bj, studentId: id, amountFen: 100, kind: 1, payMethod: 'cash', refType: 'unknown_order', refId: 'DD-1', by: null });
    });
    const res = await s.call('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance.headers, json: { id: receipt.id, reason: '退' } });
    expect(res.body).toMatchObject({ code: 409, msg: expect.stringContaining('请在该业务中办理') });
  });
});

describe('finance: concurrency and idempotency', () => {
  it('100 parallel refunds from one account: exactly as many as the balance allows, the final balance exact, receipts gapless', async () => {
    const id = await newStudent(bj);
    await ok(deposit(id, 5000));
    const results = await Promise.all(
      Array.from({ length: 100 }, () => s.call<AccountResult>('POST', api('fn_student_account/refund'), { headers: finance.headers, json: { student_id: id, amount: 70, pay_method: 'cash', reason: '并发退款' } })),
    );
    const done = results.filter((r) => r.body.code === 200);
    const refused = results.filter((r) => r.body.code !== 200);
    expect(done).toHaveLength(71);
    expect(refused.every((r) => r.body.msg.startsWith('余额不足'))).toBe(true);
    expect(await accountBalance(s.db, id)).toBe(5000 - 71 * 70);
    const numbers = done.map((r) => counterOf(r.body.data.receipt?.receipt_no ?? '')).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(71);
    expect(await checkFinanceLedgers(s.db)).toEqual({ accountBreaks: [], receiptProblems: [] });
  }, 60_000);

  it('100 parallel order payments (payFromAccount in their own transactions): the final balance exact', async () => {
    const id = await newStudent(bj);
    await ok(deposit(id, 10000));
    const settled = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => s.db.transaction().execute((trx) => payFromAccount(trx, { studentId: id, amountFen: 150, refType: 'order', refId: `PAR-${i}`, by: null }))),
    );
    const paid = settled.filter((r) => r.status === 'fulfilled').length;
    expect(paid).toBe(66);
    expect(await accountBalance(s.db, id)).toBe(10000 - 66 * 150);
    expect((await checkFinanceLedgers(s.db)).accountBreaks).toEqual([]);
  }, 60_000);

  it('numbers receipts gapless per campus and year under concurrency', async () => {
    const ids = await Promise.all([newStudent(gz), newStudent(gz)]);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => deposit(ids[i % 2], 100 + i)));
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    const year = results[0].body.data.receipt?.receipt_no.slice(2, 6) ?? '';
    const all = await s.db.selectFrom('fin_stu_account_receipts').select('receipt_no').where('school_id', '=', gz).where('receipt_no', 'like', `SJ${year}-${gz}-%`).execute();
    const counters = all.map((r) => counterOf(r.receipt_no)).sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: counters.length }, (_, i) => i + 1));
  }, 60_000);

  it('an Idempotency-Key replay answers the stored answer and never posts twice', async () => {
    const id = await newStudent(bj);
    const key = randomUUID();
    const first = await ok(deposit(id, 3300, finance, { 'Idempotency-Key': key }));
    const replay = await ok(deposit(id, 3300, finance, { 'Idempotency-Key': key }));
    expect(replay).toEqual(first);
    expect(await accountBalance(s.db, id)).toBe(3300);
    const receipts = await s.db.selectFrom('fin_stu_account_receipts').select('id').where('student_id', '=', id).execute();
    expect(receipts).toHaveLength(1);
    const parallelKey = randomUUID();
    const both = await Promise.all([deposit(id, 100, finance, { 'Idempotency-Key': parallelKey }), deposit(id, 100, finance, { 'Idempotency-Key': parallelKey })]);
    expect(both.filter((r) => r.body.code === 200).length).toBeGreaterThanOrEqual(1);
    expect(await accountBalance(s.db, id)).toBe(3400);
  });
});

describe('finance: historical receipts', () => {
  it('initial_generation numbers past receipts in their own year and may open the account', async () => {
    const id = await newStudent(bj);
    const out = await ok(
      s.call<{ count: number; receipts: string[] }>('POST', api('fin_stu_account_receipts/initial_generation'), {
        headers: finance.headers,
        json: { list: [{ student_id: id, kind: 1, amount: 120000, pay_method: 'cash', biz_date: '2024-09-01', to_account: true, remark: '旧系统余额' }] },
      }),
    );
    expect(out.receipts[0]).toMatch(/^SJ2024-\d+-\d{6}$/);
    expect(await accountBalance(s.db, id)).toBe(120000);
    const future = await s.call('POST', api('fin_stu_account_receipts/initial_generation'), { headers: finance.headers, json: { list: [{ student_id: id, kind: 1, amount: 1, pay_method: 'cash', biz_date: '2999-01-01' }] } });
    expect(future.body).toMatchObject({ code: 400, msg: '第 1 条：业务日期不能晚于今天' });
  });
});
