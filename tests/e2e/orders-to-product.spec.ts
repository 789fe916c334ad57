import { expect, test } from './fixtures';
import { LIGHT_LANDING, openAs } from './offline-helpers';
import { openFromSidebar, rowWith } from './system-helpers';
import { get, login, post, schoolId, type Envelope } from './classes-fixtures';
import type { SchoolClassType } from '../../src/contract/products';
import type { OrderHoldings } from '../../src/contract/orders-transfer';

interface Receipt {
  receipt_no: string;
  student_id: number;
  school_id: number;
  kind: number;
  amount: number;
  state: number;
  ref_type: string | null;
  ref_id: string | null;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// An order in progress (added, audited, paid, contract confirmed through the API) is converted
// from 已审核订单's 一键转产品 dialog into another language pack of its campus. Through the API: the
// order now holds the pack's class type on a new line, the paid money moved once (the order's paid
// money left is the same, the old lines are empty), and the 结转 receipt pair of exactly that money
// is listed among the student's receipts, once.
test('orders: convert an order in progress into another language pack through the 一键转产品 dialog', async ({ page, request }) => {
  const headers = await login(request);
  const campus = await schoolId(request, headers, 'BJ-CY');
  const students = (await (await request.post('api/v1/student/page', { headers, form: { school_id: campus, page: 1, rows: 50 } })).json()) as Envelope<{ content: { id: number; name: string; school_id: number }[] }>;
  const buyer = students.data.content.filter((s) => s.school_id === campus)[2];
  expect(buyer, '北京朝阳 has students').toBeTruthy();
  const types = await get<SchoolClassType[]>(request, headers, 'api/v1/prod_language_pack/school_class_types', { school_id: campus });
  const sold = types.flatMap((t) => t.language_packs.map((p) => ({ type: t, pack: p })));
  expect(sold.length, 'a language pack on sale at 北京朝阳').toBeGreaterThan(0);
  const from = sold[0];
  // the target: a pack of another class type where there is one
  const to = sold.find((s) => s.type.class_type_id !== from.type.class_type_id) ?? from;
  const order = await post<{ id: number; order_no: string; deal_amount: number }>(request, headers, 'api/v1/order_form/add', {
    student_id: buyer.id,
    submit: true,
    lines: [{ kind: 1, class_type_id: from.type.class_type_id, language_pack_id: from.pack.language_pack_id, discount: 0 }],
  });
  await post(request, headers, 'api/v1/order_form/check_order', { id: order.id, pass: 1 });
  await post(request, headers, 'api/v1/order_form/pay', { id: order.id, amount: order.deal_amount, method: 'cash' });
  const protocol = await get<{ protocol_version: string }>(request, headers, 'api/v1/order_form/protocol', { id: order.id });
  await post(request, headers, 'api/v1/order_form/confirm_contract', { id: order.id, protocol_version: protocol.protocol_version });
  const before = await get<OrderHoldings>(request, headers, 'api/v1/order_form/get_transfer_campus_info', { id: order.id });
  expect(before.paid_left).toBeGreaterThan(0);

  await openAs(page, 'admin', 'admin123', LIGHT_LANDING);
  await openFromSidebar(page, '订单管理', '已审核订单');
  await page.getByRole('textbox', { name: '订单编号' }).fill(order.order_no);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  await rowWith(page, order.order_no).getByRole('button', { name: '一键转产品' }).click();
  const dialog = page.getByRole('dialog', { name: `一键转产品 ${order.order_no}` });
  await expect(dialog.getByTestId('order-holdings')).toContainText(from.type.class_type_name);
  await dialog.getByRole('combobox', { name: '课程包' }).click();
  await page.getByRole('option', { name: new RegExp(`^${escaped(`${to.pack.name}（${to.type.class_type_name}，`)}`) }).first().click();
  await expect(dialog.getByTestId('to-product-preview')).toContainText(`转为「${to.pack.name}」`);
  await dialog.getByRole('textbox', { name: '转换原因' }).fill('家长改报课程包');
  await dialog.getByRole('button', { name: '确认转产品' }).click();
  await expect(page.locator('.mantine-Notification-description', { hasText: `已转为课程包「${to.pack.name}」` }).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // the order holds the new product: the old lines emptied, a new line of the pack's class type with the money
  const detail = await get<{ logs: { id: number; action: string }[] }>(request, headers, 'api/v1/order_form/detail', { id: order.id });
  const conversions = detail.logs.filter((l) => l.action === 'to_product');
  expect(conversions).toHaveLength(1);
  const recordId = String(conversions[0].id);
  const after = await get<OrderHoldings>(request, headers, 'api/v1/order_form/get_transfer_campus_info', { id: order.id });
  const oldIds = new Set(before.lines.map((l) => l.line_id));
  expect(after.lines.filter((l) => oldIds.has(l.line_id)).every((l) => l.remaining_hours === 0 && l.paid_left === 0)).toBe(true);
  const fresh = after.lines.filter((l) => !oldIds.has(l.line_id));
  expect(fresh.length).toBeGreaterThan(0);
  expect(fresh.every((l) => l.class_type_id === to.type.class_type_id && l.active === 1)).toBe(true);
  // the money moved exactly once: what the order holds is what it held, now on the new lines
  expect(after.paid_left).toBe(before.paid_left);
  expect(fresh.reduce((n, l) => n + l.paid_left, 0)).toBe(before.paid_left);

  // the 结转 pair of that money, listed once among the student's receipts
  const receipts = await get<{ content: Receipt[] }>(request, headers, 'api/v1/fin_stu_account_receipts/page', { student_id: buyer.id, ref_id: recordId, page: 1, rows: 50 });
  const pair = receipts.content.filter((r) => r.ref_type === 'order_to_product' && r.ref_id === recordId);
  expect(pair.map((r) => ({ kind: r.kind, amount: Number(r.amount), state: r.state, school: r.school_id })).sort((a, b) => a.amount - b.amount)).toEqual([
    { kind: 3, amount: -before.paid_left, state: 1, school: campus },
    { kind: 3, amount: before.paid_left, state: 1, school: campus },
  ]);
  expect(new Set(pair.map((r) => r.receipt_no)).size).toBe(2);
});
