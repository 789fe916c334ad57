import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, ADMIN } from '../helpers';
import type { ReconciliationAnswer } from '../../../src/contract/finance-flows';
import { api, csvBody, schoolId } from './flows-helpers';

/**
 * Reconciliation against the real receipts of the student accounts (fin_stu_account_receipts,
 * no test source): a POS deposit's receipt matches the 银盛 flow of the same amount; a cash
 * deposit is no channel payment and stays out. Dated by the receipt itself (midnight-proof).
 */

let s: TestServer;
let admin: Record<string, string>;
let chaoyang: number;

beforeAll(async () => {
  s = await createTestServer();
  admin = (await s.login(ADMIN.login, ADMIN.password)).headers;
  chaoyang = await schoolId(s, 'BJ-CY');
}, 120_000);

afterAll(async () => {
  await s?.close();
});

describe('reconciliation with the student accounts’ receipts', () => {
  it('matches a POS receipt to the 银盛 flow of its amount and leaves cash receipts out', async () => {
    const student = await s.db.selectFrom('student').select('id').where('school_id', '=', chaoyang).where('del_flag', '=', 0).executeTakeFirstOrThrow();
    const pos = await s.call('POST', api('fn_student_account/deposit_payment'), { headers: admin, json: { student_id: student.id, amount: 123456, pay_method: 'pos', payer: '家长' } });
    expect(pos.body.code).toBe(200);
    const cash = await s.call('POST', api('fn_student_account/deposit_payment'), { headers: admin, json: { student_id: student.id, amount: 7700, pay_method: 'cash', payer: '家长' } });
    expect(cash.body.code).toBe(200);
    const receipt = await s.db.selectFrom('fin_stu_account_receipts').select(['receipt_no', 'biz_date', 'created_at']).where('amount', '=', 123456).where('school_id', '=', chaoyang).executeTakeFirstOrThrow();
    const day = receipt.biz_date;
    const at = receipt.created_at?.slice(0, 10) === day ? String(receipt.created_at) : `${day} 12:00:00`;
    const imported = await s.call('POST', api('fin_flow/import_statement'), { headers: admin, json: csvBody('ysepay', chaoyang, ['银盛流水号,交易时间,交易金额(元)', `RR-YS-1,${at},1234.56`]) });
    expect(imported.body.code).toBe(200);
    const res = await s.call<ReconciliationAnswer>('POST', api('fin_reconciliation_records/reconciliation'), { headers: admin, json: { school_id: chaoyang, recon_date: day } });
    expect(res.body.code).toBe(200);
    const ys = res.body.data.channels.find((c) => c.kind === 'ysepay');
    expect(ys).toMatchObject({ matched_count: 1, matched_amount: 123456 });
    const rec = await s.db.selectFrom('fin_reconciliation_records').select(['result', 'receipt_no']).where('trade_no', '=', 'RR-YS-1').executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ result: 1, receipt_no: receipt.receipt_no });
    const cashRecord = await s.db.selectFrom('fin_reconciliation_records').select('id').where('receipt_amount', '=', 7700).executeTakeFirst();
    expect(cashRecord).toBeUndefined();
  });
});
