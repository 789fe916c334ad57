import type { Hono } from 'hono';
import { stoppedDaysCall } from '../../../src/contract/students';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { nowText, todayText } from '../../lib/time';
import type { ResourceHooks } from '../../lib/resource-routes';
import { daysInclusive } from './dates';
import { setState, stateText, studentInScope, studentSchool } from './student-rules';
import { assertNotInWorkflow, startApproval } from './approvals';
import { partakersRead, registerApplyCheck, registerOutcome, type ApplyCheckEvent } from '../workflow';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './schema';

/**
 * Stop class (停课): an enrolled student applies to stop from a date for some days; approval
 * (the declared `check` action, or the workflow) makes them 停课, and 复课 (change_state to 在读)
 * ends it. Pending and refused applies may be deleted; an approved one stays as the record.
 */
export const stopHooks: ResourceHooks = {
  schoolOf: studentSchool,
  // an approver of another campus reads the stop apply of their task
  readsOutOfScope: partakersRead('student_stop_apply'),
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
    const cls = await ctx.db
      .selectFrom('stu_class')
      .innerJoin('base_class_manage', 'base_class_manage.id', 'stu_class.class_id')
      .select('base_class_manage.name')
      .where('stu_class.student_id', '=', student.id)
      .where('stu_class.state', '=', 1)
      .executeTakeFirst();
    const instance = await startApproval(ctx.db, ctx.principal, {
      refType: 'student_stop_apply',
      tag: 'stop_class',
      refId: row.id,
      title: `${student.name} 停课申请（${String(row.start_date)} 起 ${String(row.days)} 天）`,
      schoolId: student.school_id,
      form: { student_id: student.id, student_name: student.name, class_name: cls?.name ?? '未入班', stop_date: String(row.start_date), days: Number(row.days), reason: String(row.reason) },
      snapshot: row,
    });
    if (instance !== null) await ctx.db.updateTable('student_stop_apply').set({ wf_instance_id: instance }).where('id', '=', row.id).execute();
  },
  async beforeDelete(ctx, ids) {
    const approved = await ctx.db.selectFrom('student_stop_apply').select('id').where('id', 'in', ids).where('state', '=', 2).executeTakeFirst();
    if (approved) throw new ApiError(409, '已通过的停课申请不能删除，学员复课请使用变更状态');
  },
  async beforeAction(ctx, _action, rows, value) {
    for (const r of rows) {
      if (Number(r.state) !== 1) throw new ApiError(409, '该停课申请已处理，不能重复审核');
      await assertNotInWorkflow(ctx.db, 'student_stop_apply', r.id);
      if (Number(value) === 2) await stopStudent(ctx.db, ctx.principal.userId, Number(r.student_id));
    }
  },
};

/** An approved stop: the student (still 在读) becomes 停课. */
async function stopStudent(db: Kysely<Database>, userId: number | null, studentId: number): Promise<void> {
  const student = await db.selectFrom('student').select(['id', 'state']).where('id', '=', studentId).where('del_flag', '=', 0).executeTakeFirst();
  if (!student) throw new ApiError(404, '学员不存在或无权访问');
  if (Number(student.state) !== 1) throw new ApiError(409, `学员当前为${stateText(student.state)}，不能停课`);
  await setState(db, userId, student.id, 2);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 学员停课申请 from the workflow's application screen (definition tag `stop_class`, whose demo
 * ref_type is `stop_class`): the form names a student of the campus (student_id, or a name used
 * once there), the first stopped day and the number of days. The check files a real stop apply
 * (student_stop_apply, 待审核) in the application's transaction and binds the application to it,
 * so its approval is the stop apply's (the outcome below stops the student) and the direct check
 * of that apply is refused while it runs. Refused: nothing is started, nothing written.
 */
async function fileStopFromApplication({ db, refId, schoolId, applicantId, form, bind }: ApplyCheckEvent): Promise<Record<string, unknown>> {
  // an apply filed by the students area names its record already
  if (refId !== null) return { ...form };
  if (schoolId === null) throw new ApiError(400, '请选择校区');
  const byId = Number(form.student_id);
  let q = db.selectFrom('student').select(['id', 'name', 'state', 'school_id']).where('school_id', '=', schoolId).where('del_flag', '=', 0);
  q = Number.isInteger(byId) && byId > 0 ? q.where('id', '=', byId) : q.where('name', '=', String(form.student_name ?? '').trim());
  const hits = await q.limit(2).execute();
  if (hits.length === 0) throw new ApiError(400, '未找到该校区的这名学员，请核对学员姓名');
  if (hits.length > 1) throw new ApiError(400, '该校区有多名同名学员，请联系管理员处理');
  const student = hits[0];
  if (Number(student.state) !== 1) throw new ApiError(409, `只有在读学员可以申请停课（当前状态：${stateText(student.state)}）`);
  const pending = await db.selectFrom('student_stop_apply').select('id').where('student_id', '=', student.id).where('state', '=', 1).executeTakeFirst();
  if (pending) throw new ApiError(409, `${student.name} 已有待审核的停课申请`);
  const start = String(form.stop_date ?? form.start_date ?? '').trim();
  if (!DATE_RE.test(start)) throw new ApiError(400, '请填写停课日期（YYYY-MM-DD）');
  const days = Number(form.days);
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new ApiError(400, '停课天数应为 1 到 366 的整数');
  const reason = String(form.reason ?? '').trim().slice(0, 255);
  if (!reason) throw new ApiError(400, '请填写停课原因');
  const now = nowText();
  const row = await db
    .insertInto('student_stop_apply')
    .values({ school_id: student.school_id, student_id: student.id, start_date: start, days, reason, state: 1, wf_instance_id: null, created_at: now, updated_at: now, created_by: applicantId, updated_by: applicantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  bind('student_stop_apply', row.id);
  return { ...form, student_id: student.id, student_name: student.name, stop_date: start, days };
}

// the application screen's stop (definition ref_type stop_class, or student_stop_apply if an
// administrator set it so) files its stop apply first; registered when the module loads, as the
// phone change's check is, so a demo seed run without the app mounted files it too
registerApplyCheck('stop_class', fileStopFromApplication);
registerApplyCheck('student_stop_apply', fileStopFromApplication);

export function registerStop(app: Hono<AppEnv>): void {
  // the workflow's end of a stop apply's approval (server/modules/workflow, tag stop_class)
  registerOutcome('student_stop_apply', async ({ db, outcome, actorId, instance }) => {
    const id = Number(instance.ref_id);
    const apply = await db.selectFrom('student_stop_apply').select(['id', 'state', 'student_id', 'wf_instance_id']).where('id', '=', id).executeTakeFirst();
    if (!apply || apply.state !== 1) return;
    if (outcome === 'approved') await stopStudent(db, actorId, apply.student_id);
    await db
      .updateTable('student_stop_apply')
      .set({ state: outcome === 'approved' ? 2 : outcome === 'refused' ? 3 : 4, wf_instance_id: apply.wf_instance_id ?? instance.id, updated_at: nowText(), updated_by: actorId })
      .where('id', '=', id)
      .execute();
  });

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
