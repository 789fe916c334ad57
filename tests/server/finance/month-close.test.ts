import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { checkFinanceLedgers } from '../../../server/modules/finance';
import { todayText } from '../../../server/lib/time';
import type { MonthCloseRow, ReceiptRow } from '../../../src/contract/finance-accounts';
import type { FinanceReport } from '../../../src/contract/finance-reports';
import { addStudent, ok } from './fixture';
import { api, schoolId } from './flows-helpers';
import '../../../server/modules/finance/schema';

let s: TestServer;
let admin: LoggedIn;
let finance: LoggedIn;
let bj: number;
let studentId: number;

// a month of long ago that no demo row uses
const MONTH = '2024-03';
/** A historical receipt (期初收据) of the test student; answers the receipt as stored. */
async function initial(biz_date: string, amount: number): Promise<ReceiptRow> {
  const made = await ok(s.call<{ receipts: string[] }>('POST', api('fin_stu_account_receipts/initial_generation'), { headers: finance.headers, json: { list: [{ student_id: studentId, kind: 1, amount, pay_method: 'cash', biz_date }] } }));
  const row = await s.db.selectFrom('fin_stu_account_receipts').selectAll().where('receipt_no', '=', made.receipts[0]).executeTakeFirstOrThrow();
  return { ...(row as unknown as ReceiptRow), amount: Number(row.amount) };
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  finance = await s.login('finance', DEMO_PASSWORD);
  bj = await schoolId(s, 'BJ-HD');
  studentId = await addStudent(s, admin, bj, '月结测试');
}, 300_000);

afterAll(async () => s?.close());

describe('finance: 月结 keeps a closed month\'s totals', () => {
  let closed: MonthCloseRow;
  let march: ReceiptRow;

  it('closes a finished month with the totals of its receipts; refuses bad input, the current month and a second close', async () => {
    march = await initial(`${MONTH}-10`, 120000);
    await initial(`${MONTH}-28`, 30000);
    // the demo closed an old month of this campus (seed/demo/finance-month-close.ts); refusals add none
    const closes = async () => (await s.db.selectFrom('fin_month_close').select('id').orderBy('id').execute()).map((r) => r.id);
    const before = await closes();
    const bad = await s.call('POST', api('fin_month_close/close'), { headers: finance.headers, json: { school_id: bj, month: '2024-13' } });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('月份格式应为 YYYY-MM') });
    const current = await s.call('POST', api('fin_month_close/close'), { headers: finance.headers, json: { school_id: bj, month: todayText().slice(0, 7) } });
    expect(current.body).toMatchObject({ code: 400, msg: expect.stringContaining('尚未结束') });
    const missing = await s.call('POST', api('fin_month_close/close'), { headers: finance.headers, json: { school_id: 999999, month: MONTH } });
    expect(missing.body).toMatchObject({ code: 404, msg: '校区不存在或无权访问' });
    expect(await closes()).toEqual(before);

    closed = await ok(s.call<MonthCloseRow>('POST', api('fin_month_close/close'), { headers: finance.headers, json: { school_id: bj, month: MONTH } }));
    expect(closed).toMatchObject({ month: MONTH, receipt_count: 2, income: 150000, refund: 0, net: 150000 });
    const again = await s.call('POST', api('fin_month_close/close'), { headers: finance.headers, json: { school_id: bj, month: MONTH } });
    expect(again.body).toMatchObject({ code: 409, msg: `${MONTH} 已月结，不能重复月结` });
  });

  it('a receipt dated into the closed month lands today and names the month it corrects; a cancellation too', async () => {
    const today = todayText();
    const late = await initial(`${MONTH}-20`, 5000);
    expect(late).toMatchObject({ biz_date: today, corrects_month: MONTH, remark: expect.stringContaining(`更正 ${MONTH} 月（原业务日期 ${MONTH}-20）`) });
    // the number's year is the day it was issued in
    expect(late.receipt_no.slice(2, 6)).toBe(today.slice(0, 4));
    const cancelled = await ok(s.call<{ original: ReceiptRow; reversal: ReceiptRow }>('POST', api('fin_stu_account_receipts/cancellation'), { headers: finance.headers, json: { id: march.id, reason: '重复开具' } }));
    expect(cancelled.reversal).toMatchObject({ biz_date: today, amount: -120000, corrects_month: MONTH });

    // the closed month reads as it was closed; the open month's report shows both corrections
    const then = await ok(s.call<FinanceReport>('GET', api('fin_report/monthly'), { headers: finance.headers, query: { month: MONTH, org_id: bj } }));
    expect(then).toMatchObject({ closed: true, totals: { income: 150000, net: 150000, count: 2 }, corrections: [] });
    const now = await ok(s.call<FinanceReport>('GET', api('fin_report/monthly'), { headers: finance.headers, query: { month: today.slice(0, 7), org_id: bj } }));
    expect(now.closed).toBe(false);
    expect(now.corrections).toEqual([{ corrects_month: MONTH, amount: 5000 - 120000, count: 2 }]);
    expect((await checkFinanceLedgers(s.db)).receiptProblems).toEqual([]);
  });

  it('the closed months are listed; ledger:check names a closed month whose receipts moved behind the close', async () => {
    const list = await ok(s.call<{ content: { month: string; net: number }[] }>('GET', api('fin_month_close/page'), { headers: finance.headers, query: { school_id: bj } }));
    expect(list.content.filter((r) => r.month === MONTH)).toEqual([expect.objectContaining({ month: MONTH, net: 150000 })]);
    expect(list.content.length).toBeGreaterThan(1); // and the demo's closed month
    // a row written around the receipts' rules (not through issueReceipt)
    const row = await s.db.selectFrom('fin_stu_account_receipts').selectAll().where('id', '=', march.id).executeTakeFirstOrThrow();
    await s.db.updateTable('fin_stu_account_receipts').set({ biz_date: `${MONTH}-05`, amount: Number(row.amount) + 1 }).where('id', '=', march.id).execute();
    const check = await checkFinanceLedgers(s.db);
    expect(check.receiptProblems).toEqual(expect.arrayContaining([expect.stringContaining(`${MONTH} 已月结，但合计已变动`)]));
    await s.db.updateTable('fin_stu_account_receipts').set({ biz_date: row.biz_date, amount: row.amount }).where('id', '=', march.id).execute();
  });
});
