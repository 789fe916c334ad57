import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, pickOption } from './system-helpers';

// Finance reconciles a campus-day: imports a 易宝 statement on the flow screen (a second import of
// the same file is refused naming the row), then reconciles that day on 对账, sees the 易宝 flows
// as differences, resolves one with a reason. A fixed day of 2025 that no demo row uses.
test('finance: import a statement, refuse it twice, reconcile the day and resolve a difference', async ({ page }) => {
  const tag = String(Date.now()).slice(-8);
  const day = '2025-06-18';
  const csv = ['易宝流水号,商户订单号,交易时间,订单金额', `E2E-${tag}-1,SO-${tag},${day} 09:30:00,1280.00`, `E2E-${tag}-2,,${day} 14:05:00,99.90`].join('\n');
  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);

  await openFromSidebar(page, '财务管理', '易宝流水');
  const importFile = async () => {
    await page.getByRole('button', { name: '导入对账单' }).click();
    const dialog = page.getByRole('dialog', { name: '导入对账单' });
    await pickOption(page, dialog.getByRole('combobox', { name: '校区' }), '北京朝阳校区');
    await dialog.locator('input[type=file]').setInputFiles({ name: '易宝对账单.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await dialog.getByRole('button', { name: '导入' }).click();
    return dialog;
  };
  await importFile();
  await expectToast(page, '已导入 2 笔流水，合计 1,379.90 元');
  const again = await importFile();
  await expect(again.getByText(`第2行：渠道流水号 E2E-${tag}-1 已导入过，不能重复导入`)).toBeVisible();
  await again.getByRole('button', { name: '取消' }).click();

  await openFromSidebar(page, '财务管理', '对账');
  await pickOption(page, page.getByRole('combobox', { name: '校区' }).first(), '北京朝阳校区');
  const date = page.getByRole('textbox', { name: '对账日期' });
  await date.fill(day);
  await date.press('Enter');
  await page.getByRole('button', { name: '执行对账' }).click();
  await expect(page.getByText(/^对账完成：已匹配 \d+ 笔，差异 \d+ 笔$/).first()).toBeVisible();
  const summary = page.getByTestId('recon-summary');
  await expect(summary.getByText(day)).toBeVisible();
  await expect(summary.getByRole('row', { name: /易宝支付/ })).toBeVisible();

  await page.getByRole('tab', { name: '对账明细' }).click();
  const row = page.getByTestId('data-table-scroll').first().locator('tbody tr', { hasText: `E2E-${tag}-2` });
  await expect(row).toContainText('仅渠道有');
  await row.getByRole('button', { name: '处理' }).click();
  const resolve = page.getByRole('dialog', { name: '处理差异' });
  await resolve.getByLabel('处理说明').fill('线下补录收据');
  await resolve.getByRole('button', { name: '确定' }).click();
  await expectToast(page, '差异已处理');
});

// The demo's month of channel payments at 北京朝阳: most flows pair with their receipts by trade
// number, a few stay unmatched on either side. Finance reconciles the demo days back from five
// days ago until one shows both (the demo's days 2-4 are reconciled already).
test('finance: a demo day reconciles with matched pairs and differences on the screen', async ({ page }) => {
  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '财务管理', '对账');
  await pickOption(page, page.getByRole('combobox', { name: '校区' }).first(), '北京朝阳校区');
  const date = page.getByRole('textbox', { name: '对账日期' });
  const summary = page.getByTestId('recon-summary');
  let found = false;
  for (let back = 5; back <= 20 && !found; back++) {
    const day = new Date(Date.now() + 8 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
    await date.fill(day);
    await date.press('Enter');
    await page.getByRole('button', { name: '执行对账' }).click();
    await expect(summary.getByText(day)).toBeVisible();
    const line = (await summary.getByText(/已匹配 \d+ · 差异 \d+/).textContent()) ?? '';
    const matched = Number(/已匹配 (\d+)/.exec(line)?.[1] ?? 0);
    const diffs = Number(/差异 (\d+)/.exec(line)?.[1] ?? 0);
    // every demo day has channel payments, and most of them pair up
    expect(matched).toBeGreaterThan(0);
    found = diffs > 0;
  }
  expect(found).toBe(true);
  await page.getByRole('tab', { name: '对账明细' }).click();
  const rows = page.getByTestId('data-table-scroll').first().locator('tbody tr');
  await expect(rows.filter({ hasText: '已匹配' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: /仅渠道有|仅收据有/ }).first()).toBeVisible();
});
