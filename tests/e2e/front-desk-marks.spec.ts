import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { classWithLessonToday, get, login } from './classes-fixtures';

// Issue 18, defect 12: 迟到 stuck to the next child tapped, and a mis-tap could not be taken back.
test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

function tileOf(page: Page, scheduleId: number, studentId: number) {
  return page.locator(`[data-testid="roster-student"][data-student-id="${studentId}"][data-schedule-id="${scheduleId}"]`);
}

test('front desk: a mark returns to 出勤 after one use unless pinned; its own check-in of a moment ago can be undone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await login(request);
  const run = `${Date.now() % 1e7}`;
  const cls = await classWithLessonToday(request, admin, { schoolCode: 'GZ-TH', size: 5, run });
  const [a, b, c, d, e] = cls.students.map((s) => tileOf(page, cls.scheduleId, s.id));

  await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await page.goto('/#/educational/front_desk_check_in');
  await page.getByTestId('session-chip').filter({ hasText: cls.className }).click();
  await expect(a).toBeVisible();
  const picker = page.getByRole('radiogroup', { name: '考勤标记' });

  // 迟到 once: the next child is 出勤 again
  await picker.getByText('迟到').click();
  await a.click();
  await expect(a.getByTestId('mark')).toHaveText('迟到');
  await expect(picker.getByRole('radio', { name: '出勤' })).toBeChecked();
  await b.click();
  await expect(b.getByTestId('mark')).toHaveText('出勤');

  // pinned: 请假 stays for every tap until unpinned
  await picker.getByText('请假').click();
  await page.getByTestId('pin-mark').click();
  await c.click();
  await d.click();
  await expect(c.getByTestId('mark')).toHaveText('请假');
  await expect(d.getByTestId('mark')).toHaveText('请假');
  await expect(picker.getByRole('radio', { name: '请假' })).toBeChecked();
  await page.getByTestId('pin-mark').click();
  await picker.getByText('出勤').click();

  // a mis-tap: tapping the child again offers the undo; the undo goes through the outbox
  await e.click();
  await expect(e.getByTestId('mark')).toHaveText('出勤');
  await e.click();
  const confirm = page.getByRole('dialog', { name: '撤销签到' });
  await expect(confirm).toContainText(`撤销 ${cls.students[4].name} 的「出勤」签到？`);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(e.getByTestId('mark')).toHaveText('未签到');

  // tapping again an 出勤 child of a moment ago offers the undo; declined, nothing changes
  await b.click();
  await page.getByRole('dialog', { name: '撤销签到' }).getByRole('button', { name: '取消' }).click();
  await expect(b.getByTestId('mark')).toHaveText('出勤');

  // a wrong mark corrected, then taken back from the 刚才 bar
  await a.click();
  await expect(a.getByTestId('mark')).toHaveText('出勤');
  const bar = page.getByTestId('last-check-in');
  await expect(bar).toContainText(`刚才：${cls.students[0].name} 出勤`);
  await bar.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('dialog', { name: '撤销签到' }).getByRole('button', { name: '确定' }).click();
  await expect(a.getByTestId('mark')).toHaveText('未签到');
  await expect(bar).toHaveCount(0);

  await expect(page.getByTestId('outbox-pending')).toHaveCount(0, { timeout: 30_000 });
  const rows = await get<{ content: { student_id: number; mark: string; state: number }[] }>(request, admin, 'api/v1/edu_check_in/page', { schedule_id: cls.scheduleId, page: 1, rows: 50 });
  const byStudent = new Map(rows.content.map((r) => [r.student_id, r]));
  expect(cls.students.map((s) => (byStudent.get(s.id)?.state === 1 ? byStudent.get(s.id)?.mark : null))).toEqual([null, 'present', 'leave', 'leave', null]);
});
