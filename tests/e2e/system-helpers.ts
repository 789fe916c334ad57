import { expect, type Locator, type Page } from './fixtures';

/** Opens a screen from the sidebar: the directory, then the entry. */
export async function openFromSidebar(page: Page, directory: string, entry: string): Promise<void> {
  const nav = page.getByTestId('sidebar');
  const item = nav.getByRole('link', { name: entry, exact: true });
  // the sidebar may be mid-remount (after a viewport change it mounts with the active route's
  // directory open), so a directory clicked on the old one can close it on the new: look again
  await expect(async () => {
    if (!(await item.isVisible())) await nav.getByRole('button', { name: directory, exact: true }).click({ timeout: 2_000 });
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const path = await item.getAttribute('href');
  await item.click();
  // the old screen stays drawn until the new one's code has loaded: a control looked up before the
  // tab changes can be the old screen's (the same 校区 filter), whose list then vanishes mid-click
  await expect(page.getByTestId('tab-strip').locator('[role="tab"][aria-selected="true"]')).toHaveAttribute('data-path', (path ?? '').replace(/^#/, ''));
}

/**
 * Picks an option of a select: opens its list, clicks the option, and checks the select shows it.
 * A list that closed before the click (its options re-drawn as they arrived, on a loaded machine)
 * is opened again instead of waiting for an option that no longer shows.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  const item = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await item.isVisible())) await select.click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(select).toHaveValue(option);
}

/** A notification with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-description', { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/** The main list table of the screen. */
export function mainTable(page: Page): Locator {
  return page.getByTestId('data-table-scroll').first();
}

/** A body row of the table holding `text` in one of its cells. */
export function rowWith(page: Page, text: string): Locator {
  return mainTable(page).locator('tbody tr', { has: page.getByRole('cell', { name: text, exact: true }) });
}

/** Answers the confirm dialog after checking its text. */
export async function confirmWith(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
}
