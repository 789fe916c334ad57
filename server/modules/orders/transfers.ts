import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { transferCampusAuditedCall, transferCampusCall, transferCampusInfoCall, transferOrderCall, type OrderHoldings } from '../../../src/contract/orders-transfer';
import { CAMPUS_TRANSFER_STATE as CT, CAMPUS_TRANSFER_STATES, campusTransferResource } from '../../../src/contract/resources/orders-transfer';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { ApiError } from '../../lib/http';
import { inScope, whereInScope } from '../../lib/scope';
import { nextNumber, periodOf } from '../../lib/number-sequence';
import { nowText } from '../../lib/time';
import { createInstance, partakersRead, registerOutcome } from '../workflow';
import { moveStudentToCampus, studentInScope } from '../students';
import { orderInScope, stateText as orderStateText, writeLog, type OrderRow } from './order-rules';
import { moneyLedger, paidAccount, promoAccount } from './ledgers';
import { transferLine } from './hours';
import { issueTransferReceipts } from './transfer-receipts';
import './schema';

type Db = Kysely<Database>;

/** Orders whose hours may move: audited, contract confirmed or in progress. */
const TRANSFERABLE: number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress];
const LIVE_REFUNDS = [1, 2, 3];
const OPEN_PLANS = [1, 2, 3];
const LIVE_CAMPUS: number[] = [CT.approving, CT.approved];
const stateText = (s: number) => CAMPUS_TRANSFER_STATES.find((o) => o.value === s)?.text ?? String(s);

/** Refuses an order whose hours may not move now (its state, a refund or installment plan in progress, a pending campus transfer). */
async function assertTransferable(db: Db, order: OrderRow, what: string, exceptCampusId?: number): Promise<void> {
  if (!TRANSFERABLE.includes(order.state)) throw new ApiError(409, `订单${orderStateText(order.state)}，不能${what}`);
  const refund = await db.selectFrom('order_refund').select('refund_no').where('order_id', '=', order.id).where('state', 'in', LIVE_REFUNDS).executeTakeFirst();
  if (refund) throw new ApiError(409, `该订单有进行中的退费单${refund.refund_no ? ` ${refund.refund_no}` : ''}，不能${what}`);
  const plan = await db.selectFrom('order_installment').select('id').where('order_id', '=', order.id).where('state', 'in', OPEN_PLANS).executeTakeFirst();
  if (plan) throw new ApiError(409, `该订单有进行中的分期计划，不能${what}（分期订单请在分期订单中办理）`);
  let pending = db.selectFrom('order_transfer_campus').select('transfer_no').where('order_id', '=', order.id).where('state', 'in', LIVE_CAMPUS);
  if (exceptCampusId !== undefined) pending = pending.where('id', '<>', exceptCampusId);
  const open = await pending.executeTakeFirst();
  if (open) throw new ApiError(409, `该订单有未完成的转校区申请${open.transfer_no ? ` ${open.transfer_no}` : ''}，不能${what}`);
}

/** The order's contract lines held by its current student (what a transfer moves), with the money left. */
export async function holdingsOf(db: Db, order: OrderRow): Promise<OrderHoldings> {
  const rows = await db
    .selectFrom('order_contract_line as l')
    .leftJoin('prod_class_type as t', 't.id', 'l.class_type_id')
    .select(['l.id', 'l.class_type_id', 't.name as class_type_name', 'l.remaining_hours', 'l.end_date', 'l.active'])
    .where('l.order_id', '=', order.id)
    .where('l.student_id', '=', order.student_id)
    .where('l.school_id', '=', order.school_id)
    .where((eb) => eb.or([eb('l.active', '=', 0), eb('l.remaining_hours', '>', 0)]))
    .orderBy('l.id')
    .execute();
  const lines: OrderHoldings['lines'] = [];
  for (const r of rows) {
    lines.push({
      line_id: r.id,
      class_type_id: r.class_type_id,
      class_type_name: r.class_type_name ?? null,
      remaining_hours: Number(r.remaining_hours),
      paid_left: await moneyLedger.balance(db, paidAccount(r.id)),
      promo_left: await moneyLedger.balance(db, promoAccount(r.id)),
      end_date: r.end_date,
      active: Number(r.active),
    });
  }
  const student = await db.selectFrom('student').select('name').where('id', '=', order.student_id).executeTakeFirst();
  const school = await db.selectFrom('organisations').select('name').where('id', '=', order.school_id).executeTakeFirst();
  return {
    order_id: order.id,
    order_no: order.order_no ?? '',
    student_id: order.student_id,
    student_name: student?.name ?? null,
    school_id: order.school_id,
    school_name: school?.name ?? null,
    state: order.state,
    lines,
    hours: lines.reduce((n, l) => n + l.remaining_hours, 0),
    paid_left: lines.reduce((n, l) => n + l.paid_left, 0),
    promo_left: lines.reduce((n, l) => n + l.promo_left, 0),
  };
}

interface Target {
  schoolId: number;
  studentId: number;
}

/**
 * Moves everything the order's current student holds on it to `to` (another student or campus):
 * consumable lines by paired ledger postings (transfer_out / transfer_in), lines not yet consumable
 * (the order not fully paid: nothing on the ledger) by taking the new holder. Answers the totals.
 */
async function moveHoldings(db: Db, order: OrderRow, to: Target, ref: { refType: string; refId: string }, by: number): Promise<{ hours: number; paid: number; promo: number }> {
  const held = await holdingsOf(db, order);
  const out = { hours: 0, paid: 0, promo: 0 };
  for (const l of held.lines) {
    if (l.active === 0) {
      await db.updateTable('order_contract_line').set({ student_id: to.studentId, school_id: to.schoolId, updated_at: nowText(), updated_by: by }).where('id', '=', l.line_id).where('active', '=', 0).execute();
      continue;
    }
    const moved = await transferLine(db, { lineId: l.line_id, to: { ...to, classTypeId: l.class_type_id, orderId: order.id }, ...ref, by });
    out.hours += moved.hours;
    out.paid += moved.paid;
    out.promo += moved.promo;
  }
  return out;
}

/** The order takes its new holder as a new version (an audited order is never edited in place), the old values kept in the log. */
export async function amendOrder(db: Db, order: OrderRow, principal: Principal, set: { student_id?: number; school_id?: number }, action: string, reason: string): Promise<OrderRow> {
  const updated = await db
    .updateTable('order_form')
    .set({ ...set, version: order.version + 1, updated_at: nowText(), updated_by: principal.userId })
    .where('id', '=', order.id)
    .where('version', '=', order.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单已被他人变更，请刷新后重试');
  await writeLog(db, updated, principal, action, reason, { version: order.version, student_id: order.student_id, school_id: order.school_id });
  if (set.school_id !== undefined) {
    // the order's own rows follow it to its campus (history stays where it was written)
    for (const table of ['order_form_detail', 'order_sch_achievement_divide', 'order_payment'] as const) {
      await db.updateTable(table).set({ school_id: set.school_id }).where('order_id', '=', order.id).execute();
    }
  }
  return updated;
}

/**
 * The student of a campus transfer goes with the order: the student (and parent links) take the
 * target campus, the hours the student holds without an order at the old campus (opening and
 * enrolment lines) move there by paired postings like the order's, and the balance rows the class
 * screens list follow. Lines of the student's other orders stay with their orders (each order moves
 * by its own request). Answers the hours moved besides the order's (null: the student was there already).
 */
async function moveStudent(db: Db, principal: Principal, t: CampusTransferRow, ref: { refType: string; refId: string }): Promise<{ hours: number; paid: number; promo: number } | null> {
  const out = { hours: 0, paid: 0, promo: 0 };
  const from = await moveStudentToCampus(db, principal, { studentId: t.student_id, toSchoolId: t.to_school_id, call: 'order_form/transfer_campus_audited', reason: `转校区 ${t.transfer_no ?? ''}：${t.reason ?? ''}`.trim() });
  if (!from) return null;
  const own = await db
    .selectFrom('order_contract_line')
    .select(['id', 'class_type_id'])
    .where('student_id', '=', t.student_id)
    .where('school_id', '=', from.from)
    .where('order_id', 'is', null)
    .where('active', '=', 1)
    .where('remaining_hours', '>', 0)
    .orderBy('id')
    .execute();
  for (const l of own) {
    const moved = await transferLine(db, { lineId: l.id, to: { schoolId: t.to_school_id, studentId: t.student_id, classTypeId: l.class_type_id, orderId: null }, ...ref, by: principal.userId });
    out.hours += moved.hours;
    out.paid += moved.paid;
    out.promo += moved.promo;
  }
  await db.updateTable('student_class_type').set({ school_id: t.to_school_id, updated_at: nowText(), updated_by: principal.userId }).where('student_id', '=', t.student_id).execute();
  return out;
}

async function campusName(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('organisations').select('name').where('id', '=', id).where('kind', '=', 'school').where('del_flag', '=', 0).executeTakeFirst();
  return row?.name ?? null;
}

type CampusTransferRow = { id: number; school_id: number; order_id: number; student_id: number; to_school_id: number; state: number; transfer_no: string | null; reason: string | null };

async function campusTransferInScope(db: Db, principal: Principal, id: number): Promise<CampusTransferRow> {
  const r = await db.selectFrom('order_transfer_campus').select(['id', 'school_id', 'order_id', 'student_id', 'to_school_id', 'state', 'transfer_no', 'reason']).where('id', '=', id).executeTakeFirst();
  if (!r || !inScope(principal, r.school_id)) throw new ApiError(404, '转校区记录不存在或无权访问');
  return { ...r, state: Number(r.state), to_school_id: Number(r.to_school_id) };
}

/**
 * Asks for an order to move to another campus (toName: the campus, already checked to be in the
 * caller's reach): the request with its ZX number and the approval of the workflow definition
 * tagged campus_transfer. Answers the request's id, number and state.
 */
export async function requestCampusTransfer(db: Db, order: OrderRow, body: { to_school_id: number; reason: string }, toName: string, principal: Pick<Principal, 'userId' | 'name'>): Promise<{ id: number; transfer_no: string; state: number }> {
  if (body.to_school_id === order.school_id) throw new ApiError(400, '转入校区不能是订单当前所在校区');
  await assertTransferable(db, order, '转校区');
  const held = await holdingsOf(db, order);
  if (held.lines.length === 0) throw new ApiError(409, '该订单没有剩余课时，不需要转校区');
  const transferNo = await nextNumber(db, { kind: 'ZX', scope: String(order.school_id), period: periodOf('year') });
  const now = nowText();
  const row = await db
    .insertInto('order_transfer_campus')
    .values({
      school_id: order.school_id,
      transfer_no: transferNo,
      order_id: order.id,
      student_id: order.student_id,
      from_school_id: order.school_id,
      from_school_name: held.school_name,
      to_school_id: body.to_school_id,
      to_school_name: toName,
      hours: held.hours,
      paid_money: held.paid_left,
      promo_money: held.promo_left,
      state: CT.approving,
      reason: body.reason,
      done_at: null,
      created_at: now,
      updated_at: now,
      created_by: principal.userId,
      updated_by: principal.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { state } = await createInstance(db, {
    refType: 'order_transfer_campus',
    refId: row.id,
    tag: 'campus_transfer',
    schoolId: order.school_id,
    applicantId: principal.userId,
    form: { student_name: held.student_name ?? '', target_school: toName, reason: body.reason },
    title: `${held.student_name ?? ''} 订单 ${order.order_no ?? order.id} 转校区至 ${toName}`,
    snapshot: { transfer_no: transferNo, order_no: order.order_no, from: held.school_name, to: toName, hours: held.hours, paid_left: held.paid_left },
  });
  await writeLog(db, order, principal, 'transfer_campus', `申请转校区 ${transferNo}：转至 ${toName}（${body.reason}）`);
  const after = await db.selectFrom('order_transfer_campus').select('state').where('id', '=', row.id).executeTakeFirstOrThrow();
  return { id: row.id, transfer_no: transferNo, state: state === 2 ? Number(after.state) : CT.approving };
}

// The approval's end decides the request (runs in the transaction of the last step). Instances of
// the definition started from the generic application screen name no record: nothing to decide.
registerOutcome('order_transfer_campus', async ({ db, outcome, actorId, instance }) => {
  if (instance.ref_id === null) return;
  const to = outcome === 'approved' ? CT.approved : outcome === 'refused' ? CT.refused : CT.recalled;
  await db.updateTable('order_transfer_campus').set({ state: to, updated_at: nowText(), updated_by: actorId }).where('id', '=', instance.ref_id).where('state', '=', CT.approving).execute();
});

export function registerTransfers(app: Hono<AppEnv>): void {
  // an approver of another campus (the head office) reads the transfer of their task
  mountResource(app, campusTransferResource, { readsOutOfScope: partakersRead('order_transfer_campus') });

  mountCall(app, transferCampusInfoCall, async ({ db, principal, query }) => {
    const order = await orderInScope(db, principal, query.id);
    const schools = await whereInScope(db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).where('id', '<>', order.school_id), 'id', principal).orderBy('order_num').orderBy('id').execute();
    const latest = await db.selectFrom('order_transfer_campus').select(['id', 'transfer_no', 'state', 'to_school_name', 'reason']).where('order_id', '=', order.id).orderBy('id', 'desc').executeTakeFirst();
    return { ...(await holdingsOf(db, order)), schools, latest: latest ? { ...latest, state: Number(latest.state) } : null };
  });

  mountCall(app, transferCampusCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.id);
    // both campuses must be in the caller's reach: another campus answers as missing (DESIGN §8)
    const toName = inScope(principal, body.to_school_id) ? await campusName(db, body.to_school_id) : null;
    if (!toName) throw new ApiError(404, '转入校区不存在或无权访问');
    return requestCampusTransfer(db, order, body, toName, principal);
  });

  mountCall(app, transferCampusAuditedCall, async ({ db, principal, body }) => {
    const t = await campusTransferInScope(db, principal, body.id);
    if (t.state !== CT.approved) throw new ApiError(409, `转校区申请${stateText(t.state)}，只有审批通过的申请可以执行`);
    if (!inScope(principal, t.to_school_id) || !(await campusName(db, t.to_school_id))) throw new ApiError(404, '转入校区不存在或无权访问');
    const order = await orderInScope(db, principal, t.order_id);
    if (order.student_id !== t.student_id) throw new ApiError(409, '订单的学员已变更，请撤回后重新申请转校区');
    await assertTransferable(db, order, '转校区', t.id);
    const ref = { refType: 'order_transfer_campus', refId: t.transfer_no ?? String(t.id) };
    const moved = await moveHoldings(db, order, { schoolId: t.to_school_id, studentId: order.student_id }, ref, principal.userId);
    const claimed = await db
      .updateTable('order_transfer_campus')
      .set({ state: CT.done, hours: moved.hours, paid_money: moved.paid, promo_money: moved.promo, done_at: nowText(), updated_at: nowText(), updated_by: principal.userId })
      .where('id', '=', t.id)
      .where('state', '=', CT.approved)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw new ApiError(409, '转校区申请已被他人处理，请刷新后重试');
    const student = await moveStudent(db, principal, t, ref);
    // the paid money leaves the old campus and arrives at the new one: a 结转 receipt pair
    await issueTransferReceipts(db, {
      refType: 'order_transfer_campus',
      refId: ref.refId,
      from: { schoolId: order.school_id, studentId: order.student_id },
      to: { schoolId: t.to_school_id, studentId: order.student_id },
      paid: moved.paid + (student?.paid ?? 0),
      by: principal.userId,
      remark: `转校区 ${t.transfer_no ?? ''}：订单 ${order.order_no ?? order.id}`,
    });
    const note = !student ? '' : student.hours > 0 ? `；学员转至新校区，另转入无订单课时 ${student.hours / 100} 课时` : '；学员转至新校区';
    await amendOrder(db, order, principal, { school_id: t.to_school_id }, 'transfer_campus', `转校区 ${t.transfer_no ?? ''}：${t.reason ?? ''}${note}`);
    return { id: t.id, order_id: order.id, state: CT.done, hours: moved.hours, paid_money: moved.paid, promo_money: moved.promo };
  });

  mountCall(app, transferOrderCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.id);
    const to = await studentInScope(db, principal, body.to_student_id);
    if (to.id === order.student_id) throw new ApiError(400, '转入学员不能是订单当前的学员');
    if (to.school_id !== order.school_id) throw new ApiError(400, '转入学员须与订单在同一校区，跨校区请先办理转校区');
    await assertTransferable(db, order, '转让');
    const held = await holdingsOf(db, order);
    if (held.lines.length === 0) throw new ApiError(409, '该订单没有剩余课时，不能转让');
    const ref = { refType: 'order_transfer', refId: `${order.id}-v${order.version}` };
    const moved = await moveHoldings(db, order, { schoolId: order.school_id, studentId: to.id }, ref, principal.userId);
    // the paid money goes with the order to the other student: a 结转 receipt pair
    await issueTransferReceipts(db, { refType: 'order_transfer', refId: ref.refId, from: { schoolId: order.school_id, studentId: order.student_id }, to: { schoolId: order.school_id, studentId: to.id }, paid: moved.paid, by: principal.userId, remark: `订单 ${order.order_no ?? order.id} 由 ${held.student_name ?? ''} 转让给 ${to.name}` });
    const updated = await amendOrder(db, order, principal, { student_id: to.id }, 'transfer_order', `订单由 ${held.student_name ?? ''} 转让给 ${to.name}：${body.reason}`);
    return { id: order.id, student_id: to.id, version: updated.version, hours: moved.hours, paid_money: moved.paid, promo_money: moved.promo };
  });
}
