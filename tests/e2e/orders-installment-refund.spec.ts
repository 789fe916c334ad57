import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';
import { get, login, post, schoolId, type Envelope } from './classes-fixtures';
import { E2E_BASE_PORT } from '../../playwright.servers';
import type { SchoolClassType } from '../../src/contract/products';
import type { RefundCalculation } from '../../src/contract/orders-extras';
import { formatYuan } from '../../src/lib/format/money';

// As the principal: an installment plan made on an audited unpaid order in 分期订单 (新建分期计划),
// one repayment recorded, another order's plan terminated (the order ends); a refund of an order in
// progress filed in 退费, approved in 任务中心, paid out with 确认退款 and listed in 退费付款记录;
// the amounts shown are the server's, and `npm run ledger:check` stays balanced.

type Headers = Record<string, string>;
type Student = { id: number; name: string; school_id: number };

async function students(request: APIRequestContext, headers: Headers, campus: number): Promise<Student[]> {
  const res = (await (await request.post('api/v1/student/page', { headers, form: { school_id: campus, page: 1, rows: 200 } })).json()) as Envelope<{ content: Student[] }>;
  const local = res.data.content.filter((s) => s.school_id === campus);
  const count = new Map<string, number>();
  for (const s of local) count.set(s.name, (count.get(s.name) ?? 0) + 1);
  // students with plans or refunds of the demo are left out: their rows would be ambiguous
  const plans = (await (await request.get('api/v1/order_installment/page', { headers, params: { page: 1, rows: 500 } })).json()) as Envelope<{ content: { student_id: number }[] }>;
  const busy = new Set(plans.data.content.map((p) => p.student_id));
  return local.filter((s) => count.get(s.name) === 1 && !busy.has(s.id)).slice(-6);
}

/** A submitted and audited order of one language pack (not paid). */
async function auditedOrder(request: APIRequestContext, headers: Headers, campus: number, studentId: number): Promise<{ id: number; order_no: string; deal_amount: number }> {
  const types = await get<SchoolClassType[]>(request, headers, 'api/v1/prod_language_pack/school_class_types', { school_id: campus });
  const type = types.find((t) => t.language_packs.length > 0);
  expect(type, 'a language pack on sale at 北京朝阳').toBeTruthy();
  const pack = type?.language_packs[0];
  const order = await post<{ id: number; order_no: string; deal_amount: number }>(request, headers, 'api/v1/order_form/add', {
    student_id: studentId,
    submit: true,
    lines: [{ kind: 1, class_type_id: type?.class_type_id, language_pack_id: pack?.language_pack_id, discount: 0 }],
  });
  await post(request, headers, 'api/v1/order_form/check_order', { id: order.id, pass: 1 });
  return order;
}

async function pickOrder(page: Page, dialog: ReturnType<Page['getByRole']>, orderNo: string): Promise<void> {
  const box = dialog.getByRole('combobox', { name: '订单' });
  await box.click();
  await box.fill(orderNo);
  await page.getByRole('option', { name: new RegExp(`^${orderNo}`) }).click();
}

/** Filters the plans by their order (the 订单 search picks an order by its number). */
async function searchPlanOf(page: Page, orderNo: string): Promise<void> {
  const form = page.getByRole('search');
  const box = form.getByRole('combobox', { name: '订单' });
  await box.click();
  await box.fill(orderNo);
  await page.getByRole('option', { name: orderNo, exact: true }).click();
  await form.getByRole('button', { name: '搜索' }).click();
}

async function searchOrder(page: Page, label: string, value: string): Promise<void> {
  const form = page.getByRole('search');
  await form.getByRole('textbox', { name: label }).fill(value);
  await form.getByRole('button', { name: '搜索' }).click();
}

test('orders: installment plan, repayment and termination; refund filed, approved and paid, ledger balanced', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const headers = await login(request, 'principal', 'demo123');
  const campus = await schoolId(request, headers, 'BJ-CY');
  const [a, b, c] = await students(request, headers, campus);
  expect(c, '北京朝阳 has three students with distinct names and no plan').toBeTruthy();
  const first = await auditedOrder(request, headers, campus, a.id);
  const second = await auditedOrder(request, headers, campus, b.id);

  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '订单管理', '分期订单');

  // 新建分期计划: three monthly periods adding up to the unpaid amount
  await page.getByTestId('plan-add').click();
  const planDialog = page.getByRole('dialog', { name: '新建分期计划' });
  await pickOrder(page, planDialog, first.order_no);
  await expect(planDialog.getByTestId('plan-unpaid')).toContainText(`分期总额（未收金额）${formatYuan(first.deal_amount)} 元`);
  await planDialog.getByRole('button', { name: '按月平均分期' }).click();
  await expect(planDialog.getByTestId('plan-sum')).toHaveText(`各期合计 ${formatYuan(first.deal_amount)} 元，与分期总额一致`);
  await planDialog.getByRole('button', { name: '保存分期计划' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: /^分期计划已保存（分期订单 \d+）$/ }).first()).toBeVisible();
  const plans = await get<{ content: { id: number; order_id: number; total_amount: number }[] }>(request, headers, 'api/v1/order_installment/page', { order_id: first.id, page: 1, rows: 5 });
  expect(plans.content).toHaveLength(1);
  const plan = plans.content[0];
  expect(Number(plan.total_amount)).toBe(first.deal_amount);
  const periods = await get<{ content: { period_no: number; amount: number }[] }>(request, headers, 'api/v1/order_installment_period/page', { installment_id: plan.id, page: 1, rows: 10 });
  const firstPeriod = Number(periods.content.find((p) => p.period_no === 1)?.amount);

  // 还款: the first period, in cash; the receipt number comes back
  await searchPlanOf(page, first.order_no);
  await rowWith(page, a.name).getByRole('button', { name: '还款' }).click();
  const pay = page.getByRole('dialog', { name: `分期还款（分期订单 ${plan.id}）` });
  await expect(pay).toContainText(`未还金额 ${formatYuan(first.deal_amount)} 元`);
  await pay.getByRole('textbox', { name: '还款金额（元）' }).fill(String(firstPeriod / 100));
  await pay.getByRole('button', { name: '确认还款' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: /^还款成功，收据编号 \S+，结清第1期$/ }).first()).toBeVisible();
  await expect(rowWith(page, a.name)).toContainText(formatYuan(firstPeriod));

  // 合同: the plan's periods and history
  await rowWith(page, a.name).getByRole('button', { name: '合同' }).click();
  const contract = page.getByRole('dialog', { name: `分期合同（分期订单 ${plan.id}）` });
  await expect(contract.getByTestId('plan-facts')).toContainText(`已还金额：${formatYuan(firstPeriod)} 元`);
  await expect(contract.getByRole('cell', { name: '还款', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(contract).toHaveCount(0);

  // 终止 of another order's plan (made through the API): the order ends
  const total = second.deal_amount;
  const half = Math.floor(total / 2);
  const today = new Date(Date.now() + 8 * 3600_000);
  const due = (months: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 10)).toISOString().slice(0, 10);
  const other = await post<{ id: number }>(request, headers, 'api/v1/order_installment/save_plan', { order_id: second.id, total_amount: total, periods: [{ due_date: due(1), amount: half }, { due_date: due(2), amount: total - half }] });
  await searchPlanOf(page, second.order_no);
  await rowWith(page, b.name).getByRole('button', { name: '终止' }).click();
  const end = page.getByRole('dialog', { name: `终止分期（分期订单 ${other.id}）` });
  await expect(end).toContainText('订单尚未收款，没有需要退回的金额。');
  await end.getByRole('button', { name: '确认终止' }).click();
  await expect(end.getByText('请输入终止原因')).toBeVisible();
  await end.getByRole('textbox', { name: '终止原因' }).fill('家长决定不再续读');
  await end.getByRole('button', { name: '确认终止' }).click();
  await expectToast(page, '分期已终止，订单已终止');
  await expect(rowWith(page, b.name)).toContainText('已终止');
  const ended = await get<{ order: { state: number } }>(request, headers, 'api/v1/order_form/detail', { id: second.id });
  expect(ended.order.state).toBe(8);

  // 退费 of an order in progress: filed, approved, paid
  const refundOrder = await auditedOrder(request, headers, campus, c.id);
  await post(request, headers, 'api/v1/order_form/pay', { id: refundOrder.id, amount: refundOrder.deal_amount, method: 'cash' });
  const protocol = await get<{ protocol_version: string }>(request, headers, 'api/v1/order_form/protocol', { id: refundOrder.id });
  await post(request, headers, 'api/v1/order_form/confirm_contract', { id: refundOrder.id, protocol_version: protocol.protocol_version });
  const calc = await get<RefundCalculation>(request, headers, 'api/v1/order_refund/calculator', { order_id: refundOrder.id });
  expect(calc.amount).toBeGreaterThan(0);

  await openFromSidebar(page, '订单管理', '退费');
  await page.getByTestId('refund-add').click();
  const file = page.getByRole('dialog', { name: '提交退费' });
  await pickOrder(page, file, refundOrder.order_no);
  await expect(file.getByTestId('refund-amount')).toHaveText(`退费金额 ${formatYuan(calc.amount)} 元（未用实收 ${formatYuan(calc.paid_left)} 元）`);
  await file.getByRole('combobox', { name: '退费原因' }).click();
  await page.getByRole('option').first().click();
  await file.getByRole('button', { name: '提交退费' }).last().click();
  const filed = page.locator('.mantine-Notification-description', { hasText: /^退费单 \S+ 已提交审批，退费金额 / }).first();
  await expect(filed).toHaveText(new RegExp(`退费金额 ${formatYuan(calc.amount).replace(/[.,]/g, '\\$&')} 元$`));
  const refundNo = ((await filed.innerText()).match(/^退费单 (\S+) /) ?? [])[1];
  expect(refundNo).toBeTruthy();
  // refund numbers run per campus: the principal's two campuses may both have this one, so the row is also the order's
  const refundRowOf = () => rowWith(page, refundNo).filter({ has: page.getByRole('cell', { name: refundOrder.order_no, exact: true }) });

  // the approval (校长审批; a large amount also 财务复核) in 任务中心
  await openFromSidebar(page, '任务中心', '我的待办');
  const task = rowWith(page, `${c.name} 退费 ¥${formatYuan(calc.amount)}`);
  await task.getByRole('button', { name: '审批' }).click();
  const drawer = page.getByRole('dialog', { name: '审批详情' });
  await drawer.getByLabel('审批意见').fill('同意退费');
  await drawer.getByRole('button', { name: '同意' }).click();
  await expectToast(page, '已同意');
  // the refund list is form-encoded (POST_FORM)
  const refunds = async () => {
    const env = (await (await request.post('api/v1/order_refund/page', { headers, form: { order_id: refundOrder.id, page: 1, rows: 5 } })).json()) as Envelope<{ content: { id: number; refund_no: string; state: number; amount: number }[] }>;
    expect(env.code, env.msg).toBe(200);
    return env.data.content;
  };
  if ((await refunds())[0].state === 2) {
    // more than 5000 元: 财务复核 by the finance user, in their own 任务中心
    const finance = await browser.newPage();
    await openAs(finance, 'finance', 'demo123', LIGHT_LANDING);
    await openFromSidebar(finance, '任务中心', '我的待办');
    await rowWith(finance, `${c.name} 退费 ¥${formatYuan(calc.amount)}`).getByRole('button', { name: '审批' }).click();
    const review = finance.getByRole('dialog', { name: '审批详情' });
    await review.getByLabel('审批意见').fill('已核对，同意退款');
    await review.getByRole('button', { name: '同意' }).click();
    await expectToast(finance, '已同意');
    await finance.close();
  }
  expect((await refunds())[0].state).toBe(3);

  await openFromSidebar(page, '订单管理', '退费');
  await searchOrder(page, '退费单号', refundNo);
  const refundRow = refundRowOf();
  await expect(refundRow).toContainText('已通过');
  await expect(refundRow).toContainText(formatYuan(calc.amount));
  await refundRow.getByRole('button', { name: '确认退款' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: `确认退款：退费单 ${refundNo}，退费金额 ${formatYuan(calc.amount)} 元` });
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: new RegExp(`^已退款 ${formatYuan(calc.amount).replace(/[.,]/g, '\\$&')} 元，退款凭证 \\S+$`) }).first()).toBeVisible();
  await expect(refundRowOf()).toContainText('已退款');
  const paidOut = (await refunds())[0];
  expect(paidOut).toMatchObject({ state: 6, amount: calc.amount });
  const order = await get<{ order: { state: number } }>(request, headers, 'api/v1/order_form/detail', { id: refundOrder.id });
  expect(order.order.state).toBe(9);

  await openFromSidebar(page, '订单管理', '退费付款记录');
  await searchOrder(page, '退费单号', refundNo);
  await expect(refundRowOf()).toContainText(formatYuan(calc.amount));

  // the whole database's ledgers stay balanced
  // this worker's server and its database (scripts/e2e-server.mjs: .tmp/e2e-data-<port>)
  const dataDir = join(process.cwd(), '.tmp', `e2e-data-${E2E_BASE_PORT + test.info().parallelIndex}`);
  const out = execFileSync('npx', ['tsx', 'server/ledger-check-cli.ts'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
  expect(out).toContain('账本检查通过');
});
