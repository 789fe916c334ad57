import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { confirmWith, expectToast, mainTable, openFromSidebar, rowWith } from './system-helpers';

// Tree beside table: the organisation tree filters the list; add, edit and delete a campus.
test('organisations: tree filter, add under a node, edit, delete', async ({ page }) => {
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '系统管理', '组织管理');
  const tree = page.getByRole('navigation', { name: '组织', exact: true });
  await expect(tree.getByText('全部', { exact: true })).toBeVisible();
  const table = mainTable(page);
  await expect(table.getByRole('cell', { name: 'HQ', exact: true })).toBeVisible();

  await tree.getByText('上海分公司', { exact: true }).click();
  await expect(rowWith(page, '上海分公司')).toBeVisible();
  await expect(table.getByRole('cell', { name: 'HQ', exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: /^北京/ })).toHaveCount(0);

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增组织' });
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expect(dialog.getByText('请输入组织名称')).toBeVisible();
  await dialog.getByLabel('组织名称').fill('上海测试校区');
  await dialog.getByLabel('电话').fill('021-55550000');
  await dialog.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '创建成功');
  await expect(rowWith(page, '上海测试校区')).toBeVisible();

  await rowWith(page, '上海测试校区').getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑组织' });
  await expect(edit.getByLabel('组织名称')).toHaveValue('上海测试校区');
  await edit.getByLabel('负责人').fill('王芳');
  await edit.getByRole('button', { name: '确 定' }).click();
  await expectToast(page, '修改成功');
  await expect(rowWith(page, '上海测试校区').getByRole('cell', { name: '王芳' })).toBeVisible();

  await rowWith(page, '上海测试校区').getByRole('button', { name: '删除' }).click();
  await confirmWith(page, '确认删除这条记录吗？');
  await expectToast(page, '删除成功');
  await expect(rowWith(page, '上海测试校区')).toHaveCount(0);

  await tree.getByText('全部', { exact: true }).click();
  await expect(table.getByRole('cell', { name: 'HQ', exact: true })).toBeVisible();
});
