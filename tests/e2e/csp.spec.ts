import { expect, test } from './fixtures';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

// Issue 10 defect 8: the built app runs under its Content-Security-Policy: no violation is reported
// while signing in, opening screens, a dialog and a preview, and the service worker still registers.

test('the app runs under its Content-Security-Policy with no violation, and the service worker registers', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load (CSP ${e.violatedDirective}) ${e.blockedURI}`));
  });

  const res = await page.goto('/#/login');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res?.headers()['x-frame-options']).toBe('DENY');

  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const sidebar = page.getByTestId('sidebar');
  for (const title of ['菜单管理', '用户管理', '角色管理']) {
    const link = sidebar.getByRole('link', { name: title, exact: true });
    if (!(await link.isVisible())) await sidebar.getByRole('button', { name: '系统管理' }).click();
    await link.click();
    await expect(page.getByTestId('breadcrumb')).toContainText(title);
  }
  await page.getByRole('button', { name: '新增' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect(refused).toEqual([]);
});
