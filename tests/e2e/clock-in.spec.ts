import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs, waitForServiceWorker } from './offline-helpers';
import { get, login, shanghaiToday } from './classes-fixtures';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  geolocation: { latitude: 31.2304, longitude: 121.4737 },
  permissions: ['geolocation'],
});

interface Punch {
  id: number;
  punch_time: string;
  device: string;
  lat: number | null;
}

test('a punch made offline on a phone arrives once', async ({ page, context, request }) => {
  const admin = await login(request);
  await openAs(page, 'teacher', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session_user') ?? '{}') as { id: number }).id);
  const day = shanghaiToday();
  const punches = async () => (await get<{ content: Punch[]; totalSize: number }>(request, admin, 'api/v1/wf_clock_in/page', { user_id: userId, date_start: day, date_end: day, page: 1, rows: 100 })).content;
  const before = await punches();

  await page.goto('/#/wf/clockIn');
  await expect(page.getByTestId('clock-now')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await context.setOffline(true);
  await page.getByTestId('punch-button').click();
  const pending = page.locator('[data-testid="punch-line"][data-state="pending"]');
  await expect(pending).toHaveCount(1);
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');
  // the queued punch survives a reload while offline
  await page.reload();
  await expect(pending).toHaveCount(1);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(pending).toHaveCount(0);
  await expect(page.locator('[data-testid="punch-line"][data-state="synced"]')).toHaveCount(before.length + 1);

  // give any duplicate replay time to land before counting
  await page.waitForTimeout(1500);
  const after = await punches();
  const added = after.filter((p) => !before.some((b) => b.id === p.id));
  expect(added).toHaveLength(1);
  expect(added[0].lat).toBeCloseTo(31.2304, 3);
  expect(added[0].device.length).toBeGreaterThan(0);
});
