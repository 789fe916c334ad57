import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO_PASSWORD, createTestServer, type Answer, type LoggedIn, type TestServer } from '../helpers';
import type { RefundOrderRow, RefundPreview } from '../../../src/contract/workflow-refund';
import type { InstanceDetail } from '../../../src/contract/workflow';

/**
 * 退费申请 (issue 13, sale refund screens): the wizard's reads and submission go through the orders
 * area — the student's refundable orders, the class types and the calculator's amount, then a real
 * 退费单 whose approval runs on the engine; the principal's approval makes it 审批通过.
 */

let s: TestServer;
const who: Record<string, LoggedIn> = {};

beforeAll(async () => {
  s = await createTestServer();
  who.admin = await s.login(ADMIN.login, ADMIN.password);
  for (const u of ['principal', 'sales', 'teacher']) who[u] = await s.login(u, DEMO_PASSWORD);
});
afterAll(async () => {
  await s?.close();
});

function get<T>(user: string, path: string, query: Record<string, string | number>): Promise<Answer<T>> {
  return s.call<T>('GET', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, query });
}
function post<T>(user: string, path: string, json: unknown): Promise<Answer<T>> {
  return s.call<T>('POST', `/api/v1/sys_wf/${path}`, { headers: who[user].headers, json });
}

describe('退费申请 wizard', () => {
  it('finds a student by name, lists their orders, previews and files a refund that the approval decides', async () => {
    // a student of the sales user's campus with an order holding unused paid money and no open refund
    const sales = await s.db.selectFrom('users').select('id').where('login_id', '=', 'sales').executeTakeFirstOrThrow();
    const campus = await s.db.selectFrom('user_schools').select('school_id').where('user_id', '=', sales.id).orderBy('school_id').executeTakeFirstOrThrow();
    const students = await s.db.selectFrom('student').select(['id', 'name']).where('school_id', '=', campus.school_id).where('del_flag', '=', 0).orderBy('id').execute();
    let pick: RefundOrderRow | undefined;
    for (const st of students) {
      const r = await get<RefundOrderRow[]>('sales', 'refund_orders', { student_id: st.id });
      expect(r.body.code).toBe(200);
      pick = r.body.data.find((o) => o.paid_left > 0 && o.open_refund_no === null);
      if (pick) break;
    }
    if (!pick) throw new Error('演示数据中没有可退费的订单');
    const byName = await get<RefundOrderRow[]>('sales', 'refund_orders', { keyword: pick.student_name ?? '' });
    expect(byName.body.data.some((o) => o.order_id === pick.order_id)).toBe(true);

    const preview = await get<RefundPreview>('sales', 'refund_preview', { order_id: pick.order_id, relief: 0 });
    expect(preview.body.code).toBe(200);
    expect(preview.body.data.holdings.order_id).toBe(pick.order_id);
    expect(preview.body.data.calculation.amount).toBeGreaterThan(0);
    expect(preview.body.data.calculation.amount).toBeLessThanOrEqual(pick.paid_left);
    expect(preview.body.data.reasons.length).toBeGreaterThan(0);
    const amount = preview.body.data.calculation.amount;

    const filed = await post<{ id: number; refund_no: string; state: number; amount: number; instance_id: number }>('sales', 'refund_apply', { order_id: pick.order_id, reason_id: preview.body.data.reasons[0].id, relief: 0, payout_kind: 1, remark: '家长搬家' });
    expect(filed.body.code).toBe(200);
    expect(filed.body.data.amount).toBe(amount);
    expect(filed.body.data.refund_no).toMatch(/\S/);
    const refund = await s.db.selectFrom('order_refund').select(['state', 'amount']).where('id', '=', filed.body.data.id).executeTakeFirstOrThrow();
    expect(Number(refund.state)).toBe(2);
    // the order now shows the open refund and cannot be filed again
    const again = await post('sales', 'refund_apply', { order_id: pick.order_id, reason_id: preview.body.data.reasons[0].id, relief: 0, payout_kind: 1 });
    expect(again.body.code).toBe(409);
    const listed = await get<RefundOrderRow[]>('sales', 'refund_orders', { student_id: pick.student_id });
    expect(listed.body.data.find((o) => o.order_id === pick.order_id)?.open_refund_no).toBe(filed.body.data.refund_no);

    // the principal approves: the 退费单 is 审批通过 (5000 元 or less goes no further)
    const d = (await get<InstanceDetail>('principal', 'instance_step_current', { instance_id: filed.body.data.instance_id })).body.data;
    expect(d.instance.ref_type).toBe('order_refund');
    // each approver the path meets approves in turn (finance too above 5000 元)
    for (const user of ['principal', 'finance']) {
      if (!who[user]) who[user] = await s.login(user, DEMO_PASSWORD);
      const mine = (await get<InstanceDetail>(user, 'instance_step_current', { instance_id: filed.body.data.instance_id })).body.data;
      if (!mine.my_task) continue;
      const ran = await post<{ state: number }>(user, 'run', { task_id: mine.my_task.id, action: 'approve', comment: '同意' });
      expect(ran.body.code).toBe(200);
    }
    const after = await s.db.selectFrom('order_refund').select('state').where('id', '=', filed.body.data.id).executeTakeFirstOrThrow();
    expect(Number(after.state)).toBe(3);
  });

  it('answers bad input and other campuses in Chinese, and refuses those without the screen', async () => {
    const missing = await get('sales', 'refund_orders', {});
    expect(missing.body.code).toBe(400);
    expect(missing.body.msg).toContain('请输入学员姓名或手机号');
    const other = await s.db.selectFrom('order_form').select('id').where('school_id', 'not in', s.db.selectFrom('user_schools').innerJoin('users', 'users.id', 'user_schools.user_id').select('user_schools.school_id').where('users.login_id', '=', 'sales')).executeTakeFirst();
    if (other) expect((await get('sales', 'refund_preview', { order_id: other.id })).body.code).toBe(404);
    expect((await post('sales', 'refund_apply', { order_id: 'x', reason_id: 1, payout_kind: 1 })).body.code).toBe(400);
    expect((await post('sales', 'refund_apply', { order_id: 1, reason_id: 1, payout_kind: 9 })).body.msg).toContain('请选择退款方式');
    expect((await get('teacher', 'refund_orders', { keyword: '张' })).body.code).toBe(403);
    expect((await post('teacher', 'refund_apply', { order_id: 1, reason_id: 1, payout_kind: 1 })).body.code).toBe(403);
  });
});
