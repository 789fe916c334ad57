import { expect, test, type Page } from './fixtures';
import { openAs } from './offline-helpers';

// The app shell as a new member of staff uses it: against the built app and the real server (demo data).

/** The administrator on 首页 (the sign-in page itself is the subject of the first test and of the phone's). */
async function signIn(page: Page) {
  await openAs(page, 'admin', 'admin123', '/home');
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

async function openFromSidebar(page: Page, title: string) {
  const sidebar = page.getByTestId('sidebar');
  const link = sidebar.getByRole('link', { name: title, exact: true });
  if (!(await link.isVisible())) await sidebar.getByRole('button', { name: '系统管理' }).click();
  await link.click();
  await expect(page.getByTestId('breadcrumb')).toContainText(title);
}

function tab(page: Page, title: string) {
  return page.getByTestId('tab-strip').getByRole('tab', { name: title });
}

async function tabAction(page: Page, title: string, action: string) {
  await tab(page, title).click({ button: 'right' });
  await page.getByTestId('tab-menu').getByRole('menuitem', { name: action }).click();
}

test('sign in with wrong and right passwords', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page).toHaveTitle('校区后台 - 首页');
  // a token on /login goes to /
  await page.goto('/#/login');
  await expect(page).toHaveURL(/#\/home$/);
});

test('screens from the sidebar, every tab action, tabs kept across a reload', async ({ page }) => {
  await signIn(page);
  await openFromSidebar(page, '菜单管理');
  await expect(page).toHaveTitle('校区后台 - 菜单管理');
  await openFromSidebar(page, '用户管理');
  await openFromSidebar(page, '角色管理');
  for (const t of ['首页', '菜单管理', '用户管理', '角色管理']) await expect(tab(page, t)).toBeVisible();

  // 首页 is fixed: no close button, and 关闭当前 is disabled for it
  await expect(page.getByRole('button', { name: '关闭 首页' })).toHaveCount(0);

  await page.reload();
  for (const t of ['首页', '菜单管理', '用户管理', '角色管理']) await expect(tab(page, t)).toBeVisible();
  await expect(tab(page, '角色管理')).toHaveAttribute('aria-selected', 'true');

  await tabAction(page, '用户管理', '刷新');
  await expect(page).toHaveURL(/#\/system\/user$/);
  await expect(tab(page, '用户管理')).toHaveAttribute('aria-selected', 'true');

  await tabAction(page, '用户管理', '关闭当前');
  await expect(tab(page, '用户管理')).toHaveCount(0);
  await expect(page).not.toHaveURL(/#\/system\/user$/);

  await tabAction(page, '菜单管理', '关闭其他');
  await expect(page.getByTestId('tab-strip').getByRole('tab')).toHaveCount(2);
  await expect(tab(page, '首页')).toBeVisible();
  await expect(page).toHaveURL(/#\/system\/menu$/);

  await openFromSidebar(page, '角色管理');
  await tabAction(page, '角色管理', '关闭所有');
  await expect(page.getByTestId('tab-strip').getByRole('tab')).toHaveCount(1);
  await expect(page).toHaveURL(/#\/home$/);
});

test('unknown paths go to /401', async ({ page }) => {
  await signIn(page);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/401$/);
});

test('task center without ref_type warns and goes home', async ({ page }) => {
  await signIn(page);
  await page.goto('/#/task/task_center/apply');
  await expect(page.getByText('参数缺失!请联系管理员!')).toBeVisible();
  await expect(page).toHaveURL(/#\/home$/);
});

test('a 500 answer shows /error/500 with the message', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/v1/sys_user/get_info**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: '数据库不可用', data: null }) }),
  );
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人设置' }).click();
  await expect(page).toHaveURL(/#\/error\/500$/);
  await expect(page.getByTestId('error-message')).toHaveText('服务器内部错误: 数据库不可用');
});

test('a session revoked mid-way lands on /login', async ({ page }) => {
  await signIn(page);
  const headers = await page.evaluate(() => {
    const cookie = (name: string) => decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))?.split('=')[1] ?? '');
    return { token: cookie('token'), Authorization: cookie('Authorization') };
  });
  const out = await page.request.post('/api/v1/sso/logout', { headers, data: {} });
  expect(out.ok()).toBe(true);
  // Any call now answers 401 (the settings page loads the user's info); the session is dropped.
  await page.evaluate(() => {
    window.location.hash = '#/settings';
  });
  await expect(page).toHaveURL(/#\/login/);
  expect(await page.evaluate(() => localStorage.getItem('session_user'))).toBeNull();
});

test('a 390x844 phone gets the drawer layout', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  // signing in on a phone: the sidebar is in the closed drawer, the sign-in lands on 首页 all the same
  await page.goto('/#/login');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('admin123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByTestId('sidebar-toggle').click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('button', { name: '系统管理' }).click();
  await sidebar.getByRole('link', { name: '用户管理', exact: true }).click();
  await expect(page).toHaveURL(/#\/system\/user$/);
  // the drawer closes on navigation
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await ctx.close();
});

test('sign out returns to /login?redirect=home and protects the pages', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/#\/login\?redirect=home$/);
  await page.goto('/#/system/menu');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
});
