import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import {
  modifyInstallmentCall,
  overdueRecoveryCall,
  overdueTreatmentCall,
  payInstallmentCall,
  saveInstallmentCall,
  terminateInstallmentCall,
  transferInstallmentCall,
  withholdingAuthorizationCall,
} from '../../../src/contract/orders-extras';
import { INSTALLMENT_STATES, installmentEventResource, installmentPeriodResource, installmentResource } from '../../../src/contract/resources/orders-extras';
import { formatYuan } from '../../../src/lib/format/money';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { ApiError } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { scheduleJob, type LeasedJob } from '../../lib/job-lease';
import { nowText, todayText } from '../../lib/time';
import { studentInScope } from '../students';
import { onReceiptCancel, type ReceiptCancelEvent } from '../finance';
import { paymentReceipt, returnAccountPayment } from './receipts';
import { terminateInstallment, transferInstallment } from './installment-end';
import { modifyInstallmentPlan } from './installment-modify';
import { recordOrderPayment } from './lifecycle';
import { reverseOrderPayment } from './payment-cancel';
import { orderInScope, stateText as orderStateText, type OrderRow } from './order-rules';
import { ORDER_STATE, PAY_METHODS } from '../../../src/contract/resources/orders';
import './schema';

type Db = Kysely<Database>;

/** Plan states (INSTALLMENT_STATES) and period states (PERIOD_STATES). */
export const PLAN = { REPAYING: 1, OVERDUE: 2, TREATING: 3, SETTLED: 4, TERMINATED: 5, TRANSFERRED: 6 } as const;
export const PERIOD = { DUE: 1, PAID: 2, OVERDUE: 3, TERMINATED: 4 } as const;
/** Orders a plan may be made for: submitted up to in progress (not refused, ended or refunded). */
const PLAN_ORDER_STATES: number[] = [ORDER_STATE.draft, ORDER_STATE.submitted, ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress];
const OPEN_PLANS: number[] = [PLAN.REPAYING, PLAN.OVERDUE, PLAN.TREATING];
const stateText = (s: number) => INSTALLMENT_STATES.find((o) => o.value === s)?.text ?? String(s);

export type PlanRow = { id: number; school_id: number; order_id: number; student_id: number; total_amount: number; paid_amount: number; state: number };

/** A plan of the caller's campuses (another campus's answers as missing). */
export async function planInScope(db: Db, principal: Principal, id: number): Promise<PlanRow> {
  const plan = await planRow(db, id);
  if (!plan || !inScope(principal, plan.school_id)) throw new ApiError(404, '分期订单不存在或无权访问');
  return plan;
}

async function planRow(db: Db, id: number): Promise<PlanRow | undefined> {
  const row = await db.selectFrom('order_installment').select(['id', 'school_id', 'order_id', 'student_id', 'total_amount', 'paid_amount', 'state']).where('id', '=', id).executeTakeFirst();
  return row && { ...row, total_amount: Number(row.total_amount), paid_amount: Number(row.paid_amount ?? 0), state: Number(row.state ?? PLAN.REPAYING) };
}

export function assertOpen(plan: PlanRow, what: string): void {
  if (!OPEN_PLANS.includes(plan.state)) throw new ApiError(409, `分期订单${stateText(plan.state)}，不能${what}`);
}

export async function logEvent(db: Db, plan: { id: number; school_id: number }, kind: string, note: string, by: { userId: number | null; name: string } | null, measure: number | null = null): Promise<void> {
  const now = nowText();
  await db
    .insertInto('order_installment_event')
    .values({ school_id: plan.school_id, installment_id: plan.id, kind, measure, note, operator_name: by?.name ?? '系统', created_at: now, updated_at: now, created_by: by?.userId ?? null, updated_by: by?.userId ?? null })
    .execute();
}

async function nextDue(db: Db, planId: number): Promise<string | null> {
  const row = await db.selectFrom('order_installment_period').select('due_date').where('installment_id', '=', planId).where('state', 'in', [PERIOD.DUE, PERIOD.OVERDUE]).orderBy('period_no').executeTakeFirst();
  return row?.due_date ?? null;
}

/** Checks a plan's periods: due dates strictly increasing, amounts adding up to the total. */
export function planProblem(total: number, periods: readonly { due_date: string; amount: number }[]): string | undefined {
  for (let i = 1; i < periods.length; i++) {
    if (periods[i].due_date <= periods[i - 1].due_date) return `第${i + 1}期还款日必须晚于第${i}期`;
  }
  const sum = periods.reduce((s, p) => s + p.amount, 0);
  if (sum !== total) return `各期金额合计 ${formatYuan(sum)} 元，与分期总额 ${formatYuan(total)} 元不一致`;
  return undefined;
}

/** The receipt of money received on a plan (issued by the caller: orders' pay call, finance's installment_pay, the demo). */
export interface InstallmentReceipt {
  receiptNo: string;
  method: string;
  /** when the money was received (defaults to now) */
  paidAt?: string;
}

/**
 * Settles a plan's periods in order with `amount` fen received (a receipt of the finance area or
 * the pay call): oldest unpaid period first; refuses more than what is still owed. The money is a
 * payment of the plan's order, posted as order_form/pay posts one (recordOrderPayment: an
 * order_payment row naming the receipt, the order's paid amount, its lines consumable once the
 * order is audited and fully paid), so reports reading order payments see it.
 */
export async function settleInstallment(db: Db, planId: number, amount: number, by: number | null, receipt: InstallmentReceipt): Promise<{ paid_amount: number; state: number; settled_periods: number[] }> {
  const plan = await db.selectFrom('order_installment').select(['order_id', 'total_amount', 'paid_amount', 'state']).where('id', '=', planId).executeTakeFirstOrThrow();
  const owed = Number(plan.total_amount) - Number(plan.paid_amount ?? 0);
  if (amount > owed) throw new ApiError(400, `还款金额 ${formatYuan(amount)} 元超过未还金额 ${formatYuan(owed)} 元`);
  const order = await db.selectFrom('order_form').selectAll().where('id', '=', plan.order_id).executeTakeFirst();
  if (!order) throw new ApiError(404, '订单不存在或无权访问');
  const periods = await db.selectFrom('order_installment_period').select(['id', 'period_no', 'amount', 'paid_amount']).where('installment_id', '=', planId).where('state', 'in', [PERIOD.DUE, PERIOD.OVERDUE]).orderBy('period_no').execute();
  let left = amount;
  const settled: number[] = [];
  const now = nowText();
  for (const p of periods) {
    if (left <= 0) break;
    const need = Number(p.amount) - Number(p.paid_amount ?? 0);
    const take = Math.min(need, left);
    left -= take;
    const full = take === need;
    await db
      .updateTable('order_installment_period')
      .set({ paid_amount: Number(p.paid_amount ?? 0) + take, ...(full ? { state: PERIOD.PAID, paid_at: receipt.paidAt ?? now } : {}), updated_at: now, updated_by: by })
      .where('id', '=', p.id)
      .execute();
    if (full) settled.push(p.period_no);
  }
  const paid = Number(plan.paid_amount ?? 0) + amount;
  const state = paid === Number(plan.total_amount) ? PLAN.SETTLED : Number(plan.state);
  await db.updateTable('order_installment').set({ paid_amount: paid, state, next_due_date: await nextDue(db, planId), updated_at: now, updated_by: by }).where('id', '=', planId).execute();
  await recordOrderPayment(db, await actorOf(db, by), order, {
    amount,
    method: receipt.method,
    receiptNo: receipt.receiptNo,
    paidAt: receipt.paidAt,
    remark: `分期还款（分期订单 ${planId}）`,
    logNote: `分期还款${settled.length ? `（结清第${settled.join('、')}期）` : ''}`,
  });
  return { paid_amount: paid, state, settled_periods: settled };
}

export async function actorOf(db: Db, by: number | null): Promise<{ userId: number; name: string } | null> {
  if (by === null) return null;
  return { userId: by, name: (await db.selectFrom('users').select('name').where('id', '=', by).executeTakeFirst())?.name ?? '' };
}

/**
 * A cancelled installment receipt (finance's 作废: its reversing receipt is already issued) takes its
 * money back off the plan: the latest paid periods first, a period no longer fully paid is owed
 * again (已逾期 when its due date has passed), a settled plan is repaying again; money taken from
 * the student's account goes back there. Refused 409 for a plan already terminated or transferred.
 */
export async function unsettleInstallment(event: ReceiptCancelEvent): Promise<void> {
  const { db, original, reason, by } = event;
  const plan = await planRow(db, Number(original.ref_id));
  if (!plan) throw new ApiError(404, '分期订单不存在或无权访问');
  if (plan.state === PLAN.TERMINATED || plan.state === PLAN.TRANSFERRED) throw new ApiError(409, `分期订单${stateText(plan.state)}，不能作废其还款收据`);
  const amount = original.amount;
  if (amount > plan.paid_amount) throw new ApiError(409, `收据金额 ${formatYuan(amount)} 元超过分期订单已还金额 ${formatYuan(plan.paid_amount)} 元`);
  const today = todayText();
  const now = nowText();
  const periods = await db.selectFrom('order_installment_period').select(['id', 'period_no', 'amount', 'paid_amount', 'due_date']).where('installment_id', '=', plan.id).where('paid_amount', '>', 0).orderBy('period_no', 'desc').execute();
  let left = amount;
  const reopened: number[] = [];
  for (const p of periods) {
    if (left <= 0) break;
    const take = Math.min(left, Number(p.paid_amount));
    left -= take;
    const state = p.due_date < today ? PERIOD.OVERDUE : PERIOD.DUE;
    await db.updateTable('order_installment_period').set({ paid_amount: Number(p.paid_amount) - take, state, paid_at: null, updated_at: now, updated_by: by }).where('id', '=', p.id).execute();
    reopened.push(p.period_no);
  }
  const overdue = await db.selectFrom('order_installment_period').select('id').where('installment_id', '=', plan.id).where('state', '=', PERIOD.OVERDUE).executeTakeFirst();
  const state = plan.state === PLAN.SETTLED ? (overdue ? PLAN.OVERDUE : PLAN.REPAYING) : plan.state;
  await db.updateTable('order_installment').set({ paid_amount: plan.paid_amount - amount, state, next_due_date: await nextDue(db, plan.id), updated_at: now, updated_by: by }).where('id', '=', plan.id).execute();
  // the money was a payment of the order: it comes off the order as a cancelled order payment does
  // (a plan paid before payments reached the order has no payment row of that receipt: nothing to take back)
  const posted = await db.selectFrom('order_payment').select('id').where('order_id', '=', plan.order_id).where('receipt_no', '=', original.receipt_no).executeTakeFirst();
  if (posted) await reverseOrderPayment(db, plan.order_id, { amount, method: original.pay_method, originalNo: original.receipt_no, reversalNo: event.reversal.receipt_no, reason, by });
  // the payment took the money from the student's account: the same amount goes back there
  if (original.pay_method === 'account') await returnAccountPayment(db, { refType: 'order_installment', refId: plan.id, amount, reason: `作废收据 ${original.receipt_no}：${reason}`, by });
  await logEvent(db, plan, '作废收据', `收据 ${original.receipt_no} 作废（${formatYuan(amount)} 元）：${reason}；第${reopened.reverse().join('、')}期恢复待还`, await actorOf(db, by));
}

/**
 * The daily overdue check: every period still owed after its due date (Asia/Shanghai) becomes
 * 已逾期 and its plan 已逾期, with one 逾期 event per plan. Run through runOncePerPeriod, so with
 * several processes a day is checked once.
 */
export async function markOverdue(db: Db, today: string): Promise<number> {
  const due = await db.selectFrom('order_installment_period').select(['id', 'installment_id']).where('state', '=', PERIOD.DUE).where('due_date', '<', today).execute();
  if (due.length === 0) return 0;
  const now = nowText();
  await db.updateTable('order_installment_period').set({ state: PERIOD.OVERDUE, updated_at: now }).where('id', 'in', due.map((d) => d.id)).where('state', '=', PERIOD.DUE).execute();
  const planIds = [...new Set(due.map((d) => d.installment_id))];
  const plans = await db.selectFrom('order_installment').select(['id', 'school_id', 'state']).where('id', 'in', planIds).execute();
  for (const plan of plans) {
    const periods = due.filter((d) => d.installment_id === plan.id).length;
    if (Number(plan.state) === PLAN.REPAYING) await db.updateTable('order_installment').set({ state: PLAN.OVERDUE, updated_at: now }).where('id', '=', plan.id).execute();
    await logEvent(db, plan, '逾期', `${today} 检查：${periods} 期逾期未还`, null);
  }
  return due.length;
}

export const OVERDUE_JOB: LeasedJob = {
  job: 'order_installment_overdue',
  everyMs: 86_400_000,
  work: async (trx) => {
    await markOverdue(trx, todayText());
  },
};

/** Starts the daily overdue check in this server process (see server/lib/job-lease.ts). */
export function scheduleInstallmentOverdue(db: Db): () => void {
  return scheduleJob(db, OVERDUE_JOB);
}

/** A plan as the save call takes it: periods whose amounts add up to what the order still owes (deal − paid). */
export interface InstallmentPlanInput {
  total_amount: number;
  is_renewal: number;
  periods: readonly { due_date: string; amount: number }[];
  remark?: string;
}
/** Who saves a plan or authorizes withholding: a signed-in user, or the demo seed acting as one. */
export type InstallmentActor = Pick<Principal, 'userId' | 'name'>;

/**
 * Saves an installment plan of an order (the caller checked its scope), its periods all 待还: the
 * plan's total is the order's unpaid amount (refused 409 for an order already fully paid, 400 for
 * another total), so the plan's repayments (order payments, settleInstallment) pay the order once.
 */
export async function createInstallmentPlan(db: Db, actor: InstallmentActor, order: OrderRow, input: InstallmentPlanInput): Promise<{ id: number }> {
  if (!PLAN_ORDER_STATES.includes(order.state)) throw new ApiError(409, `订单${orderStateText(order.state)}，不能办理分期`);
  // a plan pays what the order still owes: never an order already paid (its money would be taken twice)
  const unpaid = Number(order.deal_amount ?? 0) - Number(order.paid_amount ?? 0);
  if (unpaid <= 0) throw new ApiError(409, '订单已全额收款，不能办理分期');
  if (input.total_amount !== unpaid) throw new ApiError(400, `分期总额 ${formatYuan(input.total_amount)} 元与订单未收金额 ${formatYuan(unpaid)} 元不一致`);
  const problem = planProblem(input.total_amount, input.periods);
  if (problem) throw new ApiError(400, problem);
  const live = await db.selectFrom('order_installment').select('id').where('order_id', '=', order.id).where('state', 'in', OPEN_PLANS).executeTakeFirst();
  if (live) throw new ApiError(409, '该订单已有进行中的分期计划');
  const now = nowText();
  const stamp = { created_at: now, updated_at: now, created_by: actor.userId, updated_by: actor.userId };
  const plan = await db
    .insertInto('order_installment')
    .values({ school_id: order.school_id, order_id: order.id, student_id: order.student_id, is_renewal: input.is_renewal, total_amount: input.total_amount, paid_amount: 0, periods: input.periods.length, next_due_date: input.periods[0].due_date, state: PLAN.REPAYING, withholding: 0, withholding_no: null, withholding_account: null, remark: input.remark ?? null, ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_installment_period')
    .values(input.periods.map((p, i) => ({ school_id: order.school_id, installment_id: plan.id, period_no: i + 1, due_date: p.due_date, amount: p.amount, paid_amount: 0, state: PERIOD.DUE, paid_at: null, ...stamp })))
    .execute();
  return { id: plan.id };
}

/** Records a withholding agreement on an open plan (the caller checked its scope); only the card's last four digits are kept. */
export async function authorizeWithholding(db: Db, actor: InstallmentActor, plan: PlanRow, input: { agreement_no: string; account: string }): Promise<{ id: number; withholding: number; withholding_account: string }> {
  assertOpen(plan, '授权代扣');
  // withholding itself runs at the payment provider
  const masked = `${'*'.repeat(input.account.length - 4)}${input.account.slice(-4)}`;
  await db.updateTable('order_installment').set({ withholding: 1, withholding_no: input.agreement_no, withholding_account: masked, updated_at: nowText(), updated_by: actor.userId }).where('id', '=', plan.id).execute();
  await logEvent(db, plan, '代扣授权', `协议号 ${input.agreement_no}，账户尾号 ${input.account.slice(-4)}`, actor);
  return { id: plan.id, withholding: 1, withholding_account: masked };
}

/** A plan by id, whatever the caller (the demo seed). */
export async function installmentPlan(db: Db, id: number): Promise<PlanRow> {
  const plan = await planRow(db, id);
  if (!plan) throw new ApiError(404, '分期订单不存在或无权访问');
  return plan;
}

export function registerInstallments(app: Hono<AppEnv>): void {
  // finance's receipt cancellation of an installment payment (fin_of_deposit_detail/installment_pay)
  onReceiptCancel('order_installment', unsettleInstallment);
  mountResource(app, installmentResource);
  mountResource(app, installmentPeriodResource);
  mountResource(app, installmentEventResource);

  mountCall(app, saveInstallmentCall, async ({ db, principal, body }) => createInstallmentPlan(db, principal, await orderInScope(db, principal, body.order_id), body));

  mountCall(app, payInstallmentCall, async ({ db, principal, body }) => {
    const plan = await planInScope(db, principal, body.id);
    assertOpen(plan, '还款');
    const owed = plan.total_amount - plan.paid_amount;
    if (body.amount > owed) throw new ApiError(400, `还款金额 ${formatYuan(body.amount)} 元超过未还金额 ${formatYuan(owed)} 元`);
    // every payment has its receipt (收费, the campus's gapless series), issued after the checks so a refusal gives the number back;
    // the money is then a payment of the order (settleInstallment); finance's 作废 of it un-settles the periods (unsettleInstallment)
    const method = body.pay_method ?? 'cash';
    const receipt = await paymentReceipt(db, { schoolId: plan.school_id, studentId: plan.student_id, amount: body.amount, method, refType: 'order_installment', refId: plan.id, by: principal.userId });
    const res = await settleInstallment(db, plan.id, body.amount, principal.userId, { receiptNo: receipt.receipt_no, method });
    await logEvent(db, plan, '还款', `收据 ${receipt.receipt_no}：${formatYuan(body.amount)} 元（${PAY_METHODS.find((m) => m.value === method)?.text ?? method}）${res.settled_periods.length ? `，结清第${res.settled_periods.join('、')}期` : ''}`, principal);
    return { id: plan.id, ...res, receipt_id: receipt.id, receipt_no: receipt.receipt_no };
  });

  mountCall(app, overdueTreatmentCall, async ({ db, principal, body }) => {
    const plan = await planInScope(db, principal, body.id);
    if (plan.state !== PLAN.OVERDUE && plan.state !== PLAN.TREATING) throw new ApiError(409, `分期订单${stateText(plan.state)}，只有已逾期的分期订单可以做逾期处理`);
    await db.updateTable('order_installment').set({ state: PLAN.TREATING, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', plan.id).execute();
    await logEvent(db, plan, '逾期处理', body.note, principal, body.measure);
    return { id: plan.id, state: PLAN.TREATING };
  });

  mountCall(app, overdueRecoveryCall, async ({ db, principal, body }) => {
    const plan = await planInScope(db, principal, body.id);
    if (plan.state !== PLAN.OVERDUE && plan.state !== PLAN.TREATING) throw new ApiError(409, `分期订单${stateText(plan.state)}，不需要逾期恢复`);
    const owed = await db.selectFrom('order_installment_period').select('period_no').where('installment_id', '=', plan.id).where('state', '=', PERIOD.OVERDUE).orderBy('period_no').executeTakeFirst();
    if (owed) throw new ApiError(409, `第${owed.period_no}期仍逾期未还，请先还清逾期金额`);
    const state = plan.paid_amount === plan.total_amount ? PLAN.SETTLED : PLAN.REPAYING;
    await db.updateTable('order_installment').set({ state, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', plan.id).execute();
    await logEvent(db, plan, '逾期恢复', body.note, principal);
    return { id: plan.id, state };
  });

  mountCall(app, withholdingAuthorizationCall, async ({ db, principal, body }) => authorizeWithholding(db, principal, await planInScope(db, principal, body.id), body));

  mountCall(app, modifyInstallmentCall, async ({ db, principal, body }) => modifyInstallmentPlan(db, principal, await planInScope(db, principal, body.id), body.periods, body.note));

  mountCall(app, terminateInstallmentCall, async ({ db, principal, body }) => terminateInstallment(db, principal, await planInScope(db, principal, body.id), body.note));

  mountCall(app, transferInstallmentCall, async ({ db, principal, body }) => {
    const plan = await planInScope(db, principal, body.id);
    assertOpen(plan, '转让');
    return transferInstallment(db, principal, plan, await studentInScope(db, principal, body.to_student_id), body.note);
  });
}
