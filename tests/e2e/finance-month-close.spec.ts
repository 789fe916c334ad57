import { expect, test, type APIRequestContext } from './fixtures';
import { apiSession, LIGHT_LANDING, openAs } from './offline-helpers';
import { mainTable, openFromSidebar } from './system-helpers';
import { formatYuan } from '../../src/lib/format/money';
import { shoot } from './screenshots';

// 月结 (财务管理 › 月结): finance closes last month of 广州天河 (the demo closes older months of the
// Beijing campuses only); a receipt dated into that month afterwards lands in the open month naming
// the month it corrects: the closed month's totals (the screen's row and the report) stay as they
// were, and 财务报表 of this month lists it under 更正以前月份. Screenshots at 1440, 1024 and 390 px with E2E_SHOTS.

type Env<T> = { code: number; msg: string; data: T };

/** Last month in Asia/Shanghai (the 月结 dialog's default). */
function lastMonth(): string {
  const now = new Date(Date.now() + 8 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

async function getJson<T>(request: APIRequestContext, headers: Record<string, string>, path: string, params: Record<string, string | number>): Promise<T> {
  const res = await request.get(path, { headers, params });
  const env = (await res.json()) as Env<T>;
  expect(env.msg).toBe('成功');
  return env.data;
}

test('finance: a closed month keeps its totals; a late receipt lands in the open month as a correction', async ({ page, request }) => {
  // three sign-ins, two screens (and six screenshots with E2E_SHOTS): more than the default minute on a loaded machine
  test.setTimeout(300_000);
  const month = lastMonth();
  const headers = await apiSession(request);
  const orgs = await getJson<{ id: number; name: string; kind: string }[]>(request, headers, 'api/v1/fin_report/orgs', {});
  const campus = orgs.find((o) => o.name === '广州天河校区');
  expect(campus?.id, "广州天河校区 among the report's campuses").toEqual(expect.any(Number));
  const campusId = Number(campus?.id);
  type Report = { closed: boolean; totals: { net: number; count: number }; corrections: { corrects_month: string; amount: number; count: number }[] };
  const before = await getJson<Report>(request, headers, 'api/v1/fin_report/monthly', { month, org_id: campusId });
  expect(before.closed).toBe(false);

  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '财务管理', '月结');
  await page.getByRole('button', { name: '月结', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '月结' });
  await dialog.getByRole('combobox', { name: '校区' }).click();
  await page.getByRole('option', { name: '广州天河校区' }).click();
  await expect(dialog.getByRole('textbox', { name: '月份' })).toHaveValue(month);
  await dialog.getByRole('button', { name: '月结' }).click();
  await expect(dialog).toBeHidden();
  // the row keeps the month's receipt count and totals as the report had them
  const row = mainTable(page).locator('tbody tr', { hasText: month }).filter({ hasText: '广州天河' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(before.totals.count));
  await expect(row.getByRole('cell').nth(6)).toHaveText(formatYuan(before.totals.net));
  await shoot(page, 'finance-month-close');

  // a receipt dated into the closed month (a historical one entered late) lands today, correcting it
  // a student of the campus (the list is a form POST, as the students screen sends it)
  const students = (await (await request.post('api/v1/student/page', { headers, form: { school_id: campusId, page: 1, rows: 1 } })).json()) as Env<{ content: { id: number; school_id: number }[] }>;
  const student = students.data;
  expect(student.content[0].school_id).toBe(campusId);
  const late = await request.post('api/v1/fin_stu_account_receipts/initial_generation', {
    headers,
    data: { list: [{ student_id: student.content[0].id, kind: 1, amount: 12_345, pay_method: 'cash', biz_date: `${month}-15`, remark: 'E2E 月结后补录' }] },
  });
  expect(((await late.json()) as Env<unknown>).code).toBe(200);

  // the closed month: same totals, marked closed; the open month: the correction, naming the month
  const after = await getJson<Report>(request, headers, 'api/v1/fin_report/monthly', { month, org_id: campusId });
  expect(after).toMatchObject({ closed: true, totals: before.totals });
  await page.reload();
  const kept = mainTable(page).locator('tbody tr', { hasText: month }).filter({ hasText: '广州天河' });
  await expect(kept.getByRole('cell').nth(6)).toHaveText(formatYuan(before.totals.net));

  await openFromSidebar(page, '财务管理', '财务报表');
  await page.getByRole('combobox', { name: '校区' }).click();
  await page.getByRole('option', { name: '广州天河校区', exact: true }).click();
  const corrections = page.getByRole('table', { name: '更正以前月份' });
  await expect(corrections.getByRole('row', { name: new RegExp(`更正 ${month}`) })).toContainText('123.45');
  await shoot(page, 'finance-month-close-correction');
});
