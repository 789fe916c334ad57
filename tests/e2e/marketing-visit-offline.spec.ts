import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs, waitForServiceWorker } from './offline-helpers';
import { get, login, post, schoolId } from './classes-fixtures';
import { rowWith } from './system-helpers';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface VisitRow {
  id: number;
  resource_id: number;
  content: string | null;
  result: number | null;
}

// A course consultant walks a family round the campus with her phone, which loses its connection:
// the visit she notes (到访) waits in the outbox, is sent when the phone is back online, and arrives
// exactly once.
test('a visit noted offline on a phone arrives once', async ({ page, context, request }) => {
  const sales = await login(request, 'sales', 'demo123');
  const cy = await schoolId(request, sales, 'BJ-CY');
  const name = `离线到访${Date.now() % 100000}`;
  // 已有学员 lists the leads that became students
  const lead = await post<{ id: number }>(request, sales, 'api/v1/mkt_resource/add', { school_id: cy, name, parent_phone: `135${String(Date.now()).slice(-8)}`, source: 1 });
  await post(request, sales, 'api/v1/mkt_resource/to_stu_load_school', { id: lead.id });
  const visits = async () =>
    (await get<{ content: VisitRow[] }>(request, sales, 'api/v1/mkt_student_visit/page', { resource_id: lead.id, visit_time_start: '', visit_time_end: '', page: 1, rows: 50 })).content;

  await openAs(page, 'sales', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  await page.goto('/#/marketing/existing_students');
  const row = rowWith(page, name);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '详情', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `资源详情 · ${name}` });
  await expect(drawer.getByText('已转学员', { exact: true })).toBeVisible();

  await context.setOffline(true);
  await drawer.getByRole('button', { name: '到访', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `登记到访 · ${name}` });
  await dialog.getByLabel('到访结果').click();
  await page.getByRole('option', { name: '有意向' }).click();
  const content = `${name} 家长参观了教室，信号不好`;
  await dialog.getByLabel('沟通内容').fill(content);
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(page.getByText('网络不可用，到访记录已保存，联网后自动提交')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
  expect(await visits()).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
  // give any duplicate replay time to land before counting
  await page.waitForTimeout(1500);
  const after = await visits();
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ resource_id: lead.id, content, result: 1 });
  // the lead reached 已到访 once the visit arrived
  await expect(drawer.getByText('已到访', { exact: true })).toBeVisible({ timeout: 15_000 });
});
