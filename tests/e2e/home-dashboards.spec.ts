import { expect, test, type Page } from './fixtures';
import { openAs } from './offline-helpers';
import { formatYuan } from '../../src/lib/format/money';
import type { EcDashboard, FinanceHomeDashboard, TaDashboard } from '../../src/contract/home-dashboards';
import { shoot } from './screenshots';

// 首页 dashboards on the demo data: each role sees the dashboards of its operation codes, and the
// figures shown are the API's (tests/server/home/dashboards.test.ts checks those against the
// tables). With E2E_SHOTS, screenshots at 1440, 1024 and 390 px land in the test's output folder.

/** Signs in and waits for the home screen's call of one dashboard, answering its data. */
async function homeWith<T>(page: Page, login: string, path: string): Promise<T> {
  const answered = page.waitForResponse((r) => r.url().includes(`/api/v1/home_base_data/${path}?`));
  await openAs(page, login, 'demo123', '/home');
  const body = (await (await answered).json()) as { code: number; data: T };
  expect(body.code).toBe(200);
  return body.data;
}

const tile = (page: Page, card: string, label: string) => page.getByTestId(card).getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

test('sales sees the EC dashboard with its own figures, and no chart library on the home screen', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  const d = await homeWith<EcDashboard>(page, 'sales', 'ec');
  await expect(page.getByTestId('home-dashboard-ec')).toBeVisible();
  await expect(tile(page, 'home-ec-mine', '签约订单')).toHaveText(String(d.mine.orders_signed));
  await expect(tile(page, 'home-ec-mine', '签约金额')).toHaveText(`¥${formatYuan(d.mine.signed_amount)}`);
  await expect(tile(page, 'home-ec-mine', '分配资源')).toHaveText(String(d.mine.leads_assigned));
  for (const other of ['home-dashboard-mk', 'home-dashboard-ta', 'home-dashboard-finance', 'home-data-statistics']) await expect(page.getByTestId(other)).toHaveCount(0);
  // the chart library's chunk is named after its first chart (BarChart-…js); none may load here
  expect(scripts.filter((u) => /Chart|recharts/.test(u))).toEqual([]);
  expect(scripts.some((u) => /Dashboards-/.test(u))).toBe(true);
  // 上月 asks again for that period
  const lastMonth = page.waitForResponse((r) => r.url().includes('/api/v1/home_base_data/ec?') && r.url().includes('period=last_month'));
  await page.getByText('上月', { exact: true }).click();
  expect((await lastMonth).ok()).toBe(true);
  await shoot(page, 'home-sales');
});

test('finance sees the finance dashboard and data statistics', async ({ page }) => {
  const d = await homeWith<FinanceHomeDashboard>(page, 'finance', 'finance');
  await expect(tile(page, 'home-dashboard-finance', '收费')).toHaveText(`¥${formatYuan(d.collected)}`);
  await expect(tile(page, 'home-dashboard-finance', '净额')).toHaveText(`¥${formatYuan(d.net)}`);
  await expect(page.getByTestId('home-data-statistics')).toBeVisible();
  await expect(page.getByTestId('home-dashboard-ec')).toHaveCount(0);
  await shoot(page, 'home-finance');
});

test('a teacher sees the TA dashboard', async ({ page }) => {
  const d = await homeWith<TaDashboard>(page, 'teacher', 'ta');
  await expect(tile(page, 'home-dashboard-ta', '今日课次')).toHaveText(String(d.lessons_today));
  await expect(tile(page, 'home-dashboard-ta', '请假')).toHaveText(String(d.leaves));
  await expect(page.getByTestId('home-dashboard-finance')).toHaveCount(0);
  await shoot(page, 'home-teacher');
});

test('the principal sees every dashboard, with the leads chart', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  await homeWith<unknown>(page, 'principal', 'mk');
  for (const id of ['home-data-statistics', 'home-dashboard-ec', 'home-dashboard-mk', 'home-dashboard-ta', 'home-dashboard-finance']) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('home-dashboard-mk').locator('.recharts-surface')).toBeVisible();
  // the chunk names the sales test looks for are those the chart really loads
  expect(scripts.some((u) => /Chart/.test(u))).toBe(true);
  await shoot(page, 'home-principal');
});

test('front desk sees the home screen without dashboards', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/home_base_data/')) calls.push(r.url());
  });
  await openAs(page, 'front_desk', 'demo123', '/home');
  await expect(page.getByTestId('home-links')).toBeVisible();
  await expect(page.getByTestId('home-dashboards')).toHaveCount(0);
  expect(calls).toEqual([]);
});
