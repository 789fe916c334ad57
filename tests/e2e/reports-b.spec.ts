import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';
import { formatYuan } from '../../src/lib/format/money';
import { shoot } from './screenshots';

// 报表中心's 班级报表, 课消报表, 财务报表, 外教报表, 供应组报表 on the demo data, as roles granted them:
// the table shows the API's rows and its totals row (the server tests check the figures against
// the ledgers). With E2E_SHOTS, screenshots at 1440, 1024 and 390 px land in the test's output folder.

interface Answer {
  data: { totalSize: number; totals: Record<string, number | string | null> };
}

async function openReport(page: Page, title: string, key: string): Promise<Answer> {
  const answered = page.waitForResponse((r) => r.url().includes(`/api/v1/report/${key}?`));
  await openFromSidebar(page, '报表中心', title);
  const answer = (await (await answered).json()) as Answer;
  const table = page.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  expect(answer.data.totalSize).toBeGreaterThan(0);
  await expect(table.getByTestId('report-totals').getByRole('cell').first()).toHaveText('合计');
  return answer;
}

test('principal: the five reports show rows and their totals; 课消报表 groups by month', async ({ page }) => {
  // five reports opened one after another from the sidebar: more than the default minute when the
  // two browser workers share 2 cores with their servers (it ran out there once, mid-way)
  test.setTimeout(120_000);
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  const cls = await openReport(page, '班级报表', 'class');
  await expect(page.getByTestId('report-totals').getByRole('cell').nth(5)).toHaveText(String(cls.data.totals.students));
  await shoot(page, 'class-report');
  const consume = await openReport(page, '课消报表', 'class_consume');
  await expect(page.getByTestId('report-totals').getByRole('cell').nth(3)).toHaveText(formatYuan(consume.data.totals.consumed_money));
  await shoot(page, 'consume-report');
  await openReport(page, '财务报表', 'finance');
  await openReport(page, '外教报表', 'foreign');
  await openReport(page, '供应组报表', 'supply_groups');
});

test('finance: 财务报表 by city; a foreign teacher: 外教报表 of their campuses only', async ({ page, browser }) => {
  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  const fin = await openReport(page, '财务报表', 'finance');
  await expect(page.getByTestId('report-totals').getByRole('cell').nth(5)).toHaveText(formatYuan(fin.data.totals.net));
  await shoot(page, 'finance-report');
  const other = await browser.newPage();
  await openAs(other, 'foreign_teacher', 'demo123', LIGHT_LANDING);
  await openReport(other, '外教报表', 'foreign');
  await expect(other.getByRole('table', { name: '外教报表' })).not.toContainText('北京');
  await other.close();
});
