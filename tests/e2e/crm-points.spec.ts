import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';

// 积分管理 on the demo data: the principal grants 15 points to a customer and deducts 5 (each with a
// reason), sees the balance move in the list, corrects the deduct by 冲正 in the customer's 积分明细,
// and finds the three rows with who posted them in 积分记录.

interface Customer {
  id: number;
  name: string;
  integral: number;
}

test('principal: 增加积分, 扣减积分 and 冲正 move the balance and appear in 积分记录', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  const listed = page.waitForResponse((r) => r.url().includes('/api/v1/crm_customer/page'));
  await openFromSidebar(page, '客户关系', '积分管理');
  const first = ((await (await listed).json()) as { data: { content: Customer[] } }).data.content[0];
  // by name: the newest student comes first, and earlier tests on this worker's server add students
  const row = page.locator('tbody tr').filter({ hasText: first.name });
  await expect(row).toHaveCount(1);
  const balanceCell = row.locator('td').filter({ hasText: new RegExp(`^${first.integral}$`) }).first();
  await expect(balanceCell).toBeVisible();

  await row.getByRole('button', { name: '增加积分', exact: true }).click();
  const grant = page.getByRole('dialog', { name: `增加积分：${first.name}（当前积分 ${first.integral}）` });
  await grant.getByRole('textbox', { name: '积分', exact: true }).fill('15');
  await grant.getByRole('textbox', { name: '原因', exact: true }).fill('E2E 课堂表现优秀');
  await grant.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已增加 15 积分，当前积分 ${first.integral + 15}`)).toBeVisible();
  await expect(row.locator('td').filter({ hasText: new RegExp(`^${first.integral + 15}$`) }).first()).toBeVisible();

  await row.getByRole('button', { name: '扣减积分', exact: true }).click();
  const deduct = page.getByRole('dialog', { name: `扣减积分：${first.name}（当前积分 ${first.integral + 15}）` });
  await deduct.getByRole('textbox', { name: '积分', exact: true }).fill('5');
  await deduct.getByRole('textbox', { name: '原因', exact: true }).fill('E2E 兑换文具');
  // the list's reload after the deduct is held back: 积分明细 opened meanwhile from the older row
  // must still show the balance the server has now
  let releaseList = (): void => undefined;
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route('**/api/v1/crm_customer/page**', async (route) => {
    await listHeld;
    await route.fallback();
  });
  await deduct.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已扣减 5 积分，当前积分 ${first.integral + 10}`)).toBeVisible();

  await row.getByRole('button', { name: '积分明细', exact: true }).click();
  const ledger = page.getByRole('dialog', { name: `积分明细：${first.name}` });
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(String(first.integral + 10));
  releaseList();
  const deductRow = ledger.locator('tbody tr').filter({ hasText: 'E2E 兑换文具' });
  await expect(deductRow).toContainText('李秀英');
  await deductRow.getByRole('button', { name: '冲正', exact: true }).click();
  const reverse = page.getByRole('dialog', { name: '冲正积分流水：-5（E2E 兑换文具）' });
  await reverse.getByRole('textbox', { name: '冲正原因', exact: true }).fill('扣错了');
  const reversed = page.waitForResponse((r) => r.url().includes('/api/v1/crm_points/reverse'));
  await reverse.getByRole('button', { name: '冲正' }).click();
  expect(((await (await reversed).json()) as { code: number; data: { balance: number } }).data.balance).toBe(first.integral + 15);
  await expect(ledger.getByTestId('ledger-balance')).toHaveText(String(first.integral + 15));
  await expect(deductRow).toContainText('已冲正');
  await expect(deductRow.getByRole('button', { name: '冲正', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(ledger).toBeHidden();
  await expect(row.locator('td').filter({ hasText: new RegExp(`^${first.integral + 15}$`) }).first()).toBeVisible();

  // 积分记录: the whole ledger, newest first: the reversal, the deduct and the grant with who posted them
  await openFromSidebar(page, '客户关系', '积分记录');
  const records = page.locator('tbody tr');
  await expect(records.nth(0)).toContainText(`冲正流水`);
  await expect(records.nth(0)).toContainText('扣错了');
  await expect(records.nth(1)).toContainText('E2E 兑换文具');
  await expect(records.nth(2)).toContainText('E2E 课堂表现优秀');
  for (const i of [0, 1, 2]) {
    await expect(records.nth(i)).toContainText(first.name);
    await expect(records.nth(i)).toContainText('李秀英');
  }
});
