import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';

async function fill(page: Page, label: string, value: string): Promise<void> {
  // a required field's label ends with its asterisk
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
  await page.getByRole('dialog').getByLabel(name).fill(value);
}

// The approval round trip on a form application: 课程顾问 applies for a 淘宝订单退费, the principal
// and then 财务 approve it in 任务中心, the applicant sees it approved; the principal's to-do count
// drops back. (退费申请 itself is a wizard over real orders: tests/server/workflow/sale-refund.test.ts.)
test('workflow: apply for a refund, the principal approves in the task center, the applicant sees it approved', async ({ page, browser }) => {
  const title = `林浩宇 淘宝退费 ${Date.now() % 100000}`;
  await openAs(page, 'sales', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '退费管理', '淘宝订单退费');
  await page.getByRole('button', { name: '发起申请' }).click();
  const dialog = page.getByRole('dialog', { name: /发起申请/ });
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog.getByText('请填写学员姓名')).toBeVisible();
  await fill(page, '标题', title);
  await fill(page, '学员姓名', '林浩宇');
  await fill(page, '淘宝订单号', '3829104475612099');
  await fill(page, '退费金额（元）', '1800');
  await fill(page, '申请事由', '淘宝体验课未到店，申请全额退款');
  await dialog.getByRole('button', { name: '预览审批人' }).click();
  await expect(dialog.getByText('李秀英')).toBeVisible();
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请已提交')).toBeVisible();
  await expect(rowWith(page, title).getByText('审批中')).toBeVisible();

  const principal = await browser.newPage();
  await openAs(principal, 'principal', 'demo123', '/home');
  // the home page and the sidebar show the pending to-dos (task counts of 任务中心)
  await expect(principal.getByTestId('home-tasks')).toContainText('我的待办');
  await openFromSidebar(principal, '任务中心', '我的待办');
  const before = Number(await principal.locator('[data-count="todo"]').innerText());
  const badge = (n: number) => (n > 99 ? '99+' : String(n));
  await expect(principal.getByTestId('todo-badge')).toHaveText(badge(before));
  const row = rowWith(principal, title);
  await row.getByRole('button', { name: '审批' }).click();
  const drawer = principal.getByRole('dialog', { name: '审批详情' });
  await expect(drawer.getByRole('cell', { name: '林浩宇', exact: true })).toBeVisible();
  await expect(drawer.getByText('1800.00 元')).toBeVisible();
  await drawer.getByLabel('审批意见').fill('情况属实，同意退费');
  await drawer.getByRole('button', { name: '同意' }).click();
  await expectToast(principal, '已同意');
  await expect(rowWith(principal, title)).toHaveCount(0);
  await expect(principal.locator('[data-count="todo"]')).toHaveText(String(before - 1));
  if (before > 1) await expect(principal.getByTestId('todo-badge')).toHaveText(badge(before - 1));
  await principal.close();

  // the definition's second step: 财务
  const finance = await browser.newPage();
  await openAs(finance, 'finance', 'demo123', LIGHT_LANDING);
  await openFromSidebar(finance, '任务中心', '我的待办');
  await rowWith(finance, title).getByRole('button', { name: '审批' }).click();
  const financeDrawer = finance.getByRole('dialog', { name: '审批详情' });
  await financeDrawer.getByLabel('审批意见').fill('已核对淘宝订单，同意退款');
  await financeDrawer.getByRole('button', { name: '同意' }).click();
  await expectToast(finance, '已同意');
  await finance.close();

  // the list refreshes every half minute; 搜索 asks at once
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(rowWith(page, title).getByText('已通过')).toBeVisible();
  await rowWith(page, title).getByRole('button', { name: '查看' }).click();
  const detail = page.getByRole('dialog', { name: '审批详情' });
  await detail.getByRole('tab', { name: /审批记录/ }).click();
  await expect(detail.getByText('情况属实，同意退费')).toBeVisible();
});
