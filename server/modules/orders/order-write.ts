import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { nextNumber, periodOf } from '../../lib/number-sequence';
import { nowText, todayText } from '../../lib/time';
import { feeStandardAt, languagePackForSale } from '../products';
import { studentInScope } from '../students';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import type { divideInput, OrderLineInput } from '../../../src/contract/orders';
import { isAudited, orderInScope, writeLog, type OrderRow } from './order-rules';

type Db = Kysely<Database>;

/** A line priced at the campus's terms of the order day. */
export interface PricedLine {
  kind: number;
  language_pack_id: number | null;
  class_type_id: number;
  price_version_id: number | null;
  bought_hours: number;
  gift_hours: number;
  list_price: number;
  discount: number;
  deal_price: number;
  validity_days: number;
}

/** Days a class-type line stays valid when no pack says otherwise. */
const DEFAULT_VALIDITY_DAYS = 365;

async function classTypeName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('prod_class_type').select(['name', 'del_flag']).where('id', '=', id).executeTakeFirst();
  if (!row || row.del_flag !== 0) throw new ApiError(404, '班型不存在');
  return row.name;
}

/** Prices the lines through the products area's public module (pack terms kept as a version; fee standards). */
export async function priceLines(db: Db, schoolId: number, day: string, lines: readonly OrderLineInput[]): Promise<PricedLine[]> {
  const out: PricedLine[] = [];
  for (const [i, line] of lines.entries()) {
    const n = i + 1;
    const discount = line.discount ?? 0;
    if (line.kind === 1) {
      if (!line.language_pack_id) throw new ApiError(400, `第${n}条明细：请选择课程包`);
      const pack = await languagePackForSale(db, line.language_pack_id, schoolId, day);
      if (!pack.class_type_ids.includes(line.class_type_id)) throw new ApiError(400, `第${n}条明细：班型不在课程包「${pack.name}」的适用班型中`);
      if (discount > pack.price) throw new ApiError(400, `第${n}条明细：优惠金额不能大于标价`);
      out.push({
        kind: 1,
        language_pack_id: pack.language_pack_id,
        class_type_id: line.class_type_id,
        price_version_id: pack.price_version_id,
        bought_hours: Math.round(pack.hours * 100),
        gift_hours: Math.round(pack.gift_hours * 100) + (line.gift_hours ?? 0),
        list_price: pack.price,
        discount,
        deal_price: pack.price - discount,
        validity_days: pack.validity_days,
      });
      continue;
    }
    const name = await classTypeName(db, line.class_type_id);
    if (!line.bought_hours) throw new ApiError(400, `第${n}条明细：请输入购买课时`);
    const fee = await feeStandardAt(db, { schoolId, classTypeId: line.class_type_id, billingUnit: 1, date: day });
    if (!fee) throw new ApiError(400, `第${n}条明细：班型「${name}」在该校区没有按课时的收费标准`);
    const list = Math.round((fee.unit_price * line.bought_hours) / 100);
    if (discount > list) throw new ApiError(400, `第${n}条明细：优惠金额不能大于标价`);
    out.push({
      kind: 2,
      language_pack_id: null,
      class_type_id: line.class_type_id,
      price_version_id: null,
      bought_hours: line.bought_hours,
      gift_hours: line.gift_hours ?? 0,
      list_price: list,
      discount,
      deal_price: list - discount,
      validity_days: DEFAULT_VALIDITY_DAYS,
    });
  }
  return out;
}

type Divide = z.infer<typeof divideInput>;

/** The names of the users an order names (seller, teacher, shares); a missing one is refused. */
export async function userNames(db: Db, ids: readonly (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (wanted.length === 0) return new Map();
  const found = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).where('del_flag', '=', 0).execute();
  if (found.length !== wanted.length) throw new ApiError(404, '销售顾问、班主任或业绩人不存在');
  return new Map(found.map((u) => [u.id, u.name]));
}

/** The shares of an order: as given (adding up to 100%), or all to the seller. */
export function divides(given: readonly Divide[] | undefined, sellerId: number | null | undefined): Divide[] {
  if (given && given.length > 0) {
    const total = given.reduce((n, d) => n + d.ratio, 0);
    if (total !== 100) throw new ApiError(400, `业绩分配比例合计应为100%，现为${total}%`);
    if (new Set(given.map((d) => d.user_id)).size !== given.length) throw new ApiError(400, '业绩分配中有重复的业绩人');
    return [...given];
  }
  return sellerId ? [{ user_id: sellerId, ratio: 100 }] : [];
}

/** Amounts of the shares in fen; rounding leftovers go to the first share so they add up exactly. */
export function divideAmounts(list: readonly Divide[], deal: number): number[] {
  const amounts = list.map((d) => Math.floor((deal * d.ratio) / 100));
  if (amounts.length > 0) amounts[0] += deal - amounts.reduce((n, a) => n + a, 0);
  return amounts;
}

export async function writeDivides(db: Db, order: Pick<OrderRow, 'id' | 'school_id' | 'deal_amount' | 'order_date'>, list: readonly Divide[], by: number | null): Promise<void> {
  await db.deleteFrom('order_sch_achievement_divide').where('order_id', '=', order.id).execute();
  if (list.length === 0) return;
  const amounts = divideAmounts(list, order.deal_amount);
  const names = await userNames(db, list.map((d) => d.user_id));
  const now = nowText();
  await db
    .insertInto('order_sch_achievement_divide')
    .values(list.map((d, i) => ({ school_id: order.school_id, order_id: order.id, user_id: d.user_id, user_name: names.get(d.user_id) ?? null, ratio: d.ratio, amount: amounts[i], order_date: order.order_date, created_at: now, updated_at: now, created_by: by, updated_by: by })))
    .execute();
}

/** 新签 (1) when the student has no other order that passed audit, else 续费 (2). */
export async function signKind(db: Db, studentId: number, exceptOrderId?: number): Promise<1 | 2> {
  let q = db
    .selectFrom('order_form')
    .select('id')
    .where('student_id', '=', studentId)
    .where('del_flag', '=', 0)
    .where('state', 'not in', [ORDER_STATE.draft, ORDER_STATE.submitted, ORDER_STATE.notThrough]);
  if (exceptOrderId) q = q.where('id', '<>', exceptOrderId);
  return (await q.limit(1).executeTakeFirst()) ? 2 : 1;
}

export interface OrderInput {
  student_id: number;
  seller_id?: number | null;
  teacher_id?: number | null;
  order_date?: string;
  remark?: string | null;
  submit?: boolean;
  lines: OrderLineInput[];
  divides?: Divide[];
}

async function writeLines(db: Db, orderId: number, schoolId: number, priced: readonly PricedLine[], by: number | null): Promise<void> {
  await db.deleteFrom('order_form_detail').where('order_id', '=', orderId).execute();
  const now = nowText();
  await db
    .insertInto('order_form_detail')
    .values(priced.map((p) => ({ ...p, school_id: schoolId, order_id: orderId, created_at: now, updated_at: now, created_by: by, updated_by: by })))
    .execute();
}

function totals(priced: readonly PricedLine[]): { list_amount: number; discount_amount: number; deal_amount: number } {
  return {
    list_amount: priced.reduce((n, p) => n + p.list_price, 0),
    discount_amount: priced.reduce((n, p) => n + p.discount, 0),
    deal_amount: priced.reduce((n, p) => n + p.deal_price, 0),
  };
}

/** order_form/add: a draft or a submitted order with its lines and shares; the number is issued last. */
export async function createOrder(db: Db, principal: Principal, input: OrderInput): Promise<OrderRow> {
  const student = await studentInScope(db, principal, input.student_id);
  const day = input.order_date ?? todayText();
  const sellerId = input.seller_id ?? principal.userId;
  const names = await userNames(db, [sellerId, input.teacher_id, ...(input.divides ?? []).map((d) => d.user_id)]);
  const priced = await priceLines(db, student.school_id, day, input.lines);
  const shares = divides(input.divides, sellerId);
  const now = nowText();
  const orderNo = await nextNumber(db, { kind: 'DD', scope: String(student.school_id), period: periodOf('year') });
  const order = await db
    .insertInto('order_form')
    .values({
      school_id: student.school_id,
      order_no: orderNo,
      contract_no: null,
      student_id: student.id,
      seller_id: sellerId,
      seller_name: names.get(sellerId) ?? null,
      teacher_id: input.teacher_id ?? null,
      teacher_name: input.teacher_id ? (names.get(input.teacher_id) ?? null) : null,
      state: input.submit ? ORDER_STATE.submitted : ORDER_STATE.draft,
      if_first_sign: await signKind(db, student.id),
      order_date: day,
      ...totals(priced),
      paid_amount: 0,
      version: 1,
      audit_by: null,
      audit_name: null,
      audit_at: null,
      audit_remark: null,
      contract_at: null,
      protocol_version: null,
      protocol_text: null,
      completed_at: null,
      remark: input.remark ?? null,
      del_flag: 0,
      created_at: now,
      updated_at: now,
      created_by: principal.userId,
      updated_by: principal.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeLines(db, order.id, order.school_id, priced, principal.userId);
  await writeDivides(db, order, shares, principal.userId);
  await writeLog(db, order, principal, input.submit ? 'submit' : 'add', null);
  return order;
}

/** order_form/update: only before audit (草稿, 待审核, 未通过); an audited order changes by modify. */
export async function updateOrder(db: Db, principal: Principal, id: number, input: OrderInput): Promise<OrderRow> {
  const order = await orderInScope(db, principal, id);
  if (isAudited(order.state)) throw new ApiError(409, '订单已审核，不能直接编辑，请使用订单变更');
  const student = await studentInScope(db, principal, input.student_id);
  if (student.school_id !== order.school_id) throw new ApiError(400, '不能把订单改到其他校区的学员名下');
  const day = input.order_date ?? order.order_date ?? todayText();
  const sellerId = input.seller_id ?? order.seller_id;
  const names = await userNames(db, [sellerId, input.teacher_id, ...(input.divides ?? []).map((d) => d.user_id)]);
  const priced = await priceLines(db, order.school_id, day, input.lines);
  const shares = divides(input.divides, sellerId);
  const state = input.submit ? ORDER_STATE.submitted : order.state === ORDER_STATE.notThrough ? ORDER_STATE.notThrough : order.state;
  const updated = await db
    .updateTable('order_form')
    .set({
      student_id: student.id,
      seller_id: sellerId,
      seller_name: sellerId ? (names.get(sellerId) ?? null) : null,
      teacher_id: input.teacher_id ?? null,
      teacher_name: input.teacher_id ? (names.get(input.teacher_id) ?? null) : null,
      order_date: day,
      state,
      if_first_sign: await signKind(db, student.id, order.id),
      ...totals(priced),
      remark: input.remark ?? null,
      updated_at: nowText(),
      updated_by: principal.userId,
    })
    .where('id', '=', order.id)
    .where('state', '=', order.state)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单状态已被他人修改，请刷新后重试');
  if (updated.deal_amount < updated.paid_amount) throw new ApiError(400, '应收金额不能小于已收金额');
  await writeLines(db, order.id, order.school_id, priced, principal.userId);
  await writeDivides(db, updated, shares, principal.userId);
  await writeLog(db, updated, principal, input.submit ? 'submit' : 'update', null);
  return updated;
}

/** order_form/delete: drafts and orders not through only, and none with money received. */
export async function deleteOrders(db: Db, principal: Principal, ids: readonly number[]): Promise<number> {
  let count = 0;
  for (const id of new Set(ids)) {
    const order = await orderInScope(db, principal, id);
    if (order.state !== ORDER_STATE.draft && order.state !== ORDER_STATE.notThrough && order.state !== ORDER_STATE.submitted) throw new ApiError(409, `订单 ${order.order_no} 已审核，不能删除`);
    if (order.paid_amount > 0) throw new ApiError(409, `订单 ${order.order_no} 已收款，不能删除`);
    await db.updateTable('order_form').set({ del_flag: 1, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', id).execute();
    count++;
  }
  return count;
}
