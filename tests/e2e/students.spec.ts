import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';

// The students screens as the front desk of one campus (广州天河) uses them: add a student with
// the primary parent, find the family by the phone, edit, change the state, open the hub.
test('students: add with a parent, find by phone, edit, change state, open the detail', async ({ page }) => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  await openAs(page, 'front_desk', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '学员管理', '全部学员');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增学员' });
  await dialog.getByLabel('学员姓名').fill('测试小明');
  await dialog.getByLabel('家长姓名').fill('测试妈妈');
  await dialog.getByLabel('家长电话').fill(phone);
  await dialog.getByRole('combobox', { name: '校区' }).click();
  await page.getByRole('option', { name: '广州天河校区' }).click();
  await dialog.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expectToast(page, '创建成功');

  // the family by the parent's phone, on 学员查询
  await openFromSidebar(page, '学员管理', '学员查询');
  await page.getByLabel('按手机号查家庭').fill(phone);
  await page.getByRole('button', { name: '查找兄弟姐妹/重复学员' }).click();
  await expect(page.getByText('找到 1 名学员')).toBeVisible();
  await expect(page.getByText('测试小明', { exact: true }).first()).toBeVisible();

  // edit
  await openFromSidebar(page, '学员管理', '全部学员');
  const search = page.getByRole('search').getByLabel('学员姓名');
  await search.fill('测试小明');
  await search.press('Enter');
  const row = rowWith(page, '测试小明');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑学员' });
  await edit.getByLabel('备注').fill('周末班意向');
  await edit.getByRole('button', { name: /确\s*定|保\s*存/ }).click();
  await expectToast(page, '修改成功');

  // state: 在读 → 流失 (only the changes the life cycle allows are offered)
  await row.getByRole('button', { name: '变更状态' }).click();
  const state = page.getByRole('dialog', { name: /变更状态/ });
  await state.getByLabel('新状态').click();
  await expect(page.getByRole('option', { name: '冻结' })).toHaveCount(0);
  await page.getByRole('option', { name: '流失' }).click();
  await state.getByRole('button', { name: '确定' }).click();
  await expectToast(page, '操作成功');
  await expect(rowWith(page, '测试小明').getByRole('cell', { name: '流失', exact: true })).toBeVisible();

  // the hub: profile, then the parents tab loads when opened
  await rowWith(page, '测试小明').getByRole('button', { name: '详情' }).click();
  const hub = page.getByRole('dialog', { name: '学员详情：测试小明' });
  await expect(hub.getByText('周末班意向')).toBeVisible();
  await hub.getByRole('tab', { name: '家长' }).click();
  await expect(hub.getByRole('cell', { name: '测试妈妈', exact: true })).toBeVisible();
  // a new student has no orders, account flows or follow-ups yet: the tabs say so, none is 尚未开放
  await hub.getByRole('tab', { name: '订单' }).click();
  await expect(hub.getByRole('tabpanel')).toBeVisible();
  await expect(hub.getByText(/尚未开放/)).toHaveCount(0);
});

// The hub's tabs of the orders, finance and marketing areas with a demo student who has all three
// (吴可馨 of 北京朝阳: orders, stored-value flows, and the follow-ups of the lead she came from).
test('students: the hub shows the demo student\'s orders, account and follow-ups', async ({ page }) => {
  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '学员管理', '全部学员');
  const search = page.getByRole('search').getByLabel('学员姓名');
  await search.fill('吴可馨');
  await search.press('Enter');
  await rowWith(page, '吴可馨').first().getByRole('button', { name: '详情' }).click();
  const hub = page.getByRole('dialog', { name: '学员详情：吴可馨' });

  await hub.getByRole('tab', { name: '订单' }).click();
  const orders = hub.getByRole('tabpanel');
  await expect(orders.getByRole('row').nth(1)).toBeVisible();
  await expect(orders.getByText('暂无数据')).toHaveCount(0);

  await hub.getByRole('tab', { name: '账户' }).click();
  await expect(hub.getByText('储值账户余额：')).toBeVisible();
  await expect(hub.getByRole('table', { name: '账户流水' }).getByRole('row').nth(1)).toBeVisible();

  await hub.getByRole('tab', { name: '跟进' }).click();
  await expect(hub.getByRole('table', { name: '跟进记录' }).getByRole('row').nth(1)).toBeVisible();
  await expect(hub.getByText(/尚未开放/)).toHaveCount(0);
});
