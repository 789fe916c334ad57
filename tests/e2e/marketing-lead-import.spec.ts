import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { login, post, schoolId } from './classes-fixtures';
import { expectToast, rowWith } from './system-helpers';
import { shootAsIs } from './screenshots';

const HEADER = ['学员姓名*', '联系电话*', '家长姓名', '性别(男/女)', '年级', '来源', '就读学校', '备注'];

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('资源导入');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// The principal imports a ground-promotion list into 北京朝阳: template, the check with every row's
// result (a phone the campus already has names its lead), the import into 待分配, the refused rows
// as .xlsx, and the history.
test('lead import: template, check, import, refused rows, history', async ({ page, request }) => {
  const principal = await login(request, 'principal', 'demo123');
  const bj = await schoolId(request, principal, 'BJ-CY');
  const tail = String(Date.now()).slice(-7);
  const held = `已有${tail.slice(-3)}`;
  await post(request, principal, 'api/v1/mkt_resource/add', { school_id: bj, name: held, parent_phone: `1531${tail}` });
  const fileName = `地推名单${tail.slice(-4)}.xlsx`;
  const file = await xlsx([
    [`导入${tail.slice(-3)}甲`, `1532${tail}`, '甲家长', '男', '三年级', '地推', '实验小学', ''],
    [`导入${tail.slice(-3)}乙`, `1531${tail}`, '', '', '', '', '', ''],
    [`导入${tail.slice(-3)}丙`, '12345', '', '男孩', '', '', '', ''],
  ]);

  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await page.goto('/#/marketing/resource_import');
  await page.getByRole('button', { name: '导入资源', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入资源' });
  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载导入模板' }).click();
  expect((await template).suggestedFilename()).toBe('资源导入模板.xlsx');

  await dialog.getByRole('button', { name: '校验' }).click();
  await expect(dialog.getByText('请选择导入到的校区')).toBeVisible();
  await dialog.getByRole('combobox', { name: /导入到校区/ }).click();
  await page.getByRole('option', { name: '北京朝阳校区' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await dialog.getByRole('button', { name: '校验' }).click();
  await expect(dialog.getByText('可导入 1 行')).toBeVisible();
  await expect(dialog.getByText('重复 1 行')).toBeVisible();
  await expect(dialog.getByText('拒绝 1 行')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: /性别只能填写男或女/ })).toBeVisible();
  await dialog.getByText('全部', { exact: true }).click();
  await expect(dialog.getByRole('cell', { name: `已存在：${held}（待分配）`, exact: true })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '将导入到待分配', exact: true })).toHaveCount(1);
  await shootAsIs(page, 'lead-import-check');

  await dialog.getByRole('button', { name: '开始导入 1 条' }).click();
  await expectToast(page, '导入完成：新增资源 1 条，重复 1 条，拒绝 1 条');
  await expect(dialog.getByText('已导入 1 行')).toBeVisible();
  const refused = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载拒绝行' }).click();
  const download = await refused;
  expect(download.suggestedFilename()).toBe(fileName.replace('.xlsx', '-拒绝的行.xlsx'));
  const wb = new ExcelJS.Workbook();
  const bytes = await readFile(await download.path());
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const ws = wb.worksheets[0];
  expect(ws.actualRowCount).toBe(2);
  expect(String(ws.getRow(2).getCell(10).value)).toContain('联系电话应为11位数字');
  await dialog.getByRole('button', { name: '关闭' }).click();

  // the history: this import with its counts and who made it
  const row = rowWith(page, fileName);
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '李秀英', exact: true })).toBeVisible();
  await shootAsIs(page, 'lead-import-history');
});
