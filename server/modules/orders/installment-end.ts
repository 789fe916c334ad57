import type { Kysely } from 'kysely';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import { formatYuan } from '../../../src/lib/format/money';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { issueReceipt as issueFinanceReceipt, refundToAccount } from '../finance';
import { amendOrder } from './transfers';
import { NOT_FOUND_MSG, getOrder, setOrderState, type OrderRow } from './order-rules';
import { PERIOD, PLAN, assertOpen, logEvent, type PlanRow } from './installments';
import './schema';

/**
 * How an installment plan ends early: 终止 (the order ends with it) and 转让 (the order goes to
 * another student). While a plan is open its order is not fully paid, so its contract lines are not
 * consumable and nothing of it is on the hour ledger (docs/orders.md: no proportional activation);
 * both refuse an order whose lines are (that is a refund or an order transfer).
 */

type Db = Kysely<Database>;
type Actor = Pick<Principal, 'userId' | 'name'>;

async function orderOfPlan(db: Db, plan: PlanRow, what: string): Promise<OrderRow> {
  const order = await getOrder(db, plan.order_id);
  if (!order) throw new ApiError(404, NOT_FOUND_MSG);
  const active = await db.selectFrom('order_contract_line').select('id').where('order_id', '=', order.id).where('active', '=', 1).executeTakeFirst();
  if (active) throw new ApiError(409, `订单课时已开通，不能${what}，请办理退费或订单转让`);
  return order;
}

export interface InstallmentTermination {
  id: number;
  state: number;
  terminated_periods: number;
  order_state: number;
  /** fen of the order's money returned to the student's account (0: nothing was received) */
  returned: number;
  /** the 退费 receipt of that money, null when nothing was returned */
  receipt_no: string | null;
}

/**
 * 终止分期: the periods still owed stop (已终止), the plan is 已终止 and so is its order. Money
 * received for the order (its deposit and the plan's repayments) goes back to the student's
 * account with a 退费 receipt naming the plan, and comes off the order as a negative payment row
 * carrying that receipt's number (payments are never edited), so the order ends owing and holding
 * nothing. Refused 409 for a plan no longer open.
 */
export async function terminateInstallment(db: Db, actor: Actor, plan: PlanRow, note: string): Promise<InstallmentTermination> {
  assertOpen(plan, '终止');
  const order = await orderOfPlan(db, plan, '终止分期');
  const now = nowText();
  const stopped = await db.selectFrom('order_installment_period').select('period_no').where('installment_id', '=', plan.id).where('state', 'in', [PERIOD.DUE, PERIOD.OVERDUE]).orderBy('period_no').execute();
  await db.updateTable('order_installment_period').set({ state: PERIOD.TERMINATED, updated_at: now, updated_by: actor.userId }).where('installment_id', '=', plan.id).where('state', 'in', [PERIOD.DUE, PERIOD.OVERDUE]).execute();
  const claimed = await db.updateTable('order_installment').set({ state: PLAN.TERMINATED, next_due_date: null, updated_at: now, updated_by: actor.userId }).where('id', '=', plan.id).where('state', '=', plan.state).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new ApiError(409, '分期订单已被他人处理，请刷新后重试');
  const returned = Number(order.paid_amount ?? 0);
  let receiptNo: string | null = null;
  if (returned > 0) {
    const why = `终止分期（分期订单 ${plan.id}），订单 ${order.order_no ?? order.id} 已收款退至学员账户`;
    const flow = await refundToAccount(db, { studentId: order.student_id, amountFen: returned, refType: 'order_installment', refId: String(plan.id), by: actor.userId, reason: why });
    const receipt = await issueFinanceReceipt(db, { schoolId: order.school_id, studentId: order.student_id, amountFen: returned, kind: 2, payMethod: 'account', refType: 'order_installment', refId: plan.id, by: actor.userId, remark: why, flowId: flow.id });
    receiptNo = receipt.receipt_no;
    await db
      .insertInto('order_payment')
      .values({ school_id: order.school_id, order_id: order.id, receipt_no: receiptNo, amount: -returned, method: 'account', paid_at: now, remark: why.slice(0, 255), created_at: now, updated_at: now, created_by: actor.userId, updated_by: actor.userId })
      .execute();
    const off = await db.updateTable('order_form').set({ paid_amount: 0, updated_at: now, updated_by: actor.userId }).where('id', '=', order.id).where('paid_amount', '=', returned).executeTakeFirst();
    if (Number(off.numUpdatedRows) === 0) throw new ApiError(409, '订单已被他人收款，请刷新后重试');
  }
  const ended = await setOrderState(db, order.id, ORDER_STATE.terminated, actor, `终止分期：${note}`);
  const periods = stopped.length ? `第${stopped.map((p) => p.period_no).join('、')}期不再还款` : '没有待还的期次';
  const money = receiptNo ? `；已收 ${formatYuan(returned)} 元退至学员账户（收据 ${receiptNo}）` : '';
  await logEvent(db, plan, '终止', `${note}；${periods}${money}；订单已终止`, actor);
  return { id: plan.id, state: PLAN.TERMINATED, terminated_periods: stopped.length, order_state: ended.state, returned, receipt_no: receiptNo };
}

/**
 * 分期订单转让: the plan and its order go to another student of the same campus (the caller checked
 * the target's scope). The order takes the new student as a new version (the old one in its log),
 * its contract lines (not consumable yet) follow, and the plan goes on with the new student.
 */
export async function transferInstallment(db: Db, principal: Principal, plan: PlanRow, to: { id: number; name: string; school_id: number }, note: string): Promise<{ id: number; student_id: number; order_id: number }> {
  assertOpen(plan, '转让');
  if (to.id === plan.student_id) throw new ApiError(400, '转入学员不能是原学员');
  if (to.school_id !== plan.school_id) throw new ApiError(400, '转入学员须与分期订单在同一校区，跨校区请先办理转校');
  const order = await orderOfPlan(db, plan, '转让');
  const from = await db.selectFrom('student').select('name').where('id', '=', plan.student_id).executeTakeFirst();
  const reason = `分期订单转让：${from?.name ?? plan.student_id} → ${to.name}，${note}`;
  await amendOrder(db, order, principal, { student_id: to.id }, 'transfer_installment', reason);
  const now = nowText();
  await db.updateTable('order_contract_line').set({ student_id: to.id, updated_at: now, updated_by: principal.userId }).where('order_id', '=', order.id).where('active', '=', 0).execute();
  await db.updateTable('order_installment').set({ student_id: to.id, updated_at: now, updated_by: principal.userId }).where('id', '=', plan.id).execute();
  await logEvent(db, plan, '转让', `转给 ${to.name}：${note}`, principal);
  return { id: plan.id, student_id: to.id, order_id: order.id };
}
