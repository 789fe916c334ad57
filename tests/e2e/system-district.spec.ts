import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { confirmWith, expectToast, mainTable, openFromSidebar } from './system-helpers';

/** The row whose 名称 (the first column after the checkbox) is `name`; a child's 上级区划 cell shows its parent's name too. */
function rowWith(page: Page, name: string) {
  return mainTable(page)
    .locator('tbody tr')
    .filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${name}$`) }) });
}

// A plain list from its declaration (ResourcePage): districts, with the tree of the same declaration.
test('districts: add a province and a city under it, search, edit, refuse deleting a parent, delete', async ({ page }) => {
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '系统管理', '行政区划');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: '新增行政区划' });
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expect(dialog.getByText('请输入名称')).toBeVisible();
  await dialog.getByLabel('名称').fill('浙江省');
  await dialog.getByLabel('区划代码').fill('33');
  await dialog.getByLabel('级别').click();
  await page.getByRole('option', { name: '省/直辖市' }).click();
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expectToast(page, '创建成功');
  await expect(rowWith(page, '浙江省')).toBeVisible();

  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog', { name: '新增行政区划' });
  await dialog.getByLabel('名称').fill('杭州市');
  await dialog.getByLabel('区划代码').fill('3301');
  await dialog.getByLabel('级别').click();
  await page.getByRole('option', { name: '市', exact: true }).click();
  await dialog.getByLabel('上级区划').click();
  // the option of the picker's dropdown, not the node of the same name in the tree beside the table
  await page.getByRole('option', { name: '浙江省' }).click();
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expectToast(page, '创建成功');

  const search = page.getByRole('search').getByLabel('名称');
  await search.fill('杭州');
  await search.press('Enter');
  await expect(rowWith(page, '杭州市')).toBeVisible();
  // the city's parent shows by name, not as an id
  await expect(rowWith(page, '杭州市').getByRole('cell', { name: '浙江省', exact: true })).toBeVisible();
  await expect(rowWith(page, '浙江省')).toHaveCount(0);
  await page.getByRole('button', { name: '重置' }).click();

  await rowWith(page, '浙江省').getByRole('button', { name: '删除' }).click();
  await confirmWith(page, '确认删除这条记录吗？');
  await expectToast(page, '该区划下还有下级区划，请先删除下级区划');

  await rowWith(page, '杭州市').getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑行政区划' });
  await edit.getByLabel('名称').fill('杭州');
  await edit.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expectToast(page, '修改成功');
  await rowWith(page, '杭州').getByRole('button', { name: '删除' }).click();
  await confirmWith(page, '确认删除这条记录吗？');
  await expectToast(page, '删除成功');
  await expect(rowWith(page, '杭州')).toHaveCount(0);
});
