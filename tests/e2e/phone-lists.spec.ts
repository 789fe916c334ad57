import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

// A telemarketer's lead list on a phone: the search form is folded so the table is on the first
// screen, and the 操作 column scrolls with the row instead of covering the lead names.
test('资源管理 on a 390 px phone shows the leads, not only their buttons', async ({ page }) => {
  await openAs(page, 'telemarketer', 'demo123', LIGHT_LANDING);
  await page.goto('/#/marketing/resource');
  const search = page.getByRole('search');
  await expect(search.getByRole('button', { name: /更多条件（\d+）/ })).toBeVisible();
  await expect(search.getByLabel('联系电话')).toHaveCount(0);

  const firstName = page.getByTestId('data-table-scroll').locator('tbody tr').first().locator('td').nth(1);
  await expect(firstName).toHaveText(/\S/);
  await expect(firstName).toBeInViewport();
  // nothing covers the name: the topmost element at its centre is the cell or inside it
  const covered = await firstName.evaluate((td) => {
    const r = td.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !(top && td.contains(top));
  });
  expect(covered).toBe(false);

  // the form unfolds and folds again
  await search.getByRole('button', { name: /更多条件/ }).click();
  await expect(search.getByLabel('联系电话')).toBeVisible();
  await search.getByRole('button', { name: '收起条件' }).click();
  await expect(search.getByLabel('联系电话')).toHaveCount(0);
});
