import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';
import { formatYuan } from '../../src/lib/format/money';
import { shoot } from './screenshots';

// 报表中心 › 业绩报表 on the demo data: the principal opens it, the totals row shows the API's
// totals, a dimension filter and a column sort go to the server, and 打印预览 opens the report
// preview address (/ureport/preview with the non-empty filters) as a printable page of the same
// figures. With E2E_SHOTS, screenshots at 1440, 1024 and 390 px land in the test's output folder.

interface Answer {
  data: { totalSize: number; totals: Record<string, string | number | null> };
}

const reportCall = (page: Page, check: (url: URL) => boolean = () => true) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/v1/report/achievement' && !url.searchParams.has('__export__') && check(url);
  });

test('principal: 业绩报表 filters, totals, sorting and the print preview', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  const first = reportCall(page);
  await openFromSidebar(page, '报表中心', '业绩报表');
  const answer = (await (await first).json()) as Answer;
  expect(answer.data.totalSize).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: '业绩报表' });
  await expect(table.locator('tbody tr')).toHaveCount(answer.data.totalSize);
  // the totals row: 合计 and the net in yuan with two decimals
  const totals = page.getByTestId('report-totals');
  await expect(totals.getByRole('cell').first()).toHaveText('合计');
  await expect(totals.getByRole('cell').last()).toHaveText(formatYuan(answer.data.totals.net_amount));
  await shoot(page, 'reports-achievement');

  // a sort by 签约合计 is asked of the server
  const sorted = reportCall(page, (u) => u.searchParams.get('sort') === 'signed_amount desc');
  await page.getByRole('button', { name: '按签约合计排序' }).click();
  await sorted;

  // the 签约类型 filter: 续费 only
  const filtered = reportCall(page, (u) => u.searchParams.get('sign_kind') === '2');
  const search = page.getByRole('search');
  await search.getByRole('textbox', { name: '签约类型' }).or(search.getByRole('combobox', { name: '签约类型' })).first().click();
  await page.getByRole('option', { name: '续费' }).click();
  await page.getByRole('button', { name: '搜索' }).click();
  const renewals = (await (await filtered).json()) as Answer;
  if (renewals.data.totalSize > 0) await expect(totals.getByRole('cell').nth(6)).toHaveText(formatYuan(renewals.data.totals.signed_amount));

  // 打印预览 opens /ureport/preview with the report code and the non-empty filters
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: '打印预览' }).click();
  const preview = await popup;
  await preview.waitForLoadState();
  const url = new URL(preview.url());
  expect(url.pathname).toBe('/ureport/preview');
  expect(url.searchParams.get('_u')).toBe('reports_achievement');
  expect(url.searchParams.get('sign_kind')).toBe('2');
  expect(url.searchParams.get('date_start')).toMatch(/^\d{4}-\d{2}-01$/);
  expect(url.searchParams.has('org_id')).toBe(false);
  await expect(preview.getByRole('heading', { name: '业绩报表' })).toBeVisible();
  await expect(preview.getByText('签约类型：续费')).toBeVisible();
  await expect(preview.locator('tfoot td').first()).toHaveText('合计');
  await shoot(preview, 'reports-preview', [1440]);
});
