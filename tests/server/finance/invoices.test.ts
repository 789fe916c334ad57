import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import type { AccountResult } from '../../../src/contract/finance-accounts';
import { addStudent, ok } from './fixture';
import { api, schoolId, type Row } from './flows-helpers';
import '../../../server/modules/finance/schema';

let s: TestServer;
let admin: LoggedIn;
let finance: LoggedIn;
let chaoyang: number;

let seq = 0;
async function newStudent(): Promise<number> {
  seq++;
  return addStudent(s, admin, chaoyang, `开票测试${seq}`, 2);
}
const deposit = (student_id: number, amount: number) => ok(s.call<AccountResult>('POST', api('fn_student_account/deposit_payment'), { headers: finance.headers, json: { student_id, amount, pay_method: 'cash' } }));

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  finance = await s.login('finance', DEMO_PASSWORD);
  chaoyang = await schoolId(s, 'BJ-CY');
}, 300_000);

afterAll(async () => s?.close());

describe('finance: invoices never above what was paid (from the receipts)', () => {
  it('a receipt\'s invoice: limited by the receipt less what is invoiced on it; a typed paid amount counts for nothing; requested → issued → voided', async () => {
    const studentId = await newStudent();
    const paid = await deposit(studentId, 50000);
    const receiptNo = String(paid.receipt?.receipt_no);
    const base = { school_id: chaoyang, student_id: studentId, source_type: 1, source_no: receiptNo, paid_amount: 99999999, title: '测试公司', tax_no: '91110105MA01ABCD2X' };
    const over = await s.call('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, amount: 50001 } });
    expect(over.body).toMatchObject({ code: 400, msg: `开票金额超过可开票额度：收据 ${receiptNo} 实收 500.00 元，已开票 0.00 元，最多还可开 500.00 元` });
    const first = await ok(s.call<Row>('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, amount: 30000 } }));
    expect(first).toMatchObject({ state: 1, paid_amount: 50000 });
    const second = await s.call('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, amount: 20001 } });
    expect(second.body).toMatchObject({ code: 400, msg: `开票金额超过可开票额度：收据 ${receiptNo} 实收 500.00 元，已开票 300.00 元，最多还可开 200.00 元` });
    const unknown = await s.call('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, source_no: 'SJ1999-1-000001', amount: 100 } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '单据号：收据 SJ1999-1-000001 不存在、已作废或不属于该校区' });
    const badTax = await s.call('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, amount: 100, tax_no: 'abc' } });
    expect(badTax.body.code).toBe(400);
    const now = '2025-03-10 10:00:00';
    const noFile = await s.call('POST', api('fin_invoice/issue'), { headers: finance.headers, json: { id: first.id, invoice_no: '04412026', invoice_file: '999999' } });
    expect(noFile.body).toMatchObject({ code: 404, msg: '发票文件不存在或无权访问' });
    const file = await s.db.insertInto('sys_attachment').values({ name: '发票.pdf', ext: 'pdf', mime: 'application/pdf', size: 10, duration: null, stored_name: 'x.pdf', school_ids: `|${chaoyang}|`, all_schools: 0, del_flag: 0, created_at: now, updated_at: now, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
    expect((await s.call('POST', api('fin_invoice/issue'), { headers: finance.headers, json: { id: first.id, invoice_no: '04412026', invoice_file: String(file.id) } })).body).toMatchObject({ code: 200, data: { state: 2 } });
    expect((await s.call('POST', api('fin_invoice/update'), { headers: finance.headers, json: { id: first.id, amount: 100 } })).body).toMatchObject({ code: 409, msg: '发票已开具或作废，不能修改' });
    expect((await s.call('POST', api('fin_invoice/delete'), { headers: finance.headers, json: [{ id: first.id }] })).body.code).toBe(409);
    expect((await s.call('POST', api('fin_invoice/void'), { headers: finance.headers, json: { id: first.id, reason: '抬头错误' } })).body).toMatchObject({ code: 200, data: { state: 3 } });
    // a voided invoice frees its amount
    expect((await s.call('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, amount: 50000 } })).body.code).toBe(200);
  });

  it('an order\'s invoice: limited by what the student paid less refunds less what is invoiced; nothing written when refused', async () => {
    const studentId = await newStudent();
    await deposit(studentId, 80000);
    await deposit(studentId, 20000);
    // 300.00 paid back: the student paid 700.00 net
    await ok(s.call('POST', api('fn_student_account/refund'), { headers: finance.headers, json: { student_id: studentId, amount: 30000, pay_method: 'cash', reason: '家长要求退回' } }));
    const base = { school_id: chaoyang, student_id: studentId, source_type: 2, source_no: 'DD2026-000123', paid_amount: 99999999, title: '王家长' };
    const first = await ok(s.call<Row>('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, amount: 40000 } }));
    expect(first.paid_amount).toBe(70000);
    const count = async () => (await s.db.selectFrom('fin_invoice').select('id').where('student_id', '=', studentId).execute()).length;
    const over = await s.call('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, source_no: 'DD2026-000124', amount: 30001 } });
    expect(over.body).toMatchObject({ code: 400, msg: '开票金额超过可开票额度：该学员实收 700.00 元（收费减退费），已开票 400.00 元，最多还可开 300.00 元' });
    expect(await count()).toBe(1);
    // editing the first invoice counts it once, not twice
    expect((await s.call('POST', api('fin_invoice/update'), { headers: finance.headers, json: { id: first.id, amount: 70000 } })).body.code).toBe(200);
    const noStudent = await s.call('POST', api('fin_invoice/add'), { headers: finance.headers, json: { ...base, student_id: null, amount: 100 } });
    expect(noStudent.body).toMatchObject({ code: 400, msg: '学员：按订单开票请选择学员' });
    expect(await count()).toBe(1);
  });
});
