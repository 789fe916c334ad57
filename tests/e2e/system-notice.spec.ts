import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { confirmWith, expectToast, openFromSidebar, rowWith } from './system-helpers';

async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByTestId('bell-badge').locator('.mantine-Indicator-indicator');
  if (!(await badge.isVisible())) return 0;
  return Number(await badge.innerText());
}

// The notice flow: an administrator publishes to one role; a user of that role gets the message.
test('notices: publish to the front-desk role; front desk reads and marks the message; offline', async ({ page, browser }) => {
  const title = `端午节放假安排 ${Date.now() % 100000}`;
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '系统管理', '通知公告');

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增通知' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请输入标题')).toBeVisible();
  await expect(dialog.getByText('请输入内容')).toBeVisible();
  await dialog.getByRole('textbox', { name: '标题', exact: true }).fill(title);
  await dialog.getByText('指定角色', { exact: true }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog.getByText('请选择发布的角色')).toBeVisible();
  await dialog.getByLabel('发布的角色').click();
  await page.getByRole('option', { name: '前台', exact: true }).click();
  await dialog.getByLabel('发布的角色').press('Escape');
  const editor = dialog.getByRole('textbox', { name: '内容' });
  await editor.click();
  await editor.pressSequentially('端午节放假三天，请各校区提前安排调课。');
  await editor.press('ControlOrMeta+a');
  await dialog.getByRole('button', { name: '加粗' }).click();
  await expect(editor.locator('b, strong').first()).toHaveText('端午节放假三天，请各校区提前安排调课。');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectToast(page, '创建成功');

  const row = rowWith(page, title);
  await expect(row.getByText('草稿')).toBeVisible();
  await expect(row.getByRole('cell', { name: '角色：前台' })).toBeVisible();
  await row.getByRole('button', { name: '发布' }).click();
  await confirmWith(page, `确定发布通知「${title}」吗？发布后接收人会收到消息。`);
  await expectToast(page, '发布成功');
  await expect(row.getByText('已发布')).toBeVisible();
  await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);

  // front desk, in a browser of its own
  const other = await browser.newContext();
  const desk = await other.newPage();
  await openAs(desk, 'front_desk', 'demo123', LIGHT_LANDING);
  await expect(desk.getByTestId('bell-badge').locator('.mantine-Indicator-indicator')).toBeVisible();
  const before = await unreadCount(desk);
  expect(before).toBeGreaterThanOrEqual(1);
  await desk.getByRole('button', { name: '消息通知' }).click();
  const item = desk.getByTestId('bell-message').filter({ hasText: title });
  await expect(item).toContainText(`● ${title}`);
  await item.getByRole('button', { name: new RegExp(title) }).click();
  const reading = desk.getByRole('dialog', { name: title });
  await expect(reading.locator('b, strong').first()).toHaveText('端午节放假三天，请各校区提前安排调课。');
  await reading.getByRole('button').first().click();
  await expect.poll(() => unreadCount(desk)).toBe(before - 1);
  // The bell lists unread messages first, so with other unread notices (earlier tests publish to
  // everyone) the read one may sort out of its top list: check it and mark it in /user_notice.
  await desk.goto('/#/user_notice');
  const noticeRow = desk.getByRole('row', { name: new RegExp(title) });
  await expect(noticeRow.getByText('已读', { exact: true })).toBeVisible();
  await noticeRow.getByRole('button', { name: '标记', exact: true }).click();
  await expect(desk.getByText('已标记')).toBeVisible();
  await expect(noticeRow.getByRole('button', { name: '取消标记' })).toBeVisible();
  await other.close();

  await row.getByRole('button', { name: '下线' }).click();
  await confirmWith(page, `确定下线通知「${title}」吗？`);
  await expectToast(page, '下线成功');
  await expect(row.getByText('已下线')).toBeVisible();
});
