import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, mainTable, openFromSidebar, rowWith } from './system-helpers';

const SAVE = /确\s*定|保\s*存/;

// 市场计划 as the people who use it: a principal plans a month for a campus (one plan per campus and
// month), a telemarketer sends an SMS template through the built-in provider and sees it recorded.
test('campus network plan: the demo months are listed; a new month is added once, a second time refused', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场计划', '校区网络计划');
  await expect(mainTable(page).locator('tbody tr').first()).toBeVisible();
  await expect(mainTable(page).getByRole('cell', { name: /^\d{4}-\d{2}$/ }).first()).toBeVisible();

  const add = async () => {
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '新增校区网络推广计划' });
    await dialog.getByLabel('校区').click();
    await page.getByRole('option', { name: '北京朝阳校区' }).click();
    await dialog.getByLabel('计划月份').fill('2031-13');
    await dialog.getByLabel('目标资源量').fill('320');
    await dialog.getByRole('button', { name: SAVE }).click();
    await expect(dialog.getByText('计划月份格式应为 YYYY-MM，例如 2026-11')).toBeVisible();
    await dialog.getByLabel('计划月份').fill('2031-05');
    await dialog.getByRole('button', { name: SAVE }).click();
    return dialog;
  };
  await add();
  await expectToast(page, '创建成功');
  const search = page.getByRole('search').getByLabel('计划月份');
  await search.fill('2031-05');
  await search.press('Enter');
  await expect(rowWith(page, '2031-05').getByRole('cell', { name: '320', exact: true })).toBeVisible();

  const again = await add();
  await expect(page.getByText('2031-05的校区网络推广计划已存在，请直接编辑').first()).toBeVisible();
  await expect(again).toBeVisible();
});

test('SMS template: a telemarketer sends one through the built-in provider and sees it recorded, masked', async ({ page }) => {
  await openAs(page, 'telemarketer', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场计划', '短信模板');
  const row = rowWith(page, '试听课邀约');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '发送', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '发送短信：试听课邀约' });
  await dialog.getByLabel('手机号').fill('13800001111\n13800002222');
  await dialog.getByLabel('占位符 {姓名}').fill('王');
  await dialog.getByLabel('占位符 {校区}').fill('北京朝阳校区');
  await dialog.getByRole('button', { name: '发送', exact: true }).click();
  await expect(dialog.getByText(/请填写短信占位符：时间/).or(page.getByText(/请填写短信占位符：时间/)).first()).toBeVisible();
  await dialog.getByLabel('占位符 {时间}').fill('周六上午10点');
  await dialog.getByRole('button', { name: '发送', exact: true }).click();
  await expectToast(page, '已提交 2 条短信，可在发送记录中查看');
  await expect(dialog).toBeHidden();

  // the 发送记录 tab: the numbers masked for a telemarketer, the text as sent, recorded not sent
  await expect(page.getByRole('tab', { name: '发送记录' })).toHaveAttribute('aria-selected', 'true');
  const sent = rowWith(page, '138****2222');
  await expect(sent).toBeVisible();
  await expect(sent.getByText('【智学教育】王家长您好，北京朝阳校区诚邀孩子参加周六上午10点的英语试听课，回复1确认。')).toBeVisible();
  await expect(sent.getByRole('cell', { name: '已记录（未发出）', exact: true })).toBeVisible();
  await expect(sent.getByRole('cell', { name: '内置记录', exact: true })).toBeVisible();

  // the groups tab lists the template groups
  await page.getByRole('tab', { name: '短信分组' }).click();
  await expect(rowWith(page, '招生邀约')).toBeVisible();
});
