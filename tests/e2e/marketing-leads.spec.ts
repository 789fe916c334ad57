import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs, signIn } from './offline-helpers';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';

const SAVE = /确\s*定|保\s*存/;

async function pickOption(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, option: string): Promise<void> {
  await dialog.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

// 市场管理 as the people who use it: the principal adds a lead and gives it to the telemarketer, who
// records a call and hands it to the course consultant; the lead's timeline tells the whole story.
test('a lead: added, distributed to a telemarketer, called, handed to a seller', async ({ page }) => {
  const name = `线索${Date.now() % 100000}`;
  const phone = `139${String(Date.now()).slice(-8)}`;

  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场管理', '电销待分配');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const add = page.getByRole('dialog', { name: '新增资源' });
  await pickOption(page, add, '校区', '北京朝阳校区');
  await add.getByLabel('学员姓名').fill(name);
  await add.getByLabel('联系电话').fill('1390000');
  await add.getByRole('button', { name: SAVE }).click();
  await expect(add.getByText('手机号应为11位数字，以1开头')).toBeVisible();
  await add.getByLabel('联系电话').fill(phone);
  await add.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '创建成功');

  const row = rowWith(page, name);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '分配电销', exact: true }).click();
  const give = page.getByRole('dialog', { name: '分配电销' });
  await pickOption(page, give, '电销', '陈晓燕');
  await give.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '分配电销成功');
  await expect(rowWith(page, name)).toBeHidden();

  // the telemarketer finds it among her leads, records the call, and hands it to the seller
  await page.context().clearCookies();
  await signIn(page, 'telemarketer', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场管理', '电销已分配');
  const mine = rowWith(page, name);
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('cell', { name: '139****' + phone.slice(-4), exact: true })).toBeVisible();
  await mine.getByRole('button', { name: '跟进', exact: true }).click();
  const record = page.getByRole('dialog', { name: '新增跟进记录' });
  await record.getByRole('button', { name: SAVE }).click();
  await expect(record.getByText('请选择跟进结果')).toBeVisible();
  await pickOption(page, record, '跟进结果', '有意向');
  await record.getByLabel('跟进内容').fill('家长有意向，约周六上午试听');
  await record.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '新增跟进记录成功');

  await rowWith(page, name).getByRole('button', { name: '转顾问', exact: true }).click();
  const hand = page.getByRole('dialog', { name: '转课程顾问' });
  await pickOption(page, hand, '课程顾问', '刘洋');
  await hand.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '转课程顾问成功');
  await expect(rowWith(page, name)).toBeHidden();

  // on 资源管理 the lead is the seller's now, and its drawer shows the timeline
  await openFromSidebar(page, '市场管理', '资源管理');
  const all = rowWith(page, name);
  await expect(all.getByRole('cell', { name: '顾问跟进', exact: true })).toBeVisible();
  await expect(all.getByRole('cell', { name: '刘洋', exact: true })).toBeVisible();
  await all.getByRole('button', { name: '详情', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `资源详情 · ${name}` });
  await expect(drawer.getByText('转课程顾问：电销跟进（陈晓燕） → 顾问跟进（刘洋）')).toBeVisible();
  await expect(drawer.getByText('跟进（有意向）：家长有意向，约周六上午试听')).toBeVisible();
  await expect(drawer.getByText(/分配电销：待分配 → 电销跟进（陈晓燕）/)).toBeVisible();
});
