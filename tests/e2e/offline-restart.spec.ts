import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext } from './fixtures';
import { launchTablet, LIGHT_LANDING, feedbackRows, signIn, submitFeedback, waitForServiceWorker } from './offline-helpers';
import { classWithLessonToday, get, login } from './classes-fixtures';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 11, defects 1 and 2, in Debian's Chromium against the built app and the real server.
 * Defect 1 needs a real browser restart: a persistent profile (user-data dir) closed and launched
 * again, which drops session cookies as a tablet's browser or OS restart does.
 */

interface LogPage {
  content: { action: string }[];
  totalSize: number;
}

test('a tablet signed in online survives a browser restart offline: roster and queue are there, the check-in is sent once when back online', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 3, run });
  const dir = mkdtempSync(join(tmpdir(), 'campus-desk-tablet-'));
  const tile = (id: number) => `[data-testid="roster-student"][data-student-id="${id}"][data-schedule-id="${cls.scheduleId}"]`;
  let context: BrowserContext | null = null;
  try {
    // a day's start: signed in online, the roster loaded
    context = await launchTablet(dir, baseURL as string);
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, 'front_desk', 'demo123', LIGHT_LANDING);
    await waitForServiceWorker(page);
    await page.goto('/#/educational/front_desk_check_in');
    await page.getByTestId('session-chip').filter({ hasText: cls.className }).click();
    await expect(page.locator(`[data-testid="roster-student"][data-schedule-id="${cls.scheduleId}"]`)).toHaveCount(3);

    // the Wi-Fi drops, a check-in is queued, then the browser is closed
    await context.setOffline(true);
    const student = cls.students[1];
    await page.locator(tile(student.id)).click();
    await expect(page.locator(tile(student.id)).getByTestId('sync-state')).toContainText('待同步');
    await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
    await context.close();

    // restarted with no network: the app opens signed in, with the roster and the queue
    context = await launchTablet(dir, baseURL as string);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/#/educational/front_desk_check_in');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect(page.url()).not.toContain('/login');
    await expect(page.getByTestId('offline-badge')).toHaveText('离线');
    await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
    await page.getByTestId('session-chip').filter({ hasText: cls.className }).click();
    await expect(page.locator(`[data-testid="roster-student"][data-schedule-id="${cls.scheduleId}"]`)).toHaveCount(3);
    await expect(page.locator(tile(student.id)).getByTestId('mark')).toHaveText('出勤');
    await expect(page.locator(tile(student.id)).getByTestId('sync-state')).toContainText('待同步');
    // still usable offline: another check-in
    const second = cls.students[2];
    await page.locator(tile(second.id)).click();
    await expect(page.getByTestId('outbox-pending')).toHaveText('2 条待同步');

    // back online: both sent, each once, as the server's own log says
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator(tile(student.id)).getByTestId('sync-state')).toContainText('已同步');
    await context.close();
    context = null;

    const checkIns = await get<{ content: { student_id: number; mark: string }[]; totalSize: number }>(request, admin, 'api/v1/edu_check_in/page', { schedule_id: cls.scheduleId, page: 1, rows: 50 });
    expect(checkIns.totalSize).toBe(2);
    expect(checkIns.content.map((c) => c.student_id).toSorted()).toEqual([student.id, second.id].toSorted());
    const log = await get<LogPage>(request, admin, 'api/v1/edu_check_in/patch_log', { schedule_id: cls.scheduleId, page: 1, rows: 50 });
    expect(log.content.map((l) => l.action)).toEqual(['add', 'add']);
  } finally {
    // a failure leaves the browser open: close it first, or its profile cannot be removed
    await context?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
});

test('signed out offline, signed in again online: lists load and writes are sent (no stale 离线)', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const admin = await login(request);
  await signIn(page);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-badge')).toHaveText('离线');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByPlaceholder('请输入账号')).toBeVisible();

  await context.setOffline(false);
  await signIn(page);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  await page.getByRole('link').filter({ hasText: '角色管理' }).first().click();
  await expect(page.getByRole('cell', { name: '系统管理员', exact: true }).first()).toBeVisible();
  await expect(page.getByText('加载中')).toHaveCount(0);

  const content = `e2e-${Date.now()} 重新登录后提交`;
  await submitFeedback(page, content);
  await expect(page.getByText('反馈成功')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0);
  expect(await feedbackRows(request, admin, content)).toHaveLength(1);
});

test('a session ended while offline: the top bar says so and leads to sign-in; the queue goes once the same user is back', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 2, run });
  const tile = (id: number) => page.locator(`[data-testid="roster-student"][data-student-id="${id}"][data-schedule-id="${cls.scheduleId}"]`);
  await signIn(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  await page.goto('/#/educational/front_desk_check_in');
  await page.getByTestId('session-chip').filter({ hasText: cls.className }).click();
  await expect(tile(cls.students[0].id)).toBeVisible();

  await context.setOffline(true);
  await tile(cls.students[0].id).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
  // meanwhile the session ends on the server (signed out elsewhere, or revoked)
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('session_user') ?? 'null') as { token: string; login_id: string; domain: string });
  const headers = { token: session.token, Authorization: `Bearer ${Buffer.from(`${session.login_id}:${session.token}:${session.domain}`).toString('base64')}` };
  expect(((await (await request.post('api/v1/sso/logout', { headers, data: {} })).json()) as { code: number }).code).toBe(200);

  await context.setOffline(false);
  await expect(page.getByTestId('session-ended')).toContainText('登录已失效，请重新登录', { timeout: 30_000 });
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
  await page.getByTestId('sign-in-again').click();
  await expect(page.getByPlaceholder('请输入账号')).toBeVisible();

  await page.getByPlaceholder('请输入账号').fill('front_desk');
  await page.getByPlaceholder('请输入密码').fill('demo123');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // sent by the new session, once, as the server's own log says
  const actions = async () => (await get<LogPage>(request, admin, 'api/v1/edu_check_in/patch_log', { schedule_id: cls.scheduleId, page: 1, rows: 50 })).content.map((l) => l.action);
  await expect.poll(actions, { timeout: 30_000 }).toEqual(['add']);
  await expect(page.getByTestId('session-ended')).toHaveCount(0);
  await page.waitForTimeout(2000);
  expect(await actions()).toEqual(['add']);
});
