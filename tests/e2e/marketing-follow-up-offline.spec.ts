import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs, waitForServiceWorker } from './offline-helpers';
import { get, login, post, schoolId } from './classes-fixtures';
import { rowWith } from './system-helpers';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface RecordRow {
  id: number;
  resource_id: number;
  content: string;
  result: number;
}

// A telemarketer on a phone that loses its connection writes a follow-up: it waits in the outbox,
// is sent when the phone is back online, and arrives exactly once.
test('a follow-up written offline on a phone arrives once', async ({ page, context, request }) => {
  const tmk = await login(request, 'telemarketer', 'demo123');
  const bj = await schoolId(request, tmk, 'BJ-CY');
  const name = `离线跟进${Date.now() % 100000}`;
  // a lead the telemarketer adds is hers (电销跟进)
  const lead = await post<{ id: number }>(request, tmk, 'api/v1/mkt_resource/add', { school_id: bj, name, parent_phone: `137${String(Date.now()).slice(-8)}` });
  const records = async () => (await get<{ content: RecordRow[] }>(request, tmk, 'api/v1/mkt_record/page', { resource_id: lead.id, page: 1, rows: 50 })).content;

  await openAs(page, 'telemarketer', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  await page.goto('/#/marketing/telemarketer_assigned');
  const row = rowWith(page, name);
  await expect(row).toBeVisible();

  await context.setOffline(true);
  await row.getByRole('button', { name: '跟进', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增跟进记录' });
  await dialog.getByLabel('跟进结果').click();
  await page.getByRole('option', { name: '有意向' }).click();
  const content = `${name} 家长在地铁上，信号不好，约明晚再聊`;
  await dialog.getByLabel('跟进内容').fill(content);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('网络不可用，跟进记录已保存，联网后自动提交')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
  expect(await records()).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
  // give any duplicate replay time to land before counting
  await page.waitForTimeout(1500);
  const after = await records();
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ resource_id: lead.id, content, result: 1 });
});
