import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, mainTable, openFromSidebar } from './system-helpers';

/** Opens 学员账户 and picks the first 北京朝阳 student whose name has 王; answers the balance shown. */
async function pickStudent(page: Page, name?: string): Promise<string> {
  await openFromSidebar(page, '财务管理', '学员账户');
  const picker = page.getByRole('combobox', { name: '学员' }).first();
  await picker.fill(name ?? '王');
  const option = page.getByRole('option', { name: /北京朝阳/ }).first();
  await expect(option).toBeVisible();
  const label = (await option.textContent()) ?? '';
  await option.click();
  await expect(page.getByTestId('account-balance')).toBeVisible();
  return label.split('（')[0];
}

const balanceOf = async (page: Page) => Number(((await page.getByTestId('account-balance').textContent()) ?? '').replace(/[¥,]/g, ''));

// 余额调整 needs a second person: finance asks, cannot approve their own request, the principal
// approves it on 余额调整审核 (their task of the demo's 余额调整 approval) and only then the balance
// moves (a 余额调整 row with the reason).
test('finance: a balance correction is approved by a second person and only then moves the balance', async ({ page, browser }) => {
  const tag = String(Date.now()).slice(-6);
  const reason = `旧系统迁移少计 E2E${tag}`;
  await openAs(page, 'finance', 'demo123', LIGHT_LANDING);
  const student = await pickStudent(page);
  const before = await balanceOf(page);
  await page.getByRole('button', { name: '余额调整' }).click();
  const dialog = page.getByRole('dialog', { name: /余额调整申请/ });
  await dialog.getByRole('textbox', { name: '金额（元）' }).fill('12.34');
  await dialog.getByRole('textbox', { name: '调整原因' }).fill(reason);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expectToast(page, '余额调整已提交，等待另一位同事审核');
  expect(await balanceOf(page)).toBe(before);

  await page.getByRole('tab', { name: '余额调整审核' }).click();
  const own = mainTable(page).locator('tbody tr', { hasText: reason });
  await expect(own).toContainText('待审核');
  // the applicant gets no buttons on their own request
  await expect(own.getByRole('button', { name: '通过' })).toHaveCount(0);

  const other = await browser.newContext();
  const second = await other.newPage();
  await openAs(second, 'principal', 'demo123', LIGHT_LANDING);
  await pickStudent(second, student);
  await second.getByRole('tab', { name: '余额调整审核' }).click();
  const row = mainTable(second).locator('tbody tr', { hasText: reason });
  await row.getByRole('button', { name: '通过' }).click();
  const approve = second.getByRole('dialog', { name: /通过余额调整/ });
  await approve.getByRole('textbox', { name: '审核意见' }).fill('核对旧系统台账无误');
  await approve.getByRole('button', { name: '通过' }).click();
  await expectToast(second, '已通过，余额已调整');
  await expect(row).toContainText('已通过');
  await expect(row).toContainText('李秀英');
  await expect(second.getByTestId('account-balance')).toHaveText(`¥${(before + 12.34).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await second.getByRole('tab', { name: '储值流水' }).click();
  await expect(mainTable(second).locator('tbody tr', { hasText: reason }).first()).toContainText('12.34');
  await other.close();
});
