import type { Hono } from 'hono';
import type { AppEnv, Principal } from '../../lib/context';
import { ApiError, notFound } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { inScope } from '../../lib/scope';
import { mountResource } from '../../lib/resource-routes';
import { todayText } from '../../lib/time';
import { countOf } from '../../db/dialect';
import { stuClassCanSignUpCall, stuClassJoinCall, stuClassJoinWarmUpCall, stuClassWithdrawCall, type JoinBody } from '../../../src/contract/classes';
import { classTransferResource, enrolmentResource, hourBalanceResource } from '../../../src/contract/resources/classes';
import { chunk, classInScope, stamps, studentInScope, touched, type ClassRow, type Db, type StudentRow } from './common';
import { grantHours, hasBalance } from './hours';
import type { EnrolmentTable } from './schema';
import { freezesOf, frozenOn } from './frozen';
import { enrolmentNames, withMaskedPhone } from './page-names';
import type { Selectable } from 'kysely';

type Enrolment = Selectable<EnrolmentTable>;

/** Why the student cannot join the class, or undefined. */
async function joinProblem(db: Db, cls: ClassRow, student: StudentRow, warmUp: boolean): Promise<string | undefined> {
  if (cls.state !== 1 && cls.state !== 2) return `班级 ${cls.name} 已结课或停班，不能报名`;
  if (warmUp && cls.is_warm_up !== 1) return `班级 ${cls.name} 不是热身班`;
  const already = await db.selectFrom('stu_class').select('id').where('class_id', '=', cls.id).where('student_id', '=', student.id).where('state', '=', 1).executeTakeFirst();
  if (already) return `学员 ${student.name} 已在班级 ${cls.name} 中`;
  const n = await countOf(db.selectFrom('stu_class').select('id').where('class_id', '=', cls.id).where('state', '=', 1));
  if (n >= cls.capacity) return `班级 ${cls.name} 已满（容量 ${cls.capacity} 人）`;
  return undefined;
}

export async function joinClass(db: Db, principal: Principal, body: JoinBody, warmUp: boolean): Promise<Enrolment> {
  const cls = await classInScope(db, principal, body.class_id);
  const student = await studentInScope(db, principal, body.student_id);
  const problem = await joinProblem(db, cls, student, warmUp);
  if (problem) throw new ApiError(409, problem);
  const ct = await db.selectFrom('prod_class_type').select(['lesson_count', 'hours_per_lesson']).where('id', '=', cls.class_type_id).executeTakeFirst();
  if (!ct) throw new ApiError(409, '班级的班型不存在');
  if (body.add_hours !== undefined) {
    await grantHours(db, principal, cls.school_id, student.id, cls.class_type_id, body.add_hours);
  } else if (!(await hasBalance(db, student.id, cls.class_type_id))) {
    await grantHours(db, principal, cls.school_id, student.id, cls.class_type_id, Number(ct.lesson_count) * Number(ct.hours_per_lesson));
  }
  const joinDate = body.join_date ?? todayText();
  const row = await db
    .insertInto('stu_class')
    .values({
      school_id: cls.school_id,
      student_id: student.id,
      class_id: cls.id,
      class_type_id: cls.class_type_id,
      join_date: joinDate,
      leave_date: null,
      state: 1,
      is_warm_up: cls.is_warm_up,
      remark: body.remark ?? null,
      ...stamps(principal),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const all = await db.selectFrom('edu_class_schedule').select(['id', 'lesson_date']).where('class_id', '=', cls.id).where('lesson_date', '>=', joinDate).execute();
  // not on the lessons of dates the student is frozen on
  const frozen = (await freezesOf(db, [student.id], all.map((l) => l.lesson_date))).get(student.id);
  const lessons = all.filter((l) => !frozenOn(frozen, l.lesson_date));
  const st = stamps(principal);
  for (const part of chunk(lessons, 400)) {
    await db
      .insertInto('edu_class_schedule_student')
      .values(part.map((l) => ({ school_id: cls.school_id, schedule_id: l.id, student_id: student.id, class_id: cls.id, lesson_date: l.lesson_date, is_makeup: 0, remark: null, ...st })))
      .onConflict((oc) => oc.columns(['schedule_id', 'student_id']).doNothing())
      .execute();
  }
  return row;
}

/** Leaves the class: state 已退班 (or 已转班), and off every lesson from the leave date not yet checked in. */
export async function leaveClass(db: Db, principal: Principal, enrolmentId: number, state: 2 | 3, leaveDate: string | undefined, remark: string | undefined): Promise<Enrolment> {
  const row = await db.selectFrom('stu_class').selectAll().where('id', '=', enrolmentId).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw notFound();
  if (row.state !== 1) throw new ApiError(409, '该学员已不在此班级中');
  const date = leaveDate ?? todayText();
  if (date < row.join_date) throw new ApiError(400, `离班日期不能早于入班日期（${row.join_date}）`);
  const updated = await db
    .updateTable('stu_class')
    .set({ state, leave_date: date, remark: remark ?? row.remark, ...touched(principal) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const future = await db
    .selectFrom('edu_class_schedule_student as ss')
    .leftJoin('edu_check_in as k', (j) => j.onRef('k.schedule_id', '=', 'ss.schedule_id').onRef('k.student_id', '=', 'ss.student_id').on('k.state', '=', 1))
    .select('ss.id')
    .where('ss.class_id', '=', row.class_id)
    .where('ss.student_id', '=', row.student_id)
    .where('ss.lesson_date', '>=', date)
    .where('ss.is_makeup', '=', 0)
    .where('k.id', 'is', null)
    .execute();
  for (const part of chunk(future.map((f) => f.id), 500)) await db.deleteFrom('edu_class_schedule_student').where('id', 'in', part).execute();
  return updated;
}

export function registerEnrolment(app: Hono<AppEnv>): void {
  mountResource(app, enrolmentResource, { extendPage: enrolmentNames, mapRow: withMaskedPhone });
  mountResource(app, hourBalanceResource);
  mountCall(app, stuClassJoinCall, ({ c, body }) => joinClass(c.var.db, c.var.principal, body, false));
  mountCall(app, stuClassJoinWarmUpCall, ({ c, body }) => joinClass(c.var.db, c.var.principal, body, true));
  mountCall(app, stuClassWithdrawCall, ({ c, body }) => leaveClass(c.var.db, c.var.principal, body.id, 2, body.leave_date, body.remark));
  mountCall(app, stuClassCanSignUpCall, async ({ c, query: q }) => {
    const cls = await classInScope(c.var.db, c.var.principal, q.class_id);
    const student = await studentInScope(c.var.db, c.var.principal, q.student_id);
    const reason = await joinProblem(c.var.db, cls, student, false);
    return { can: reason === undefined, reason: reason ?? null };
  });

  mountResource(app, classTransferResource, {
    async beforeWrite(ctx, row, mode, existing) {
      if (mode === 'update') {
        for (const k of ['student_id', 'from_class_id', 'to_class_id'] as const) {
          if (row[k] !== undefined && existing && Number(row[k]) !== Number(existing[k])) throw new ApiError(400, '转班记录只能修改转班原因');
        }
        return;
      }
      if (Number(row.from_class_id) === Number(row.to_class_id)) throw new ApiError(400, '新班级不能与原班级相同');
      const from = await classInScope(ctx.db, ctx.principal, Number(row.from_class_id));
      const to = await classInScope(ctx.db, ctx.principal, Number(row.to_class_id));
      const student = await studentInScope(ctx.db, ctx.principal, Number(row.student_id));
      const enrolment = await ctx.db.selectFrom('stu_class').select('id').where('class_id', '=', from.id).where('student_id', '=', student.id).where('state', '=', 1).executeTakeFirst();
      if (!enrolment) throw new ApiError(409, `学员 ${student.name} 不在班级 ${from.name} 中`);
      const problem = await joinProblem(ctx.db, to, student, false);
      if (problem) throw new ApiError(409, problem);
      row.school_id = to.school_id;
      row.transfer_date = todayText();
    },
    async afterWrite(ctx, row, mode) {
      if (mode !== 'add') return;
      const enrolment = await ctx.db
        .selectFrom('stu_class')
        .select('id')
        .where('class_id', '=', Number(row.from_class_id))
        .where('student_id', '=', Number(row.student_id))
        .where('state', '=', 1)
        .executeTakeFirstOrThrow();
      await leaveClass(ctx.db, ctx.principal, enrolment.id, 3, String(row.transfer_date), `转班至 #${row.to_class_id}`);
      await joinClass(ctx.db, ctx.principal, { student_id: Number(row.student_id), class_id: Number(row.to_class_id), join_date: String(row.transfer_date) }, false);
    },
  });
}
