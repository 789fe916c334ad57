import type { Hono } from 'hono';
import { stoppedDaysCall } from '../../../src/contract/students';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { todayText } from '../../lib/time';
import type { ResourceHooks } from '../../lib/resource-routes';
import { daysInclusive } from './dates';
import { setState, stateText, studentInScope, studentSchool } from './student-rules';
import { startApproval } from './approvals';
import './schema';

/**
 * Stop class (停课): an enrolled student applies to stop from a date for some days; approval
 * (the declared `check` action, or the workflow) makes them 停课, and 复课 (change_state to 在读)
 * ends it. Pending and refused applies may be deleted; an approved one stays as the record.
 */
export const stopHooks: ResourceHooks = {
  schoolOf: studentSchool,
  async beforeWrite(ctx, row, mode) {
    if (mode !== 'add') return;
    const student = await studentInScope(ctx.db, ctx.principal, Number(row.student_id));
    if (Number(student.state) !== 1) throw new ApiError(409, `只有在读学员可以申请停课（当前状态：${stateText(student.state)}）`);
    const pending = await ctx.db.selectFrom('student_stop_apply').select('id').where('student_id', '=', student.id).where('state', '=', 1).executeTakeFirst();
    if (pending) throw new ApiError(409, `${student.name} 已有待审核的停课申请`);
    row.school_id = student.school_id;
    row.state = 1;
    row.wf_instance_id = null;
  },
  async afterWrite(ctx, row, mode) {
    if (mode !== 'add') return;
    const student = await studentInScope(ctx.db, ctx.principal, Number(row.student_id));
    const instance = await startApproval(ctx.db, ctx.principal, { refType: 'student_stop_apply', refId: row.id, title: `${student.name} 停课申请（${String(row.start_date)} 起 ${String(row.days)} 天）`, schoolId: student.school_id });
    if (instance !== null) await ctx.db.updateTable('student_stop_apply').set({ wf_instance_id: instance }).where('id', '=', row.id).execute();
  },
  async beforeDelete(ctx, ids) {
    const approved = await ctx.db.selectFrom('student_stop_apply').select('id').where('id', 'in', ids).where('state', '=', 2).executeTakeFirst();
    if (approved) throw new ApiError(409, '已通过的停课申请不能删除，学员复课请使用变更状态');
  },
  async beforeAction(ctx, _action, rows, value) {
    for (const r of rows) {
      if (Number(r.state) !== 1) throw new ApiError(409, '该停课申请已处理，不能重复审核');
      if (Number(value) !== 2) continue;
      const student = await studentInScope(ctx.db, ctx.principal, Number(r.student_id));
      if (Number(student.state) !== 1) throw new ApiError(409, `学员当前为${stateText(student.state)}，不能停课`);
      await setState(ctx, student.id, 2);
    }
  },
};

export function registerStop(app: Hono<AppEnv>): void {
  mountCall(app, stoppedDaysCall, async ({ db, principal, query }) => {
    const student = await studentInScope(db, principal, query.student_id);
    const applies = await db
      .selectFrom('student_stop_apply')
      .select(['id', 'start_date', 'days', 'state', 'reason'])
      .where('student_id', '=', student.id)
      .orderBy('start_date', 'desc')
      .execute();
    const today = todayText();
    let days = 0;
    let soFar = 0;
    for (const a of applies) {
      if (a.state !== 2) continue;
      days += a.days;
      if (a.start_date <= today) soFar += Math.min(a.days, daysInclusive(a.start_date, today));
    }
    return { student_id: student.id, days, days_so_far: soFar, applies };
  });
}
