import type { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { ApiError, notFound } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { inScope } from '../../lib/scope';
import { mountResource } from '../../lib/resource-routes';
import { studentLeaveNames, withMaskedPhone } from './page-names';
import { stuLeaveAddCall, stuLeaveMakeupCall } from '../../../src/contract/classes';
import { scheduleStudentResource, studentLeaveResource, teacherLeaveResource } from '../../../src/contract/resources/classes';
import { scheduleInScope, stamps, studentInScope, touched } from './common';
import { recordCheckIn } from './check-in';
import { assertNotFrozen } from './frozen';
import { assertTeacher } from './schedules';

/** Teacher leave, student leave with make-up lessons, and the students of one lesson. */
export function registerLeave(app: Hono<AppEnv>): void {
  mountResource(app, teacherLeaveResource, {
    async beforeWrite(ctx, row, _mode, existing) {
      await assertTeacher(ctx.db, ctx.principal, row.teacher_id as number | undefined);
      await assertTeacher(ctx.db, ctx.principal, row.substitute_teacher_id as number | null | undefined);
      const start = String(row.start_time ?? existing?.start_time);
      const end = String(row.end_time ?? existing?.end_time);
      if (end <= start) throw new ApiError(400, '结束时间必须晚于开始时间');
      const teacher = Number(row.teacher_id ?? existing?.teacher_id);
      if (row.substitute_teacher_id !== undefined && row.substitute_teacher_id !== null && Number(row.substitute_teacher_id) === teacher) {
        throw new ApiError(400, '代课老师不能是请假老师本人');
      }
    },
  });

  mountResource(app, studentLeaveResource, {
    extendPage: studentLeaveNames,
    mapRow: withMaskedPhone,
    async beforeDelete(ctx, ids) {
      const done = await ctx.db.selectFrom('edu_stu_leave').select('id').where('id', 'in', ids).where('state', 'in', [2, 3]).executeTakeFirst();
      if (done) throw new ApiError(409, '已安排补课的请假不能删除');
    },
  });
  mountCall(app, stuLeaveAddCall, async ({ c, body }) => {
    const db = c.var.db;
    const lesson = await scheduleInScope(db, c.var.principal, body.schedule_id);
    const student = await studentInScope(db, c.var.principal, body.student_id);
    const dup = await db.selectFrom('edu_stu_leave').select('id').where('schedule_id', '=', lesson.id).where('student_id', '=', student.id).where('state', '!=', 0).executeTakeFirst();
    if (dup) throw new ApiError(409, `学员 ${student.name} 已为该课次请假`);
    // The leave is a 'leave' mark on the lesson (consumes no hours; an earlier consuming mark is refunded).
    await recordCheckIn(db, c.var.principal, { schedule_id: lesson.id, student_id: student.id, mark: 'leave', device: '请假登记' }, { allowFuture: true });
    const row = await db
      .insertInto('edu_stu_leave')
      .values({
        school_id: lesson.school_id,
        student_id: student.id,
        schedule_id: lesson.id,
        class_id: lesson.class_id,
        lesson_date: lesson.lesson_date,
        reason: body.reason ?? null,
        state: 1,
        makeup_schedule_id: null,
        ...stamps(c.var.principal),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  });
  mountCall(app, stuLeaveMakeupCall, async ({ c, body }) => {
    const db = c.var.db;
    const leave = await db.selectFrom('edu_stu_leave').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!leave || !inScope(c.var.principal, leave.school_id)) throw notFound();
    if (leave.state !== 1) throw new ApiError(409, '该请假已安排补课或已撤销');
    const target = await scheduleInScope(db, c.var.principal, body.makeup_schedule_id);
    const original = await db.selectFrom('edu_class_schedule').select('class_type_id').where('id', '=', leave.schedule_id).executeTakeFirst();
    if (original && original.class_type_id !== target.class_type_id) throw new ApiError(400, '补课课次必须是同一班型的课');
    if (target.id === leave.schedule_id) throw new ApiError(400, '补课课次不能是请假的那次课');
    const on = await db.selectFrom('edu_class_schedule_student').select('id').where('schedule_id', '=', target.id).where('student_id', '=', leave.student_id).executeTakeFirst();
    if (on) throw new ApiError(409, '学员已在该课次的上课名单中');
    const who = await db.selectFrom('student').select('name').where('id', '=', leave.student_id).executeTakeFirst();
    await assertNotFrozen(db, leave.student_id, who?.name ?? `#${leave.student_id}`, target.lesson_date, '安排补课');
    await db
      .insertInto('edu_class_schedule_student')
      .values({ school_id: target.school_id, schedule_id: target.id, student_id: leave.student_id, class_id: target.class_id, lesson_date: target.lesson_date, is_makeup: 1, remark: `补课（请假 #${leave.id}）`, ...stamps(c.var.principal) })
      .execute();
    const row = await db
      .updateTable('edu_stu_leave')
      .set({ state: 2, makeup_schedule_id: target.id, ...touched(c.var.principal) })
      .where('id', '=', leave.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  });

  mountResource(app, scheduleStudentResource, {
    async beforeWrite(ctx, row, mode, existing) {
      if (mode === 'update') {
        if ((row.schedule_id !== undefined && Number(row.schedule_id) !== Number(existing?.schedule_id)) || (row.student_id !== undefined && Number(row.student_id) !== Number(existing?.student_id))) {
          throw new ApiError(400, '只能修改补课标记和备注');
        }
        return;
      }
      const lesson = await scheduleInScope(ctx.db, ctx.principal, Number(row.schedule_id));
      const student = await studentInScope(ctx.db, ctx.principal, Number(row.student_id));
      await assertNotFrozen(ctx.db, student.id, student.name, lesson.lesson_date, '安排');
      const on = await ctx.db.selectFrom('edu_class_schedule_student').select('id').where('schedule_id', '=', lesson.id).where('student_id', '=', Number(row.student_id)).executeTakeFirst();
      if (on) throw new ApiError(409, '学员已在该课次的上课名单中');
      row.school_id = lesson.school_id;
      row.class_id = lesson.class_id;
      row.lesson_date = lesson.lesson_date;
    },
    async beforeDelete(ctx, ids) {
      const attended = await ctx.db
        .selectFrom('edu_class_schedule_student as ss')
        .innerJoin('edu_check_in as k', (j) => j.onRef('k.schedule_id', '=', 'ss.schedule_id').onRef('k.student_id', '=', 'ss.student_id').on('k.state', '=', 1))
        .select('ss.id')
        .where('ss.id', 'in', ids)
        .executeTakeFirst();
      if (attended) throw new ApiError(409, '学员在该课次已有签到记录，请先撤销签到');
    },
  });
}
