import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { confirmWith, expectToast, openFromSidebar, rowWith } from './system-helpers';

const LESSON = '北京朝阳启蒙试听课';

// The principal of 北京朝阳 fills the demo trial lesson to its capacity, sees the booking closed,
// checks the new student in, frees a seat by a withdraw and sees booking open again.
test('trial lesson: book to capacity, attendance check, withdraw frees the seat', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '招生转化', '试听课');
  const search = page.getByRole('search').getByLabel('试听课名称');
  await search.fill(LESSON);
  await search.press('Enter');
  const row = rowWith(page, LESSON);
  await expect(row).toBeVisible();

  // capacity: one seat more than is taken
  const headers = await page.getByTestId('data-table-scroll').first().locator('thead th').allInnerTexts();
  const bookedAt = headers.findIndex((h) => h.trim() === '已预约');
  expect(bookedAt).toBeGreaterThan(0);
  const booked = Number(await row.locator('td').nth(bookedAt).innerText());
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑试听课' });
  await edit.getByLabel('容纳人数').fill(String(booked + 1));
  await edit.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expectToast(page, '修改成功');

  // book the last seat: the lesson is then full and offers no booking
  await row.getByRole('button', { name: '预约试听' }).click();
  const join = page.getByRole('dialog', { name: /^预约试听：/ });
  const first = join.getByTestId('join-trial-table').locator('tbody tr').first();
  // the candidates load after the dialog opens: the empty state shows until they are in
  await expect(first.locator('td').first()).not.toHaveText('暂无可预约的学员');
  const student = (await first.locator('td').first().innerText()).trim();
  expect(student).not.toBe('暂无可预约的学员');
  await first.getByRole('button', { name: '预约' }).click();
  await expectToast(page, `${student}已预约试听`);
  await join.getByRole('button', { name: 'Close' }).or(page.locator('.mantine-Modal-close')).first().click();
  await expect(row.locator('td').nth(bookedAt)).toHaveText(String(booked + 1));
  await expect(row.getByRole('button', { name: '预约试听' })).toHaveCount(0);

  // the lesson's students: the new one comes to class
  await row.getByRole('button', { name: '试听学员' }).click();
  const drawer = page.getByRole('dialog', { name: `试听学员：${LESSON}`, exact: false });
  const mine = drawer.locator('tbody tr', { has: page.getByRole('cell', { name: student, exact: true }) });
  await mine.getByRole('button', { name: '到课' }).click();
  await expectToast(page, '已记为到课');
  await expect(mine.getByRole('cell', { name: '已到课', exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: '退出' })).toHaveCount(0);

  // another booked student withdraws: the seat is free again
  const other = drawer.locator('tbody tr', { has: page.getByRole('cell', { name: '已预约', exact: true }) }).first();
  await other.getByRole('button', { name: '退出' }).click();
  await confirmWith(page, '确定让选中的学员退出试听吗？');
  await expectToast(page, '已退出试听');
  await page.keyboard.press('Escape');
  await search.press('Enter');
  await expect(row.getByRole('button', { name: '预约试听' })).toBeVisible();
});
