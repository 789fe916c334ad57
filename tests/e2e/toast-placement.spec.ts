import { expect, test, type Locator, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar } from './system-helpers';
import { shootAsIs } from './screenshots';

/**
 * Issue 18 defect 15: a toast covered the title of the dialog it answers and the user menu. At the
 * desktop, tablet and phone widths a refusal shown while a dialog stays open covers neither, nor the
 * dialog's buttons.
 */
type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b).toBeTruthy();
  return b as Box;
}

async function refusalInDialog(page: Page): Promise<{ dialog: Locator; toast: Locator }> {
  await page.getByRole('button', { name: '新增' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新增用户' });
  await dialog.getByLabel('账号').fill('admin');
  await dialog.getByLabel('初始密码').fill('Abc12345');
  await dialog.getByLabel('姓名').fill('重复账号');
  await dialog.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: '前台' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const toast = page.locator('.mantine-Notification-root', { hasText: '账号已存在' });
  await expect(toast).toBeVisible();
  return { dialog, toast };
}

for (const [name, width, height] of [['desktop', 1440, 900], ['tablet', 1024, 768], ['phone', 390, 844]] as const) {
  test(`a toast leaves the dialog's title and the user menu visible (${name} ${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
    if (width < 600) await page.goto('/#/system/user');
    else await openFromSidebar(page, '系统管理', '用户管理');
    const { dialog, toast } = await refusalInDialog(page);
    const t = await box(toast);
    expect(overlaps(t, await box(dialog.locator('.mantine-Modal-header')))).toBe(false);
    expect(overlaps(t, await box(page.getByTestId('user-menu')))).toBe(false);
    // nor the buttons that answer it
    expect(overlaps(t, await box(dialog.getByRole('button', { name: /确\s*定/ })))).toBe(false);
    expect(overlaps(t, await box(dialog.getByRole('button', { name: /取\s*消/ })))).toBe(false);
    await shootAsIs(page, `toast-${name}`);
  });
}
