import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppEnv, Principal } from '../../../lib/context';
import type { Database } from '../../../db/schema';
import { ApiError, notFound } from '../../../lib/http';
import { mountCall } from '../../../lib/call-routes';
import { mountResource } from '../../../lib/resource-routes';
import { CAMPUS, requireInScope, whereInScope } from '../../../lib/scope';
import { nowText } from '../../../lib/time';
import { reconciliationRecordResource, reconciliationResource, type FlowKind } from '../../../../src/contract/resources/finance-flows';
import { closeDayCall, reconcileCall, reconSummaryCall, reopenDayCall, resolveDifferenceCall } from '../../../../src/contract/finance-flows';
import { flowTable } from './common';
import { daySummary, MANUAL, MATCHED, reconcileDay, refreshDay } from './reconcile';

async function dayInScope(db: Kysely<Database>, principal: Principal, id: number) {
  const day = await whereInScope(db.selectFrom('fin_reconciliations').selectAll().where('id', '=', id), 'school_id', principal).executeTakeFirst();
  if (!day) throw notFound();
  return day;
}

function refuseClosed(day: Readonly<Record<string, unknown>>): void {
  if (Number(day.state) === 1) throw new ApiError(409, `${String(day.recon_date)} 已关账，不能修改，请先重新打开该对账日`);
}

async function addEvent(db: Kysely<Database>, day: { id: number; school_id: number; recon_date: string }, action: 'close' | 'reopen', reason: string | null, userId: number): Promise<void> {
  const now = nowText();
  await db
    .insertInto('fin_reconciliation_event')
    .values({ school_id: day.school_id, recon_id: day.id, recon_date: day.recon_date, action, reason, created_at: now, updated_at: now, created_by: userId, updated_by: userId })
    .execute();
}

export function registerReconciliation(app: Hono<AppEnv>): void {
  mountResource(app, reconciliationResource, {
    async beforeWrite(ctx, row, mode, existing) {
      // a closed day is refused by the declaration's lockedWhen before this runs
      if (existing) {
        if ((row.recon_date !== undefined && row.recon_date !== existing.recon_date) || (row.school_id !== undefined && Number(row.school_id) !== Number(existing.school_id))) {
          throw new ApiError(400, '对账日的校区和日期不能修改，请删除后重新建立');
        }
        return;
      }
      if (mode === 'add') {
        const clash = await ctx.db.selectFrom('fin_reconciliations').select('id').where('school_id', '=', Number(row.school_id)).where('recon_date', '=', String(row.recon_date)).executeTakeFirst();
        if (clash) throw new ApiError(409, `该校区 ${String(row.recon_date)} 的对账日已存在`);
      }
    },
    async beforeDelete(ctx, ids) {
      // the day's flows wait for the next reconciliation again
      const records = await ctx.db.selectFrom('fin_reconciliation_records').select(['flow_kind', 'flow_id']).where('recon_id', 'in', ids).where('flow_id', 'is not', null).execute();
      for (const r of records) if (r.flow_kind && r.flow_id !== null) await ctx.db.updateTable(flowTable(r.flow_kind as FlowKind)).set({ recon_state: 0 }).where('id', '=', r.flow_id).execute();
      await ctx.db.deleteFrom('fin_reconciliation_records').where('recon_id', 'in', ids).execute();
    },
  });

  mountResource(app, reconciliationRecordResource, {
    async schoolOf(ctx, row) {
      const day = await ctx.db.selectFrom('fin_reconciliations').select('school_id').where('id', '=', Number(row.recon_id)).executeTakeFirst();
      return day?.school_id;
    },
    async beforeWrite(ctx, row, mode, existing) {
      const reconId = Number(row.recon_id ?? existing?.recon_id);
      const day = await dayInScope(ctx.db, ctx.principal, reconId);
      refuseClosed(day);
      if (existing && Number(existing.recon_id) !== reconId) refuseClosed(await dayInScope(ctx.db, ctx.principal, Number(existing.recon_id)));
      // a record belongs to its day's campus
      row.school_id = day.school_id;
      if (mode === 'add') {
        row.result = MANUAL;
        row.state = 1;
        if (!row.reason) throw new ApiError(400, '请输入处理说明');
        row.resolved_at = nowText();
      } else if (existing && Number(existing.result) !== MANUAL) {
        // a computed record changes only by resolve; its amounts are the channel's and the receipt's
        for (const k of ['diff_amount', 'flow_kind', 'recon_id']) {
          if (row[k] !== undefined && String(row[k]) !== String(existing[k])) throw new ApiError(400, '对账生成的记录只能处理，不能修改金额或渠道');
        }
      }
    },
    async afterWrite(ctx, saved) {
      await refreshDay(ctx.db, Number(saved.recon_id));
    },
    async beforeDelete(ctx, ids) {
      const rows = await ctx.db.selectFrom('fin_reconciliation_records').select(['recon_id', 'result']).where('id', 'in', ids).execute();
      if (rows.some((r) => Number(r.result) !== MANUAL)) throw new ApiError(400, '对账生成的记录不能删除，请重新对账或处理差异');
      for (const reconId of new Set(rows.map((r) => r.recon_id))) refuseClosed(await dayInScope(ctx.db, ctx.principal, reconId));
    },
  });

  mountCall(app, reconcileCall, async ({ db, principal, body }) => {
    await requireInScope(db, principal, CAMPUS, body.school_id, '校区');
    return reconcileDay(db, body.school_id, body.recon_date, principal.userId);
  });

  mountCall(app, reconSummaryCall, async ({ db, principal, query }) => {
    const day = await dayInScope(db, principal, query.id);
    return daySummary(db, day.id);
  });

  mountCall(app, resolveDifferenceCall, async ({ db, principal, body }) => {
    const rec = await whereInScope(db.selectFrom('fin_reconciliation_records').selectAll().where('id', '=', body.id), 'school_id', principal).executeTakeFirst();
    if (!rec) throw notFound();
    refuseClosed(await dayInScope(db, principal, rec.recon_id));
    if (Number(rec.result) === MATCHED || Number(rec.state) === 1) throw new ApiError(400, '该记录无需处理');
    const now = nowText();
    await db.updateTable('fin_reconciliation_records').set({ state: 1, reason: body.reason, resolved_at: now, updated_at: now, updated_by: principal.userId }).where('id', '=', rec.id).execute();
    if (rec.flow_id !== null && rec.flow_kind) await db.updateTable(flowTable(rec.flow_kind as FlowKind)).set({ recon_state: 3 }).where('id', '=', rec.flow_id).execute();
    await refreshDay(db, rec.recon_id);
    return { id: rec.id, state: 1 };
  });

  mountCall(app, closeDayCall, async ({ db, principal, body }) => {
    const day = await dayInScope(db, principal, body.id);
    if (Number(day.state) === 1) throw new ApiError(409, `${day.recon_date} 已关账`);
    if (!day.reconciled_at) throw new ApiError(400, '请先执行对账，再关账');
    const pending = await db.selectFrom('fin_reconciliation_records').select((eb) => eb.fn.countAll<number>().as('n')).where('recon_id', '=', day.id).where('state', '=', 0).executeTakeFirst();
    const n = Number(pending?.n ?? 0);
    if (n > 0) throw new ApiError(409, `还有 ${n} 条差异未处理，不能关账`);
    const now = nowText();
    await db.updateTable('fin_reconciliations').set({ state: 1, closed_at: now, updated_at: now, updated_by: principal.userId }).where('id', '=', day.id).execute();
    await addEvent(db, day, 'close', null, principal.userId);
    return { id: day.id, state: 1 };
  });

  mountCall(app, reopenDayCall, async ({ db, principal, body }) => {
    const day = await dayInScope(db, principal, body.id);
    if (Number(day.state) !== 1) throw new ApiError(400, `${day.recon_date} 未关账，无需重新打开`);
    const now = nowText();
    await db
      .updateTable('fin_reconciliations')
      .set({ state: 0, closed_at: null, reopen_count: Number(day.reopen_count ?? 0) + 1, updated_at: now, updated_by: principal.userId })
      .where('id', '=', day.id)
      .execute();
    await addEvent(db, day, 'reopen', body.reason, principal.userId);
    return { id: day.id, state: 0 };
  });
}
