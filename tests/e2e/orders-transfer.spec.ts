import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar, rowWith } from './system-helpers';
import { get, login, post, schoolId, type Envelope } from './classes-fixtures';
import type { SchoolClassType } from '../../src/contract/products';

// An order in progress (added, audited, paid, contract confirmed through the API) is given to
// another student of its campus from 已审核订单's 转让 dialog; the order then names the new
// student and the hours left went with it.
test('orders: transfer an order in progress to another student through the 转让 dialog', async ({ page, request }) => {
  const headers = await login(request);
  const campus = await schoolId(request, headers, 'BJ-CY');
  const students = (await (await request.post('api/v1/student/page', { headers, form: { school_id: campus, page: 1, rows: 50 } })).json()) as Envelope<{ content: { id: number; name: string; school_id: number }[] }>;
  const local = students.data.content.filter((s) => s.school_id === campus);
  const names = new Map<string, number>();
  for (const s of local) names.set(s.name, (names.get(s.name) ?? 0) + 1);
  const [buyer, heir] = local.filter((s) => names.get(s.name) === 1);
  expect(heir, '北京朝阳 has two students with distinct names').toBeTruthy();
  const types = await get<SchoolClassType[]>(request, headers, 'api/v1/prod_language_pack/school_class_types', { school_id: campus });
  const type = types.find((t) => t.language_packs.length > 0);
  expect(type, 'a language pack on sale at 北京朝阳').toBeTruthy();
  const pack = type?.language_packs[0];
  const order = await post<{ id: number; order_no: string; deal_amount: number }>(request, headers, 'api/v1/order_form/add', {
    student_id: buyer.id,
    submit: true,
    lines: [{ kind: 1, class_type_id: type?.class_type_id, language_pack_id: pack?.language_pack_id, discount: 0 }],
  });
  await post(request, headers, 'api/v1/order_form/check_order', { id: order.id, pass: 1 });
  await post(request, headers, 'api/v1/order_form/pay', { id: order.id, amount: order.deal_amount, method: 'cash' });
  const protocol = await get<{ protocol_version: string }>(request, headers, 'api/v1/order_form/protocol', { id: order.id });
  await post(request, headers, 'api/v1/order_form/confirm_contract', { id: order.id, protocol_version: protocol.protocol_version });

  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '订单管理', '已审核订单');
  await page.getByRole('textbox', { name: '订单编号' }).fill(order.order_no);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  const row = rowWith(page, order.order_no);
  await row.getByRole('button', { name: '转让' }).click();
  const dialog = page.getByRole('dialog', { name: `转让订单 ${order.order_no}` });
  await expect(dialog.getByTestId('order-holdings')).toContainText(type?.class_type_name ?? '');
  await dialog.getByRole('combobox', { name: '转入学员' }).click();
  await dialog.getByRole('combobox', { name: '转入学员' }).fill(heir.name);
  await page.getByRole('option', { name: heir.name, exact: true }).click();
  await dialog.getByRole('textbox', { name: '转让原因' }).fill('兄弟姐妹转让');
  await dialog.getByRole('button', { name: '确认转让' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: /^订单已转让，转出 [\d.]+ 课时$/ }).first()).toBeVisible();

  const detail = await get<{ order: { student_id: number; version: number }; logs: { action: string }[] }>(request, headers, 'api/v1/order_form/detail', { id: order.id });
  expect(detail.order).toMatchObject({ student_id: heir.id, version: 2 });
  expect(detail.logs.map((l) => l.action)).toContain('transfer_order');
  const info = await get<{ student_id: number; hours: number }>(request, headers, 'api/v1/order_form/get_transfer_campus_info', { id: order.id });
  expect(info.student_id).toBe(heir.id);
  expect(info.hours).toBeGreaterThan(0);
});
