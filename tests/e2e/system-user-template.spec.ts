import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';

// A user template names model users; 从模板创建 starts a new user with their roles, campuses and organisation.
test('user templates: make a template from the front-desk user, create a user from it', async ({ page }) => {
  const suffix = Date.now() % 100000;
  const template = `前台模板${suffix}`;
  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '系统管理', '用户模板');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: '新增用户模板' });
  await dialog.getByLabel('模板名称').fill(template);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectToast(page, '创建成功');

  await rowWith(page, template).getByRole('button', { name: '模板明细' }).click();
  const details = page.getByRole('dialog', { name: `模板明细：${template}` });
  await details.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog', { name: '新增用户模板明细' });
  await dialog.getByLabel('用户', { exact: true }).click();
  await page.getByRole('option', { name: '孙丽', exact: true }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expectToast(page, '创建成功');
  await expect(details.getByRole('cell', { name: '孙丽', exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).or(details.locator('.mantine-Modal-close')).first().click();

  await openFromSidebar(page, '系统管理', '用户管理');
  await page.getByRole('button', { name: '从模板创建' }).click();
  const pick = page.getByRole('dialog', { name: '从模板创建用户' });
  await pick.getByRole('button', { name: '下一步' }).click();
  await expect(pick.getByText('请选择用户模板')).toBeVisible();
  await pick.getByLabel('用户模板').click();
  await page.getByRole('option', { name: template }).click();
  await pick.getByRole('button', { name: '下一步' }).click();

  const form = page.getByRole('dialog', { name: '新增用户' });
  await expect(form.getByText('前台', { exact: true })).toBeVisible();
  await expect(form.getByText('广州天河校区', { exact: true })).toBeVisible();
  await form.getByLabel('账号').fill(`desk${suffix}`);
  await form.getByLabel('密码').fill('Desk12345');
  await form.getByLabel('姓名').fill(`新前台${suffix}`);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expectToast(page, '创建成功');
  await page.getByRole('search').getByLabel('账号').fill(`desk${suffix}`);
  await page.getByRole('search').getByLabel('账号').press('Enter');
  const row = rowWith(page, `desk${suffix}`);
  await expect(row.getByRole('cell', { name: '前台', exact: true })).toBeVisible();
  // the model user's organisation (所属组织) and campus (校区) are both 广州天河校区
  await expect(row.getByRole('cell', { name: '广州天河校区', exact: true })).toHaveCount(2);
});
