import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from '../../../src/contract/zod';
import { classTypeTransferAddCall, classTypeTransferDeleteCall, classTypeTransferUpdateCall, type ClassTypeTransferAnswer } from '../../../src/contract/orders-transfer';
import { classTypeTransferResource } from '../../../src/contract/resources/orders-transfer';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { ApiError } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { nowText, todayText } from '../../lib/time';
import { formatYuan } from '../../../src/lib/format/money';
import { feeStandardAt } from '../products';
import { orderInScope, stateText, writeLog, type OrderRow } from './order-rules';
import { reverseTransfer, toHours, transferLine } from './hours';
import { holdingsOf } from './transfers';
import { postOrderDue, reverseOrderDues } from './dues-posting';
import { cancelTransferReceipts, issueTransferReceipts } from './transfer-receipts';
import './schema';

type Db = Kysely<Database>;

const DONE = 1;
const REVERSED = 2;
const TRANSFERABLE: number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress];
const refOf = (id: number) => ({ refType: 'order_student_class_type', refId: String(id) });
const dueRef = (id: number) => ({ kind: 'class_type_difference' as const, refType: 'order_student_class_type', refId: id });

type ClassTypeTransferInput = z.infer<NonNullable<typeof classTypeTransferAddCall.body>>;
type Row = ClassTypeTransferAnswer & { school_id: number; student_id: number };

async function rowInScope(db: Db, principal: Principal, id: number): Promise<Row> {
  const r = await db.selectFrom('order_student_class_type').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r || !inScope(principal, r.school_id)) throw new ApiError(404, '转班型记录不存在或无权访问');
  return {
    id: r.id,
    school_id: r.school_id,
    student_id: Number(r.student_id),
    order_id: Number(r.order_id),
    from_class_type_id: Number(r.from_class_type_id),
    to_class_type_id: Number(r.to_class_type_id),
    from_hours: Number(r.from_hours ?? 0),
    value: Number(r.value ?? 0),
    unit_price: Number(r.unit_price ?? 0),
    to_hours: Number(r.to_hours ?? 0),
    difference: Number(r.difference ?? 0),
    state: Number(r.state ?? DONE),
  };
}

const answerOf = ({ school_id: _s, student_id: _st, ...rest }: Row): ClassTypeTransferAnswer => rest;

async function classTypeName(db: Db, id: number): Promise<string> {
  const t = await db.selectFrom('prod_class_type').select('name').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!t) throw new ApiError(404, '班型不存在');
  return t.name;
}

/** Converts the hours (see the file's head); the order is already checked against the caller's reach. Answers the record's id. */
export async function convertClassType(db: Db, order: OrderRow, body: ClassTypeTransferInput, principal: Pick<Principal, 'userId' | 'name'>): Promise<number> {
  if (!TRANSFERABLE.includes(order.state)) throw new ApiError(409, `订单${stateText(order.state)}，不能转班型`);
  if (body.from_class_type_id === body.to_class_type_id) throw new ApiError(400, '新班型不能与原班型相同');
  const fromName = await classTypeName(db, body.from_class_type_id);
  const toName = await classTypeName(db, body.to_class_type_id);
  const held = (await holdingsOf(db, order)).lines.filter((l) => l.class_type_id === body.from_class_type_id && l.active === 1 && l.remaining_hours > 0);
  const left = held.reduce((n, l) => n + l.remaining_hours, 0);
  if (left === 0) throw new ApiError(409, `该订单没有班型「${fromName}」的可用剩余课时`);
  const want = body.hours ?? left;
  if (want > left) throw new ApiError(409, `课时不足：班型「${fromName}」剩余 ${toHours(left)} 课时，要转出 ${toHours(want)} 课时`);
  const fee = await feeStandardAt(db, { schoolId: order.school_id, classTypeId: body.to_class_type_id, billingUnit: 1, date: todayText() });
  if (!fee || fee.unit_price <= 0) throw new ApiError(400, `班型「${toName}」在该校区没有按课时的收费标准，不能换算课时`);
  const now = nowText();
  const row = await db
    .insertInto('order_student_class_type')
    .values({ school_id: order.school_id, order_id: order.id, student_id: order.student_id, from_class_type_id: body.from_class_type_id, to_class_type_id: body.to_class_type_id, from_hours: 0, value: 0, unit_price: fee.unit_price, to_hours: 0, difference: 0, state: DONE, remark: body.remark ?? null, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // take from the lines that expire soonest, each one's part credited to its own new line
  const sorted = [...held].sort((a, b) => (a.end_date ?? '9999-12-31').localeCompare(b.end_date ?? '9999-12-31') || a.line_id - b.line_id);
  const parts: { lineId: number; take: number; value: number }[] = [];
  let rest = want;
  for (const l of sorted) {
    if (rest === 0) break;
    const take = Math.min(rest, l.remaining_hours);
    // the line's value per hour: the money left over its hours left (all of it when the line empties)
    const value = take === l.remaining_hours ? l.paid_left + l.promo_left : Math.round(((l.paid_left + l.promo_left) * take) / l.remaining_hours);
    parts.push({ lineId: l.line_id, take, value });
    rest -= take;
  }
  const value = parts.reduce((n, p) => n + p.value, 0);
  const bought = Math.floor((value * 100) / fee.unit_price);
  const toHoursWanted = body.to_hours ?? bought;
  if (toHoursWanted <= 0) throw new ApiError(400, `转出价值 ${formatYuan(value)} 元不足以换算 0.01 课时的「${toName}」`);
  let credited = 0;
  let moved = 0;
  let paid = 0;
  for (const [i, p] of parts.entries()) {
    // the credited hours split over the parts by value; the last part takes what rounding left
    const share = i === parts.length - 1 ? toHoursWanted - credited : value === 0 ? 0 : Math.floor((toHoursWanted * p.value) / value);
    if (share <= 0) throw new ApiError(400, '转入课时过少，无法按原合同明细分配，请增加转入课时');
    const m = await transferLine(db, { lineId: p.lineId, hours: p.take, to: { schoolId: order.school_id, studentId: order.student_id, classTypeId: body.to_class_type_id, orderId: order.id, hours: share }, ...refOf(row.id), by: principal.userId });
    credited += share;
    moved += m.paid + m.promo;
    paid += m.paid;
  }
  // the paid money follows the hours to the new class type: a 转班 receipt pair (same student and campus)
  const side = { schoolId: order.school_id, studentId: order.student_id };
  await issueTransferReceipts(db, { refType: 'order_student_class_type', refId: row.id, from: side, to: side, paid, by: principal.userId, remark: `转班型「${fromName}」→「${toName}」（订单 ${order.order_no ?? order.id}）` });
  const difference = Math.max(0, Math.round((toHoursWanted * fee.unit_price) / 100) - moved);
  await db.updateTable('order_student_class_type').set({ from_hours: want, value: moved, to_hours: credited, difference }).where('id', '=', row.id).execute();
  await writeLog(db, order, principal, 'class_type_transfer', `「${fromName}」${toHours(want)} 课时（价值 ${formatYuan(moved)} 元）转为「${toName}」${toHours(credited)} 课时${difference > 0 ? `，应补差价 ${formatYuan(difference)} 元` : ''}`);
  // what the value did not buy is owed on the order, collected by its ordinary 收款
  if (difference > 0) await postOrderDue(db, principal, order, { ...dueRef(row.id), amount: difference, reason: `转班型「${fromName}」→「${toName}」` });
  return row.id;
}

/**
 * 转班型 (order_student_class_type): the order's hours of one class type leave with their money
 * (transfer_out, soonest expiry first) and come back as hours of another class type (transfer_in)
 * converted by value at its fee standard per 课时 at the order's campus today. The money moves whole
 * (it nets to zero); what the value does not buy of `to_hours` is owed as 应补差价, posted as a due
 * on the order (order_due, the deal amount raised as a new version) and collected by 收款. Deleting
 * reverses both sides while the new hours are untouched, and the due while it is unpaid.
 */
export function registerClassTypeTransfer(app: Hono<AppEnv>): void {
  mountResource(app, classTypeTransferResource);

  mountCall(app, classTypeTransferAddCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.order_id);
    const id = await convertClassType(db, order, body, principal);
    return answerOf(await rowInScope(db, principal, id));
  });

  mountCall(app, classTypeTransferUpdateCall, async ({ db, principal, body }) => {
    const row = await rowInScope(db, principal, body.id);
    await db.updateTable('order_student_class_type').set({ remark: body.remark, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', row.id).execute();
    return answerOf(row);
  });

  mountCall(app, classTypeTransferDeleteCall, async ({ db, principal, body }) => {
    let count = 0;
    for (const { id } of body) {
      const row = await rowInScope(db, principal, id);
      if (row.state === REVERSED) throw new ApiError(409, `转班型记录 ${id} 已撤销`);
      const order = await orderInScope(db, principal, row.order_id);
      // the difference owed goes first: refused while it is paid, before any hours move back
      const after = await reverseOrderDues(db, principal, order, dueRef(row.id), `撤销转班型记录 ${row.id}`);
      await reverseTransfer(db, { ...refOf(row.id), reason: '撤销转班型', by: principal.userId });
      await cancelTransferReceipts(db, { refType: 'order_student_class_type', refId: row.id, reason: `撤销转班型记录 ${row.id}`, by: principal.userId });
      await db.updateTable('order_student_class_type').set({ state: REVERSED, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', row.id).execute();
      await writeLog(db, after, principal, 'class_type_transfer', `撤销转班型记录 ${row.id}`);
      count += 1;
    }
    return { count };
  });
}
