import { expect, test, type Locator, type Page } from './fixtures';
import { signIn } from './offline-helpers';

// Issue 18, defect 10: with about 22 tabs open the active one sat off-screen with no way to reach it.
test.use({ viewport: { width: 1280, height: 800 } });

/** Whether the whole tab shows inside the strip's visible part. */
async function fullyShown(page: Page, tab: Locator): Promise<boolean> {
  const strip = await page.getByTestId('tab-scroller').boundingBox();
  const box = await tab.boundingBox();
  if (!strip || !box) return false;
  return box.x >= strip.x - 0.5 && box.x + box.width <= strip.x + strip.width + 0.5;
}

const scrollLeft = (page: Page) => page.getByTestId('tab-scroller').evaluate((el) => el.scrollLeft);

test('the active tab is scrolled into view; the strip scrolls with the wheel and the arrows', async ({ page }) => {
  await signIn(page);
  // 21 visited pages left from before (the strip keeps them for the session), then one more opened
  await page.evaluate((key) => {
    const tabs = Array.from({ length: 21 }, (_, i) => ({ path: `/old/page${i + 1}`, fullPath: `/old/page${i + 1}`, title: `以前打开的页面${String(i + 1).padStart(2, '0')}`, fixed: false }));
    sessionStorage.setItem(key, JSON.stringify(tabs));
  }, 'campus-desk.tabs');
  await page.reload();
  await page.goto('/#/system/user');
  const strip = page.getByTestId('tab-strip');
  const tabs = strip.getByRole('tab');
  await expect(tabs).toHaveCount(23);
  const active = strip.getByRole('tab', { name: '用户管理' });
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => fullyShown(page, active)).toBe(true);
  expect(await fullyShown(page, strip.getByRole('tab', { name: '首页' }))).toBe(false);

  // back to the first tab: the strip follows
  await strip.getByRole('button', { name: '向左滚动标签' }).click();
  await expect.poll(() => scrollLeft(page)).toBeLessThan(await page.getByTestId('tab-scroller').evaluate((el) => el.scrollWidth - el.clientWidth));
  await page.goto('/#/home');
  const home = strip.getByRole('tab', { name: '首页' });
  await expect(home).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => fullyShown(page, home)).toBe(true);
  await expect(strip.getByRole('button', { name: '向左滚动标签' })).toBeDisabled();

  // the wheel scrolls sideways; the right arrow too
  await page.getByTestId('tab-scroller').hover();
  await page.mouse.wheel(0, 400);
  await expect.poll(() => scrollLeft(page)).toBeGreaterThan(100);
  const before = await scrollLeft(page);
  await strip.getByRole('button', { name: '向右滚动标签' }).click();
  await expect.poll(() => scrollLeft(page)).toBeGreaterThan(before + 100);
});
