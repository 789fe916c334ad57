import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { confirmWith, expectToast, mainTable, openFromSidebar, rowWith } from './system-helpers';

// Column preferences: saved from a table's own 列设置, reviewed, edited and deleted in 表格列设置.
test('column preferences: hide a column of 用户管理, edit it back in 表格列设置, delete the preference', async ({ page }) => {
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '系统管理', '用户管理');
  await expect(mainTable(page).getByRole('columnheader', { name: '手机号' })).toBeVisible();
  await page.getByRole('button', { name: '列设置' }).click();
  await page.getByRole('checkbox', { name: '手机号' }).uncheck();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(mainTable(page).getByRole('columnheader', { name: '手机号' })).toHaveCount(0);

  await openFromSidebar(page, '系统管理', '表格列设置');
  const row = rowWith(page, '用户管理');
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('手机号');
  await expect(row).toContainText('账号、姓名');
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑列设置：用户管理' });
  await dialog.getByRole('checkbox', { name: '显示手机号' }).check();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectToast(page, '修改成功');
  await expect(row).toContainText('手机号');

  await row.getByRole('button', { name: '删除' }).click();
  await confirmWith(page, '确认删除这条记录吗？');
  await expectToast(page, '删除成功');
  await expect(rowWith(page, '用户管理')).toHaveCount(0);
});
