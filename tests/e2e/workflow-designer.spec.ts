import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';

// The designer (issue 13) as the administrator: a new definition gets a 金额 field, a condition
// branch after its approver (金额 大于 1000 → a second approver), saved as version 2; its application
// screen's 预览审批人 (prerun) shows the second approver for a large amount only, and the
// application starts on the branch's path. The 节点名称 tab renames a node for every version.
test('workflow designer: approver node and condition branch, saved as a version; prerun shows the path; a step renamed', async ({ page }) => {
  const n = Date.now() % 100000;
  const key = `e2e_design_${n}`;
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '审批管理', '流程定义');
  await page.getByRole('button', { name: '新建流程' }).click();
  const create = page.getByRole('dialog', { name: '新建流程' });
  await create.getByLabel(/^流程名称/).fill(`设计器测试${n}`);
  await create.getByLabel(/^流程标识/).fill(key);
  await create.getByLabel(/^业务类型/).fill(key);
  await create.getByRole('button', { name: '确定' }).click();
  await expectToast(page, '流程已创建');

  // the form: a 金额 field (数字) beside the default 申请事由
  await page.getByRole('tab', { name: /表单设计/ }).click();
  await page.getByRole('button', { name: '添加字段' }).click();
  await page.getByLabel('字段名').last().fill('amount');
  await page.getByLabel('标题').last().fill('金额');
  await page.getByRole('combobox', { name: '类型' }).last().click();
  await page.getByRole('option', { name: '数字', exact: true }).click();

  // the flow: 校长审批 (the default approver node), then a condition branch
  // the last: the top bar's page tab is also named 流程设计
  await page.getByRole('tab', { name: '流程设计' }).last().click();
  await expect(page.getByText('审批人 · 校长审批')).toBeVisible();
  await page.getByRole('button', { name: '添加节点' }).last().click();
  await page.getByRole('menuitem', { name: '条件分支' }).click();
  // an empty condition is refused before saving, in Chinese
  await page.getByRole('button', { name: '保存（发布新版本）' }).click();
  await expect(page.getByText('请先修正以下问题')).toBeVisible();
  await page.getByText('条件1', { exact: true }).click();
  const cond = page.getByRole('dialog', { name: '设置分支条件' });
  await cond.getByRole('combobox', { name: '字段' }).click();
  await page.getByRole('option', { name: '金额', exact: true }).click();
  await cond.getByRole('combobox', { name: '条件' }).click();
  await page.getByRole('option', { name: '大于', exact: true }).click();
  await cond.getByRole('textbox', { name: '值' }).fill('1000');
  await cond.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('金额 大于 1000')).toBeVisible();
  // the branch's approver: added in 条件1 (the first add button of the branch column), renamed
  await page.locator('[class*="branchCol"]').first().getByRole('button', { name: '添加节点' }).first().click();
  await page.getByRole('menuitem', { name: '审批人', exact: true }).click();
  await page.getByText('审批人 · 审批人', { exact: true }).click();
  const node = page.getByRole('dialog', { name: /设置节点/ });
  await node.getByLabel('节点名称').fill('大额复核');
  await node.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('审批人 · 大额复核')).toBeVisible();
  await page.getByRole('button', { name: '保存（发布新版本）' }).click();
  await expectToast(page, '已保存为第 2 版');

  // 节点名称: 校长审批 shown as 校区负责人审批 from now on, without a new version
  await page.getByRole('tab', { name: '节点名称' }).click();
  await page.getByLabel('校长审批 的显示名称').fill('校区负责人审批');
  await page.getByRole('button', { name: '保存节点名称' }).click();
  await expectToast(page, '已修改 1 个节点名称');
  await expect(page.getByRole('combobox', { name: '版本' })).toHaveValue(/第 2 版/);

  // the application screen of the new business kind: prerun shows the path the form would take
  await page.evaluate((tag) => {
    window.location.hash = `#/task/task_center/apply?ref_type=${tag}`;
  }, key);
  await expect(page.getByText(/· 第 2 版/)).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: '发起申请' }).click();
  const apply = page.getByRole('dialog', { name: /发起申请/ });
  await apply.getByRole('combobox', { name: /^校区/ }).click();
  await page.getByRole('option', { name: '北京朝阳校区', exact: true }).click();
  await apply.getByLabel(/^申请事由/).fill('购买一批教学用平板');
  await apply.getByLabel(/^金额/).fill('5000');
  await apply.getByRole('button', { name: '预览审批人' }).click();
  await expect(apply.getByText('校区负责人审批')).toBeVisible();
  await expect(apply.getByText('大额复核')).toBeVisible();
  await expect(apply.getByText('李秀英').first()).toBeVisible();
  // a small amount takes the default branch: no 大额复核
  await apply.getByLabel(/^金额/).fill('300');
  await apply.getByRole('button', { name: '预览审批人' }).click();
  await expect(apply.getByText('校区负责人审批')).toBeVisible();
  await expect(apply.getByText('大额复核')).toHaveCount(0);
  await apply.getByLabel(/^金额/).fill('5000');
  await apply.getByLabel('标题').fill(`平板采购 ${n}`);
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请已提交')).toBeVisible();
  await expect(rowWith(page, `平板采购 ${n}`).getByText('审批中')).toBeVisible();
});
