import type { Context, Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Principal } from '../../lib/context';
import type { z } from 'zod';
import { ApiError } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { queryObject } from '../../lib/validate';
import { requireInScope, STAFF, whereInScope } from '../../lib/scope';
import { mountResource, type Row } from '../../lib/resource-routes';
import { isExportRequest, runListExport } from '../../lib/export-hook';
import { countOf } from '../../db/dialect';
import {
  arrangeCall,
  deleteScheduleCall,
  exchangeCall,
  osPageCall,
  reArrangeCall,
  replaceTeacherCall,
  reviseCall,
  scheduleExportsCall,
  updateBatchCall,
  type ArrangeResult,
  type ScheduleRow,
  type arrangeSchema,
  type deleteScheduleSchema,
  type reArrangeSchema,
  type replaceTeacherSchema,
  type reviseSchema,
  type updateBatchSchema,
  type osPageSchema,
} from '../../../src/contract/classes';
import type { Page } from '../../../src/contract/envelope';
import { scheduleResource } from '../../../src/contract/resources/classes';
import { addDays, expandPattern, patternProblem, type Booking, type WeeklySlot } from './arrange';
import { assertNoClash } from './bookings';
import { loadCalendar } from './calendar';
import { chunk, classInScope, schedulesInScope, touched, type ClassRow, type Db, type ScheduleRowDb } from './common';
import { addEnrolledStudents, attendedIds, insertLessons, renumber, syncLessonDate } from './sessions';

function bookingOf(s: ScheduleRowDb): Booking {
  return { id: s.id, class_id: s.class_id, lesson_date: s.lesson_date, start_time: s.start_time, end_time: s.end_time, teacher_id: s.teacher_id, classroom_id: s.classroom_id };
}

async function classType(db: Db, id: number): Promise<{ lesson_count: number; hours_per_lesson: number; name: string }> {
  const ct = await db.selectFrom('prod_class_type').select(['lesson_count', 'hours_per_lesson', 'name']).where('id', '=', id).executeTakeFirst();
  if (!ct) throw new ApiError(409, '班级的班型不存在，请先修改班级的班型');
  return { lesson_count: Number(ct.lesson_count), hours_per_lesson: Number(ct.hours_per_lesson), name: ct.name };
}

async function classSlots(db: Db, classId: number): Promise<WeeklySlot[]> {
  return db.selectFrom('edu_class_time_range').select(['week_day', 'start_time', 'end_time']).where('class_id', '=', classId).orderBy('week_day').orderBy('start_time').execute();
}

/** A teacher id must name staff of the caller's campuses: another campus's answers as a missing one. */
export async function assertTeacher(db: Db, principal: Principal, id: number | null | undefined, label = '老师'): Promise<void> {
  await requireInScope(db, principal, STAFF, id, label);
}

const CLASSROOMS = { table: 'base_otm_classroom', scoped: true, softDelete: true } as const;

export async function assertClassroom(db: Db, principal: Principal, id: number | null | undefined, schoolId: number): Promise<void> {
  if (id === null || id === undefined) return;
  await requireInScope(db, principal, CLASSROOMS, id, '教室');
  const row = await db.selectFrom('base_otm_classroom').select(['school_id', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
  if (row.school_id !== schoolId) throw new ApiError(400, '教室不属于该班级所在校区');
  if (row.state !== 1) throw new ApiError(400, '教室已停用');
}

function refuseClosed(cls: ClassRow): void {
  if (cls.state === 3 || cls.state === 4) throw new ApiError(409, `班级 ${cls.name} 已结课或停班，不能排课`);
}

async function refuseAttended(db: Db, rows: readonly ScheduleRowDb[], what: string): Promise<void> {
  const attended = await attendedIds(db, rows.map((r) => r.id));
  const first = rows.find((r) => attended.has(r.id));
  if (first) throw new ApiError(409, `第${first.lesson_no ?? ''}次课（${first.lesson_date} ${first.start_time}）已有签到记录，不能${what}`);
}

function sortLessons<T extends { lesson_date: string; start_time: string; id: number }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.lesson_date.localeCompare(b.lesson_date) || a.start_time.localeCompare(b.start_time) || a.id - b.id);
}

async function saveMoves(db: Db, principal: Principal, moved: readonly Booking[]): Promise<void> {
  for (const b of moved) {
    await db
      .updateTable('edu_class_schedule')
      .set({ lesson_date: b.lesson_date, start_time: b.start_time, end_time: b.end_time, teacher_id: b.teacher_id, classroom_id: b.classroom_id, ...touched(principal) })
      .where('id', '=', b.id as number)
      .execute();
    await syncLessonDate(db, principal, b.id as number, b.lesson_date);
  }
  for (const classId of new Set(moved.map((m) => m.class_id))) await renumber(db, classId);
}

// ---------------------------------------------------------------------------------------------

export async function arrange(db: Db, principal: Principal, body: ReturnType<typeof arrangeSchema.parse>): Promise<ArrangeResult> {
  const cls = await classInScope(db, principal, body.class_id);
  refuseClosed(cls);
  const ct = await classType(db, cls.class_type_id);
  const slots = body.slots ?? (await classSlots(db, cls.id));
  if (slots.length === 0) throw new ApiError(400, '请设置上课时间段（班级尚未设置上课时间段）');
  const problem = patternProblem(slots);
  if (problem) throw new ApiError(400, problem);
  const teacherId = body.teacher_id ?? cls.head_teacher_id;
  const classroomId = body.classroom_id ?? cls.classroom_id;
  await assertTeacher(db, principal, teacherId);
  await assertClassroom(db, principal, classroomId, cls.school_id);
  const existing = await countOf(db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', cls.id));
  const left = ct.lesson_count - existing;
  if (left <= 0) throw new ApiError(409, `班级 ${cls.name} 的课次已排满（班型共 ${ct.lesson_count} 次课）`);
  const calendar = await loadCalendar(db, cls.school_id, body.date_start, body.date_end);
  const { sessions, skipped } = expandPattern({
    date_start: body.date_start,
    date_end: body.date_end,
    slots,
    calendar,
    limit: Math.min(left, body.limit ?? Number.POSITIVE_INFINITY),
  });
  if (sessions.length === 0) throw new ApiError(400, '所选日期范围内没有可排的课次');
  await assertNoClash(
    db,
    sessions.map((s, i) => ({ key: i, class_id: cls.id, lesson_date: s.lesson_date, start_time: s.start_time, end_time: s.end_time, teacher_id: teacherId, classroom_id: classroomId })),
  );
  const lessons = await insertLessons(db, principal, { cls, hours: ct.hours_per_lesson, teacherId, classroomId, planned: sessions });
  await addEnrolledStudents(db, principal, cls, lessons);
  await renumber(db, cls.id);
  return {
    count: lessons.length,
    ids: lessons.map((l) => l.id),
    first_date: sessions[0]?.lesson_date ?? null,
    last_date: sessions[sessions.length - 1]?.lesson_date ?? null,
    skipped,
  };
}

async function reArrange(db: Db, principal: Principal, body: ReturnType<typeof reArrangeSchema.parse>): Promise<ArrangeResult> {
  const rows = sortLessons(await schedulesInScope(db, principal, body.ids));
  const classIds = new Set(rows.map((r) => r.class_id));
  if (classIds.size !== 1) throw new ApiError(400, '只能重排同一班级的课次');
  const cls = await classInScope(db, principal, rows[0].class_id);
  refuseClosed(cls);
  await refuseAttended(db, rows, '重排');
  const slots = body.slots ?? (await classSlots(db, cls.id));
  if (slots.length === 0) throw new ApiError(400, '请设置上课时间段（班级尚未设置上课时间段）');
  const problem = patternProblem(slots);
  if (problem) throw new ApiError(400, problem);
  await assertTeacher(db, principal, body.teacher_id);
  await assertClassroom(db, principal, body.classroom_id, cls.school_id);
  const until = addDays(body.date_start, 730);
  const calendar = await loadCalendar(db, cls.school_id, body.date_start, until);
  const { sessions, skipped } = expandPattern({ date_start: body.date_start, date_end: until, slots, calendar, limit: rows.length });
  if (sessions.length < rows.length) throw new ApiError(400, '两年内可排的课次不足');
  const moved: Booking[] = rows.map((r, i) => ({
    id: r.id,
    class_id: r.class_id,
    lesson_date: sessions[i].lesson_date,
    start_time: sessions[i].start_time,
    end_time: sessions[i].end_time,
    teacher_id: body.teacher_id ?? r.teacher_id,
    classroom_id: body.classroom_id ?? r.classroom_id,
  }));
  await assertNoClash(db, moved);
  await saveMoves(db, principal, moved);
  return { count: moved.length, ids: moved.map((m) => m.id as number), first_date: moved[0].lesson_date, last_date: moved[moved.length - 1].lesson_date, skipped };
}

async function exchange(db: Db, principal: Principal, ids: number[]): Promise<{ ids: number[] }> {
  if (ids[0] === ids[1]) throw new ApiError(400, '请选择两次不同的课进行交换');
  const rows = await schedulesInScope(db, principal, ids);
  const a = rows.find((r) => r.id === ids[0]) as ScheduleRowDb;
  const b = rows.find((r) => r.id === ids[1]) as ScheduleRowDb;
  await refuseAttended(db, rows, '交换');
  const moved: Booking[] = [
    { ...bookingOf(a), lesson_date: b.lesson_date, start_time: b.start_time, end_time: b.end_time },
    { ...bookingOf(b), lesson_date: a.lesson_date, start_time: a.start_time, end_time: a.end_time },
  ];
  await assertNoClash(db, moved);
  await saveMoves(db, principal, moved);
  return { ids };
}

async function deleteSchedule(db: Db, principal: Principal, body: ReturnType<typeof deleteScheduleSchema.parse>): Promise<{ count: number; kept: number }> {
  const cls = await classInScope(db, principal, body.class_id);
  let q = db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', cls.id);
  if (body.date_start) q = q.where('lesson_date', '>=', body.date_start);
  if (body.date_end) q = q.where('lesson_date', '<=', body.date_end);
  const ids = (await q.execute()).map((r) => r.id);
  const attended = await attendedIds(db, ids);
  const doomed = ids.filter((id) => !attended.has(id));
  await removeLessons(db, doomed);
  await renumber(db, cls.id);
  return { count: doomed.length, kept: attended.size };
}

/** Deletes lessons with their student lists (callers have made sure nobody checked in). */
export async function removeLessons(db: Db, ids: readonly number[]): Promise<void> {
  for (const part of chunk([...ids], 500)) {
    await db.deleteFrom('edu_class_schedule_student').where('schedule_id', 'in', part).execute();
    await db.deleteFrom('edu_check_in').where('schedule_id', 'in', part).where('state', '=', 0).execute();
    await db.deleteFrom('edu_class_schedule').where('id', 'in', part).execute();
  }
}

async function updateBatch(db: Db, principal: Principal, body: ReturnType<typeof updateBatchSchema.parse>): Promise<{ count: number }> {
  const rows = await schedulesInScope(db, principal, body.ids);
  await assertTeacher(db, principal, body.teacher_id);
  for (const school of new Set(rows.map((r) => r.school_id))) await assertClassroom(db, principal, body.classroom_id, school);
  const moved: Booking[] = rows.map((r) => ({
    ...bookingOf(r),
    teacher_id: body.teacher_id ?? r.teacher_id,
    classroom_id: body.classroom_id ?? r.classroom_id,
    start_time: body.start_time ?? r.start_time,
    end_time: body.end_time ?? r.end_time,
  }));
  await assertNoClash(db, moved);
  for (const m of moved) {
    await db
      .updateTable('edu_class_schedule')
      .set({ teacher_id: m.teacher_id, classroom_id: m.classroom_id, start_time: m.start_time, end_time: m.end_time, ...(body.remark !== undefined ? { remark: body.remark } : {}), ...touched(principal) })
      .where('id', '=', m.id as number)
      .execute();
  }
  for (const classId of new Set(rows.map((r) => r.class_id))) await renumber(db, classId);
  return { count: rows.length };
}

async function replaceTeacher(db: Db, principal: Principal, body: ReturnType<typeof replaceTeacherSchema.parse>): Promise<{ count: number }> {
  let rows: ScheduleRowDb[];
  if (body.ids) {
    rows = await schedulesInScope(db, principal, body.ids);
  } else {
    const cls = await classInScope(db, principal, body.class_id as number);
    let q = db.selectFrom('edu_class_schedule').selectAll().where('class_id', '=', cls.id).where('lesson_date', '>=', body.date_start as string);
    if (body.date_end) q = q.where('lesson_date', '<=', body.date_end);
    rows = await q.execute();
    if (rows.length === 0) throw new ApiError(400, '所选日期范围内没有课次');
  }
  await assertTeacher(db, principal, body.teacher_id);
  const moved = rows.map((r) => ({ ...bookingOf(r), teacher_id: body.teacher_id }));
  await assertNoClash(db, moved);
  for (const part of chunk(rows.map((r) => r.id), 500)) {
    await db.updateTable('edu_class_schedule').set({ teacher_id: body.teacher_id, ...touched(principal) }).where('id', 'in', part).execute();
  }
  return { count: rows.length };
}

async function revise(db: Db, principal: Principal, body: ReturnType<typeof reviseSchema.parse>): Promise<ScheduleRowDb> {
  const [row] = await schedulesInScope(db, principal, [body.id]);
  if (body.lesson_date !== row.lesson_date) await refuseAttended(db, [row], '修改上课日期');
  await assertTeacher(db, principal, body.teacher_id);
  await assertClassroom(db, principal, body.classroom_id, row.school_id);
  const moved: Booking = {
    ...bookingOf(row),
    lesson_date: body.lesson_date,
    start_time: body.start_time,
    end_time: body.end_time,
    teacher_id: body.teacher_id ?? row.teacher_id,
    classroom_id: body.classroom_id ?? row.classroom_id,
  };
  await assertNoClash(db, [moved]);
  await saveMoves(db, principal, [moved]);
  if (body.remark !== undefined) await db.updateTable('edu_class_schedule').set({ remark: body.remark }).where('id', '=', row.id).execute();
  return db.selectFrom('edu_class_schedule').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------
// Timetable listing
// ---------------------------------------------------------------------------------------------

function timetableQuery(db: Db, principal: Principal, f: ReturnType<typeof osPageSchema.parse>) {
  let q = db
    .selectFrom('edu_class_schedule as s')
    .innerJoin('base_class_manage as c', 'c.id', 's.class_id')
    .leftJoin('users as t', 't.id', 's.teacher_id')
    .leftJoin('base_otm_classroom as r', 'r.id', 's.classroom_id')
    .select([
      's.id',
      's.school_id',
      's.class_id',
      'c.name as class_name',
      's.class_type_id',
      's.lesson_date',
      's.start_time',
      's.end_time',
      's.teacher_id',
      't.name as teacher_name',
      's.classroom_id',
      'r.name as classroom_name',
      's.lesson_no',
      's.hours',
      's.state',
      sql<number>`(select count(*) from edu_class_schedule_student ss where ss.schedule_id = s.id)`.as('student_count'),
    ])
    .where('s.lesson_date', '>=', f.date_start)
    .where('s.lesson_date', '<=', f.date_end);
  q = whereInScope(q, 's.school_id', principal);
  if (f.school_id) q = q.where('s.school_id', '=', f.school_id);
  if (f.class_id) q = q.where('s.class_id', '=', f.class_id);
  if (f.teacher_id) q = q.where('s.teacher_id', '=', f.teacher_id);
  if (f.classroom_id) q = q.where('s.classroom_id', '=', f.classroom_id);
  return q;
}

async function osPage(c: Context<AppEnv>, q: z.output<NonNullable<typeof osPageCall.query>>): Promise<Page<ScheduleRow> | Response> {
  const params = queryObject(c);
  const f = q;
  if (f.date_end < f.date_start) throw new ApiError(400, '结束日期不能早于开始日期');
  const paging = q;
  const db = c.var.db;
  const base = timetableQuery(db, c.var.principal, f);
  const sorted = base.orderBy('s.lesson_date').orderBy('s.start_time').orderBy('s.id');
  if (isExportRequest(params)) {
    return runListExport({ c, title: '课表', params, fetchRows: async (limit) => (await sorted.limit(limit).execute()) as Record<string, unknown>[] });
  }
  const totalSize = await countOf(base);
  const content = (await sorted.limit(paging.rows).offset((paging.page - 1) * paging.rows).execute()) as ScheduleRow[];
  return { content: content.map((r) => ({ ...r, hours: Number(r.hours), student_count: Number(r.student_count) })), totalSize };
}

// ---------------------------------------------------------------------------------------------

export function registerSchedules(app: Hono<AppEnv>): void {
  mountResource(app, scheduleResource, {
    async beforeWrite(ctx, row, mode, existing) {
      const db = ctx.db;
      if (mode === 'add') {
        const cls = await classInScope(db, ctx.principal, Number(row.class_id));
        refuseClosed(cls);
        const ct = await classType(db, cls.class_type_id);
        row.school_id = cls.school_id;
        row.class_type_id = cls.class_type_id;
        row.hours = ct.hours_per_lesson;
        row.state = 1;
        // Its place among the class's lessons; renumber() moves the later ones up after the insert.
        const before = await countOf(
          db
            .selectFrom('edu_class_schedule')
            .select('id')
            .where('class_id', '=', cls.id)
            .where((eb) => eb.or([eb('lesson_date', '<', String(row.lesson_date)), eb.and([eb('lesson_date', '=', String(row.lesson_date)), eb('start_time', '<=', String(row.start_time))])])),
        );
        row.lesson_no = before + 1;
        if (row.teacher_id === undefined || row.teacher_id === null) row.teacher_id = cls.head_teacher_id;
        if (row.classroom_id === undefined || row.classroom_id === null) row.classroom_id = cls.classroom_id;
      } else if (existing && row.class_id !== undefined && Number(row.class_id) !== Number(existing.class_id)) {
        throw new ApiError(400, '不能修改课次所属的班级');
      }
      const merged = { ...existing, ...row } as Record<string, unknown>;
      if (String(merged.end_time) <= String(merged.start_time)) throw new ApiError(400, '结束时间必须晚于开始时间');
      if (existing && merged.lesson_date !== existing.lesson_date) await refuseAttended(db, [existing as unknown as ScheduleRowDb], '修改上课日期');
      await assertTeacher(db, ctx.principal, merged.teacher_id as number | null);
      await assertClassroom(db, ctx.principal, merged.classroom_id as number | null, Number(merged.school_id));
      await assertNoClash(db, [
        {
          id: existing?.id,
          class_id: Number(merged.class_id),
          lesson_date: String(merged.lesson_date),
          start_time: String(merged.start_time),
          end_time: String(merged.end_time),
          teacher_id: (merged.teacher_id as number | null) ?? null,
          classroom_id: (merged.classroom_id as number | null) ?? null,
        },
      ]);
    },
    async afterWrite(ctx, row: Row, mode) {
      const lesson = { id: row.id, lesson_date: String(row.lesson_date) };
      if (mode === 'add') {
        await addEnrolledStudents(ctx.db, ctx.principal, { id: Number(row.class_id), school_id: Number(row.school_id) }, [lesson]);
      } else {
        await syncLessonDate(ctx.db, ctx.principal, row.id, lesson.lesson_date);
      }
      await renumber(ctx.db, Number(row.class_id));
    },
    async beforeDelete(ctx, ids) {
      const rows = await schedulesInScope(ctx.db, ctx.principal, ids);
      await refuseAttended(ctx.db, rows, '删除');
      await ctx.db.deleteFrom('edu_class_schedule_student').where('schedule_id', 'in', ids).execute();
      await ctx.db.deleteFrom('edu_check_in').where('schedule_id', 'in', ids).where('state', '=', 0).execute();
      for (const classId of new Set(rows.map((r) => r.class_id))) await renumber(ctx.db, classId, ids);
    },
  });

  mountCall(app, arrangeCall, ({ c, body }) => arrange(c.var.db, c.var.principal, body));
  mountCall(app, reArrangeCall, ({ c, body }) => reArrange(c.var.db, c.var.principal, body));
  mountCall(app, exchangeCall, ({ c, body }) => exchange(c.var.db, c.var.principal, body.ids));
  mountCall(app, deleteScheduleCall, ({ c, body }) => deleteSchedule(c.var.db, c.var.principal, body));
  mountCall(app, updateBatchCall, ({ c, body }) => updateBatch(c.var.db, c.var.principal, body));
  mountCall(app, replaceTeacherCall, ({ c, body }) => replaceTeacher(c.var.db, c.var.principal, body));
  mountCall(app, reviseCall, ({ c, body }) => revise(c.var.db, c.var.principal, body));
  mountCall(app, osPageCall, ({ c, query }) => osPage(c, query));
  // exports: the timetable's rows through the shared export flow (__export__ is implied).
  mountCall(app, scheduleExportsCall, ({ c, query: f }) => {
    const params = { ...queryObject(c), __export__: 'true' };
    const rows = timetableQuery(c.var.db, c.var.principal, f).orderBy('s.lesson_date').orderBy('s.start_time');
    return runListExport({ c, title: '课表', params, fetchRows: async (limit) => (await rows.limit(limit).execute()) as Record<string, unknown>[] });
  });
}
