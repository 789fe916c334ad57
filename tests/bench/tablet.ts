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
