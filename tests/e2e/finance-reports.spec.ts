import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';
import { formatYuan } from '../../src/lib/format/money';
import { shoot } from './screenshots';

// 财务报表 and 财务看板 on the demo data: the finance user sees every campus, the principal only
// theirs; the figures shown are the API's (the server test checks those against the ledgers).
// With E2E_SHOTS, screenshots of both screens at 1440, 1024 and 390 px land in the test's output folder.

test('finance: the monthly report and the dashboard show the ledgers’ figures', async ({ page }) => {
  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/fin_report/monthly'));
  await openFromSidebar(page, '财务管理', '财务报表');
  const report = (await (await answered).json()) as { data: { totals: { net: number; count: number } } };
  await expect(page.getByText(/收据汇总$/)).toBeVisible();
  // the 合计 line shows the report's net (fen) as yuan with two decimals
  const total = page.getByRole('table', { name: '按日汇总' }).getByRole('row', { name: /^合计/ });
  await expect(total.getByRole('cell').nth(4)).toHaveText(formatYuan(report.data.totals.net));
  await expect(total.getByRole('cell').nth(5)).toHaveText(String(report.data.totals.count));
  await page.getByText('按校区').click();
  await expect(page.getByRole('table', { name: '按校区汇总' }).getByRole('row', { name: /^合计/ })).toBeVisible();
  await expect(page.getByRole('table', { name: '按收款方式' })).toBeVisible();
  await expect(page.getByRole('table', { name: '储值账户流水' })).toBeVisible();
  await shoot(page, 'finance-report');

  await openFromSidebar(page, '财务管理', '财务看板');
  await expect(page.getByText('今日', { exact: true })).toBeVisible();
  await expect(page.getByText(/^本月（\d{4}-\d{2}）$/)).toBeVisible();
  await expect(page.getByText('本月每日收退费')).toBeVisible();
  await shoot(page, 'finance-dashboard');
});

test('principal: the dashboard narrows to their own campuses only', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '财务管理', '财务看板');
  await expect(page.getByText('今日', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: '校区' }).click();
  await expect(page.getByRole('option', { name: '北京朝阳校区' })).toBeVisible();
  await expect(page.getByRole('option', { name: '广州天河校区' })).toHaveCount(0);
  await page.getByRole('option', { name: '北京朝阳校区' }).click();
  await expect(page.getByText('本月各校区净额')).toBeVisible();
});

test('finance: 定金与分期 lists the installment plans of the campuses', async ({ page }) => {
  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  const answered = page.waitForResponse((r) => r.url().includes('/api/v1/fin_of_deposit_detail/page'));
  await openFromSidebar(page, '财务管理', '定金与分期');
  const list = (await (await answered).json()) as { data: { totalSize: number } };
  await expect(page.getByText(`共 ${list.data.totalSize} 笔分期`)).toBeVisible();
  const table = page.getByRole('table', { name: '分期订单' });
  await expect(table.getByRole('columnheader', { name: '未还' })).toBeVisible();
  if (list.data.totalSize === 0) await expect(table.getByText('暂无分期订单')).toBeVisible();
  else await expect(table.locator('tbody tr')).not.toHaveCount(0);
  await shoot(page, 'finance-deposits');
});
