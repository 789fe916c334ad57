import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv, Principal } from '../../lib/context';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { writeAudit } from '../../lib/audit';
import { nowText } from '../../lib/time';
import { studentInScope } from '../students';
import {
  addExcDetailCall,
  checkOrderCall,
  confirmContractCall,
  ifFirstSignCall,
  jxOptionsCall,
  modifyOrderCall,
  modifyRawTeacherCall,
  orderAddCall,
  orderDeleteCall,
  orderDetailCall,
  orderUpdateCall,
  payOrderCall,
  protocolCall,
  type OrderAnswer,
  type RenewalOption,
} from '../../../src/contract/orders';
import { checkOrder, confirmContract, payOrder, protocolOf } from './lifecycle';
import { orderSigned } from './sign-events';
import { createOrder, deleteOrders, divides, signKind, updateOrder, userNames, writeDivides } from './order-write';
import { isAudited, orderInScope, writeLog, type OrderRow } from './order-rules';

type Db = Kysely<Database>;

function answerOf(o: OrderRow): OrderAnswer {
  return { id: o.id, order_no: o.order_no ?? '', state: o.state, deal_amount: o.deal_amount, version: o.version };
}

/** order_form/modify: an audited order is never edited in place: the change is a new version with its reason, the old one kept in the log. */
async function modifyOrder(db: Db, principal: Principal, body: { id: number; reason: string; seller_id?: number | null; teacher_id?: number | null; remark?: string | null; divides?: { user_id: number; ratio: number }[]; lines?: { id: number; end_date: string }[] }): Promise<OrderRow> {
  const order = await orderInScope(db, principal, body.id);
  if (!isAudited(order.state)) throw new ApiError(409, '订单尚未审核，请直接编辑');
  if (order.state === 8 || order.state === 9) throw new ApiError(409, '订单已终止或已退费，不能变更');
  // what the amendment replaces, names included, so the history reads without another lookup
  const before = {
    seller_id: order.seller_id,
    seller_name: order.seller_name,
    teacher_id: order.teacher_id,
    teacher_name: order.teacher_name,
    remark: order.remark,
    divides: await db.selectFrom('order_sch_achievement_divide').select(['user_id', 'ratio', 'amount']).where('order_id', '=', order.id).execute(),
    lines: await db.selectFrom('order_contract_line').select(['id', 'end_date']).where('order_id', '=', order.id).execute(),
  };
  for (const l of body.lines ?? []) {
    const line = before.lines.find((x) => x.id === l.id);
    if (!line) throw new ApiError(404, '合同明细不存在');
  }
  const sellerId = body.seller_id === undefined ? order.seller_id : body.seller_id;
  const teacherId = body.teacher_id === undefined ? order.teacher_id : body.teacher_id;
  const names = await userNames(db, [sellerId, teacherId]);
  const now = nowText();
  const updated = await db
    .updateTable('order_form')
    .set({
      seller_id: sellerId,
      seller_name: sellerId ? (names.get(sellerId) ?? null) : null,
      teacher_id: teacherId,
      teacher_name: teacherId ? (names.get(teacherId) ?? null) : null,
      remark: body.remark === undefined ? order.remark : body.remark,
      version: order.version + 1,
      updated_at: now,
      updated_by: principal.userId,
    })
    .where('id', '=', order.id)
    .where('version', '=', order.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ApiError(409, '订单已被他人变更，请刷新后重试');
  if (body.divides) await writeDivides(db, updated, divides(body.divides, sellerId), principal.userId);
  for (const l of body.lines ?? []) await db.updateTable('order_contract_line').set({ end_date: l.end_date, updated_at: now, updated_by: principal.userId }).where('id', '=', l.id).execute();
  await writeLog(db, updated, principal, 'modify', body.reason, { version: order.version, ...before });
  return updated;
}

export function registerOrderCalls(app: Hono<AppEnv>): void {
  mountCall(app, orderAddCall, async ({ db, principal, body }) => answerOf(await createOrder(db, principal, body)));
  mountCall(app, orderUpdateCall, async ({ db, principal, body }) => answerOf(await updateOrder(db, principal, body.id, body)));
  mountCall(app, orderDeleteCall, async ({ db, principal, body }) => ({ count: await deleteOrders(db, principal, body.map((b) => b.id)) }));
  mountCall(app, checkOrderCall, async ({ db, principal, body }) => {
    const order = await checkOrder(db, principal, body.id, body.pass === 1, body.remark ?? null);
    // 审核通过 signs the order: the areas that follow signing (marketing's funnel) hear of it here
    if (body.pass === 1) await orderSigned(db, order);
    return answerOf(order);
  });
  mountCall(app, modifyOrderCall, async ({ db, principal, body }) => answerOf(await modifyOrder(db, principal, body)));

  mountCall(app, protocolCall, async ({ db, principal, query }) => {
    const order = await orderInScope(db, principal, query.id);
    if (order.protocol_version && order.protocol_text) return { order_id: order.id, protocol_version: order.protocol_version, protocol_text: order.protocol_text, confirmed: true };
    return { order_id: order.id, ...(await protocolOf(db, order)), confirmed: false };
  });

  mountCall(app, confirmContractCall, async ({ db, principal, body }) => {
    const o = await confirmContract(db, principal, body.id, body.protocol_version);
    return { ...answerOf(o), contract_no: o.contract_no ?? '' };
  });

  mountCall(app, ifFirstSignCall, async ({ db, principal, query }) => {
    await studentInScope(db, principal, query.student_id);
    const n = await db.selectFrom('order_form').select((eb) => eb.fn.countAll<number>().as('n')).where('student_id', '=', query.student_id).where('del_flag', '=', 0).where('state', 'not in', [1, 2, 7]).executeTakeFirst();
    return { if_first_sign: await signKind(db, query.student_id), order_count: Number(n?.n ?? 0) };
  });

  mountCall(app, jxOptionsCall, async ({ db, principal, query }) => {
    await studentInScope(db, principal, query.student_id);
    const lines = await db
      .selectFrom('order_contract_line as l')
      .innerJoin('prod_class_type as t', 't.id', 'l.class_type_id')
      .select(['l.class_type_id', 't.name', 'l.remaining_hours', 'l.end_date'])
      .where('l.student_id', '=', query.student_id)
      .where('l.active', '=', 1)
      .execute();
    const byType = new Map<number, RenewalOption>();
    for (const l of lines) {
      const o = byType.get(l.class_type_id) ?? { class_type_id: l.class_type_id, class_type_name: l.name, remaining_hours: 0, end_date: null };
      o.remaining_hours += l.remaining_hours;
      if (l.end_date && (!o.end_date || l.end_date > o.end_date)) o.end_date = l.end_date;
      byType.set(l.class_type_id, o);
    }
    return { if_first_sign: await signKind(db, query.student_id), options: [...byType.values()] };
  });

  mountCall(app, addExcDetailCall, async ({ db, principal, body }) => {
    const order = await orderInScope(db, principal, body.id);
    await writeLog(db, order, principal, 'exception', body.content);
    return { id: order.id };
  });

  // A GET that changes the order (the spec's path): the operation code is checked as for any call,
  // the change runs in its own transaction with an audit entry, and the same teacher again changes nothing.
  mountCall(app, modifyRawTeacherCall, async ({ db, principal, query }) =>
    db.transaction().execute(async (trx) => {
      const order = await orderInScope(trx, principal, query.id);
      if (order.teacher_id === query.teacher_id) return { id: order.id, teacher_id: query.teacher_id, changed: false };
      const teacher = await trx.selectFrom('users').select('name').where('id', '=', query.teacher_id).where('del_flag', '=', 0).executeTakeFirst();
      if (!teacher) throw new ApiError(404, '班主任不存在');
      await trx.updateTable('order_form').set({ teacher_id: query.teacher_id, teacher_name: teacher.name, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', order.id).execute();
      await writeLog(trx, order, principal, 'teacher', `班主任改为 ${teacher.name}`, { teacher_id: order.teacher_id, teacher_name: order.teacher_name });
      await writeAudit(trx, principal, {
        area: 'orders',
        call: 'order_form/modify_raw_teacher',
        title: modifyRawTeacherCall.title,
        table: 'order_form',
        ids: [order.id],
        changes: [{ id: order.id, before: { teacher_id: order.teacher_id }, after: { teacher_id: query.teacher_id } }],
      });
      return { id: order.id, teacher_id: query.teacher_id, changed: true };
    }),
  );

  mountCall(app, payOrderCall, async ({ db, principal, body }) => {
    const out = await payOrder(db, principal, body);
    return { id: out.order.id, receipt_no: out.receipt_no, paid_amount: out.order.paid_amount, state: out.order.state };
  });

  mountCall(app, orderDetailCall, async ({ db, principal, query }) => {
    const order = await orderInScope(db, principal, query.id);
    const student = await db.selectFrom('student').select('name').where('id', '=', order.student_id).executeTakeFirst();
    const names = new Map((await db.selectFrom('prod_class_type').select(['id', 'name']).execute()).map((t) => [t.id, t.name]));
    const users = new Map((await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [order.seller_id ?? 0, order.teacher_id ?? 0, order.audit_by ?? 0]).execute()).map((u) => [u.id, u.name]));
    const lines = await db.selectFrom('order_form_detail').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    const contractLines = await db.selectFrom('order_contract_line').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    const shares = await db.selectFrom('order_sch_achievement_divide as d').leftJoin('users as u', 'u.id', 'd.user_id').select(['d.id', 'd.user_id', 'd.ratio', 'd.amount', 'd.kind', 'd.ref_no', 'u.name as user_name']).where('d.order_id', '=', order.id).orderBy('d.id').execute();
    return {
      order: { ...order, student_name: student?.name ?? null, seller_name: users.get(order.seller_id ?? 0) ?? null, teacher_name: users.get(order.teacher_id ?? 0) ?? null, audit_name: users.get(order.audit_by ?? 0) ?? null },
      lines: lines.map((l) => ({ ...l, class_type_name: names.get(l.class_type_id) ?? null })),
      contract_lines: contractLines.map((l) => ({ ...l, class_type_name: names.get(l.class_type_id) ?? null })),
      divides: shares,
      payments: await db.selectFrom('order_payment').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
      logs: await db.selectFrom('order_form_log').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    };
  });
}
