import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';
import { get, login, post, schoolId, shanghaiToday, type Envelope } from './classes-fixtures';
import type { WithholdResult } from '../../src/contract/finance-withholding';
import type { DepositPlanRow } from '../../src/contract/finance-deposits';
import { formatYuan } from '../../src/lib/format/money';
import { shoot, shootAsIs } from './screenshots';

// 代扣到期分期 (财务管理 › 定金与分期): the demo finance user withholds what 北京朝阳's installment
// plan with a withholding agreement owes today. The plan is made due today through the API first
// (the demo's next period is a month ahead): the principal, whose 分期订单 holds 修改分期计划, moves
// what it owes to one period due today. The result is shown in words and yuan; through the API the
// plan is paid exactly once (one 银行卡 receipt, settled) and the built-in provider recorded one
// withholding; a second run the same day withholds nothing more. Screenshots at 1440 and 390 px with E2E_SHOTS.

type Headers = Record<string, string>;
type Plan = { id: number; school_id: number; order_id: number; order_order_no: string | null; student_id: number; total_amount: number; paid_amount: number; state: number; withholding: number };
type Period = { period_no: number; due_date: string; amount: number; paid_amount: number; state: number };

const OPEN = [1, 2, 3];

/** An open plan of the campus with a withholding agreement, owing something by today (made so if none does). */
async function planDueToday(request: APIRequestContext, principal: Headers, campus: number): Promise<Plan> {
  const plans = await get<{ content: Plan[] }>(request, principal, 'api/v1/order_installment/page', { school_id: campus, withholding: 1, page: 1, rows: 50 });
  const open = plans.content.filter((p) => p.school_id === campus && OPEN.includes(Number(p.state)));
  expect(open.length, '北京朝阳 has an open installment plan with a withholding agreement (demo)').toBeGreaterThan(0);
  const today = shanghaiToday();
  for (const plan of open) {
    const periods = await get<{ content: Period[] }>(request, principal, 'api/v1/order_installment_period/page', { installment_id: plan.id, page: 1, rows: 50 });
    const owed = periods.content.filter((p) => p.state === 1 || p.state === 3);
    if (owed.some((p) => p.due_date <= today && Number(p.amount) > Number(p.paid_amount ?? 0))) return plan;
  }
  const plan = open[0];
  const owed = Number(plan.total_amount) - Number(plan.paid_amount);
  await post(request, principal, 'api/v1/order_installment/modify_plan', { id: plan.id, periods: [{ due_date: today, amount: owed }], note: 'E2E 代扣：余款今天到期' });
  return plan;
}

async function receiptsOf(request: APIRequestContext, finance: Headers, plan: Plan): Promise<{ receipt_no: string; amount: number }[]> {
  const page = await get<{ content: { receipt_no: string; amount: number; remark: string | null }[] }>(request, finance, 'api/v1/fin_stu_account_receipts/page', {
    student_id: plan.student_id,
    ref_id: String(plan.id),
    pay_method: 'card',
    page: 1,
    rows: 50,
  });
  return page.content.filter((r) => (r.remark ?? '').startsWith(`分期代扣 WH${plan.id}-`)).map((r) => ({ receipt_no: r.receipt_no, amount: Number(r.amount) }));
}

async function withholdRequests(request: APIRequestContext, finance: Headers, plan: Plan): Promise<{ target: string }[]> {
  const page = await get<{ content: { target: string; operation: string }[] }>(request, finance, 'api/v1/fin_provider_request/page', { operation: 'withhold', target: `WH${plan.id}-`, page: 1, rows: 50 });
  return page.content.filter((r) => r.operation === 'withhold' && r.target.startsWith(`WH${plan.id}-`));
}

/** The plan as 定金与分期 answers it (order numbers are per campus: found by the plan's id). */
async function depositRow(request: APIRequestContext, finance: Headers, plan: Plan, orderNo: string): Promise<DepositPlanRow> {
  const page = await get<{ content: DepositPlanRow[] }>(request, finance, 'api/v1/fin_of_deposit_detail/page', { keyword: orderNo, page: 1, rows: 20 });
  const row = page.content.find((r) => r.id === plan.id);
  expect(row, `定金与分期 lists ${orderNo}`).toBeTruthy();
  return row as DepositPlanRow;
}

/** The plan's row in 定金与分期's table (a plain table, not the shared DataTable; order numbers are per campus). */
function planRow(page: Page, orderNo: string, campusName: string) {
  return page
    .getByRole('table', { name: '分期订单' })
    .locator('tbody tr', { has: page.getByRole('cell', { name: orderNo, exact: true }) })
    .filter({ has: page.getByRole('cell', { name: campusName, exact: true }) });
}

/** 代扣到期分期 for one campus: the dialog's steps; answers what the server answered. */
async function withholdThroughScreen(page: Page, campusName: string): Promise<{ dialog: ReturnType<Page['getByRole']>; result: WithholdResult }> {
  await page.getByRole('button', { name: '代扣到期分期' }).click();
  const dialog = page.getByRole('dialog', { name: '代扣到期分期' });
  await dialog.getByRole('combobox', { name: '校区' }).click();
  await page.getByRole('option', { name: campusName, exact: true }).click();
  await dialog.getByRole('button', { name: '下一步' }).click();
  await expect(dialog).toContainText(`确定对「${campusName}」到期的分期发起代扣吗`);
  const answered = page.waitForResponse((r) => r.url().includes('api/v1/fin_of_deposit_detail/withhold_due'));
  await dialog.getByRole('button', { name: '确认代扣' }).click();
  const env = (await (await answered).json()) as Envelope<WithholdResult>;
  expect(env.msg).toBe('成功');
  return { dialog, result: env.data };
}

test('finance: 代扣到期分期 withholds the installment due today once; a second run withholds nothing more', async ({ page, request }) => {
  test.setTimeout(240_000);
  const principal = await login(request, 'principal', 'demo123');
  const finance = await login(request, 'finance', 'demo123');
  const campus = await schoolId(request, principal, 'BJ-CY');
  const schools = await get<{ schools: { id: number; name: string }[] }>(request, finance, 'api/v1/sys_user/get_user_school');
  const campusName = schools.schools.find((s) => s.id === campus)?.name ?? '';
  expect(campusName, 'the finance user reaches 北京朝阳').not.toBe('');

  const plan = await planDueToday(request, principal, campus);
  // the list answers the order's number beside its id (order_id + order_no)
  const orderNo = plan.order_order_no ?? '';
  expect(orderNo).not.toBe('');
  const before = await depositRow(request, finance, plan, orderNo);
  expect(before.owed).toBeGreaterThan(0);
  const receiptsBefore = await receiptsOf(request, finance, plan);
  const requestsBefore = await withholdRequests(request, finance, plan);

  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '财务管理', '定金与分期');
  await page.getByRole('textbox', { name: '学员或订单号' }).fill(orderNo);
  await expect(planRow(page, orderNo, campusName)).toContainText(before.state_text);
  await shoot(page, 'finance-withholding', [1440, 390]);

  // first run: this plan's due money is taken, in words and yuan
  const first = await withholdThroughScreen(page, campusName);
  const mine = first.result.items.find((i) => i.installment_id === plan.id);
  expect(mine).toMatchObject({ state: 1, amount: before.owed, receipt_no: expect.any(String) });
  const refused = first.result.items.filter((i) => i.state !== 1).reduce((n, i) => n + i.amount, 0);
  const words = `代扣成功 ${first.result.succeeded} 笔，共 ${formatYuan(first.result.amount)} 元；失败 ${first.result.failed} 笔${first.result.failed > 0 ? `，共 ${formatYuan(refused)} 元` : ''}`;
  await expect(first.dialog.getByTestId('withhold-result')).toContainText(words);
  await expect(first.dialog.getByRole('table', { name: '代扣明细' }).getByRole('row', { name: new RegExp(String(mine?.receipt_no)) })).toContainText(formatYuan(before.owed));
  await shootAsIs(page, 'finance-withholding-result-1440');
  await first.dialog.getByRole('button', { name: '关闭' }).click();
  await expect(first.dialog).toBeHidden();
  // the list was refreshed: the plan is settled
  await expect(planRow(page, orderNo, campusName)).toContainText('已结清');

  // through the API: paid once, one receipt, one request at the provider
  const after = await depositRow(request, finance, plan, orderNo);
  expect(after).toMatchObject({ owed: 0, state: 4, paid_amount: before.total_amount });
  const receipts = await receiptsOf(request, finance, plan);
  expect(receipts.length).toBe(receiptsBefore.length + 1);
  expect(receipts.find((r) => r.receipt_no === mine?.receipt_no)).toEqual({ receipt_no: mine?.receipt_no, amount: before.owed });
  const requests = await withholdRequests(request, finance, plan);
  expect(requests.length).toBe(requestsBefore.length + 1);
  expect(requests.filter((r) => r.target === mine?.out_trade_no)).toHaveLength(1);

  // second run the same day: nothing more is withheld of this plan
  const second = await withholdThroughScreen(page, campusName);
  expect(second.result.items.filter((i) => i.installment_id === plan.id)).toEqual([]);
  if (second.result.items.length === 0) await expect(second.dialog.getByTestId('withhold-result')).toContainText('没有需要代扣的到期分期');
  await second.dialog.getByRole('button', { name: '关闭' }).click();
  expect(await depositRow(request, finance, plan, orderNo)).toMatchObject({ owed: 0, state: 4, paid_amount: before.total_amount });
  expect(await receiptsOf(request, finance, plan)).toHaveLength(receipts.length);
  expect(await withholdRequests(request, finance, plan)).toHaveLength(requests.length);
});
