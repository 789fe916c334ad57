import { expect, test, type Locator, type Page } from './fixtures';
import { LIGHT_LANDING, seedOutbox, openAs, waitForServiceWorker } from './offline-helpers';
import { classWithLessonToday, get, login, post } from './classes-fixtures';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 11, smaller defects, in Debian's Chromium against the real server: a class set to 已停班
 * refuses check-ins, tapped online or replayed from the outbox, with a Chinese message; the state
 * badges keep their whole text on tablet and phone widths; the outbox panel with 1,000 items draws
 * only a window of rows; the top-bar count follows rapid taps.
 */

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const CLASS_STOPPED = 4;
const CLASS_RUNNING = 2;

/** Every Mantine badge in `scope` whose text is cut (its root or label narrower than its content). */
async function cutBadges(scope: Locator): Promise<string[]> {
  const badges = await scope.evaluate((el) => el.querySelectorAll('.mantine-Badge-root').length);
  expect(badges, 'badges to check').toBeGreaterThan(0);
  return scope.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label')]
      .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth)
      .map((b) => `${b.textContent ?? ''} (${b.scrollWidth} > ${b.clientWidth})`),
  );
}

async function openFrontDesk(page: Page, className: string): Promise<void> {
  await page.goto('/#/educational/front_desk_check_in');
  await page.getByTestId('session-chip').filter({ hasText: className }).click();
}

test('a class set to 已停班 refuses check-ins tapped online and replayed from the outbox; badges stay whole at 1024 and 390 px', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 3, run });
  const tile = (i: number) => page.locator(`[data-testid="roster-student"][data-student-id="${cls.students[i].id}"][data-schedule-id="${cls.scheduleId}"]`);
  const refusal = `班级「${cls.className}」已停班，不能签到`;

  await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  await openFrontDesk(page, cls.className);
  await expect(tile(0)).toBeVisible();

  // tapped offline while the class still ran; meanwhile the office stops the class
  await context.setOffline(true);
  await tile(0).click();
  await expect(tile(0).getByTestId('sync-state')).toContainText('待同步');
  await post(request, admin, 'api/v1/base_class_manage/update_cm_state', { ids: [cls.classId], state: CLASS_STOPPED });

  // back online: the replay is refused with the server's reason, on the tile and in the top bar
  await context.setOffline(false);
  await expect(tile(0).getByTestId('sync-state')).toHaveText(`被拒绝：${refusal}`, { timeout: 30_000 });
  await expect(page.getByTestId('outbox-rejected')).toHaveText('1 条被拒绝');
  // tapped online: refused the same way
  await tile(1).click();
  await expect(tile(1).getByTestId('sync-state')).toHaveText(`被拒绝：${refusal}`, { timeout: 30_000 });
  await expect(page.getByTestId('outbox-rejected')).toHaveText('2 条被拒绝');
  const held = await get<{ totalSize: number }>(request, admin, 'api/v1/edu_check_in/page', { schedule_id: cls.scheduleId, page: 1, rows: 50 });
  expect(held.totalSize).toBe(0);

  // one more queued offline, so both 待同步 and 被拒绝 show
  await context.setOffline(true);
  await tile(2).click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');

  for (const width of [1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    await expect(page.getByTestId('outbox-rejected')).toBeVisible();
    await expect(page.getByTestId('outbox-pending')).toBeVisible();
    // the top bar's status (离线, N 条待同步, N 条被拒绝) and the roster's mark badges
    expect(await cutBadges(page.getByTestId('offline-status')), `top bar at ${width} px`).toEqual([]);
    expect(await cutBadges(page.locator('main')), `roster at ${width} px`).toEqual([]);
    await page.getByTestId('offline-status').click();
    const drawer = page.getByTestId('outbox-drawer');
    const items = drawer.getByTestId('outbox-item');
    await expect(items).toHaveCount(3);
    await expect(items.filter({ hasText: '被拒绝' }).first().getByTestId('outbox-item-error')).toHaveText(refusal);
    expect(await cutBadges(drawer), `outbox panel at ${width} px`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }

  // running again, the front desk retries: it is taken once
  await page.setViewportSize({ width: 1024, height: 768 });
  await post(request, admin, 'api/v1/base_class_manage/update_cm_state', { ids: [cls.classId], state: CLASS_RUNNING });
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
  const after = await get<{ content: { student_id: number }[] }>(request, admin, 'api/v1/edu_check_in/page', { schedule_id: cls.scheduleId, page: 1, rows: 50 });
  expect(after.content.map((c) => c.student_id)).toEqual([cls.students[2].id]);
});

test('the outbox panel with 1,000 items draws only a window of rows, also scrolled to the end', async ({ page, context }) => {
  test.setTimeout(120_000);
  await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  // offline, so nothing is sent while the panel is looked at
  await context.setOffline(true);
  await seedOutbox(
    page,
    Array.from({ length: 1000 }, (_, i) => ({ url: 'api/v1/base_feedback/add', body: { content: `窗口 ${i + 1}`, files: '' }, label: `用户反馈：窗口 ${i + 1}` })),
  );
  await page.reload();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1000 条待同步');
  await page.getByTestId('offline-status').click();
  const drawer = page.getByTestId('outbox-drawer');
  const rows = drawer.getByTestId('outbox-item');
  await expect(rows.first()).toContainText('用户反馈：窗口 1');
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThan(3);
  expect(drawn).toBeLessThan(40);
  const list = drawer.getByTestId('outbox-list');
  await list.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(rows.filter({ hasText: '用户反馈：窗口 1000' })).toBeVisible();
  await expect(rows.filter({ hasText: /^用户反馈：窗口 1$/ })).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(40);
});

test('the top-bar count follows rapid taps: every count shows, each soon after its tap', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  const size = 12;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size, run });
  await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  await openFrontDesk(page, cls.className);
  const tiles = page.locator(`[data-testid="roster-student"][data-schedule-id="${cls.scheduleId}"]`);
  await expect(tiles).toHaveCount(size);
  await context.setOffline(true);

  // the page notes each tap and each count the top bar shows, with their times
  await page.evaluate(() => {
    const w = window as unknown as { __taps: number[]; __counts: { n: number; at: number }[] };
    w.__taps = [];
    w.__counts = [];
    document.addEventListener('click', (e) => {
      if ((e.target as Element).closest('[data-testid="roster-student"]')) w.__taps.push(performance.now());
    }, true);
    const note = () => {
      const m = /(\d+) 条待同步/.exec(document.querySelector('[data-testid="outbox-pending"]')?.textContent ?? '');
      const n = m ? Number(m[1]) : 0;
      if (w.__counts.at(-1)?.n !== n) w.__counts.push({ n, at: performance.now() });
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // taps as fast as the driver clicks (tens of ms apart, under the outbox's 300 ms re-read)
  for (let i = 0; i < size; i++) await tiles.nth(i).click({ noWaitAfter: true });
  await expect(page.getByTestId('outbox-pending')).toHaveText(`${size} 条待同步`);
  const { taps, counts } = await page.evaluate(() => {
    const w = window as unknown as { __taps: number[]; __counts: { n: number; at: number }[] };
    return { taps: w.__taps, counts: w.__counts };
  });
  expect(taps).toHaveLength(size);
  // every count from 1 to 12 was shown, in order (a lagging count jumps over some)
  expect(counts.map((c) => c.n).filter((n) => n > 0)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
  // and each shortly after its own tap: the median well under the 300 ms the stored count waits
  const lags = taps.map((t, i) => (counts.find((c) => c.n === i + 1)?.at ?? Infinity) - t).toSorted((a, b) => a - b);
  expect(lags[Math.floor(size / 2)]).toBeLessThan(250);
});
