import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar, rowWith } from './system-helpers';
import { get, login, schoolId, type Envelope } from './classes-fixtures';
import type { RefundCalculation } from '../../src/contract/orders-extras';
import { formatYuan } from '../../src/lib/format/money';

// As the principal: 已完成续费订单 (spec completed jx) lists the campus's completed renewals; the
// 退费 dialog of one (spec completed / refund) shows the server's refund calculation line by line
// for each payout channel. A completed order has used all its hours and their money, so its
// refund comes to 0: 提交退费 needs a reason, then is refused with the server's message and files
// no 退费单.
test('orders: the refund dialog of a completed renewal order explains the calculation and refuses a 0 refund', async ({ page, request }) => {
  const headers = await login(request, 'principal', 'demo123');
  const campus = await schoolId(request, headers, 'BJ-CY');
  const listed = (await (await request.post('api/v1/order_form/page', { headers, form: { school_id: campus, state: '6', if_first_sign: 2, page: 1, rows: 20 } })).json()) as Envelope<{
    content: { id: number; order_no: string; state: number; if_first_sign: number; school_id: number }[];
  }>;
  expect(listed.code, listed.msg).toBe(200);
  const order = listed.data.content.find((o) => o.school_id === campus);
  expect(order, 'a completed renewal order at 北京朝阳 (demo)').toBeTruthy();
  const { id, order_no } = order as { id: number; order_no: string };
  expect(listed.data.content.every((o) => Number(o.state) === 6 && Number(o.if_first_sign) === 2)).toBe(true);
  const toAccount = await get<RefundCalculation>(request, headers, 'api/v1/order_refund/calculator', { order_id: id, relief: 0, payout_kind: 1 });
  expect(toAccount.amount).toBe(0);
  expect(toAccount.paid_left).toBe(0);
  const cash = await get<RefundCalculation>(request, headers, 'api/v1/order_refund/calculator', { order_id: id, relief: 0, payout_kind: 3 });

  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '订单管理', '已完成续费订单');
  const form = page.getByRole('search');
  await form.getByRole('textbox', { name: '订单编号' }).fill(order_no);
  await form.getByRole('button', { name: '搜索' }).click();
  // order numbers run per campus: the row of this order is the one of 北京朝阳
  const row = rowWith(page, order_no).filter({ hasText: '北京朝阳' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '退费' }).click();

  const dialog = page.getByRole('dialog', { name: `退费 ${order_no}` });
  const calc = dialog.getByTestId('refund-calculation');
  // every line of the server's explanation, the amount as its title
  await expect(calc).toContainText(`退费金额 ${formatYuan(toAccount.amount)} 元`);
  for (const line of toAccount.explain) await expect(calc).toContainText(line);
  expect(toAccount.explain.some((l) => l.startsWith('合同行'))).toBe(true);
  // another payout channel is computed again by the server (现金: the campus's cash rate, if any)
  await dialog.getByRole('combobox', { name: '退款方式' }).click();
  await page.getByRole('option', { name: '现金', exact: true }).click();
  for (const line of cash.explain) await expect(calc).toContainText(line);
  // a relief cannot raise a refund above the unused paid money (none)
  await dialog.getByRole('textbox', { name: '减免（元）' }).fill('50');
  await expect(calc).toContainText('减免 50.00 元');
  await expect(calc).toContainText('超过未用实收 0.00 元，按未用实收退');
  await expect(calc).toContainText('退费金额 0.00 元');

  // a reason is required; then the server refuses a refund of 0 and nothing is filed
  await dialog.getByRole('button', { name: '提交退费' }).click();
  await expect(dialog.getByText('请选择退费原因')).toBeVisible();
  await dialog.getByRole('combobox', { name: '退费原因' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: '提交退费' }).click();
  await expect(dialog.getByText('退费金额为0：该订单没有可退的未用实收金额')).toBeVisible();
  await expect(dialog).toBeVisible();
  const refunds = (await (await request.post('api/v1/order_refund/page', { headers, form: { order_id: id, page: 1, rows: 10 } })).json()) as Envelope<{ content: { order_id: number }[] }>;
  expect(refunds.code, refunds.msg).toBe(200);
  expect(refunds.data.content.filter((r) => Number(r.order_id) === id)).toEqual([]);
  const after = await get<{ order: { state: number } }>(request, headers, 'api/v1/order_form/detail', { id });
  expect(after.order.state).toBe(6);
});
