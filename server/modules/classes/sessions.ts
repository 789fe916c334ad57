import type { Principal } from '../../lib/context';
import type { PlannedSession } from './arrange';
import { chunk, stamps, type ClassRow, type Db } from './common';
import { freezesOf, frozenOn } from './frozen';

/** Lessons of a class get numbers 1..n in date and time order (skipping lessons about to go). */
export async function renumber(db: Db, classId: number, excludeIds: readonly number[] = []): Promise<void> {
  const rows = await db
    .selectFrom('edu_class_schedule')
    .select(['id', 'lesson_no'])
    .where('class_id', '=', classId)
    .orderBy('lesson_date')
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  const skip = new Set(excludeIds);
  let n = 0;
  for (const r of rows) {
    if (skip.has(r.id)) continue;
    n++;
    if (r.lesson_no !== n) await db.updateTable('edu_class_schedule').set({ lesson_no: n }).where('id', '=', r.id).execute();
  }
}

/** Puts the class's enrolled students (joined on or before the lesson date, not frozen on it) on new lessons. */
export async function addEnrolledStudents(db: Db, principal: Principal | null, cls: Pick<ClassRow, 'id' | 'school_id'>, lessons: readonly { id: number; lesson_date: string }[]): Promise<void> {
  if (lessons.length === 0) return;
  const enrolled = await db.selectFrom('stu_class').select(['student_id', 'join_date']).where('class_id', '=', cls.id).where('state', '=', 1).execute();
  if (enrolled.length === 0) return;
  const frozen = await freezesOf(db, enrolled.map((e) => e.student_id), lessons.map((l) => l.lesson_date));
  const st = stamps(principal);
  const rows = lessons.flatMap((l) =>
    enrolled
      .filter((e) => e.join_date <= l.lesson_date && !frozenOn(frozen.get(e.student_id), l.lesson_date))
      .map((e) => ({ school_id: cls.school_id, schedule_id: l.id, student_id: e.student_id, class_id: cls.id, lesson_date: l.lesson_date, is_makeup: 0, remark: null, ...st })),
  );
  for (const part of chunk(rows, 400)) {
    await db
      .insertInto('edu_class_schedule_student')
      .values(part)
      .onConflict((oc) => oc.columns(['schedule_id', 'student_id']).doNothing())
      .execute();
  }
}

export interface NewLessonsInput {
  cls: ClassRow;
  hours: number;
  teacherId: number | null;
  classroomId: number | null;
  planned: readonly PlannedSession[];
}

/** Inserts lessons in bulk and answers their ids in the order given. */
export async function insertLessons(db: Db, principal: Principal | null, input: NewLessonsInput): Promise<{ id: number; lesson_date: string }[]> {
  const st = stamps(principal);
  const out: { id: number; lesson_date: string }[] = [];
  for (const part of chunk(input.planned, 300)) {
    const rows = await db
      .insertInto('edu_class_schedule')
      .values(
        part.map((p) => ({
          school_id: input.cls.school_id,
          class_id: input.cls.id,
          class_type_id: input.cls.class_type_id,
          lesson_date: p.lesson_date,
          start_time: p.start_time,
          end_time: p.end_time,
          teacher_id: input.teacherId,
          classroom_id: input.classroomId,
          lesson_no: null,
          hours: input.hours,
          state: 1,
          check_in_deadline: null,
          remark: null,
          ...st,
        })),
      )
      .returning(['id', 'lesson_date'])
      .execute();
    out.push(...rows);
  }
  return out;
}

/** Keeps the denormalised lesson date of a lesson's students in step after a move. */
export async function syncLessonDate(db: Db, principal: Principal | null, scheduleId: number, lessonDate: string): Promise<void> {
  await db.updateTable('edu_class_schedule_student').set({ lesson_date: lessonDate }).where('schedule_id', '=', scheduleId).execute();
  // The freeze rule holds on the new date as it does when arranging (issue 12): the class's students
  // frozen then come off the lesson (a moved lesson has no valid check-in: the move was refused
  // otherwise), and those it freed on the old date who are not frozen on the new one come back on.
  // Makeups stay: each was placed by hand against a leave record, and its check-in is refused.
  const lesson = await db.selectFrom('edu_class_schedule').select(['id', 'class_id', 'school_id', 'lesson_date']).where('id', '=', scheduleId).executeTakeFirstOrThrow();
  const onRoster = await db.selectFrom('edu_class_schedule_student').select(['id', 'student_id']).where('schedule_id', '=', scheduleId).where('is_makeup', '=', 0).execute();
  const frozen = await freezesOf(db, onRoster.map((r) => r.student_id), [lessonDate]);
  const off = onRoster.filter((r) => frozenOn(frozen.get(r.student_id), lessonDate)).map((r) => r.id);
  for (const part of chunk(off, 500)) await db.deleteFrom('edu_class_schedule_student').where('id', 'in', part).execute();
  await addEnrolledStudents(db, principal, { id: lesson.class_id, school_id: lesson.school_id }, [{ id: lesson.id, lesson_date: lessonDate }]);
}

/** Ids (of the given) that already have a valid check-in. */
export async function attendedIds(db: Db, scheduleIds: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunk([...scheduleIds], 500)) {
    const rows = await db.selectFrom('edu_check_in').select('schedule_id').distinct().where('schedule_id', 'in', part).where('state', '=', 1).execute();
    for (const r of rows) out.add(r.schedule_id);
  }
  return out;
}
