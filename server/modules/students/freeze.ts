import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { applyFreezeCall, checkFreezeCall, freezeRollbackCall, MAX_FREEZE_DAYS, type FreezeRow } from '../../../src/contract/students';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError, notFound } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import type { ResourceHooks } from '../../lib/resource-routes';
import { daysInclusive, shiftDays } from './dates';
import { setState, stateText, studentInScope, studentSchool } from './student-rules';
import { assertNotInWorkflow, startApproval } from './approvals';
import { registerOutcome } from '../workflow';
import './schema';

type Db = Kysely<Database>;

/**
 * Freeze (冻结): an enrolled student applies for a date range; on approval the student is 冻结
 * and their course validity moves out by the frozen days: the student's valid_until, and the end
 * date of their contract lines through the orders area (extendLinesValidity: recorded per line,
 * and in the order log). Lessons are neither arranged nor consumed for them on frozen dates: the
 * classes area asks `frozenSpans` when it arranges or takes a mark, and approval takes the student
 * off the lessons of those dates that have no check-in (dropFrozenLessons). A pending apply may be
 * withdrawn; an approved freeze rolled back gives everything back (validity moves back by the
 * frozen days, recorded; the student goes back on the lessons); a freeze-off apply (解冻申请) ends it
 * early the same way for the unused days.
 */

async function freezeInScope(db: Db, principal: Principal, id: number): Promise<FreezeRow> {
  const row = await db.selectFrom('student_freeze').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw notFound();
  return row as FreezeRow;
}

function moveValidity(validUntil: string | null, days: number): string | null {
  return validUntil ? shiftDays(validUntil, days) : null;
}

const FREEZE_REF = 'student_freeze';

// The orders and classes areas are loaded when first used: a static import would close a cycle
// (workflow → students → orders → finance → workflow) in which finance registers with a workflow
// module not yet evaluated.
const ordersArea = () => import('../orders');
const classesArea = () => import('../classes');

async function actor(db: Db, userId: number | null): Promise<{ userId: number; name: string } | null> {
  if (userId === null) return null;
  const u = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return { userId, name: u?.name ?? `#${userId}` };
}

/** The freeze's effects once approved: contract lines' validity out by its days (recorded), its lessons freed. */
async function applyFreezeEffects(db: Db, userId: number | null, freeze: FreezeRow): Promise<void> {
  const [{ extendLinesValidity }, { dropFrozenLessons }] = await Promise.all([ordersArea(), classesArea()]);
  await extendLinesValidity(db, {
    studentId: freeze.student_id,
    days: freeze.days,
    from: freeze.start_date,
    reason: `学员冻结 ${freeze.start_date} 至 ${freeze.end_date}，有效期顺延 ${freeze.days} 天`,
    ref: { type: FREEZE_REF, id: freeze.id },
    by: await actor(db, userId),
  });
  await dropFrozenLessons(db, freeze.student_id, freeze.start_date, freeze.end_date);
}

/**
 * Gives back the part of an approved freeze from `from` to its end (`unusedDays` days): contract
 * lines' validity back by those days (recorded against the same freeze), the student back on the lessons.
 */
async function undoFreezeEffects(db: Db, userId: number | null, freeze: FreezeRow, from: string, unusedDays: number, why: string): Promise<void> {
  const [{ extendLinesValidity }, { restoreLessons }] = await Promise.all([ordersArea(), classesArea()]);
  if (unusedDays > 0) {
    await extendLinesValidity(db, {
      studentId: freeze.student_id,
      days: -unusedDays,
      from,
      reason: `${why}（冻结 ${freeze.start_date} 至 ${freeze.end_date}），有效期收回 ${unusedDays} 天`,
      ref: { type: FREEZE_REF, id: freeze.id },
      by: await actor(db, userId),
    });
  }
  await restoreLessons(db, userId === null ? null : { userId }, freeze.student_id, from, freeze.end_date);
}

/**
 * Approves or refuses a pending freeze: what check_freeze does, and the workflow's outcome
 * (`userId` null: the system). Approval freezes the student and moves the validity out.
 */
async function settleFreeze(db: Db, userId: number | null, freeze: FreezeRow, approve: boolean, remark: string | null): Promise<void> {
  if (freeze.state !== 1) throw new ApiError(409, '该冻结申请已处理，不能重复审核');
  const now = nowText();
  if (approve) {
    const student = await db.selectFrom('student').select(['id', 'state', 'valid_until']).where('id', '=', freeze.student_id).where('del_flag', '=', 0).executeTakeFirst();
    if (!student) throw new ApiError(404, '学员不存在或无权访问');
    if (Number(student.state) !== 1) throw new ApiError(409, `学员当前为${stateText(student.state)}，不能冻结`);
    await setState(db, userId, student.id, 7, { freeze_start: freeze.start_date, freeze_end: freeze.end_date, valid_until: moveValidity(student.valid_until, freeze.days) });
    await applyFreezeEffects(db, userId, freeze);
  }
  await db
    .updateTable('student_freeze')
    .set({ state: approve ? 2 : 3, check_remark: remark, checked_by: userId, checked_at: now, updated_at: now, updated_by: userId })
    .where('id', '=', freeze.id)
    .execute();
}

/** check_freeze: a freeze in the caller's campuses whose approval does not run in the workflow. */
export async function decideFreeze(db: Db, principal: Principal, id: number, approve: boolean, remark: string | null): Promise<FreezeRow> {
  const freeze = await freezeInScope(db, principal, id);
  if (freeze.state === 1) await assertNotInWorkflow(db, 'student_freeze', freeze.id);
  await settleFreeze(db, principal.userId, freeze, approve, remark);
  return freezeInScope(db, principal, id);
}

/** Freeze states whose dates were frozen: 已冻结, and 已解冻 (ended early: its end date is then the day before the freeze-off). */
const FROZE = [2, 5];

/** Whether a student is frozen on a date (an approved freeze covers it). */
export async function isFrozenOn(db: Db, studentId: number, date: string): Promise<boolean> {
  const row = await db
    .selectFrom('student_freeze')
    .select('id')
    .where('student_id', '=', studentId)
    .where('state', 'in', FROZE)
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .executeTakeFirst();
  return row !== undefined;
}

export interface FrozenSpan {
  student_id: number;
  start_date: string;
  end_date: string;
}

/** The frozen date ranges of the given students that meet `from`..`to`, by student (the classes area arranges and takes marks by them). */
export async function frozenSpans(db: Db, studentIds: readonly number[], from: string, to: string): Promise<Map<number, FrozenSpan[]>> {
  const out = new Map<number, FrozenSpan[]>();
  const ids = [...new Set(studentIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('student_freeze')
      .select(['student_id', 'start_date', 'end_date'])
      .where('student_id', 'in', ids.slice(i, i + 500))
      .where('state', 'in', FROZE)
      .where('start_date', '<=', to)
      .where('end_date', '>=', from)
      .execute();
    for (const r of rows) out.set(r.student_id, [...(out.get(r.student_id) ?? []), r]);
  }
  return out;
}

export function registerFreeze(app: Hono<AppEnv>): void {
  // the workflow's end of a freeze's approval (server/modules/workflow, tag freeze)
  registerOutcome('student_freeze', async ({ db, outcome, actorId, instance }) => {
    const freeze = (await db.selectFrom('student_freeze').selectAll().where('id', '=', Number(instance.ref_id)).executeTakeFirst()) as FreezeRow | undefined;
    if (!freeze || freeze.state !== 1) return;
    if (outcome === 'approved' || outcome === 'refused') await settleFreeze(db, actorId, freeze, outcome === 'approved', null);
    else await db.updateTable('student_freeze').set({ state: 4, updated_at: nowText(), updated_by: actorId }).where('id', '=', freeze.id).execute();
  });

  mountCall(app, applyFreezeCall, async ({ db, principal, body }) => {
    const student = await studentInScope(db, principal, body.student_id);
    if (Number(student.state) !== 1) throw new ApiError(409, `只有在读学员可以申请冻结（当前状态：${stateText(student.state)}）`);
    const days = daysInclusive(body.start_date, body.end_date);
    if (days > MAX_FREEZE_DAYS) throw new ApiError(400, `一次冻结不能超过 ${MAX_FREEZE_DAYS} 天`);
    const overlap = await db
      .selectFrom('student_freeze')
      .select(['start_date', 'end_date'])
      .where('student_id', '=', student.id)
      .where('state', 'in', [1, 2])
      .where('start_date', '<=', body.end_date)
      .where('end_date', '>=', body.start_date)
      .executeTakeFirst();
    if (overlap) throw new ApiError(409, `与已有的冻结（${overlap.start_date} 至 ${overlap.end_date}）日期重叠`);
    const now = nowText();
    const row = await db
      .insertInto('student_freeze')
      .values({
        school_id: student.school_id,
        student_id: student.id,
        start_date: body.start_date,
        end_date: body.end_date,
        days,
        reason: body.reason,
        state: 1,
        check_remark: null,
        checked_by: null,
        checked_at: null,
        wf_instance_id: null,
        created_at: now,
        updated_at: now,
        created_by: principal.userId,
        updated_by: principal.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const instance = await startApproval(db, principal, {
      refType: 'student_freeze',
      tag: 'freeze',
      refId: row.id,
      title: `${student.name} 冻结申请（${body.start_date} 至 ${body.end_date}）`,
      schoolId: student.school_id,
      form: { student_name: student.name, start_date: body.start_date, end_date: body.end_date, reason: body.reason },
      snapshot: { student_id: student.id, start_date: body.start_date, end_date: body.end_date, days, reason: body.reason },
    });
    if (instance !== null) await db.updateTable('student_freeze').set({ wf_instance_id: instance }).where('id', '=', row.id).execute();
    return freezeInScope(db, principal, row.id);
  });

  mountCall(app, checkFreezeCall, ({ db, principal, body }) => decideFreeze(db, principal, body.id, body.state === 2, body.check_remark ?? null));

  mountCall(app, freezeRollbackCall, async ({ db, principal, body }) => {
    const freeze = await freezeInScope(db, principal, body.id);
    if (freeze.state !== 1 && freeze.state !== 2) throw new ApiError(409, '只有待审核或已冻结的记录可以撤回');
    // a pending apply in the workflow is withdrawn there (我的申请 › 撤回), which ends it here too
    if (freeze.state === 1) await assertNotInWorkflow(db, 'student_freeze', freeze.id);
    if (freeze.state === 2) {
      const student = await studentInScope(db, principal, freeze.student_id);
      if (Number(student.state) === 7) await setState(db, principal.userId, student.id, 1, { freeze_start: null, freeze_end: null, valid_until: moveValidity(student.valid_until, -freeze.days) });
      await undoFreezeEffects(db, principal.userId, freeze, freeze.start_date, freeze.days, '撤销冻结');
    }
    const now = nowText();
    await db.updateTable('student_freeze').set({ state: 4, updated_at: now, updated_by: principal.userId }).where('id', '=', freeze.id).execute();
    return freezeInScope(db, principal, freeze.id);
  });
}

/** The freeze-off apply (解冻申请): for an approved freeze, a date inside it; approval ends the freeze the day before. */
export const freezeOffHooks: ResourceHooks = {
  schoolOf: studentSchool,
  async beforeWrite(ctx, row, mode, existing) {
    if (mode === 'update' && existing && Number(existing.state) !== 1) throw new ApiError(409, '已审核的解冻申请不能修改');
    // the state moves only by the check action
    if (mode === 'update') delete row.state;
    const freezeId = Number(row.freeze_id ?? existing?.freeze_id);
    const freeze = await freezeInScope(ctx.db, ctx.principal, freezeId).catch(() => {
      throw new ApiError(404, '冻结记录不存在或无权访问');
    });
    if (freeze.state !== 2) throw new ApiError(409, '只有已冻结的记录可以申请解冻');
    row.student_id = freeze.student_id;
    row.school_id = freeze.school_id;
    const off = String(row.off_date ?? existing?.off_date);
    if (off < freeze.start_date || off > freeze.end_date) throw new ApiError(400, `解冻日期应在冻结期间（${freeze.start_date} 至 ${freeze.end_date}）`);
    if (mode === 'add') {
      row.state = 1;
      const pending = await ctx.db.selectFrom('student_freeze_off_apply').select('id').where('freeze_id', '=', freezeId).where('state', '=', 1).executeTakeFirst();
      if (pending) throw new ApiError(409, '该冻结已有待审核的解冻申请');
    }
  },
  async beforeDelete(ctx, ids) {
    const done = await ctx.db.selectFrom('student_freeze_off_apply').select('id').where('id', 'in', ids).where('state', '!=', 1).executeTakeFirst();
    if (done) throw new ApiError(409, '已审核的解冻申请不能删除');
  },
  async beforeAction(ctx, _action, rows, value) {
    for (const r of rows) {
      if (Number(r.state) !== 1) throw new ApiError(409, '该解冻申请已处理，不能重复审核');
      if (Number(value) !== 2) continue;
      const freeze = await freezeInScope(ctx.db, ctx.principal, Number(r.freeze_id));
      if (freeze.state !== 2) throw new ApiError(409, '该冻结已结束，不能解冻');
      const off = String(r.off_date);
      const days = daysInclusive(freeze.start_date, off) - 1;
      const end = shiftDays(off, -1);
      const now = nowText();
      await ctx.db.updateTable('student_freeze').set({ state: 5, end_date: end < freeze.start_date ? freeze.start_date : end, days, updated_at: now, updated_by: ctx.principal.userId }).where('id', '=', freeze.id).execute();
      const student = await studentInScope(ctx.db, ctx.principal, freeze.student_id);
      if (Number(student.state) === 7) await setState(ctx.db, ctx.principal.userId, student.id, 1, { freeze_start: null, freeze_end: null, valid_until: moveValidity(student.valid_until, days - freeze.days) });
      await undoFreezeEffects(ctx.db, ctx.principal.userId, freeze, off, freeze.days - days, `提前解冻（${off} 起）`);
    }
  },
};
