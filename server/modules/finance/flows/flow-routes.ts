import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv, Principal } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import { ApiError, notFound } from '../../../lib/http';
import { mountCall } from '../../../lib/call-routes';
import { mountResource, type ResourceHooks } from '../../../lib/resource-routes';
import { CAMPUS, requireInScope, whereInScope } from '../../../lib/scope';
import { nowText } from '../../../lib/time';
import { FLOW_KINDS, FLOW_RESOURCES, type FlowKind } from '../../../../src/contract/resources/finance-flows';
import { FLOW_CALLS, type FlowRow } from '../../../../src/contract/finance-flows';
import { assertDayOpen, dayOf, flowTable, studentOf } from './common';
import { paymentProvider } from '../provider';
import type { FlowTable } from './schema';

type Flow = { [K in keyof FlowTable]: K extends 'id' ? number : FlowTable[K] };

/** A flow of the caller's campuses, or the answer for a missing one. */
async function flowInScope(db: Kysely<Database>, principal: Principal, kind: FlowKind, id: number): Promise<Flow> {
  const table = flowTable(kind);
  const row = await whereInScope(db.selectFrom(table).selectAll().where('id', '=', id), 'school_id', principal).executeTakeFirst();
  if (!row) throw notFound();
  return row as unknown as Flow;
}

function answerOf(row: Flow): FlowRow {
  return { id: row.id, school_id: row.school_id, trade_no: row.trade_no, amount: Number(row.amount), student_id: row.student_id, recon_state: Number(row.recon_state) };
}

/** Pending reconciliation records of a flow are no longer true once it moves or changes. */
async function dropPendingRecords(db: Kysely<Database>, kind: FlowKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('fin_reconciliation_records').where('flow_kind', '=', kind).where('flow_id', 'in', [...ids]).where('state', '=', 0).execute();
}

function flowHooks(kind: FlowKind): ResourceHooks {
  return {
    async beforeWrite(ctx, row, _mode, existing) {
      if (!existing) return;
      if (row.school_id !== undefined && Number(row.school_id) !== Number(existing.school_id)) throw new ApiError(400, '流水换校区请使用「转校区」');
      await assertDayOpen(ctx.db, Number(existing.school_id), dayOf(String(existing.pay_time)));
      if (row.pay_time !== undefined) await assertDayOpen(ctx.db, Number(existing.school_id), dayOf(String(row.pay_time)));
      const changesMoney = ['amount', 'pay_time', 'trade_type', 'trade_no'].some((k) => row[k] !== undefined && String(row[k]) !== String(existing[k]));
      if (changesMoney) {
        // what was matched no longer holds: the flow waits for the next reconciliation
        row.recon_state = 0;
        await dropPendingRecords(ctx.db, kind, [existing.id]);
      }
    },
    async beforeDelete(ctx, ids) {
      const rows = await ctx.db.selectFrom(flowTable(kind)).select(['school_id', 'pay_time']).where('id', 'in', ids).execute();
      for (const r of rows) await assertDayOpen(ctx.db, r.school_id, dayOf(r.pay_time));
      await dropPendingRecords(ctx.db, kind, ids);
    },
  };
}

function registerFlowKind(app: Hono<AppEnv>, kind: FlowKind): void {
  const table = flowTable(kind);
  const calls = FLOW_CALLS[kind];
  mountResource(app, FLOW_RESOURCES[kind], flowHooks(kind));

  mountCall(app, calls.bind, async ({ db, principal, body }) => {
    const flow = await flowInScope(db, principal, kind, body.id);
    await assertDayOpen(db, flow.school_id, dayOf(flow.pay_time));
    const student = await studentOf(db, principal, body.student_id);
    if (student.school_id !== flow.school_id) throw new ApiError(400, '学员不属于该流水的校区，请先将流水转到学员所在校区');
    const saved = await db.updateTable(table).set({ student_id: body.student_id, student_name: student.name, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', flow.id).returningAll().executeTakeFirstOrThrow();
    return answerOf(saved as unknown as Flow);
  });

  mountCall(app, calls.unbind, async ({ db, principal, body }) => {
    const flow = await flowInScope(db, principal, kind, body.id);
    if (flow.student_id === null) throw new ApiError(400, '该流水未绑定学员');
    await assertDayOpen(db, flow.school_id, dayOf(flow.pay_time));
    const saved = await db.updateTable(table).set({ student_id: null, student_name: null, updated_at: nowText(), updated_by: principal.userId }).where('id', '=', flow.id).returningAll().executeTakeFirstOrThrow();
    return answerOf(saved as unknown as Flow);
  });

  mountCall(app, calls.query, async ({ db, principal, query }) => {
    const flow = await flowInScope(db, principal, kind, query.id);
    const status = await paymentProvider().queryTrade({ db, schoolId: flow.school_id, by: principal.userId }, { kind, merchantNo: flow.merchant_no, tradeNo: flow.trade_no, orderNo: flow.order_no });
    return {
      provider: FLOW_KINDS.find((k) => k.kind === kind)?.channel ?? kind,
      trade_no: flow.trade_no,
      status: status.status,
      status_text: status.statusText,
      amount: status.amount,
      pay_time: status.payTime,
      request_id: status.requestId,
      simulated: status.simulated,
    };
  });

  mountCall(app, calls.transSch, async ({ db, principal, body }) => {
    const flow = await flowInScope(db, principal, kind, body.id);
    await requireInScope(db, principal, CAMPUS, body.school_id, '目标校区');
    if (body.school_id === flow.school_id) throw new ApiError(400, '目标校区与当前校区相同');
    const day = dayOf(flow.pay_time);
    await assertDayOpen(db, flow.school_id, day);
    await assertDayOpen(db, body.school_id, day);
    await dropPendingRecords(db, kind, [flow.id]);
    // the student binding belongs to the old campus's student; the flow waits for the new campus's reconciliation
    const saved = await db
      .updateTable(table)
      .set({ school_id: body.school_id, student_id: null, student_name: null, recon_state: 0, updated_at: nowText(), updated_by: principal.userId })
      .where('id', '=', flow.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return answerOf(saved as unknown as Flow);
  });
}

export function registerFlows(app: Hono<AppEnv>): void {
  for (const k of FLOW_KINDS) registerFlowKind(app, k.kind);
}
