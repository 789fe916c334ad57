/**
 * The front-desk tablet of the offline benches: Debian's Chromium with a persistent profile (a
 * browser restart keeps the service worker, the saved queries and the outbox), and the front
 * desk's sign-in online until the service worker controls the page.
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { untilServiceWorkerControls } from '../e2e/serviceWorkerControl';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';


export function launchTablet(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1024, height: 768 } });
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
 * rosterReadyAt, which waits in the page itself: Playwright's locator wait injects its selector
 * engine into the page (about 120 ms of main thread at 4x CPU, during the start it measures) and
 * polls at growing intervals (up to 500 ms apart).
 */
export const ROSTER_READY_PROBE = `(() => {
  let done;
  window.__rosterReady = new Promise((resolve) => { done = resolve; });
  const check = () => {
    if (!document.querySelector('[data-testid="roster-student"]')) return requestAnimationFrame(check);
    // the frame with the row is painted after this callback; a task queued now runs once it is
    requestAnimationFrame(() => {
      const painted = performance.now();
      setTimeout(() => done({ painted, interactive: performance.now() }), 0);
    });
  };
  requestAnimationFrame(check);
})()`;

/** The probe's answer: the page time of the painted frame with the roster and of the first task after it. */
export async function rosterReadyAt(page: Page): Promise<{ painted: number; interactive: number }> {
  return (await page.evaluate('window.__rosterReady')) as { painted: number; interactive: number };
}
