import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';
import { shoot } from './screenshots';

// 薪酬提成 on the demo data: finance sees every campus's pay, confirms last month's 课程顾问提成 of
// 北京朝阳 and corrects a line (a reversing and a correcting row); the principal sees their own
// campuses and no 确认. The figures are the server's (tests/server/employee_pay checks them).
// With E2E_SHOTS, screenshots at 1440, 1024 and 390 px land in the test's output folder.

async function pickCampus(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: '校区' }).click();
  await page.getByRole('option', { name }).click();
}

test('finance: computes, confirms and corrects last month’s consultant commission', async ({ page }) => {
  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '薪酬提成', '课程顾问提成');
  const table = page.locator('table').filter({ has: page.getByRole('columnheader', { name: '应发金额' }) });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(/应发合计 ¥/)).toBeVisible();
  await shoot(page, 'pay-bc');

  await page.getByRole('button', { name: '上月' }).click();
  await pickCampus(page, '北京朝阳校区');
  const confirm = page.getByRole('button', { name: '确认', exact: true });
  if (await confirm.isEnabled()) {
    await confirm.click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText(/^已确认 \d+ 人/)).toBeVisible();
  }
  await expect(page.getByText(/^已确认 \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expect(confirm).toBeDisabled();
  const first = table.locator('tbody tr').first();
  await expect(first).toContainText('已确认');

  await first.getByRole('button', { name: '更正' }).click();
  const dialog = page.getByRole('dialog', { name: /^更正/ });
  await dialog.getByRole('textbox', { name: '更正后金额（元）' }).fill('1234.56');
  await dialog.getByRole('textbox', { name: '更正原因' }).fill('补计漏登收款');
  await dialog.getByRole('button', { name: '更正' }).click();
  await expect(first.getByRole('cell', { name: '¥1,234.56' })).toBeVisible();

  await first.getByRole('button', { name: '明细' }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('table', { name: '薪酬构成' })).toBeVisible();
  await expect(detail.getByRole('table', { name: '确认与更正记录' })).toContainText('补计漏登收款');
  await shoot(page, 'pay-bc-detail');
  await detail.getByRole('button').first().click();

  await page.getByRole('button', { name: '计算规则' }).click();
  await expect(page.getByRole('dialog', { name: '计算规则' }).getByText(/当前适用/)).toBeVisible();
  await shoot(page, 'pay-bc-rules');
});

test('principal: sees the pay of their campuses only, without 确认', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '薪酬提成', '校长兼顾问薪酬');
  const table = page.locator('table').filter({ has: page.getByRole('columnheader', { name: '应发金额' }) });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '确认', exact: true })).toHaveCount(0);
  await page.getByRole('combobox', { name: '校区' }).click();
  await expect(page.getByRole('option', { name: '北京朝阳校区' })).toBeVisible();
  await expect(page.getByRole('option', { name: '广州天河校区' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await openFromSidebar(page, '薪酬提成', '老师课时费');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await shoot(page, 'pay-lt-fee-principal');
});
