import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { confirmWith, expectToast, mainTable, openFromSidebar, rowWith } from './system-helpers';

const SAVE = /确\s*定|保\s*存/;

// The products area's main screens as the administrator: a language pack with class types and the
// campuses it is on sale at, its price shown in yuan, 上架; then fee standards and class paths.
test('language pack: create with class types, put on sale in a campus, see it listed, 上架 and 下架', async ({ page }) => {
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '产品管理', '课程包');
  await expect(rowWith(page, '少儿英语启蒙 72课时包')).toBeVisible();
  // demo prices are fen in the API and yuan with two decimals on screen
  await expect(rowWith(page, '少儿英语启蒙 72课时包').getByRole('cell', { name: '6,800.00', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增课程包' });
  await dialog.getByRole('button', { name: SAVE }).click();
  await expect(dialog.getByText('请输入课程包名称')).toBeVisible();
  await dialog.getByLabel('课程包名称').fill('春季口语体验包');
  await dialog.getByLabel('适用班型').click();
  await page.getByRole('option', { name: '少儿英语启蒙', exact: true }).click();
  await page.getByRole('option', { name: '自然拼读', exact: true }).click();
  await dialog.getByLabel('课时数').click();
  await dialog.getByLabel('课时数').fill('20');
  await dialog.getByLabel('赠送课时').fill('2');
  await dialog.getByLabel('标价(元)').fill('1999.5');
  await dialog.getByLabel('有效期(天)').fill('90');
  await dialog.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '创建成功');

  const search = page.getByRole('search').getByLabel('课程包名称');
  await search.fill('春季口语');
  await search.press('Enter');
  const row = rowWith(page, '春季口语体验包');
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '少儿英语启蒙、自然拼读', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '1,999.50', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '否', exact: true })).toBeVisible();

  // where it is on sale: one campus, its city filled in by the server
  await row.getByRole('button', { name: '在售校区' }).click();
  const sales = page.getByRole('dialog', { name: '在售校区：春季口语体验包' });
  await sales.getByRole('button', { name: '新增', exact: true }).click();
  const addSale = page.getByRole('dialog', { name: '新增在售校区' });
  await addSale.getByLabel('校区').click();
  await page.getByRole('option', { name: '北京朝阳校区' }).click();
  await addSale.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '创建成功');
  await expect(sales.getByRole('cell', { name: '北京分公司', exact: true })).toBeVisible();
  await sales.getByRole('button', { name: 'Close' }).or(sales.locator('.mantine-Modal-close')).first().click();
  await expect(sales).toBeHidden();

  // 上架, then 下架: the row shows its state and offers the other button
  await row.getByRole('button', { name: '上架', exact: true }).click();
  await confirmWith(page, '确定上架选中的课程包吗？上架后在售校区即可报名');
  await expect(row.getByRole('cell', { name: '是', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: '上架', exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: '下架', exact: true }).click();
  await confirmWith(page, '确定下架选中的课程包吗？下架后不能再报名，已售出的不受影响');
  await expect(row.getByRole('cell', { name: '否', exact: true })).toBeVisible();
});

test('fee standards in yuan per campus, and a class path with its steps', async ({ page }) => {
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '产品管理', '收费标准');
  await expect(mainTable(page).locator('tbody tr').first()).toBeVisible();
  // each campus's price in yuan, with the city the server filled in
  await expect(mainTable(page).getByRole('cell', { name: /^\d{1,3}(,\d{3})*\.\d{2}$/ }).first()).toBeVisible();
  await expect(mainTable(page).getByRole('cell', { name: /^.+分公司$/ }).first()).toBeVisible();

  await openFromSidebar(page, '产品管理', '课程路径');
  const path = rowWith(page, '少儿英语进阶路径');
  await path.getByRole('button', { name: '路径阶段' }).click();
  const steps = page.getByRole('dialog', { name: '路径阶段：少儿英语进阶路径' });
  await expect(steps.getByRole('cell', { name: '少儿英语启蒙', exact: true })).toBeVisible();
  await expect(steps.getByRole('cell', { name: '青少英语综合', exact: true })).toBeVisible();
});
