import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { get, login, schoolId } from './classes-fixtures';

/**
 * Issue 11: when a session ends (signed out elsewhere, revoked, expired) the user signs in again and
 * is back on the screen they were on, with its query, not at 首页; someone else signing in on the
 * device starts at 首页.
 */
test.use({ viewport: { width: 1440, height: 900 } });

async function aClass(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const admin = await login(request);
  const school = await schoolId(request, admin, 'BJ-CY');
  const page = await get<{ content: { id: number; name: string }[] }>(request, admin, 'api/v1/base_class_manage/page', { school_id: school, page: 1, rows: 1 });
  return page.content[0];
}

/** Ends the page's session on the server, as a sign-out on another device would. */
async function endSessionOnServer(page: Page, request: APIRequestContext): Promise<void> {
  const s = await page.evaluate(() => JSON.parse(localStorage.getItem('session_user') ?? 'null') as { token: string; login_id: string; domain: string });
  const headers = { token: s.token, Authorization: `Bearer ${Buffer.from(`${s.login_id}:${s.token}:${s.domain}`).toString('base64')}` };
  expect(((await (await request.post('api/v1/sso/logout', { headers, data: {} })).json()) as { code: number }).code).toBe(200);
}

async function openClassThenLoseSession(page: Page, request: APIRequestContext, cls: { id: number; name: string }): Promise<void> {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await page.goto(`/#/base/class_detail?id=${cls.id}`);
  await expect(page.getByText(cls.name).first()).toBeVisible();
  await endSessionOnServer(page, request);
  // the tablet is picked up again later: the page's calls are refused (401) and the app goes to sign-in
  await page.reload();
  await expect(page.getByPlaceholder('请输入账号')).toBeVisible();
  expect(decodeURIComponent(page.url())).toContain(`/login?redirect=/base/class_detail?id=${cls.id}`);
}

test('after the session ends, signing in again returns to the screen the user was on', async ({ page, request }) => {
  const cls = await aClass(request);
  await openClassThenLoseSession(page, request, cls);
  // the account is offered
  await expect(page.getByPlaceholder('请输入账号')).toHaveValue('principal');
  await page.getByPlaceholder('请输入密码').fill('demo123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(new RegExp(`#/base/class_detail\\?id=${cls.id}$`));
  await expect(page.getByText(cls.name).first()).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('someone else signing in after the session ended starts at 首页', async ({ page, request }) => {
  const cls = await aClass(request);
  await openClassThenLoseSession(page, request, cls);
  await page.getByPlaceholder('请输入账号').fill('front_desk');
  await page.getByPlaceholder('请输入密码').fill('demo123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
