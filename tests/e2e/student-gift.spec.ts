import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';

// 学员赠品 on the demo data: the principal hands out a 待发放 gift (发放) and takes back a given one
// at a charge (退回); each row then shows its new state, and the server answers the states it saved.

test('principal: 发放 a waiting gift, 退回 a given one with a charge', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '订单管理', '学员赠品');
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();

  const waiting = rows.filter({ has: page.getByRole('button', { name: '发放', exact: true }) }).first();
  await waiting.getByRole('button', { name: '发放', exact: true }).click();
  const give = page.getByRole('dialog', { name: '确认发放赠品' });
  await give.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('赠品已发放')).toBeVisible();
  await expect(give).toBeHidden();

  const given = rows.filter({ has: page.getByRole('button', { name: '退回', exact: true }) }).first();
  await given.getByRole('button', { name: '退回', exact: true }).click();
  const back = page.getByRole('dialog', { name: '赠品退回' });
  await back.getByLabel('未退回扣款').fill('12.50');
  await back.getByLabel('退回说明').fill('书包未退回，按价扣款');
  const saved = page.waitForResponse((r) => r.url().includes('/api/v1/order_student_gift/update_return'));
  await back.getByRole('button', { name: '确定' }).click();
  // what the server kept: the gift returned with a charge of 1250 fen and the note
  const body = (await (await saved).json()) as { code: number; data: { state: number; return_charge: number | null; return_note: string | null } };
  expect(body).toMatchObject({ code: 200, data: { state: 3, return_charge: 1250, return_note: '书包未退回，按价扣款' } });
  await expect(page.getByText('赠品已退回')).toBeVisible();
  await expect(rows.filter({ hasText: '已退回' }).first()).toBeVisible();
});
