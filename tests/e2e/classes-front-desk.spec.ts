import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs, waitForServiceWorker } from './offline-helpers';
import { balances, classWithLessonToday, get, login } from './classes-fixtures';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

test('front desk on a tablet: roster loaded online, app restarted offline, 20 check-ins queued, sent once when back online', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  // GZ-TH is the demo front desk's campus
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 20, run });
  const before = await balances(request, admin, cls.classTypeId);
  for (const s of cls.students) expect(before.get(s.id)).toBeGreaterThan(cls.hoursPerLesson);

  await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  await page.goto('/#/educational/front_desk_check_in');
  const chip = page.getByTestId('session-chip').filter({ hasText: cls.className });
  await expect(chip).toBeVisible();
  await chip.click();
  const tiles = page.locator(`[data-testid="roster-student"][data-schedule-id="${cls.scheduleId}"]`);
  await expect(tiles).toHaveCount(20);
  // touch targets at least 44 px
  const box = await tiles.first().boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  // started offline: the shell from the service worker, the roster from Dexie
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('roster-offline')).toBeVisible();
  await page.getByTestId('session-chip').filter({ hasText: cls.className }).click();
  await expect(tiles).toHaveCount(20);

  // find one by the last digits of the parent's phone
  const search = page.getByRole('textbox', { name: '查找学员' });
  await search.fill(cls.students[7].phone.slice(-4));
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText(cls.students[7].name);
  await search.fill('');
  await expect(tiles).toHaveCount(20);

  for (const s of cls.students) {
    const tile = page.locator(`[data-testid="roster-student"][data-student-id="${s.id}"][data-schedule-id="${cls.scheduleId}"]`);
    await tile.click();
    await expect(tile.getByTestId('mark')).toHaveText('出勤');
    await expect(tile.getByTestId('sync-state')).toContainText('待同步');
    const left = Math.round(((before.get(s.id) ?? 0) - cls.hoursPerLesson) * 100) / 100;
    await expect(tile.getByTestId('remaining-hours')).toContainText(`剩余 ${left} 课时`);
  }
  await expect(page.getByTestId('outbox-pending')).toHaveText('20 条待同步');

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(tiles.getByTestId('sync-state').filter({ hasText: '已同步' })).toHaveCount(20);

  const checkIns = await get<{ content: { student_id: number; mark: string; hours: number }[]; totalSize: number }>(request, admin, 'api/v1/edu_check_in/page', {
    schedule_id: cls.scheduleId,
    page: 1,
    rows: 100,
  });
  expect(checkIns.totalSize).toBe(20);
  expect(new Set(checkIns.content.map((c) => c.student_id)).size).toBe(20);
  for (const c of checkIns.content) expect(c.mark).toBe('present');
  const after = await balances(request, admin, cls.classTypeId);
  for (const s of cls.students) expect(after.get(s.id)).toBeCloseTo((before.get(s.id) ?? 0) - cls.hoursPerLesson, 5);
});
