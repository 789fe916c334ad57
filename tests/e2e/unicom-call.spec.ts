import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { get, login } from './classes-fixtures';
import { openFromSidebar, rowWith } from './system-helpers';

/**
 * 市场管理 › 隐私号通话 as the telemarketer: bind one of their leads to a middle number, call through
 * it (a follow-up record opens on the lead, as 跟进记录 shows), the customer's real number never on
 * screen.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('the telemarketer binds a lead to a middle number and calls through it', async ({ page, request }) => {
  const tmk = await login(request, 'telemarketer', 'demo123');
  const leads = (await (await request.post('api/v1/mkt_resource/page', { headers: tmk, form: { page: 1, rows: 50 } })).json()) as { data: { content: { id: number; name: string }[] } };
  const bound = await get<{ content: { target_id: number }[] }>(request, tmk, 'api/v1/unicom/seek', { page: 1, rows: 100, state: 1 });
  const taken = new Set(bound.content.map((b) => b.target_id));
  const lead = leads.data.content.find((l) => !taken.has(l.id) && l.name);
  expect(lead, 'a lead of the telemarketer not bound yet').toBeTruthy();
  if (!lead) return;
  // the full number, to check it never shows (the lead list masks it for this role)
  const admin = await login(request);
  const full = await get<{ parent_phone: string }>(request, admin, 'api/v1/mkt_resource/get', { id: lead.id });

  await openAs(page, 'telemarketer', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场管理', '隐私号通话');
  await page.getByRole('button', { name: '绑定资源' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定资源的隐私号' });
  await dialog.getByPlaceholder('请输入关键字搜索').click();
  await dialog.getByPlaceholder('请输入关键字搜索').fill(lead.name);
  await page.getByRole('option', { name: lead.name }).first().click();
  await dialog.getByRole('button', { name: '绑 定' }).click();
  await expect(page.getByText(/已绑定隐私号 1709\d+/)).toBeVisible();

  const row = rowWith(page, lead.name).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('绑定中');
  await expect(page.locator('body')).not.toContainText(full.parent_phone);
  await row.getByRole('button', { name: '呼叫' }).click();
  await expect(page.getByText(/已通过隐私号 1709\d+ 发起呼叫/)).toBeVisible();
  await expect(row).toContainText('1');

  // the follow-up record of the lead
  const records = await get<{ content: { content: string; resource_id: number }[] }>(request, tmk, 'api/v1/mkt_record/page', { resource_id: lead.id, page: 1, rows: 20 });
  expect(records.content.some((r) => r.content.startsWith('隐私号外呼'))).toBe(true);
});
