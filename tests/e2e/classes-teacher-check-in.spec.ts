import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs, waitForServiceWorker } from './offline-helpers';
import { balances, classWithLessonToday, get, login } from './classes-fixtures';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("a teacher takes attendance of today's lesson on a phone, one mark made offline", async ({ page, context, request }) => {
  const admin = await login(request);
  await openAs(page, 'teacher', 'demo123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  const teacherId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session_user') ?? '{}') as { id: number }).id);
  const run = `${Date.now() % 1e7}`;
  // SH-PD is the demo teacher's campus; the lesson is theirs
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'SH-PD', size: 3, run, teacherId, hoursPerLesson: 2 });
  const before = await balances(request, admin, cls.classTypeId);

  await page.goto('/#/educational/teacher_check_in');
  await page.getByTestId('teacher-session').filter({ hasText: cls.className }).click();
  const row = (i: number) => page.locator(`[data-testid="teacher-student"][data-student-id="${cls.students[i].id}"]`);
  await expect(row(0)).toBeVisible();
  const box = await row(0).getByRole('button', { name: '出勤' }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  await row(0).getByRole('button', { name: '出勤' }).click();
  await row(1).getByRole('button', { name: '缺勤' }).click();
  await expect(row(0).getByTestId('sync-state')).toContainText('已同步');
  await expect(row(1).getByTestId('sync-state')).toContainText('已同步');

  await context.setOffline(true);
  await row(2).getByRole('button', { name: '迟到' }).click();
  await expect(row(2).getByTestId('sync-state')).toContainText('待同步');
  await expect(row(2).getByTestId('remaining-hours')).toContainText(`剩余 ${(before.get(cls.students[2].id) ?? 0) - 2} 课时`);
  await context.setOffline(false);
  await expect(row(2).getByTestId('sync-state')).toContainText('已同步', { timeout: 30_000 });

  const checkIns = await get<{ content: { student_id: number; mark: string }[]; totalSize: number }>(request, admin, 'api/v1/edu_check_in/page', { schedule_id: cls.scheduleId, page: 1, rows: 10 });
  expect(checkIns.totalSize).toBe(3);
  const markOf = new Map(checkIns.content.map((c) => [c.student_id, c.mark]));
  expect(cls.students.map((s) => markOf.get(s.id))).toEqual(['present', 'absent', 'late']);
  const after = await balances(request, admin, cls.classTypeId);
  expect(cls.students.map((s) => (before.get(s.id) ?? 0) - (after.get(s.id) ?? 0))).toEqual([2, 0, 2]);
});
