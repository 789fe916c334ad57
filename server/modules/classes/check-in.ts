import type { Context, Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Principal } from '../../lib/context';
import { ApiError, notFound } from '../../lib/http';
import { maskFor } from '../../lib/mask';
import { mountCall } from '../../lib/call-routes';
import { assertSchoolInScope, inScope, whereInScope } from '../../lib/scope';
import { nowText, todayText } from '../../lib/time';
import { boundedTapText, tapTime } from '../../lib/tap-time';
import { countOf, unsampledKey } from '../../db/dialect';
import { countOfTable } from '../../lib/count-cache';
import {
  CHECK_IN_UNDO_MINUTES,
  CHECK_IN_WINDOW_DAYS,
  CONSUMING_MARKS,
  absenceListCall,
  checkInCall,
  checkInUndoCall,
  checkInDetailCall,
  checkInPageCall,
  checkInPatchCall,
  checkInPatchLogCall,
  checkInProlongCall,
  multipleUndoCall,
  todayRosterCall,
  type AbsenceRow,
  type CheckInLogRow,
  type CheckInRow,
  type checkInPatchSchema,
  type checkInUndoSchema,
  type CheckInMark,
  type RosterSession,
} from '../../../src/contract/classes';
import type { Page } from '../../../src/contract/envelope';
import { parseSort } from '../../../src/contract/paging';
import type { z } from 'zod';
import { addDays } from './arrange';
import { chunk, roundHours, scheduleInScope, schedulesInScope, stamps, touched, type Db, type ScheduleRowDb } from './common';
import { moveCheckInHours } from './hours';
import { assertRollCallOpen } from './roll-call-window';
import { assertNotFrozen } from './frozen';
import { studentCardToken } from '../../lib/student-card';
import type { CheckInTable } from './schema';
import type { Selectable } from 'kysely';

type CheckInDb = Selectable<CheckInTable>;

export function hoursOf(mark: CheckInMark, lessonHours: number): number {
  return CONSUMING_MARKS.includes(mark) ? lessonHours : 0;
}

function deadlineOf(s: ScheduleRowDb): string {
  return s.check_in_deadline ?? addDays(s.lesson_date, CHECK_IN_WINDOW_DAYS);
}

/** How far back a replayed check-in may place its tap: the days a lesson takes check-ins. */
const MAX_TAP_AGE_MS = CHECK_IN_WINDOW_DAYS * 24 * 60 * 60_000;

function normaliseTime(t: string | undefined): string {
  if (!t) return nowText();
  const s = t.replace('T', ' ');
  return s.length === 16 ? `${s}:00` : s;
}

async function log(
  db: Db,
  principal: Principal,
  row: Pick<CheckInDb, 'id' | 'school_id' | 'schedule_id' | 'student_id'>,
  entry: { action: 'add' | 'repeat' | 'patch' | 'undo'; old_mark: CheckInMark | null; new_mark: CheckInMark | null; hours_delta: number; device?: string | null; remark?: string | null },
): Promise<void> {
  await db
    .insertInto('edu_check_in_log')
    .values({
      school_id: row.school_id,
      check_in_id: row.id,
      schedule_id: row.schedule_id,
      student_id: row.student_id,
      action: entry.action,
      old_mark: entry.old_mark,
      new_mark: entry.new_mark,
      hours_delta: entry.hours_delta,
      device: entry.device ?? null,
      device_id: principal.device?.id ?? null,
      operator_id: principal.userId,
      operator_name: principal.name,
      remark: entry.remark ?? null,
      ...stamps(principal),
    })
    .execute();
}

async function studentName(db: Db, id: number): Promise<string> {
  const s = await db.selectFrom('student').select('name').where('id', '=', id).executeTakeFirst();
  return s?.name ?? `#${id}`;
}

/** studentName read when first asked, once: a check-in that succeeds names nobody (only its refusals do). */
function studentNameWhenAsked(db: Db, id: number): () => Promise<string> {
  let read: Promise<string> | undefined;
  return () => (read ??= studentName(db, id));
}

/** A lesson's states (SCHEDULE_STATES of the contract): 待上课, 已上课 (it has a valid check-in). */
const LESSON_STATE = { waiting: 1, held: 2 } as const;

/**
 * Sets a lesson's state: 已上课 when it has a valid check-in, 待上课 when it has none. A lesson
 * already in that state is not written: most check-ins of a lesson come after its first, and an
 * unchanged row would still cost the commit a page.
 */
async function setLessonHeld(db: Db, scheduleId: number, held: boolean): Promise<void> {
  const state = held ? LESSON_STATE.held : LESSON_STATE.waiting;
  await db.updateTable('edu_class_schedule').set({ state }).where('id', '=', scheduleId).where('state', '<>', state).execute();
}

/** Sets a lesson's state from its valid check-ins. */
async function refreshLessonState(db: Db, scheduleId: number): Promise<void> {
  const any = await db.selectFrom('edu_check_in').select('id').where('schedule_id', '=', scheduleId).where('state', '=', 1).limit(1).executeTakeFirst();
  await setLessonHeld(db, scheduleId, any !== undefined);
}

/** Class state 已停班 (CLASS_STATES): a stopped class takes no check-ins, also none replayed from an outbox. */
const CLASS_STOPPED = 4;

/**
 * A check-in's lesson, scoped as scheduleInScope scopes it, with its class's name and state and the
 * student's place on its list: what every check-in reads first, in one statement instead of three.
 */
async function checkInLesson(db: Db, principal: Principal, scheduleId: number, studentId: number) {
  const row = await db
    .selectFrom('edu_class_schedule as s')
    .leftJoin('base_class_manage as c', 'c.id', 's.class_id')
    .leftJoin('edu_class_schedule_student as ss', (j) => j.onRef('ss.schedule_id', '=', 's.id').on('ss.student_id', '=', unsampledKey(studentId)))
    .selectAll('s')
    .select(['c.name as class_name', 'c.state as class_state', 'ss.id as place_id'])
    .where('s.id', '=', scheduleId)
    .executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw notFound();
  return row;
}

/** A recorded check-in, with the student's hours left when recording it posted hours (read again otherwise). */
export interface RecordedCheckIn {
  row: CheckInDb;
  remainingHours: number | undefined;
}

/**
 * One check-in per (lesson, student). The first mark creates it and takes the lesson's hours when
 * the mark consumes; a later mark updates it and moves the hours by the difference; the same mark
 * again changes nothing. A mark older (checked_at) than the stored one — an offline tablet
 * replaying late — does not overwrite a newer mark. Every arrival is logged.
 */
export async function recordCheckIn(
  db: Db,
  principal: Principal,
  body: { schedule_id: number; student_id: number; mark: CheckInMark; device?: string; checked_at?: string },
  opts: { allowFuture?: boolean; tappedAt?: string } = {},
): Promise<RecordedCheckIn> {
  const lesson = await checkInLesson(db, principal, body.schedule_id, body.student_id);
  if (lesson.class_state === CLASS_STOPPED) throw new ApiError(409, `班级「${lesson.class_name}」已停班，不能签到`);
  const onList = lesson.place_id !== null;
  const name = studentNameWhenAsked(db, body.student_id);
  if (!onList) {
    const exists = await db.selectFrom('student').select('school_id').where('id', '=', body.student_id).executeTakeFirst();
    if (!exists || !inScope(principal, exists.school_id)) throw notFound();
  }
  // a frozen student's lessons are not consumed: no mark on a frozen date, also none replayed from an
  // outbox (the approval took the student off the roster: the freeze is the reason the user sees)
  await assertNotFrozen(db, body.student_id, name, lesson.lesson_date, '签到');
  if (!onList) throw new ApiError(409, `学员 ${await name()} 不在本次课的上课名单中`);
  // the tap time of a replay, bounded to the past week (a later claim counts as now)
  const tappedAt = opts.tappedAt ?? boundedTapText(body.checked_at, MAX_TAP_AGE_MS);
  if (!opts.allowFuture) assertRollCallOpen(lesson, tappedAt);
  const today = todayText();
  const deadline = deadlineOf(lesson);
  if (today > deadline) throw new ApiError(409, `签到已截止（截止日期 ${deadline}），请先延长签到期限`);
  // a device clock ahead of the server's does not stamp a mark in the future (undo counts from it)
  const claimedAt = normaliseTime(body.checked_at);
  const checkedAt = claimedAt > nowText() ? nowText() : claimedAt;
  const lessonHours = Number(lesson.hours);
  const wanted = hoursOf(body.mark, lessonHours);

  // the insert comes first (most check-ins are a lesson's first mark for the student); an existing
  // check-in, an earlier mark or another device's just now, makes it change nothing and is read after
  const inserted = await db
    .insertInto('edu_check_in')
    .values({
      school_id: lesson.school_id,
      schedule_id: lesson.id,
      student_id: body.student_id,
      class_id: lesson.class_id,
      class_type_id: lesson.class_type_id,
      lesson_date: lesson.lesson_date,
      start_time: lesson.start_time,
      mark: body.mark,
      hours: wanted,
      device: body.device ?? principal.device?.name ?? null,
      device_id: principal.device?.id ?? null,
      operator_id: principal.userId,
      checked_at: checkedAt,
      state: 1,
      undo_group_id: null,
      ...stamps(principal),
    })
    .onConflict((oc) => oc.columns(['schedule_id', 'student_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    // the consumption names the check-in, so a later change or undo reverses exactly it
    const remainingHours = await moveCheckInHours(db, principal, inserted, 0, wanted, name, '签到');
    await log(db, principal, inserted, { action: 'add', old_mark: null, new_mark: body.mark, hours_delta: -wanted, device: body.device });
    // no read needed: the lesson has this valid check-in now (and the row read above says whether it was marked held already)
    if (lesson.state !== LESSON_STATE.held) await setLessonHeld(db, lesson.id, true);
    return { row: inserted, remainingHours };
  }
  const existing = await db.selectFrom('edu_check_in').selectAll().where('schedule_id', '=', lesson.id).where('student_id', '=', body.student_id).executeTakeFirstOrThrow();

  if (existing.state === 1 && (existing.mark === body.mark || checkedAt < existing.checked_at)) {
    await log(db, principal, existing, {
      action: 'repeat',
      old_mark: existing.mark,
      new_mark: body.mark,
      hours_delta: 0,
      device: body.device,
      remark: existing.mark === body.mark ? '重复签到' : `较早的标记（${checkedAt}），未覆盖 ${existing.checked_at} 的标记`,
    });
    return { row: existing, remainingHours: undefined };
  }
  const held = existing.state === 1 ? Number(existing.hours) : 0;
  const delta = roundHours(held - wanted);
  const remainingHours = await moveCheckInHours(db, principal, existing, held, wanted, name, `考勤改为${body.mark}`);
  const updated = await db
    .updateTable('edu_check_in')
    .set({
      mark: body.mark,
      hours: wanted,
      device: body.device ?? principal.device?.name ?? existing.device,
      device_id: principal.device?.id ?? null,
      operator_id: principal.userId,
      checked_at: checkedAt,
      state: 1,
      undo_group_id: null,
      ...touched(principal),
    })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await log(db, principal, updated, { action: existing.state === 1 ? 'patch' : 'add', old_mark: existing.state === 1 ? existing.mark : null, new_mark: body.mark, hours_delta: delta, device: body.device });
  await refreshLessonState(db, lesson.id);
  return { row: updated, remainingHours };
}

async function checkInInScope(db: Db, principal: Principal, id: number): Promise<CheckInDb> {
  const row = await db.selectFrom('edu_check_in').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw notFound();
  return row;
}

async function patchMark(db: Db, principal: Principal, body: z.infer<typeof checkInPatchSchema>): Promise<CheckInDb> {
  const row = await checkInInScope(db, principal, body.id);
  if (row.state !== 1) throw new ApiError(409, '该签到记录已撤销，不能修改');
  if (row.mark === body.mark) return row;
  // a leave registered ahead is the one mark a lesson may have before roll call opens
  if (body.mark !== 'leave') assertRollCallOpen(row);
  if (hoursOf(body.mark, 1) > 0) await assertNotFrozen(db, row.student_id, await studentName(db, row.student_id), row.lesson_date, '记为消耗课时的考勤');
  const lesson = await db.selectFrom('edu_class_schedule').select(['hours']).where('id', '=', row.schedule_id).executeTakeFirst();
  const lessonHours = lesson ? Number(lesson.hours) : Number(row.hours);
  const wanted = hoursOf(body.mark, lessonHours);
  const delta = roundHours(Number(row.hours) - wanted);
  await moveCheckInHours(db, principal, row, Number(row.hours), wanted, await studentName(db, row.student_id), body.remark || `考勤改为${body.mark}`);
  const updated = await db
    .updateTable('edu_check_in')
    .set({ mark: body.mark, hours: wanted, ...touched(principal) })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await log(db, principal, updated, { action: 'patch', old_mark: row.mark, new_mark: body.mark, hours_delta: delta, remark: body.remark ?? null });
  return updated;
}

/** Undoes check-ins: the hours they took go back, the rows stay (state 0) and the log says who. */
export async function undoCheckIns(db: Db, principal: Principal, ids: readonly number[], groupId: number | null, reason: string | undefined): Promise<{ count: number; hours_restored: number }> {
  const rows: CheckInDb[] = [];
  for (const part of chunk([...new Set(ids)], 500)) rows.push(...(await db.selectFrom('edu_check_in').selectAll().where('id', 'in', part).execute()));
  if (rows.length !== new Set(ids).size || rows.some((r) => !inScope(principal, r.school_id))) throw notFound();
  let restored = 0;
  let count = 0;
  for (const r of rows) {
    if (r.state !== 1) continue;
    const hours = Number(r.hours);
    await moveCheckInHours(db, principal, r, hours, 0, await studentName(db, r.student_id), reason || '撤销签到');
    await db.updateTable('edu_check_in').set({ state: 0, hours: 0, undo_group_id: groupId, ...touched(principal) }).where('id', '=', r.id).execute();
    await log(db, principal, r, { action: 'undo', old_mark: r.mark, new_mark: null, hours_delta: hours, remark: reason ?? null });
    restored += hours;
    count++;
  }
  for (const scheduleId of new Set(rows.map((r) => r.schedule_id))) await refreshLessonState(db, scheduleId);
  return { count, hours_restored: roundHours(restored) };
}

/** Milliseconds between two 'YYYY-MM-DD HH:mm:ss' texts of the same zone. */
function msBetween(from: string, to: string): number {
  return Date.parse(`${to.replace(' ', 'T')}Z`) - Date.parse(`${from.replace(' ', 'T')}Z`);
}

/**
 * The front desk takes back a mis-tap: its own check-in (the last to mark it was this user) made at
 * most CHECK_IN_UNDO_MINUTES before the undo was tapped. Older marks, or another user's, are changed
 * in 考勤记录 by someone with the undo or patch grant. Undoing what is not (or no longer) checked in
 * changes nothing, so a replayed undo is harmless.
 */
async function undoOwnCheckIn(db: Db, principal: Principal, body: z.infer<typeof checkInUndoSchema>): Promise<{ count: number; hours_restored: number }> {
  await scheduleInScope(db, principal, body.schedule_id);
  const row = await db.selectFrom('edu_check_in').selectAll().where('schedule_id', '=', body.schedule_id).where('student_id', '=', body.student_id).executeTakeFirst();
  if (!row || row.state !== 1) return { count: 0, hours_restored: 0 };
  if ((row.updated_by ?? row.created_by) !== principal.userId) throw new ApiError(409, '只能撤销自己刚才的签到，请联系教务在考勤记录中修改');
  const now = nowText();
  // A tap time from the future (a wrong device clock) counts as now.
  const at = body.undone_at ? normaliseTime(body.undone_at) : now;
  const undoneAt = at > now ? now : at;
  if (msBetween(row.checked_at, undoneAt) > CHECK_IN_UNDO_MINUTES * 60_000) {
    throw new ApiError(409, `签到已超过${CHECK_IN_UNDO_MINUTES}分钟，不能在前台撤销，请联系教务在考勤记录中修改`);
  }
  return undoCheckIns(db, principal, [row.id], null, '前台撤销误签');
}

// ---------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------

const CHECK_IN_SORTS = new Set(['id', 'lesson_date', 'checked_at', 'student_id', 'class_id', 'mark', 'start_time']);

/** Check-in rows with names; `principal` limits them to the caller's campuses (leave it out for ids already scoped). */
function checkInSelect(db: Db, principal?: Principal) {
  const q = db
    .selectFrom('edu_check_in as k')
    .innerJoin('student as st', 'st.id', 'k.student_id')
    .innerJoin('base_class_manage as c', 'c.id', 'k.class_id')
    .leftJoin('edu_class_schedule as s', 's.id', 'k.schedule_id')
    .leftJoin('users as t', 't.id', 's.teacher_id')
    .select([
      'k.id',
      'k.school_id',
      'k.schedule_id',
      'k.student_id',
      'st.name as student_name',
      'k.class_id',
      'c.name as class_name',
      'k.class_type_id',
      'k.lesson_date',
      'k.start_time',
      's.end_time',
      't.name as teacher_name',
      'k.mark',
      'k.hours',
      'k.device',
      'k.checked_at',
      'k.created_by as checked_by',
      'k.state',
      'k.undo_group_id',
    ]);
  return principal ? whereInScope(q, 'k.school_id', principal) : q;
}

type Query<C extends { query?: z.ZodType }> = z.output<NonNullable<C['query']>>;

async function checkInPage(c: Context<AppEnv>, q: Query<typeof checkInPageCall>): Promise<Page<CheckInRow>> {
  const f = q;
  const paging = q;
  const sort = parseSort(paging.sort ?? 'lesson_date desc');
  if (sort && !CHECK_IN_SORTS.has(sort.prop)) throw new ApiError(400, `不支持按 ${sort.prop} 排序`);
  // Filters go on the check-in table alone so counting needs no join, and the count is kept while
  // the check-in table is unchanged.
  let base = whereInScope(c.var.db.selectFrom('edu_check_in as k'), 'k.school_id', c.var.principal);
  if (f.school_id) base = base.where('k.school_id', '=', f.school_id);
  if (f.class_id) base = base.where('k.class_id', '=', f.class_id);
  if (f.student_id) base = base.where('k.student_id', '=', f.student_id);
  if (f.schedule_id) base = base.where('k.schedule_id', '=', f.schedule_id);
  if (f.mark) base = base.where('k.mark', 'in', f.mark.split(',') as CheckInMark[]);
  if (f.lesson_date_start) base = base.where('k.lesson_date', '>=', f.lesson_date_start);
  if (f.lesson_date_end) base = base.where('k.lesson_date', '<=', f.lesson_date_end);
  if (f.state !== undefined) base = base.where('k.state', '=', f.state);
  const totalSize = await countOfTable(c.var.db, 'edu_check_in', base.select('k.id'));
  const dir = sort?.desc ? 'desc' : 'asc';
  const ids = await base
    .select('k.id')
    .orderBy(sql.ref(`k.${sort?.prop ?? 'lesson_date'}`), dir)
    .orderBy('k.id', dir)
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows)
    .execute();
  const idList = ids.map((r) => r.id);
  // The ids are already scoped; filtering on the school again would steer the planner off the primary key.
  const rows = idList.length === 0 ? [] : await checkInSelect(c.var.db).where('k.id', 'in', idList).execute();
  const byId = new Map(rows.map((r) => [r.id, { ...r, hours: Number(r.hours) }]));
  return { content: idList.map((id) => byId.get(id)).filter((r) => r !== undefined), totalSize };
}

async function patchLog(c: Context<AppEnv>, q: Query<typeof checkInPatchLogCall>): Promise<Page<CheckInLogRow>> {
  const paging = q;
  if (!q.check_in_id && !q.schedule_id && !q.student_id) throw new ApiError(400, '请指定签到记录、课次或学员');
  if (q.check_in_id) await checkInInScope(c.var.db, c.var.principal, q.check_in_id);
  let base = whereInScope(c.var.db.selectFrom('edu_check_in_log as l'), 'l.school_id', c.var.principal);
  if (q.check_in_id) base = base.where('l.check_in_id', '=', q.check_in_id);
  if (q.schedule_id) base = base.where('l.schedule_id', '=', q.schedule_id);
  if (q.student_id) base = base.where('l.student_id', '=', q.student_id);
  const totalSize = await countOf(base.select('l.id'));
  const content = await base
    .selectAll('l')
    .orderBy('l.id', 'desc')
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows)
    .execute();
  return { content: content.map((r) => ({ ...r, hours_delta: Number(r.hours_delta) })), totalSize };
}

async function todayRoster(c: Context<AppEnv>, q: Query<typeof todayRosterCall>): Promise<RosterSession[]> {
  assertSchoolInScope(c.var.principal, q.school_id);
  const date = q.date ?? todayText();
  const db = c.var.db;
  const lessons = await db
    .selectFrom('edu_class_schedule as s')
    .innerJoin('base_class_manage as c', 'c.id', 's.class_id')
    .leftJoin('users as t', 't.id', 's.teacher_id')
    .leftJoin('base_otm_classroom as r', 'r.id', 's.classroom_id')
    .select(['s.id', 's.class_id', 'c.name as class_name', 's.lesson_date', 's.start_time', 's.end_time', 't.name as teacher_name', 'r.name as classroom_name', 's.hours', 's.class_type_id'])
    .where('s.school_id', '=', q.school_id)
    .where('s.lesson_date', '=', date)
    .orderBy('s.start_time')
    .orderBy('s.id')
    .execute();
  const ids = lessons.map((l) => l.id);
  const students =
    ids.length === 0
      ? []
      : await db
          .selectFrom('edu_class_schedule_student as ss')
          .innerJoin('student as st', 'st.id', 'ss.student_id')
          .innerJoin('edu_class_schedule as s', 's.id', 'ss.schedule_id')
          .leftJoin('edu_check_in as k', (j) => j.onRef('k.schedule_id', '=', 'ss.schedule_id').onRef('k.student_id', '=', 'ss.student_id').on('k.state', '=', 1))
          .leftJoin('student_class_type as b', (j) => j.onRef('b.student_id', '=', 'ss.student_id').onRef('b.class_type_id', '=', 's.class_type_id'))
          .select(['ss.schedule_id', 'ss.student_id', 'st.name', 'st.parent_name', 'st.parent_phone', 'ss.is_makeup', 'k.mark', 'k.id as check_in_id', 'b.remaining_hours'])
          .where('ss.schedule_id', 'in', ids)
          .orderBy('st.name')
          .execute();
  const bySession = new Map<number, RosterSession['students']>();
  for (const s of students) {
    const list = bySession.get(s.schedule_id) ?? [];
    list.push({
      student_id: s.student_id,
      name: s.name,
      parent_name: s.parent_name,
      parent_phone: maskFor(c.var.principal, 'phone', s.parent_phone),
      is_makeup: s.is_makeup === 1,
      mark: (s.mark as CheckInMark | null) ?? null,
      check_in_id: s.check_in_id ?? null,
      remaining_hours: roundHours(Number(s.remaining_hours ?? 0)),
      card: await studentCardToken(db, s.student_id),
    });
    bySession.set(s.schedule_id, list);
  }
  const out: RosterSession[] = lessons.map((l) => ({
    schedule_id: l.id,
    class_id: l.class_id,
    class_name: l.class_name,
    lesson_date: l.lesson_date,
    start_time: l.start_time,
    end_time: l.end_time,
    teacher_name: l.teacher_name,
    classroom_name: l.classroom_name,
    hours_per_lesson: Number(l.hours),
    students: bySession.get(l.id) ?? [],
  }));
  return out;
}

async function absenceList(c: Context<AppEnv>, q: z.output<NonNullable<typeof absenceListCall.body>>): Promise<Page<AbsenceRow>> {
  const f = q;
  const paging = q;
  const marks = (f.mark ?? 'absent,leave').split(',') as CheckInMark[];
  let base = whereInScope(c.var.db.selectFrom('edu_check_in as k'), 'k.school_id', c.var.principal).where('k.state', '=', 1).where('k.mark', 'in', marks);
  if (f.school_id) base = base.where('k.school_id', '=', f.school_id);
  if (f.class_id) base = base.where('k.class_id', '=', f.class_id);
  if (f.student_id) base = base.where('k.student_id', '=', f.student_id);
  if (f.date_start) base = base.where('k.lesson_date', '>=', f.date_start);
  if (f.date_end) base = base.where('k.lesson_date', '<=', f.date_end);
  const totalSize = await countOf(base.select('k.id'));
  const content = await base
    .innerJoin('student as st', 'st.id', 'k.student_id')
    .innerJoin('base_class_manage as c', 'c.id', 'k.class_id')
    .leftJoin('edu_stu_leave as lv', (j) => j.onRef('lv.schedule_id', '=', 'k.schedule_id').onRef('lv.student_id', '=', 'k.student_id').on('lv.state', '!=', 0))
    .select([
      'k.id',
      'k.school_id',
      'k.schedule_id',
      'k.student_id',
      'st.name as student_name',
      'st.parent_name',
      'st.parent_phone',
      'k.class_id',
      'c.name as class_name',
      'k.class_type_id',
      'k.lesson_date',
      'k.start_time',
      'k.mark',
      'k.hours',
      'k.device',
      'k.checked_at',
      'k.state',
      'lv.id as leave_id',
      'lv.state as leave_state',
    ])
    .orderBy('k.lesson_date', 'desc')
    .orderBy('k.id', 'desc')
    .limit(paging.rows)
    .offset((paging.page - 1) * paging.rows)
    .execute();
  return { content: content.map((r) => ({ ...r, parent_phone: maskFor(c.var.principal, 'phone', r.parent_phone) })), totalSize };
}

export function registerCheckIn(app: Hono<AppEnv>): void {
  mountCall(app, checkInCall, async ({ c, body }) => {
    const { row, remainingHours } = await recordCheckIn(c.var.db, c.var.principal, body, { tappedAt: tapTime(c, body.checked_at, MAX_TAP_AGE_MS) });
    return { ...row, hours: Number(row.hours), remaining_hours: remainingHours ?? (await remaining(c.var.db, row)) };
  });
  mountCall(app, checkInUndoCall, ({ c, body }) => undoOwnCheckIn(c.var.db, c.var.principal, body));
  mountCall(app, checkInPageCall, ({ c, query }) => checkInPage(c, query));
  mountCall(app, checkInDetailCall, async ({ c, query: { id } }) => {
    await checkInInScope(c.var.db, c.var.principal, id);
    const row = await checkInSelect(c.var.db, c.var.principal).where('k.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const logs = await c.var.db.selectFrom('edu_check_in_log').selectAll().where('check_in_id', '=', id).orderBy('id').execute();
    return { ...row, hours: Number(row.hours), logs: logs.map((l) => ({ ...l, hours_delta: Number(l.hours_delta) })) };
  });
  mountCall(app, checkInPatchCall, async ({ c, body }) => {
    const row = await patchMark(c.var.db, c.var.principal, body);
    return { ...row, hours: Number(row.hours), remaining_hours: await remaining(c.var.db, row) };
  });
  mountCall(app, checkInPatchLogCall, ({ c, query }) => patchLog(c, query));
  mountCall(app, checkInProlongCall, async ({ c, body }) => {
    const rows = await schedulesInScope(c.var.db, c.var.principal, body.ids);
    const early = rows.find((r) => r.lesson_date > body.deadline);
    if (early) throw new ApiError(400, `截止日期不能早于上课日期（${early.lesson_date}）`);
    for (const part of chunk(body.ids, 500)) {
      await c.var.db.updateTable('edu_class_schedule').set({ check_in_deadline: body.deadline, ...touched(c.var.principal) }).where('id', 'in', part).execute();
    }
    return { count: rows.length, deadline: body.deadline };
  });
  mountCall(app, todayRosterCall, ({ c, query }) => todayRoster(c, query));
  mountCall(app, absenceListCall, ({ c, body }) => absenceList(c, body));
  mountCall(app, multipleUndoCall, async ({ c, body }) => {
    const db = c.var.db;
    let ids = body.ids;
    if (body.group_id) {
      const group = await db.selectFrom('edu_undo_group').selectAll().where('id', '=', body.group_id).executeTakeFirst();
      if (!group || !inScope(c.var.principal, group.school_id)) throw notFound();
      if (group.state !== 1) throw new ApiError(409, '该撤销组已执行或已中止');
      ids = ids ?? group.check_in_ids.split(',').filter((x) => x !== '').map(Number);
      await db.updateTable('edu_undo_group').set({ state: 2, ...touched(c.var.principal) }).where('id', '=', group.id).execute();
    }
    return undoCheckIns(db, c.var.principal, ids ?? [], body.group_id ?? null, body.reason);
  });
}

async function remaining(db: Db, row: Pick<CheckInDb, 'student_id' | 'class_type_id'>): Promise<number> {
  const b = await db.selectFrom('student_class_type').select('remaining_hours').where('student_id', '=', row.student_id).where('class_type_id', '=', row.class_type_id).executeTakeFirst();
  return roundHours(Number(b?.remaining_hours ?? 0));
}
