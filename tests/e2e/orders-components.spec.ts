import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar, rowWith } from './system-helpers';
import { get, login, post, schoolId, type Envelope } from './classes-fixtures';
import type { SchoolClassType } from '../../src/contract/products';

// As the principal: an order in progress (added, audited, paid and confirmed through the API) is
// amended from 已审核订单's 变更 dialog (new version with its reason, the history shown in 订单详情),
// delayed by 30 days (延期: the line's end date moves, recorded) and given another 班主任 (更换班主任).
test('orders: 变更 with its history, 合同延期 and 更换班主任 from the order list', async ({ page, request }) => {
  const headers = await login(request, 'principal', 'demo123');
  const campus = await schoolId(request, headers, 'BJ-CY');
  const students = (await (await request.post('api/v1/student/page', { headers, form: { school_id: campus, page: 1, rows: 20 } })).json()) as Envelope<{ content: { id: number; school_id: number }[] }>;
  const buyer = students.data.content.find((s) => s.school_id === campus);
  expect(buyer, 'a student at 北京朝阳').toBeTruthy();
  const types = await get<SchoolClassType[]>(request, headers, 'api/v1/prod_language_pack/school_class_types', { school_id: campus });
  const type = types.find((t) => t.language_packs.length > 0);
  const pack = type?.language_packs[0];
  const order = await post<{ id: number; order_no: string; deal_amount: number }>(request, headers, 'api/v1/order_form/add', {
    student_id: buyer?.id,
    submit: true,
    lines: [{ kind: 1, class_type_id: type?.class_type_id, language_pack_id: pack?.language_pack_id, discount: 0 }],
  });
  await post(request, headers, 'api/v1/order_form/check_order', { id: order.id, pass: 1 });
  await post(request, headers, 'api/v1/order_form/pay', { id: order.id, amount: order.deal_amount, method: 'cash' });
  const protocol = await get<{ protocol_version: string }>(request, headers, 'api/v1/order_form/protocol', { id: order.id });
  await post(request, headers, 'api/v1/order_form/confirm_contract', { id: order.id, protocol_version: protocol.protocol_version });
  const before = await get<{ order: { version: number }; contract_lines: { end_date: string }[] }>(request, headers, 'api/v1/order_form/detail', { id: order.id });
  const users = await get<{ content: { id: number; name: string }[] }>(request, headers, 'api/v1/system/find_user_page', { page: 1, rows: 50 });
  const names = new Map<string, number>();
  for (const u of users.content) names.set(u.name, (names.get(u.name) ?? 0) + 1);
  const teacher = users.content.find((u) => names.get(u.name) === 1 && u.name !== '校长');
  expect(teacher, 'a user the principal may pick').toBeTruthy();

  await openAs(page, 'principal', 'demo123', LIGHT_LANDING);
  await openFromSidebar(page, '订单管理', '已审核订单');
  const find = async () => {
    await page.getByRole('textbox', { name: '订单编号' }).fill(order.order_no);
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
    return rowWith(page, order.order_no);
  };

  // 变更: the reason is required, then a new version
  await (await find()).getByRole('button', { name: '变更' }).click();
  const modify = page.getByRole('dialog', { name: `订单变更 ${order.order_no}` });
  await modify.getByRole('textbox', { name: '备注' }).fill('改为周末班');
  await modify.getByRole('button', { name: '确认变更' }).click();
  await expect(modify.getByText('请输入变更原因')).toBeVisible();
  await modify.getByRole('textbox', { name: '变更原因' }).fill('家长要求改为周末上课');
  await modify.getByRole('button', { name: '确认变更' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: `订单已变更为第 ${before.order.version + 1} 版` }).first()).toBeVisible();

  // 延期 30 days
  await (await find()).getByRole('button', { name: '延期' }).click();
  const delay = page.getByRole('dialog', { name: `合同延期 ${order.order_no}` });
  await expect(delay.getByTestId('delay-end-date').first()).toHaveText(before.contract_lines[0].end_date);
  await delay.getByRole('textbox', { name: '延期天数' }).fill('30');
  await delay.getByRole('textbox', { name: '延期原因' }).fill('学员出国一个月');
  await delay.getByRole('button', { name: '确认延期' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: /^已延期 1 条合同课时，有效期至 \d{4}-\d{2}-\d{2}$/ }).first()).toBeVisible();

  // 更换班主任
  await (await find()).getByRole('button', { name: '更换班主任' }).click();
  const change = page.getByRole('dialog', { name: `更换班主任 ${order.order_no}` });
  await change.getByRole('combobox', { name: '新班主任' }).click();
  await change.getByRole('combobox', { name: '新班主任' }).fill(teacher?.name ?? '');
  await page.getByRole('option', { name: teacher?.name ?? '', exact: true }).click();
  await change.getByRole('button', { name: '确认更换' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: '班主任已更换' }).first()).toBeVisible();

  // 订单详情 shows every amendment: the modify with its version, reason and what it replaced, the delay, the teacher change
  await (await find()).getByRole('button', { name: '详情' }).click();
  const detailDialog = page.getByRole('dialog', { name: '订单详情' });
  const history = detailDialog.getByTestId('amendment-history');
  await expect(history.getByRole('row', { name: /变更.*家长要求改为周末上课/ })).toContainText(`第 ${before.order.version} 版`);
  await expect(history.getByRole('row', { name: /有效期调整.*学员出国一个月/ })).toContainText(`${before.contract_lines[0].end_date} →`);
  await expect(history.getByRole('row', { name: /更换老师/ })).toContainText(`班主任改为 ${teacher?.name ?? ''}`);

  const after = await get<{ order: { version: number; teacher_id: number; remark: string }; contract_lines: { end_date: string }[] }>(request, headers, 'api/v1/order_form/detail', { id: order.id });
  expect(after.order).toMatchObject({ version: before.order.version + 1, teacher_id: teacher?.id, remark: '改为周末班' });
  expect(after.contract_lines[0].end_date > before.contract_lines[0].end_date).toBe(true);
});
