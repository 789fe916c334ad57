import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, mainTable, openFromSidebar, rowWith } from './system-helpers';
import { shootAsIs } from './screenshots';

test.use({ viewport: { width: 1440, height: 900 } });

test('教室 shows each row’s 校区 and filters by it for a user of several campuses (issue 18 defect 8)', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '基础数据', '教室');
  const table = mainTable(page);
  await expect(table.getByRole('columnheader', { name: '校区' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '北京朝阳校区', exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: '北京海淀校区', exact: true }).first()).toBeVisible();
  await shootAsIs(page, 'classroom-campus');

  const filter = page.getByRole('search').getByRole('combobox', { name: '校区' });
  await filter.click();
  await page.getByRole('option', { name: '北京海淀校区' }).click();
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('cell', { name: '北京朝阳校区', exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: '北京海淀校区', exact: true }).first()).toBeVisible();
});

test('班级客服 is chosen in the class dialog among the staff of the class campus and saved (issue 18 defect 11)', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '教务管理', '班级管理');
  const row = rowWith(page, '北京海淀启蒙A班');
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑班级' });
  const kf = dialog.getByRole('combobox', { name: '班级客服' });
  await kf.click();
  // staff of 北京海淀校区 only: the principal works there, the Guangzhou front desk does not
  await expect(page.getByRole('option', { name: '李秀英' })).toBeVisible();
  await expect(page.getByRole('option', { name: '孙丽' })).toHaveCount(0);
  await page.getByRole('option', { name: '李秀英' }).click();
  await shootAsIs(page, 'class-kf-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expectToast(page, '修改成功');
  await expect(rowWith(page, '北京海淀启蒙A班').getByRole('cell', { name: '李秀英', exact: true })).toBeVisible();
});

test('choosing another campus in the class dialog empties the 班级客服 and 教室 of the old one (issue 18)', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '教务管理', '班级管理');
  await rowWith(page, '北京海淀启蒙A班').getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑班级' });
  const kf = dialog.getByRole('combobox', { name: '班级客服' });
  // The staff of the campus load after the dialog opens; until then the select shows no name even
  // when one is chosen, and clicking the chosen option again would deselect it.
  await expect(kf).toHaveAttribute('placeholder', '请选择');
  if ((await kf.inputValue()) !== '李秀英') {
    await kf.click();
    await page.getByRole('option', { name: '李秀英' }).click();
  }
  await expect(kf).toHaveValue('李秀英');
  const room = dialog.getByRole('textbox', { name: '教室' }).or(dialog.getByRole('combobox', { name: '教室' })).first();
  await expect(room).not.toHaveValue('');
  await dialog.getByRole('combobox', { name: '校区' }).click();
  await page.getByRole('option', { name: '北京朝阳校区' }).click();
  await expect(kf).toHaveValue('');
  await expect(room).toHaveValue('');
  // the new campus's staff are offered
  await kf.click();
  await page.getByRole('option', { name: '李秀英' }).click();
  await expect(kf).toHaveValue('李秀英');
  await dialog.getByRole('button', { name: '取消' }).click();
});
