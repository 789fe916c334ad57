import type { Page } from 'playwright-core';

/**
 * Waits until the service worker controls `page` (the browser specs' tablet and the offline
 * benches' both start this way). The worker claims the open page when it activates (clientsClaim);
 * on a loaded machine that can take seconds, and a reload meanwhile can load without it (twice in a
 * row once, in a run of the offline specs): the claim is waited for first, and the page reloaded
 * only if it does not come. A type-only import, so the benches load no test runner.
 */
export async function untilServiceWorkerControls(page: Page, activeTimeoutMs?: number): Promise<void> {
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.getRegistration())?.active, undefined, activeTimeoutMs === undefined ? undefined : { timeout: activeTimeoutMs });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 }).catch(() => undefined);
  for (let i = 0; i < 3 && !(await page.evaluate(() => !!navigator.serviceWorker.controller)); i++) {
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 10_000 }).catch(() => undefined);
  }
}
