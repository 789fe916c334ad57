/**
 * The front-desk tablet of the offline benches: Debian's Chromium with a persistent profile (a
 * browser restart keeps the service worker, the saved queries and the outbox), and the front
 * desk's sign-in online until the service worker controls the page.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { untilServiceWorkerControls } from '../e2e/serviceWorkerControl';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchTablet(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1024, height: 768 } });
}

export async function signInFrontDesk(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/#/login`);
  await page.getByPlaceholder('请输入账号').fill('front_desk');
  await page.getByPlaceholder('请输入密码').fill('demo123');
  await page.getByRole('button', { name: '登 录' }).click();
  await page.getByTestId('user-menu').waitFor();
  await untilServiceWorkerControls(page, 60_000);
  // a reload above draws the layout again
  await page.getByTestId('user-menu').waitFor();
}

/**
 * Installed before a start (page.addInitScript): notes, in the page's own time (from its
 * navigation), when the first frame with a roster row was painted and when the page next ran a
 * task after it: a tap on the row is handled from then on (the roster is interactive). Read with
 * ROSTER_READY_READ. Playwright's own wait polls at growing intervals (up to 500 ms apart) and
 * between the page's tasks, so its time overstates the start by up to that much.
 */
export const ROSTER_READY_PROBE = `(() => {
  const check = () => {
    if (!document.querySelector('[data-testid="roster-student"]')) return requestAnimationFrame(check);
    // the frame with the row is painted after this callback; a task queued now runs once it is
    requestAnimationFrame(() => {
      window.__rosterPaintedAt = performance.now();
      setTimeout(() => { window.__rosterInteractiveAt = performance.now(); }, 0);
    });
  };
  requestAnimationFrame(check);
})()`;

/** Waits for the probe's answer: the page time of the painted frame and of the first task after it. */
export async function rosterReadyAt(page: Page): Promise<{ painted: number; interactive: number }> {
  await page.waitForFunction('window.__rosterInteractiveAt !== undefined', undefined, { timeout: 30_000 });
  return (await page.evaluate('({ painted: window.__rosterPaintedAt, interactive: window.__rosterInteractiveAt })')) as { painted: number; interactive: number };
}
