import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';
import { STUDENT_IMPORT_COLUMNS } from '../../src/contract/student-import';

type Cells = Partial<Record<(typeof STUDENT_IMPORT_COLUMNS)[number]['key'], string>>;

async function xlsx(rows: Cells[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员导入');
  ws.addRow(STUDENT_IMPORT_COLUMNS.map((c) => c.header));
  for (const r of rows) ws.addRow(STUDENT_IMPORT_COLUMNS.map((c) => r[c.key] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// The front desk of 广州天河 imports a class list: template, dry run with per-row reasons, the
// refused rows as .xlsx, the import, and the history.
test('student import: template, dry run, refused rows, import, history', async ({ page }) => {
  const tail = String(Date.now()).slice(-7);
  const name = `导入${tail.slice(-3)}`;
  const file = await xlsx([
    { name: `${name}甲`, gender: '男', birthday: '2016-04-01', parent_name: '导入爸爸', parent_relation: '父亲', parent_phone: `1391${tail}` },
    { name: `${name}乙`, gender: '女', birthday: '2018-09-09', parent_name: '导入爸爸', parent_relation: '父亲', parent_phone: `1391${tail}` },
    { name: `${name}丙`, gender: '男孩', parent_phone: `1392${tail}` },
    { name: `${name}丁`, gender: '女', parent_phone: '12345' },
  ]);
  await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '学员管理', '学员导入');
  // the history: the demo import of this campus
  await expect(rowWith(page, '天河校区新生登记.xlsx')).toBeVisible();

  await page.getByRole('button', { name: '导入学员', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入学员' });
  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载导入模板' }).click();
  expect((await template).suggestedFilename()).toBe('学员导入模板.xlsx');

  await dialog.getByRole('combobox', { name: /默认校区/ }).click();
  await page.getByRole('option', { name: '广州天河校区' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: '天河周末班.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await dialog.getByRole('button', { name: '上传并校验' }).click();
  await expect(dialog.getByText('可导入 2 行')).toBeVisible();
  await expect(dialog.getByText('拒绝 2 行')).toBeVisible();
  // the refused rows are shown first, each with its reason
  await expect(dialog.getByRole('cell', { name: /性别“男孩”不正确/ })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: /家长电话“12345”不正确/ })).toBeVisible();
  await dialog.getByText('全部', { exact: true }).click();
  await expect(dialog.getByRole('cell', { name: '将新增学员', exact: true })).toHaveCount(2);

  const refused = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载拒绝行' }).click();
  const download = await refused;
  expect(download.suggestedFilename()).toBe('天河周末班-拒绝的行.xlsx');
  const wb = new ExcelJS.Workbook();
  const bytes = await readFile(await download.path());
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const ws = wb.worksheets[0];
  expect(ws.actualRowCount).toBe(3);
  expect(String(ws.getRow(1).getCell(STUDENT_IMPORT_COLUMNS.length + 2).value)).toBe('拒绝原因');
  expect(String(ws.getRow(2).getCell(STUDENT_IMPORT_COLUMNS.length + 2).value)).toContain('性别“男孩”不正确');

  await dialog.getByRole('button', { name: '开始导入 2 行' }).click();
  await expectToast(page, '导入完成：新增学员 2 名，拒绝 2 行');
  await expect(dialog.getByText('已导入 2 行')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /开始导入|继续导入/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: '关闭' }).click();

  const row = rowWith(page, '天河周末班.xlsx');
  await expect(row.getByRole('cell', { name: '已完成', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '孙丽', exact: true })).toBeVisible();

  // the students are there, siblings under one parent
  await openFromSidebar(page, '学员管理', '全部学员');
  const search = page.getByRole('search').getByLabel('学员姓名');
  await search.fill(name);
  await search.press('Enter');
  await expect(rowWith(page, `${name}甲`)).toBeVisible();
  await expect(rowWith(page, `${name}乙`)).toBeVisible();
  await expect(rowWith(page, `${name}丙`)).toHaveCount(0);

  // the list again with 甲's grade filled in: 甲 is updated (the field old → new), 乙 unchanged
  const again = await xlsx([
    { name: `${name}甲`, gender: '男', grade: '二年级', parent_phone: `1391${tail}` },
    { name: `${name}乙`, gender: '女', parent_phone: `1391${tail}` },
  ]);
  await openFromSidebar(page, '学员管理', '学员导入');
  await page.getByRole('button', { name: '导入学员', exact: true }).click();
  await dialog.getByRole('combobox', { name: /默认校区/ }).click();
  await page.getByRole('option', { name: '广州天河校区' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: '天河周末班补充.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: again });
  await dialog.getByRole('button', { name: '上传并校验' }).click();
  await expect(dialog.getByText('可导入 1 行')).toBeVisible();
  await expect(dialog.getByText('无变化 1 行')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '将更新已有学员：年级：空 → 二年级', exact: true })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '已有学员，无变化', exact: true })).toBeVisible();
  await dialog.getByRole('radiogroup').getByText('更新', { exact: true }).click();
  await expect(dialog.getByRole('cell', { name: '已有学员，无变化', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: '开始导入 1 行' }).click();
  await expectToast(page, '导入完成：新增学员 0 名，更新学员 1 名，无变化 1 行');
  await expect(dialog.getByText('已更新 1 行')).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  const second = rowWith(page, '天河周末班补充.xlsx');
  await expect(second.getByRole('cell', { name: '已完成', exact: true })).toBeVisible();
});
