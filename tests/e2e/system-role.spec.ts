import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';

// Grant tree: give the finance role a system screen, then sign in as the finance user and see it.
test('roles: grant a menu to a role and its user sees it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The finance user holds no system screen before the grant: no 系统管理 directory at all (我的导出
  // is in the user menu), no 选项集.
  const other = await browser.newPage();
  await openAs(other, 'finance', 'demo123', LIGHT_LANDING);
  await expect(other.getByTestId('sidebar')).toBeVisible();
  await expect(other.getByTestId('sidebar').getByRole('button', { name: '系统管理', exact: true })).toHaveCount(0);
  await expect(other.getByTestId('sidebar').getByRole('link', { name: '选项集', exact: true })).toHaveCount(0);
  await other.close();

  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '系统管理', '角色管理');
  await rowWith(page, '财务').getByRole('button', { name: '分配菜单' }).click();
  const dialog = page.getByRole('dialog', { name: '分配菜单：财务' });
  await expect(dialog).toBeVisible();
  // Checking a screen checks its buttons and the directory above it.
  await dialog.getByRole('checkbox', { name: '选项集', exact: true }).check();
  await expect(dialog.getByRole('checkbox', { name: '新增选项集', exact: true })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: '系统管理', exact: true })).toBeChecked();
  // A button can be taken away again without losing the screen.
  await dialog.getByRole('checkbox', { name: '删除选项集', exact: true }).uncheck();
  await expect(dialog.getByRole('checkbox', { name: '选项集', exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expectToast(page, '保存成功');
  await expect(dialog).toBeHidden();

  // The grant is stored: reopening shows it.
  await rowWith(page, '财务').getByRole('button', { name: '分配菜单' }).click();
  const again = page.getByRole('dialog', { name: '分配菜单：财务' });
  await expect(again.getByRole('checkbox', { name: '选项集', exact: true })).toBeChecked();
  await again.getByRole('button', { name: '取 消' }).click();

  const finance = await browser.newPage();
  await openAs(finance, 'finance', 'demo123', LIGHT_LANDING);
  await openFromSidebar(finance, '系统管理', '选项集');
  await expect(finance).toHaveURL(/\/system\/optionset/);
  // the granted button shows, the one taken away does not
  await expect(finance.getByRole('button', { name: '新增', exact: true })).toBeVisible();
  await expect(finance.getByRole('button', { name: '批量删除' })).toHaveCount(0);
  await finance.close();
});

test('roles: data permission of a role is saved', async ({ page }) => {
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '系统管理', '角色管理');
  await rowWith(page, '前台').getByRole('button', { name: '数据权限' }).click();
  const dialog = page.getByRole('dialog', { name: '数据权限：前台' });
  await dialog.getByRole('radio', { name: '指定校区/组织' }).check();
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expect(dialog.getByText('请至少选择一个校区或组织')).toBeVisible();
  await dialog.getByRole('radio', { name: '全部校区' }).check();
  await dialog.getByRole('button', { name: '保 存' }).click();
  await expectToast(page, '保存成功');
  await rowWith(page, '前台').getByRole('button', { name: '数据权限' }).click();
  await expect(page.getByRole('dialog', { name: '数据权限：前台' }).getByRole('radio', { name: '全部校区' })).toBeChecked();
});
