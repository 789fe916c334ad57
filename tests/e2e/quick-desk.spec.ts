import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext } from './fixtures';
import { launchTablet, LIGHT_LANDING, openAs, waitForServiceWorker } from './offline-helpers';
import { classWithLessonToday, get, login } from './classes-fixtures';

// this file drives the service worker (an offline start): it may register one
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 11, the cold start: a slow tablet (4x CPU slowdown) restarted offline on 前台签到 shows the
 * saved roster at once (the quick desk), before the layout's code has loaded; a tap there is queued
 * like the board's; the layout then takes its place with the same state, and the check-in reaches
 * the server once.
 */
test('a slow tablet restarted offline shows the saved roster before the layout; its tap is queued and sent once', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 2, run });
  const dir = mkdtempSync(join(tmpdir(), 'campus-desk-quick-'));
  const tile = (id: number) => `[data-testid="roster-student"][data-student-id="${id}"][data-schedule-id="${cls.scheduleId}"]`;
  const student = cls.students[0];
  let context: BrowserContext | null = null;
  try {
    context = await launchTablet(dir, baseURL as string);
    let page = context.pages()[0] ?? (await context.newPage());
    await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
    await waitForServiceWorker(page);
    await page.goto('/#/educational/front_desk_check_in');
    await expect(page.locator(tile(student.id))).toBeVisible();
    await context.close();

    context = await launchTablet(dir, baseURL as string);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/#/educational/front_desk_check_in');
    const quick = page.getByTestId('quick-desk');
    await expect(quick).toBeVisible();
    // the layout is not there yet: the roster alone, tappable, saying when it was loaded
    await expect(page.getByTestId('user-menu')).toBeHidden();
    // from when (the test's offline network leaves navigator.onLine true: the 离线 badge is the unit test's)
    await expect(quick.getByText(/名单来自 \d\d:\d\d$/)).toBeVisible();
    await quick.locator(tile(student.id)).click();
    await expect(quick.getByRole('status')).toHaveText(`已签到：${student.name}`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // the layout takes over with the tap queued
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await expect(quick).toHaveCount(0);
    await expect(page.getByTestId('front-desk')).toBeVisible();
    await expect(page.locator(tile(student.id)).getByTestId('mark')).toHaveText('出勤');
    await expect(page.locator(tile(student.id)).getByTestId('sync-state')).toContainText('待同步');
    await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');

    await context.setOffline(false);
    await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator(tile(student.id)).getByTestId('sync-state')).toContainText('已同步');
    await context.close();
    context = null;

    const checkIns = await get<{ content: { student_id: number; mark: string }[]; totalSize: number }>(request, admin, 'api/v1/edu_check_in/page', { schedule_id: cls.scheduleId, page: 1, rows: 50 });
    expect(checkIns.totalSize).toBe(1);
    expect(checkIns.content[0]).toMatchObject({ student_id: student.id, mark: 'present' });
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
});
