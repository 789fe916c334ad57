import { expect, test, type Page } from './fixtures';
import { openAs } from './offline-helpers';
import { shoot } from './screenshots';

// 首页's 待办提醒, 日历 and 常用功能 on the demo data (birthdays and follow-ups seeded relative to the
// seeding day, so rows are there whatever the day). With E2E_SHOTS, screenshots at 1440, 1024 and 390 px land in the
// test's output folder.

async function goHome(page: Page): Promise<void> {
  await page.goto('/#/home');
  await expect(page.getByTestId('home-reminders')).toBeVisible();
}

test('principal: every reminder tab has rows and a row opens its screen; shortcuts are learned', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', '/home');
  await goHome(page);
  const panel = page.getByTestId('home-reminders');
  for (const tab of ['生日', '催缴', '续费', '待办']) await expect(panel.getByRole('tab', { name: new RegExp(`^${tab}`) })).toBeVisible();
  await expect(panel.getByTestId('remind-birthday').getByRole('row').first()).toBeVisible();
  await panel.getByRole('tab', { name: /^催缴/ }).click();
  await expect(panel.getByTestId('remind-collect').getByRole('row').first()).toBeVisible();
  await expect(panel.getByTestId('remind-collect')).toContainText(/¥[\d,]+\.\d{2}/);
  await panel.getByRole('tab', { name: /^待办/ }).click();
  await expect(panel.getByTestId('remind-todo').getByRole('row').first()).toBeVisible();
  await shoot(page, 'home-principal');

  // a birthday row opens the student list
  await panel.getByRole('tab', { name: /^生日/ }).click();
  await panel.getByTestId('remind-birthday').getByRole('link').first().click();
  await expect(page).toHaveURL(/#\/students/);

  // opening a screen twice makes it a shortcut
  await goHome(page);
  const shortcuts = page.getByTestId('home-shortcuts');
  for (let i = 0; i < 2; i++) {
    const counted = page.waitForResponse((r) => r.url().includes('/api/v1/home_shortcut/open'));
    await page.goto('/#/orders/all');
    await expect(page.getByTestId('breadcrumb').getByText('全部订单')).toBeVisible();
    await counted;
    await goHome(page);
  }
  await expect(shortcuts.getByRole('link', { name: '全部订单' })).toBeVisible();
  await shortcuts.getByRole('button', { name: '固定' }).first().click();
  await expect(shortcuts.getByRole('button', { name: '取消固定' }).first()).toBeVisible();
});

test('teacher: no money tabs; the calendar shows a lesson they teach', async ({ page }) => {
  await openAs(page, 'teacher', 'demo123', '/home');
  await goHome(page);
  const panel = page.getByTestId('home-reminders');
  await expect(panel.getByRole('tab', { name: /^生日/ })).toBeVisible();
  await expect(panel.getByRole('tab', { name: /^催缴/ })).toHaveCount(0);
  await expect(panel.getByRole('tab', { name: /^续费/ })).toHaveCount(0);
  await expect(panel.getByTestId('remind-birthday').getByRole('row').first()).toBeVisible();

  const cal = page.getByTestId('home-calendar');
  await cal.getByText('列表').click();
  // the teacher's lessons of this month, or else of the next one
  const lesson = cal.getByText('课程', { exact: true }).first();
  if (!(await lesson.isVisible({ timeout: 3000 }).catch(() => false))) await cal.getByRole('button', { name: '下个月' }).click();
  await expect(cal.getByText('课程', { exact: true }).first()).toBeVisible();
  await shoot(page, 'home-teacher');
});
