import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, ADMIN, DEMO_PASSWORD, type LoggedIn, type TestServer } from '../helpers';
import { checkFinanceLedgers } from '../../../server/modules/finance';
import type { FinanceDashboard, FinanceReport, ReceiptTotals, ReportOrg } from '../../../src/contract/finance-reports';
import '../../../server/modules/finance/schema';

let s: TestServer;
let admin: LoggedIn;
let finance: LoggedIn;
let principal: LoggedIn;
let frontDesk: LoggedIn;
let bj: number;
let gz: number;
let bjCity: number;
let bjStudent: number;
let gzStudent: number;

type Body<T> = { code: number; msg: string; data: T };
const api = (p: string) => `/api/v1/${p}`;
// a fixed past month: the figures below never depend on today's date (midnight, month ends)
const MONTH = '2025-03';

async function ok<T>(p: Promise<{ body: Body<T> }>): Promise<T> {
  const res = await p;
  expect(res.body.msg).toBe('成功');
  return res.body.data;
}

const report = (who: LoggedIn, query: Record<string, string | number>) => s.call<FinanceReport>('GET', api('fin_report/monthly'), { headers: who.headers, query });

/** The receipt ledger's postings of the days from..to, summed straight from the table. */
async function receiptSum(from: string, to: string, schools?: number[]): Promise<{ amount: number; n: number }> {
  let q = s.db.selectFrom('fin_stu_account_receipts').select([sql<string>`coalesce(sum(amount), 0)`.as('amount'), sql<string>`count(*)`.as('n')]).where('biz_date', '>=', from).where('biz_date', '<=', to);
  if (schools) q = q.where('school_id', 'in', schools);
  const r = await q.executeTakeFirstOrThrow();
  return { amount: Number(r.amount), n: Number(r.n) };
}

/** The account ledger's postings of Shanghai days from..to, at these campuses, summed straight from the table. */
async function flowSum(from: string, toExclusive: string, schools?: number[]): Promise<{ amount: number; n: number }> {
  let q = s.db
    .selectFrom('fin_stu_account_flow as f')
    .select([sql<string>`coalesce(sum(f.amount), 0)`.as('amount'), sql<string>`count(*)`.as('n')])
    .where('f.created_at', '>=', `${from} 00:00:00`)
    .where('f.created_at', '<', `${toExclusive} 00:00:00`);
  if (schools) q = q.where('f.school_id', 'in', schools);
  const r = await q.executeTakeFirstOrThrow();
  return { amount: Number(r.amount), n: Number(r.n) };
}

/** Appends account rows at given Shanghai times (the ledger's own posting stamps now), at the student's campus as the ledger does: the chain stays whole. */
async function postFlowAt(studentId: number, amount: number, at: string): Promise<void> {
  const key = `student:${studentId}`;
  const last = await s.db.selectFrom('fin_stu_account_flow').select(['seq', 'balance_after']).where('account_key', '=', key).orderBy('seq', 'desc').executeTakeFirst();
  const { school_id } = await s.db.selectFrom('student').select('school_id').where('id', '=', studentId).executeTakeFirstOrThrow();
  await s.db
    .insertInto('fin_stu_account_flow')
    .values({ account_key: key, seq: (last?.seq ?? 0) + 1, amount, balance_after: Number(last?.balance_after ?? 0) + amount, biz_type: 'opening', ref_type: 'test', ref_id: at, reverses_id: null, reason: '报表测试', created_by: null, created_at: at, school_id })
    .execute();
}

function sumOf(rows: readonly ReceiptTotals[]): ReceiptTotals {
  const t = { income: 0, refund: 0, carry: 0, net: 0, from_account: 0, count: 0 };
  for (const r of rows) for (const k of Object.keys(t) as (keyof ReceiptTotals)[]) t[k] += r[k];
  return t;
}

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.login(ADMIN.login, ADMIN.password);
  finance = await s.login('finance', DEMO_PASSWORD);
  principal = await s.login('principal', DEMO_PASSWORD);
  frontDesk = await s.login('front_desk', DEMO_PASSWORD);
  const org = async (code: string) => Number((await s.db.selectFrom('organisations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
  bj = await org('BJ-CY');
  gz = await org('GZ-TH');
  bjCity = await org('BJ');
  const student = async (school: number, name: string) => (await ok(s.call<{ id: number }>('POST', api('student/add'), { headers: admin.headers, json: { school_id: school, name, gender: 1 } }))).id;
  bjStudent = await student(bj, '报表测试北京');
  gzStudent = await student(gz, '报表测试广州');
  // receipts on both sides of the month's ends (business dates), in two cities
  await ok(
    s.call('POST', api('fin_stu_account_receipts/initial_generation'), {
      headers: finance.headers,
      json: {
        list: [
          { student_id: bjStudent, kind: 1, amount: 10001, pay_method: 'cash', biz_date: '2025-03-31' },
          { student_id: bjStudent, kind: 1, amount: 20002, pay_method: 'cash', biz_date: '2025-04-01' },
          { student_id: bjStudent, kind: 1, amount: 40004, pay_method: 'wechat', biz_date: '2025-02-28' },
          { student_id: bjStudent, kind: 2, amount: 3003, pay_method: 'wechat', biz_date: '2025-03-01' },
          { student_id: gzStudent, kind: 1, amount: 50005, pay_method: 'alipay', biz_date: '2025-03-10' },
        ],
      },
    }),
  );
  // account rows at the Shanghai midnights of the month's ends
  await postFlowAt(bjStudent, 700, '2025-02-28 23:59:59');
  await postFlowAt(bjStudent, 1100, '2025-03-01 00:00:00');
  await postFlowAt(bjStudent, 1300, '2025-03-31 23:59:59');
  await postFlowAt(bjStudent, 1700, '2025-04-01 00:00:00');
  await postFlowAt(gzStudent, 1900, '2025-03-15 12:00:00');
}, 120_000);

afterAll(async () => s?.close());

describe('finance: monthly report reconciles with the ledgers', () => {
  it('totals equal the sum of the receipt and account postings of the Shanghai month, for all campuses', async () => {
    const r = await ok(report(finance, { month: MONTH }));
    expect(r).toMatchObject({ month: MONTH, from: '2025-03-01', to: '2025-03-31' });
    const receipts = await receiptSum('2025-03-01', '2025-03-31');
    expect(r.totals.net).toBe(receipts.amount);
    expect(r.totals.count).toBe(receipts.n);
    const flows = await flowSum('2025-03-01', '2025-04-01');
    expect(r.account.net).toBe(flows.amount);
    expect(r.account.count).toBe(flows.n);
    // exactly our month's postings: the neighbours' midnights stay out
    expect(r.totals).toMatchObject({ income: 10001 + 50005, refund: -3003, net: 10001 + 50005 - 3003, count: 3 });
    expect(r.account.net).toBe(1100 + 1300 + 1900);
    // every breakdown adds up to the totals
    expect(r.by_day).toHaveLength(31);
    expect(sumOf(r.by_day)).toEqual(r.totals);
    expect(sumOf(r.by_school)).toEqual(r.totals);
    expect(r.by_method.reduce((a, m) => a + m.amount, 0)).toBe(r.totals.net);
    expect(r.by_kind.reduce((a, m) => a + m.amount, 0)).toBe(r.totals.net);
    expect(r.by_day.find((d) => d.day === '2025-03-31')?.income).toBe(10001);
    expect(r.by_day.find((d) => d.day === '2025-03-01')?.refund).toBe(-3003);
    expect(r.by_method.find((m) => m.key === 'alipay')).toMatchObject({ text: '支付宝', amount: 50005, count: 1 });
    expect(r.by_school.find((x) => x.school_id === gz)?.school_name).toContain('天河');
  });

  it('a principal sees only their campuses; a city or campus narrows; another campus answers as missing', async () => {
    const mine = (await s.db.selectFrom('user_schools').innerJoin('users', 'users.id', 'user_schools.user_id').select('user_schools.school_id').where('users.login_id', '=', 'principal').execute()).map((x) => Number(x.school_id));
    expect(mine).toContain(bj);
    expect(mine).not.toContain(gz);
    const r = await ok(report(principal, { month: MONTH }));
    expect(r.totals.net).toBe((await receiptSum('2025-03-01', '2025-03-31', mine)).amount);
    expect(r.account.net).toBe((await flowSum('2025-03-01', '2025-04-01', mine)).amount);
    expect(r.by_school.every((x) => mine.includes(x.school_id))).toBe(true);
    expect(r.account.net).toBe(1100 + 1300);

    const city = await ok(report(principal, { month: MONTH, org_id: bjCity }));
    expect(city.totals).toEqual(r.totals);
    const one = await ok(report(finance, { month: MONTH, org_id: gz }));
    expect(one.totals).toMatchObject({ income: 50005, net: 50005, count: 1 });
    expect(one.account.net).toBe(1900);

    const other = await report(principal, { month: MONTH, org_id: gz });
    expect(other.body.code).toBe(404);
    expect(other.body.msg).toBe('校区或分公司不存在或无权访问');
    const orgs = await ok(s.call<ReportOrg[]>('GET', api('fin_report/orgs'), { headers: principal.headers }));
    expect(orgs.map((o) => o.id)).toContain(bjCity);
    expect(orgs.map((o) => o.id)).not.toContain(gz);
  });

  it('needs the report screen: the front desk is refused; a bad month is a Chinese message', async () => {
    const refused = await report(frontDesk, { month: MONTH });
    expect(refused.body.code).toBe(403);
    const bad = await report(finance, { month: '2025-13' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('月份');
    const missing = await s.call('GET', api('fin_report/monthly'), { headers: finance.headers });
    expect(missing.body.code).toBe(400);
    expect(missing.body.msg).toContain('月份');
  });

  it("the dashboard's today and month equal the ledgers' postings of the Shanghai day it names", async () => {
    const d = await ok(s.call<FinanceDashboard>('GET', api('fin_report/dashboard'), { headers: finance.headers }));
    expect(d.month).toBe(d.today.slice(0, 7));
    const today = await receiptSum(d.today, d.today);
    expect(d.today_totals.net).toBe(today.amount);
    expect(d.today_totals.count).toBe(today.n);
    const month = await receiptSum(`${d.month}-01`, d.today);
    expect(d.month_totals.net).toBe(month.amount);
    expect(sumOf(d.by_day)).toEqual(d.month_totals);
    expect(d.by_day[d.by_day.length - 1].day).toBe(d.today);
    const next = new Date(Date.parse(`${d.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(d.account_today.net).toBe((await flowSum(d.today, next)).amount);
    expect((await checkFinanceLedgers(s.db)).accountBreaks).toEqual([]);
  });
});
