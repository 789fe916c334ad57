import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { toProductCall, toProductPreviewCall, type ToProductPlan } from '../../../src/contract/orders-to-product';
import { ORDER_STATE } from '../../../src/contract/resources/orders';
import { formatYuan } from '../../../src/lib/format/money';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { todayText } from '../../lib/time';
import { languagePackForSale } from '../products';
import { orderInScope, stateText, writeLog, type OrderRow } from './order-rules';
import { toHours, transferLine } from './hours';
import { holdingsOf } from './transfers';
import { postOrderDue } from './dues-posting';
import { issueTransferReceipts, type TransferRefType } from './transfer-receipts';
import './schema';

type Db = Kysely<Database>;

const CONVERTIBLE: number[] = [ORDER_STATE.audited, ORDER_STATE.contractConfirmed, ORDER_STATE.inProgress];
const REF_TYPE: TransferRefType = 'order_to_product';

interface Part {
  lineId: number;
  take: number;
  value: number;
}

/** The conversion without writing: what leaves which line, what the pack gives for it, what is owed. */
async function planOf(db: Db, order: OrderRow, packId: number, classTypeId: number | undefined): Promise<{ plan: ToProductPlan; parts: Part[] }> {
  if (!CONVERTIBLE.includes(order.state)) throw new ApiError(409, `订单${stateText(order.state)}，不能转产品`);
  const pack = await languagePackForSale(db, packId, order.school_id, todayText());
  const target = classTypeId ?? pack.class_type_ids[0];
  if (target === undefined || !pack.class_type_ids.includes(target)) throw new ApiError(400, `班型不属于课程包「${pack.name}」`);
  if (pack.price <= 0 || pack.hours <= 0) throw new ApiError(400, `课程包「${pack.name}」没有价格或课时，不能换算`);
  const held = (await holdingsOf(db, order)).lines.filter((l) => l.active === 1 && l.remaining_hours > 0);
  if (held.length === 0) throw new ApiError(409, '该订单没有可转的剩余课时（课时未入账、已用完或已转出）');
  const parts = held.map((l) => ({ lineId: l.line_id, take: l.remaining_hours, value: l.paid_left + l.promo_left }));
  const value = parts.reduce((n, p) => n + p.value, 0);
  const bought = pack.hours * 100;
  const gift = pack.gift_hours * 100;
  // the value at the pack's price per bought hour, never less than the pack itself (the rest owed)
  const byValue = Math.floor((value * bought) / pack.price);
  const toHoursCredited = Math.max(byValue, bought) + gift;
  const difference = Math.max(0, pack.price - value);
  return {
    plan: {
      order_id: order.id,
      language_pack_id: pack.language_pack_id,
      language_pack_name: pack.name,
      class_type_id: target,
      pack_price: pack.price,
      pack_hours: bought,
      pack_gift_hours: gift,
      from_hours: parts.reduce((n, p) => n + p.take, 0),
      value,
      to_hours: toHoursCredited,
      difference,
    },
    parts,
  };
}

/** The id of the order's latest log entry of an action (the record a conversion's postings name). */
async function latestLogId(db: Db, orderId: number, action: string): Promise<number> {
  const row = await db.selectFrom('order_form_log').select('id').where('order_id', '=', orderId).where('action', '=', action).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Carries out the plan: every line emptied into a new line of the pack's class type, the difference posted as a due. */
export async function convertToProduct(db: Db, order: OrderRow, input: { packId: number; classTypeId?: number; reason: string }, principal: Pick<Principal, 'userId' | 'name'>): Promise<ToProductPlan & { record_id: number }> {
  const { plan, parts } = await planOf(db, order, input.packId, input.classTypeId);
  const note = `一键转产品：${toHours(plan.from_hours)} 课时（价值 ${formatYuan(plan.value)} 元）转为课程包「${plan.language_pack_name}」${toHours(plan.to_hours)} 课时${plan.difference > 0 ? `，应补差价 ${formatYuan(plan.difference)} 元` : ''}；${input.reason}`;
  await writeLog(db, order, principal, 'to_product', note.slice(0, 500), { language_pack_id: plan.language_pack_id, class_type_id: plan.class_type_id, from_hours: plan.from_hours, value: plan.value });
  const recordId = await latestLogId(db, order.id, 'to_product');
  let credited = 0;
  let paid = 0;
  for (const [i, p] of parts.entries()) {
    // the new hours split over the lines by value; the last takes what rounding left
    const share = i === parts.length - 1 ? plan.to_hours - credited : plan.value === 0 ? 0 : Math.floor((plan.to_hours * p.value) / plan.value);
    if (share <= 0) throw new ApiError(400, '转入课时过少，无法按原合同明细分配');
    const moved = await transferLine(db, { lineId: p.lineId, hours: p.take, to: { schoolId: order.school_id, studentId: order.student_id, classTypeId: plan.class_type_id, orderId: order.id, hours: share }, refType: REF_TYPE, refId: String(recordId), by: principal.userId });
    credited += share;
    paid += moved.paid;
  }
  // the paid money is carried over to the pack's lines: a 结转 receipt pair (same student and campus), in this transaction
  const side = { schoolId: order.school_id, studentId: order.student_id };
  await issueTransferReceipts(db, { refType: REF_TYPE, refId: recordId, from: side, to: side, paid, by: principal.userId, remark: `一键转产品：订单 ${order.order_no ?? order.id} 转为课程包「${plan.language_pack_name}」` });
  if (plan.difference > 0) await postOrderDue(db, principal, order, { kind: 'product_difference', refType: REF_TYPE, refId: recordId, amount: plan.difference, reason: `一键转产品「${plan.language_pack_name}」` });
  return { ...plan, record_id: recordId };
}

/**
 * 一键转产品 (src/contract/orders-to-product.ts): a preview that writes nothing, and the conversion
 * itself, in the request's transaction, every move a paired ledger posting (transferLine) that
 * names the order-log entry recording it, the paid money moved documented by finance's 结转
 * receipt pair (transfer-receipts.ts, ref order_to_product + the log id). Not revocable: no undo.
 */
export function registerToProduct(app: Hono<AppEnv>): void {
  mountCall(app, toProductPreviewCall, async ({ db, principal, query }) => {
    const order = await orderInScope(db, principal, query.id);
    return (await planOf(db, order, query.language_pack_id, query.class_type_id)).plan;
  });
  mountCall(app, toProductCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.id);
    return convertToProduct(db, order, { packId: body.language_pack_id, classTypeId: body.class_type_id, reason: body.reason }, principal);
  });
}
