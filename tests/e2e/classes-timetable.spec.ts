import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { classInSameRoom, classWithLessonToday, login, shanghaiToday, weekDayName } from './classes-fixtures';

test.use({ viewport: { width: 1440, height: 900 } });

test('timetable: a week by class, a lesson opens its details, the arrangement dialog shows the clash message in place', async ({ page, request }) => {
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  const a = await classWithLessonToday(request, admin, { schoolCode: 'BJ-CY', size: 2, run, start: '21:00', end: '22:00' });
  const bName = `撞课测试班${run}`;
  await classInSameRoom(request, admin, a, bName);

  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await page.goto('/#/educational/timetable');
  const grid = page.getByTestId('week-grid');
  await expect(grid).toBeVisible();
  await page.getByText('按班级').click();
  await page.getByPlaceholder('全部班级').click();
  await page.getByRole('option', { name: a.className }).click();
  const lesson = page.locator(`[data-testid="lesson"][data-lesson-id="${a.scheduleId}"]`);
  await expect(lesson).toBeVisible();
  await expect(page.locator('[data-testid="lesson"]')).toHaveCount(1);
  await lesson.click();
  const dialog = page.getByTestId('session-dialog');
  await expect(dialog).toContainText(`${shanghaiToday()} 21:00-22:00`);
  await expect(dialog).toContainText(a.roomName);
  await expect(dialog).toContainText('2 人');
  await dialog.getByRole('button', { name: '关闭' }).click();

  // next week has no lesson of this class; back to this week shows it again
  await page.getByRole('button', { name: '下一周' }).click();
  await expect(page.locator('[data-testid="lesson"]')).toHaveCount(0);
  await page.getByRole('button', { name: '本周' }).click();
  await expect(lesson).toBeVisible();

  // arrange the other class into the same classroom at the same time: the server names the clash
  await page.getByPlaceholder('全部班级').click();
  await page.getByRole('option', { name: bName }).click();
  await expect(page.locator('[data-testid="lesson"]')).toHaveCount(0);
  await page.getByRole('button', { name: '排课' }).click();
  const arrange = page.getByRole('dialog');
  await arrange.getByRole('combobox', { name: '第1行星期' }).click();
  await page.getByRole('option', { name: weekDayName(shanghaiToday()), exact: true }).click();
  // 24-hour fields (issue 18, defect 15): hours and minutes, never 上午/下午
  await arrange.getByLabel('第1行开始时间（时）').fill('21');
  await arrange.getByLabel('第1行开始时间（分）').fill('30');
  await arrange.getByLabel('第1行结束时间（时）').fill('22');
  await arrange.getByLabel('第1行结束时间（分）').fill('30');
  await expect(arrange.getByText(/上午|下午|AM|PM/)).toHaveCount(0);
  await arrange.getByRole('button', { name: '确定排课' }).click();
  const error = arrange.getByTestId('arrange-error');
  await expect(error).toContainText(`教室 ${a.roomName} 在 ${shanghaiToday()} 21:30-22:30 已被占用（${a.className}）`);
  // nothing was arranged
  await arrange.getByRole('button', { name: '取消' }).click();
  await expect(page.locator('[data-testid="lesson"]')).toHaveCount(0);
});
