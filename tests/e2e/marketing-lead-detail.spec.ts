import { expect, test, type Page } from './fixtures';
import { LIGHT_LANDING, openAs, signIn } from './offline-helpers';
import { get, login, post } from './classes-fixtures';
import { expectToast, openFromSidebar, rowWith } from './system-helpers';

const SAVE = /确\s*定|保\s*存/;

async function pickOption(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, option: string | RegExp, search?: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

// 已有学员 as the course consultant uses it: her new student (a lead she turned into a student)
// gets a card payment request, then in its detail a visit, a trial booking, the campus's packs, the
// labels explained, an edit, and last the release to the public pool (注销).
test('已有学员: 刷卡支付 and the student detail\'s 到访, 试听, 课程包, 标签说明, 修改信息, 注销', async ({ page, request }) => {
  const stamp = Date.now() % 100000;
  const name = `转化学员${stamp}`;
  const lesson = `详情试听课${stamp}`;
  const sales = await login(request, 'sales', 'demo123');
  const admin = await login(request);
  const campuses = await get<{ value: number; text: string }[]>(request, sales, 'api/v1/base_organ_school/stu_os');
  const cy = campuses.find((c) => c.text === '北京朝阳校区')!.value;
  const lead = await post<{ id: number }>(request, sales, 'api/v1/mkt_resource/add', { name, parent_phone: `136${String(Date.now()).slice(-8)}`, school_id: cy, source: 1 });
  await post(request, sales, 'api/v1/mkt_resource/to_stu_load_school', { id: lead.id });
  const types = await get<{ content: { id: number }[] }>(request, admin, 'api/v1/prod_class_type/page', { page: 1, rows: 1 });
  await post(request, admin, 'api/v1/mkt_trial_lesson/add', { name: lesson, class_type_id: types.content[0]!.id, lesson_date: '2099-06-01', start_time: '10:00', end_time: '11:00', capacity: 6, school_id: cy });

  await openAs(page, 'sales', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场管理', '已有学员');
  const row = rowWith(page, name);
  await expect(row).toBeVisible();

  // 刷卡支付: the amount is checked by the server, then the request is numbered
  await row.getByRole('button', { name: '刷卡支付', exact: true }).click();
  const pay = page.getByRole('dialog', { name: `刷卡支付 · ${name}` });
  await pay.getByRole('button', { name: '提交支付' }).click();
  await expect(pay.getByText('请填写支付金额')).toBeVisible();
  await pay.getByLabel('支付金额(元)').fill('3680');
  await pay.getByLabel('备注').fill('首期学费');
  await pay.getByRole('button', { name: '提交支付' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: /^已提交刷卡支付，支付单号 YP[0-9A-F]+$/ }).first()).toBeVisible();
  await expect(pay).toBeHidden();

  await row.getByRole('button', { name: '详情', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `资源详情 · ${name}` });
  await expect(drawer.getByText(/刷卡支付：.*金额3680\.00元，首期学费/)).toBeVisible();
  await expect(drawer.getByText('已转学员', { exact: true })).toBeVisible();

  // 到访: the family came; the lead reaches 已到访
  await drawer.getByRole('button', { name: '到访', exact: true }).click();
  const visit = page.getByRole('dialog', { name: `登记到访 · ${name}` });
  await expect(visit.getByLabel('到访时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await pickOption(page, visit, '到访结果', '有意向');
  await visit.getByLabel('沟通内容').fill('家长带孩子参观了教室');
  await visit.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '到访已登记');
  await expect(drawer.getByText('已到访', { exact: true })).toBeVisible();

  // 试听: book the new lesson from the detail
  await drawer.getByRole('tab', { name: '试听' }).click();
  await drawer.getByRole('button', { name: '新增', exact: true }).click();
  const book = page.getByRole('dialog', { name: '新增试听学员' });
  await pickOption(page, book, '试听课', new RegExp(lesson), lesson);
  await book.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '创建成功');
  const booking = drawer.locator('tbody tr', { hasText: lesson });
  await expect(booking.getByRole('cell', { name: '已预约', exact: true })).toBeVisible();

  // 课程包 and 标签说明
  await drawer.getByRole('tab', { name: '课程包' }).click();
  const pack = drawer.locator('tbody tr', { hasText: '少儿英语启蒙 72课时包' });
  await expect(pack.getByRole('cell', { name: '6,800.00', exact: true })).toBeVisible();
  await drawer.getByRole('tab', { name: '标签说明' }).click();
  await expect(drawer.locator('tbody tr', { hasText: '已转为学员' }).getByText('✓ 当前')).toBeVisible();
  await expect(drawer.locator('tbody tr', { hasText: '尚未联系上' }).getByText('✓ 当前')).toHaveCount(0);

  // 修改信息: a bad phone is refused in Chinese, then the parent's name is saved
  await drawer.getByRole('button', { name: '修改信息', exact: true }).click();
  const edit = page.getByRole('dialog', { name: '修改信息' });
  await edit.getByLabel('联系电话').fill('12345');
  await edit.getByRole('button', { name: SAVE }).click();
  await expect(edit.getByText('手机号应为11位数字，以1开头')).toBeVisible();
  await edit.getByLabel('联系电话').fill(`137${String(Date.now()).slice(-8)}`);
  await edit.getByLabel('家长姓名').fill('王丽');
  await edit.getByRole('button', { name: SAVE }).click();
  await expect(edit).toBeHidden();
  await expect(drawer.getByText('王丽', { exact: true })).toBeVisible();

  // 注销: the lead goes to the campus's public pool (the timeline tab, not the labels, on show)
  await drawer.getByRole('tab', { name: '时间线' }).click();
  await drawer.getByRole('button', { name: '注销', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: '注销资源' });
  await cancel.getByRole('button', { name: '确定注销' }).click();
  await expectToast(page, '注销成功，资源已放入公海');
  await expect(drawer.getByText('公海', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: '注销', exact: true })).toHaveCount(0);
});

// The principal moves a student's lead to her other campus (其他校区); the telemarketer's lead
// detail shows the class types her campus sells (班型).
test('其他校区 as the principal, 班型 in the telemarketer\'s lead detail', async ({ page, request }) => {
  const stamp = Date.now() % 100000;
  const name = `转校学员${stamp}`;
  const sales = await login(request, 'sales', 'demo123');
  const campuses = await get<{ value: number; text: string }[]>(request, sales, 'api/v1/base_organ_school/stu_os');
  const cy = campuses.find((c) => c.text === '北京朝阳校区')!.value;
  const lead = await post<{ id: number }>(request, sales, 'api/v1/mkt_resource/add', { name, parent_phone: `135${String(Date.now()).slice(-8)}`, school_id: cy, source: 1 });
  await post(request, sales, 'api/v1/mkt_resource/to_stu_load_school', { id: lead.id });

  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场管理', '已有学员');
  await rowWith(page, name).getByRole('button', { name: '详情', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `资源详情 · ${name}` });
  await drawer.getByRole('button', { name: '其他校区', exact: true }).click();
  const move = page.getByRole('dialog', { name: `转其他校区 · ${name}` });
  await move.getByRole('button', { name: SAVE }).click();
  await expect(move.getByText('请填写转入校区')).toBeVisible();
  await pickOption(page, move, '转入校区', '北京海淀校区');
  await move.getByLabel('转校原因').fill('家长搬到海淀');
  await move.getByRole('button', { name: SAVE }).click();
  await expectToast(page, '已转入其他校区');
  await expect(drawer.getByText(/转校区.*家长搬到海淀/)).toBeVisible();
  await expect(drawer.getByText('待分配', { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'telemarketer', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '市场管理', '电销已分配');
  await page.getByRole('button', { name: '详情', exact: true }).first().click();
  const tmkDrawer = page.getByRole('dialog', { name: /^资源详情 · / });
  await expect(tmkDrawer.getByRole('tab', { name: '试听' })).toHaveCount(0);
  await tmkDrawer.getByRole('tab', { name: '班型' }).click();
  const type = tmkDrawer.locator('tbody tr', { hasText: '少儿英语启蒙' }).first();
  await expect(type).toContainText('少儿英语启蒙 72课时包');
  await expect(type).toContainText('6,800.00 – 9,800.00');
});
