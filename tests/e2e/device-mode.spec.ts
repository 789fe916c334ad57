import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { LIGHT_LANDING, openAs, waitForServiceWorker } from './offline-helpers';
import { classWithLessonToday, get, login, post, type TodayClass } from './classes-fixtures';

// this file drives the service worker (offline, precache, updates): it may register one
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 11, front-desk device mode in Debian's Chromium against the real server: an administrator
 * turns device mode on for the tablet from 设备管理; staff switch with their PIN; a parent checks a
 * child in offline by the last four digits of their phone; a revoked tablet's queued check-in is
 * refused on arrival with a visible reason. The server is asked each time what it holds: every
 * check-in exactly once, with the device and the person.
 */

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

const FRONT_DESK_PIN = '246813';
const ADMIN_PIN = '1357';

interface CheckInRow {
  id: number;
  student_id: number;
  mark: string;
}
interface LogRow {
  action: string;
  device_id: number | null;
  operator_id: number | null;
}

async function userId(request: APIRequestContext, admin: Record<string, string>, loginId: string): Promise<number> {
  const page = await get<{ content: { id: number; login_id: string }[] }>(request, admin, 'api/v1/system/find_user_page', { page: 1, rows: 50, login_id: loginId });
  const u = page.content.find((r) => r.login_id === loginId);
  expect(u, loginId).toBeTruthy();
  return (u as { id: number }).id;
}

/** The administrator turns device mode on for this browser from 设备管理; the tablet then shows its PIN screen. */
async function registerTablet(page: Page, name: string): Promise<void> {
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await waitForServiceWorker(page);
  await page.goto('/#/system/device');
  await page.getByRole('button', { name: '在本机开启设备模式' }).click();
  const dialog = page.getByRole('dialog', { name: '在本机开启设备模式' });
  await dialog.getByLabel('设备名称').fill(name);
  await dialog.getByLabel('校区').click();
  await page.getByRole('option', { name: '广州天河校区' }).click();
  await dialog.getByRole('button', { name: '开启设备模式' }).click();
  await expect(page.getByTestId('device-desk')).toBeVisible();
  await expect(page.getByTestId('device-name')).toHaveText(name);
  await expect(page.getByTestId('pin-switch')).toBeVisible();
}

async function switchTo(page: Page, staffName: string, pin: string): Promise<void> {
  const desk = page.getByTestId('device-desk');
  if (await page.getByTestId('device-switch').isVisible()) await page.getByTestId('device-switch').click();
  await desk.getByTestId('staff-choice').filter({ hasText: staffName }).click();
  await desk.getByLabel('PIN').fill(pin);
  await desk.getByRole('button', { name: '切换' }).click();
}

async function deviceIdOf(request: APIRequestContext, admin: Record<string, string>, name: string): Promise<number> {
  const list = await get<{ content: { id: number; name: string }[] }>(request, admin, 'api/v1/device/page', { page: 1, rows: 200 });
  const d = list.content.find((r) => r.name === name);
  expect(d, name).toBeTruthy();
  return (d as { id: number }).id;
}

/** What the server holds for a lesson's student: its check-ins, and the log of the one there is. */
async function serverCheckIns(request: APIRequestContext, admin: Record<string, string>, cls: TodayClass, studentId: number): Promise<{ rows: CheckInRow[]; logs: LogRow[] }> {
  const page = await get<{ content: CheckInRow[] }>(request, admin, 'api/v1/edu_check_in/page', { schedule_id: cls.scheduleId, student_id: studentId, page: 1, rows: 50 });
  if (page.content.length !== 1) return { rows: page.content, logs: [] };
  const detail = await get<{ logs: LogRow[] }>(request, admin, 'api/v1/edu_check_in/detail', { id: page.content[0].id });
  return { rows: page.content, logs: detail.logs };
}

let admin: Record<string, string>;
let frontDeskId: number;
let adminId: number;

test.beforeAll(async ({ request }) => {
  admin = await login(request);
  frontDeskId = await userId(request, admin, 'front_desk');
  adminId = await userId(request, admin, 'admin');
  await post(request, admin, 'api/v1/device/user_pin', { user_id: frontDeskId, pin: FRONT_DESK_PIN });
  await post(request, admin, 'api/v1/device/user_pin', { user_id: adminId, pin: ADMIN_PIN });
});

test('PIN switch: two people take turns on one tablet, each check-in recorded once with the device and its person', async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 2, run });
  const name = `前台平板A${run}`;
  await registerTablet(page, name);
  const deviceId = await deviceIdOf(request, admin, name);

  // a wrong PIN is refused by the server, the right one switches
  await switchTo(page, '孙丽', '000000');
  await expect(page.getByTestId('pin-error')).toHaveText('PIN 不正确');
  await page.getByTestId('pin-switch').getByLabel('PIN').fill(FRONT_DESK_PIN);
  await page.getByTestId('pin-switch').getByRole('button', { name: '切换' }).click();
  await expect(page.getByTestId('device-operator')).toHaveText('孙丽');

  const tile = (studentId: number) => page.locator(`[data-testid="roster-student"][data-student-id="${studentId}"][data-schedule-id="${cls.scheduleId}"]`);
  await page.getByTestId('session-chip').filter({ hasText: cls.className }).click();
  await tile(cls.students[0].id).click();
  await expect(tile(cls.students[0].id).getByTestId('sync-state')).toContainText('已同步', { timeout: 20_000 });

  // 切换: the administrator takes over the desk with their own PIN
  await switchTo(page, '王建国', ADMIN_PIN);
  await expect(page.getByTestId('device-operator')).toHaveText('王建国');
  await page.getByTestId('session-chip').filter({ hasText: cls.className }).click();
  await tile(cls.students[1].id).click();
  await expect(tile(cls.students[1].id).getByTestId('sync-state')).toContainText('已同步', { timeout: 20_000 });

  const first = await serverCheckIns(request, admin, cls, cls.students[0].id);
  expect(first.rows).toHaveLength(1);
  expect(first.logs).toEqual([expect.objectContaining({ action: 'add', device_id: deviceId, operator_id: frontDeskId })]);
  const second = await serverCheckIns(request, admin, cls, cls.students[1].id);
  expect(second.rows).toHaveLength(1);
  expect(second.logs).toEqual([expect.objectContaining({ action: 'add', device_id: deviceId, operator_id: adminId })]);
});

test('offline: a PIN checked on the tablet, a parent checks one of two children in by the last four phone digits, sent once', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 3, run });
  // two siblings share a parent's phone (last four digits no other test student has)
  const phone = `1370000${String(5000 + (Date.now() % 5000)).padStart(4, '0')}`;
  for (const s of cls.students.slice(0, 2)) {
    const st = await get<Record<string, unknown>>(request, admin, 'api/v1/student/get', { id: s.id });
    await post(request, admin, 'api/v1/student/update', { ...st, id: s.id, parent_phone: phone });
  }
  const name = `前台平板B${run}`;
  await registerTablet(page, name);
  const deviceId = await deviceIdOf(request, admin, name);
  await switchTo(page, '孙丽', FRONT_DESK_PIN);
  await expect(page.getByTestId('device-operator')).toHaveText('孙丽');
  // the roster is loaded online once
  await page.getByRole('tab', { name: '家长签到' }).click();
  await expect(page.getByTestId('parent-check-in')).toBeVisible();
  await page.getByRole('tab', { name: '前台签到' }).click();
  await expect(page.getByTestId('session-chip').filter({ hasText: cls.className })).toBeVisible();

  // the network goes; the tablet is restarted
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('device-desk')).toBeVisible();
  // switching person offline: the PIN is checked against this tablet's own verifier
  await switchTo(page, '孙丽', '999999');
  await expect(page.getByTestId('pin-error')).toHaveText('PIN 不正确');
  await page.getByTestId('pin-switch').getByLabel('PIN').fill(FRONT_DESK_PIN);
  await page.getByTestId('pin-switch').getByRole('button', { name: '切换' }).click();
  await expect(page.getByTestId('device-operator')).toHaveText('孙丽（离线）');

  await page.getByRole('tab', { name: '家长签到' }).click();
  const parent = page.getByTestId('parent-check-in');
  await parent.getByLabel('家长手机后四位').fill(phone.slice(-4));
  await parent.getByRole('button', { name: '查找' }).click();
  const choices = parent.getByTestId('child-choice');
  await expect(choices).toHaveCount(2);
  await choices.filter({ hasText: cls.students[1].name }).click();
  await expect(page.getByTestId('parent-done')).toContainText(`${cls.students[1].name} 签到成功`);
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });

  const chosen = await serverCheckIns(request, admin, cls, cls.students[1].id);
  expect(chosen.rows).toEqual([expect.objectContaining({ mark: 'present' })]);
  expect(chosen.logs).toEqual([expect.objectContaining({ action: 'add', device_id: deviceId, operator_id: frontDeskId })]);
  expect((await serverCheckIns(request, admin, cls, cls.students[0].id)).rows).toHaveLength(0);
});

test('revocation: the lost tablet is revoked in one click, its queued check-in is refused on arrival with the reason shown', async ({ page, context, request, browser }) => {
  test.setTimeout(180_000);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 1, run });
  const name = `前台平板C${run}`;
  await registerTablet(page, name);
  await switchTo(page, '孙丽', FRONT_DESK_PIN);
  await expect(page.getByTestId('device-operator')).toHaveText('孙丽');
  const chip = page.getByTestId('session-chip').filter({ hasText: cls.className });
  await chip.click();

  await context.setOffline(true);
  const tile = page.locator(`[data-testid="roster-student"][data-student-id="${cls.students[0].id}"][data-schedule-id="${cls.scheduleId}"]`);
  await tile.click();
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');

  // meanwhile, at a desk: 设备管理 › 吊销
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desk = await office.newPage();
  await openAs(desk, 'admin', 'admin123', LIGHT_LANDING);
  await desk.goto('/#/system/device');
  const row = desk.getByTestId('device-row').filter({ hasText: name });
  await row.getByRole('button', { name: '吊销' }).click();
  await desk.getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已吊销');
  await office.close();

  await context.setOffline(false);
  await expect(page.getByTestId('device-revoked')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('outbox-rejected')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('offline-status').click();
  await expect(page.getByText('该设备已被吊销，记录未保存')).toBeVisible();

  expect((await serverCheckIns(request, admin, cls, cls.students[0].id)).rows).toHaveLength(0);
});

test('QR card offline: a parent scans the child card (a scanner types its code, then Enter), an unknown card is refused, the check-in is sent once', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 2, run });
  // the cards 班级详情 › 打印签到卡 prints: each QR code holds the card's signed text
  const cards = await get<{ student_id: number; name: string; token: string }[]>(request, admin, 'api/v1/device/student_cards', { class_id: cls.classId });
  const card = cards.find((c) => c.student_id === cls.students[1].id);
  expect(card, 'card of the second student').toBeTruthy();
  const name = `前台平板D${run}`;
  await registerTablet(page, name);
  const deviceId = await deviceIdOf(request, admin, name);
  await switchTo(page, '孙丽', FRONT_DESK_PIN);
  await expect(page.getByTestId('device-operator')).toHaveText('孙丽');
  await page.getByRole('tab', { name: '家长签到' }).click();
  await expect(page.getByTestId('parent-check-in')).toBeVisible();
  await page.getByRole('tab', { name: '前台签到' }).click();
  await expect(page.getByTestId('session-chip').filter({ hasText: cls.className })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('tab', { name: '家长签到' }).click();
  const parent = page.getByTestId('parent-check-in');
  const scanner = page.getByRole('dialog', { name: '扫描学员卡' });
  // a card that is not one the server signed (a forged or foreign code) checks no one in
  await parent.getByTestId('scan-card').click();
  await scanner.getByLabel('卡片编码').fill(`${(card as { token: string }).token.slice(0, -2)}xx`);
  await scanner.getByLabel('卡片编码').press('Enter');
  await expect(page.getByTestId('parent-error')).toHaveText('无法识别该学员卡，或该学员今天没有课程');
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0);

  await parent.getByTestId('scan-card').click();
  await scanner.getByLabel('卡片编码').fill((card as { token: string }).token);
  await scanner.getByLabel('卡片编码').press('Enter');
  await expect(page.getByTestId('parent-done')).toContainText(`${cls.students[1].name} 签到成功`);
  await expect(page.getByTestId('outbox-pending')).toHaveText('1 条待同步');

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
  const scanned = await serverCheckIns(request, admin, cls, cls.students[1].id);
  expect(scanned.rows).toEqual([expect.objectContaining({ mark: 'present' })]);
  expect(scanned.logs).toEqual([expect.objectContaining({ action: 'add', device_id: deviceId, operator_id: frontDeskId })]);
  expect((await serverCheckIns(request, admin, cls, cls.students[0].id)).rows).toHaveLength(0);
});
