import { test, type Page } from './fixtures';

/**
 * Pictures of screens for people to look at (a desktop, a 1,024 px tablet, a 390 px phone), taken
 * only when E2E_SHOTS is set: they assert nothing, and in the suite each width cost a relayout, a
 * pause for it and a full-page capture. `E2E_SHOTS=1 npx playwright test <spec>` saves them in the
 * test's output folder (.tmp/e2e-results/…).
 */
const SHOTS = Boolean(process.env.E2E_SHOTS);

const HEIGHT: Readonly<Record<number, number>> = { 390: 844 };

/** Screenshots of the page at each width, named `<name>-<width>.png`; the page is left at 1440 × 900. */
export async function shoot(page: Page, name: string, widths: readonly number[] = [1440, 1024, 390]): Promise<void> {
  if (!SHOTS) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHT[width] ?? 900 });
    // the layout settles at the new width (charts and tables measure themselves after a resize)
    await page.waitForTimeout(300);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** One screenshot of the page as it is, named `<name>.png`. */
export async function shootAsIs(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}
