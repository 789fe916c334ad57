import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { todayText } from '../../../lib/time';
import { addDays } from '../../../modules/classes';
import { authorizeWithholding, calculateRefund, createInstallmentPlan, fileRefund, installmentPlan, issueReceipt, markOverdue, payRefund, settleInstallment, ORDER_STATE, type OrderRow } from '../../../modules/orders';
import { demoRun, instanceOf } from '../../../modules/workflow';
import { TASK_STATES } from '../../../../src/contract/workflow';
import '../../core-schema';

/** After the workflow definitions (60) and the finance demo (65, 70): refunds need the 退费申请 approval. */
export const order = 75;

/** Refunds of a campus: paid to the student's account, paid in cash, and one still in approval. */
const REFUNDS = [
  { payout: 1, paid: true, remark: '家长搬家，剩余课时退至学员账户' },
  { payout: 3, paid: true, remark: '学员时间冲突，现金退回' },
  { payout: 2, paid: false, remark: '对上课时间不满意，申请原路退回' },
] as const;

/**
 * Demo of the orders area after the sale, through its own functions: per campus a few refunds
 * filed, approved on the workflow (退费申请) and paid as the screens do, one left in approval;
 * installment plans of a new-sign order (two periods repaid, withholding authorized) and of
 * renewals (one repaid in full, one with a period overdue after the daily check).
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('order_refund').select('id').limit(1).executeTakeFirst()) return;
  const today = todayText();
  const admin = await db.selectFrom('users').select(['id', 'name']).where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  const actor = { userId: admin.id, name: admin.name };
  const reasons = await db.selectFrom('order_refund_detail_reason').select(['id', 'name']).where('del_flag', '=', 0).orderBy('order_num').execute();
  if (reasons.length === 0) return;
  const schools = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('id').execute();
  for (const school of schools) {
    const orders = await db.selectFrom('order_form').selectAll().where('school_id', '=', school.id).where('state', '=', ORDER_STATE.inProgress).where('del_flag', '=', 0).orderBy('order_date').orderBy('id').execute();
    // a student with an installment plan or a refund has only that one
    const taken = await seedInstallments(db, actor, school.id, today);
    // refunds: the newest orders with unused paid money
    for (const [i, plan] of REFUNDS.entries()) {
      const pick = await refundable(db, [...orders].reverse(), taken, today);
      if (!pick) break;
      taken.add(pick.student_id);
      const applicant = { userId: pick.seller_id ?? admin.id, name: pick.seller_name ?? admin.name };
      const refund = await fileRefund(db, applicant, pick, reasons[i % reasons.length], { relief: 0, payout_kind: plan.payout, remark: plan.remark });
      if (!plan.paid) continue;
      await approveAll(db, refund.id, admin.id);
      await payRefund(db, actor, refund.id);
    }
  }
  await markOverdue(db, today);
}

/** The first order, of a student not taken yet, that the refund calculator gives money back for. */
async function refundable(db: Kysely<Database>, orders: readonly OrderRow[], taken: ReadonlySet<number>, today: string): Promise<OrderRow | undefined> {
  for (const o of orders) {
    if (taken.has(o.student_id)) continue;
    // hours past their validity are forfeited, not refunded
    if (await db.selectFrom('order_contract_line').select('id').where('order_id', '=', o.id).where('end_date', '<', today).executeTakeFirst()) continue;
    if ((await calculateRefund(db, o, 0)).amount > 0) return o;
  }
  return undefined;
}

/** Every step of the refund's approval approved by its approver (the administrator for a step nobody is assigned to). */
async function approveAll(db: Kysely<Database>, refundId: number, adminId: number): Promise<void> {
  const instance = await instanceOf(db, 'order_refund', refundId);
  if (!instance) return;
  // an approval has a few steps; the bound only guards the seed against a flow that never ends
  for (let step = 0; step < 10; step++) {
    const task = await db.selectFrom('wf_task').select('assignee_id').where('instance_id', '=', instance.id).where('state', '=', TASK_STATES.PENDING).orderBy('id').executeTakeFirst();
    if (!task) return;
    await demoRun(db, task.assignee_id ?? adminId, instance.id, 'approve', '同意退费');
  }
}

/** `total` fen in `n` periods: equal parts, the last taking what division leaves. */
function split(total: number, n: number): number[] {
  const part = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? total - part * (n - 1) : part));
}

/**
 * Plans of a campus's installment orders (confirmed and unpaid: server/db/seed/demo/orders.ts),
 * each of another student: each repayment is a 收费 receipt of the plan posted as a payment of the
 * order (settleInstallment), so the order's money is received once, by its plan. Answers the
 * students with a plan.
 */
async function seedInstallments(db: Kysely<Database>, actor: { userId: number; name: string }, schoolId: number, today: string): Promise<Set<number>> {
  const orders = await db
    .selectFrom('order_form')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('state', '=', ORDER_STATE.contractConfirmed)
    .where('paid_amount', '=', 0)
    .where('del_flag', '=', 0)
    .orderBy('order_date')
    .orderBy('id')
    .execute();
  const renewals = orders.filter((o) => o.if_first_sign === 2).slice(0, 2);
  const firstSign = orders.find((o) => o.if_first_sign === 1 && !renewals.some((r) => r.student_id === o.student_id));
  /** Pays `amount` of the plan as the pay call does: a receipt dated `day` (not before the order), then the periods and the order. */
  const repay = async (paid: OrderRow, planId: number, amount: number, day: string, method: string) => {
    const from = paid.order_date ?? day;
    const bizDate = day < from ? from : day > today ? today : day;
    const receiptNo = await issueReceipt(db, { schoolId, studentId: paid.student_id, amount, method, refType: 'order_installment', refId: planId, by: actor.userId, bizDate });
    await settleInstallment(db, planId, amount, actor.userId, { receiptNo, method, paidAt: `${bizDate} 10:00:00` });
  };
  if (firstSign) {
    const amounts = split(Number(firstSign.deal_amount), 3);
    const due = [addDays(today, -60), addDays(today, -30), addDays(today, 30)];
    const plan = await createInstallmentPlan(db, actor, firstSign, { total_amount: Number(firstSign.deal_amount), is_renewal: 0, periods: due.map((due_date, i) => ({ due_date, amount: amounts[i] })), remark: '新签分期，三期还清' });
    await repay(firstSign, plan.id, amounts[0], due[0], 'qr');
    await repay(firstSign, plan.id, amounts[1], due[1], 'qr');
    await authorizeWithholding(db, actor, await installmentPlan(db, plan.id), { agreement_no: `DK${String(firstSign.id).padStart(8, '0')}`, account: `62220200${String(firstSign.student_id).padStart(8, '0')}` });
  }
  const [overdue, settled] = renewals;
  if (overdue) {
    const amounts = split(Number(overdue.deal_amount), 3);
    const due = [addDays(today, -45), addDays(today, -15), addDays(today, 15)];
    const plan = await createInstallmentPlan(db, actor, overdue, { total_amount: Number(overdue.deal_amount), is_renewal: 1, periods: due.map((due_date, i) => ({ due_date, amount: amounts[i] })), remark: '续费分期' });
    // the first period repaid; the second is left owed, so the daily check marks it overdue
    await repay(overdue, plan.id, amounts[0], due[0], 'cash');
  }
  if (settled) {
    const amounts = split(Number(settled.deal_amount), 2);
    const due = [addDays(today, -50), addDays(today, -20)];
    const plan = await createInstallmentPlan(db, actor, settled, { total_amount: Number(settled.deal_amount), is_renewal: 1, periods: due.map((due_date, i) => ({ due_date, amount: amounts[i] })), remark: '续费分期，两期还清' });
    // both periods repaid: the order is fully paid, its line consumable and the order in progress
    await repay(settled, plan.id, amounts[0], due[0], 'transfer');
    await repay(settled, plan.id, amounts[1], due[1], 'transfer');
  }
  return new Set([firstSign, ...renewals].flatMap((o) => (o ? [o.student_id] : [])));
}
