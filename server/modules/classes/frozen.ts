import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import type { FrozenSpan } from '../students';
import { chunk, stamps, type Db } from './common';
import { textOf, type LazyText } from '../../lib/lazy-text';

/**
 * The students area's freeze rule on lessons (issue 12): a student frozen on a lesson's date is not
 * put on it (arranging, joining a class) and takes no mark on it. The freezes are read through the
 * students area's public module; the students area calls dropFrozenLessons / restoreLessons below
 * when a freeze starts, is rolled back or ends early.
 */

// loaded when first used: a static import would close a cycle (classes → students → workflow → orders → classes).
// Once: under tsx every import() goes through the loader's worker (about 0.5 ms per call, on every check-in).
let studentsArea: Promise<typeof import('../students')> | undefined;

async function frozenSpans(db: Db, studentIds: readonly number[], from: string, to: string): Promise<Map<number, FrozenSpan[]>> {
  studentsArea ??= import('../students');
  return (await studentsArea).frozenSpans(db, studentIds, from, to);
}

export function frozenOn(spans: readonly FrozenSpan[] | undefined, date: string): FrozenSpan | undefined {
  return spans?.find((f) => f.start_date <= date && f.end_date >= date);
}

/** The freezes of the given students that meet the dates, by student. */
export async function freezesOf(db: Db, studentIds: readonly number[], dates: readonly string[]): Promise<Map<number, FrozenSpan[]>> {
  if (studentIds.length === 0 || dates.length === 0) return new Map();
  const sorted = [...dates].sort();
  return frozenSpans(db, studentIds, sorted[0], sorted[sorted.length - 1]);
}

/** 409 when the student is frozen on the date: a mark, a makeup or an added place on that lesson is refused. */
export async function assertNotFrozen(db: Db, studentId: number, studentName: LazyText, date: string, what: string): Promise<void> {
  const f = frozenOn((await frozenSpans(db, [studentId], date, date)).get(studentId), date);
  if (f) throw new ApiError(409, `学员 ${await textOf(studentName)} 在 ${f.start_date} 至 ${f.end_date} 冻结中，${date} 的课不能${what}`);
}

/**
 * A freeze starts: the student comes off the class lessons (not makeups) from `from` to `to` that
 * carry no valid check-in. Answers how many places were freed.
 */
export async function dropFrozenLessons(db: Db, studentId: number, from: string, to: string): Promise<number> {
  const rows = await db
    .selectFrom('edu_class_schedule_student as ss')
    .leftJoin('edu_check_in as k', (j) => j.onRef('k.schedule_id', '=', 'ss.schedule_id').onRef('k.student_id', '=', 'ss.student_id').on('k.state', '=', 1))
    .select('ss.id')
    .where('ss.student_id', '=', studentId)
    .where('ss.lesson_date', '>=', from)
    .where('ss.lesson_date', '<=', to)
    .where('ss.is_makeup', '=', 0)
    .where('k.id', 'is', null)
    .execute();
  for (const part of chunk(rows.map((r) => r.id), 500)) await db.deleteFrom('edu_class_schedule_student').where('id', 'in', part).execute();
  return rows.length;
}

/**
 * A freeze is rolled back or ends early: the student goes back on the lessons from `from` to `to`
 * of the classes they are still in (from their join date on), as arranging would have put them.
 */
export async function restoreLessons(db: Db, by: Pick<Principal, 'userId'> | null, studentId: number, from: string, to: string): Promise<number> {
  if (to < from) return 0;
  const enrolments = await db.selectFrom('stu_class').select(['class_id', 'join_date', 'school_id']).where('student_id', '=', studentId).where('state', '=', 1).execute();
  const st = stamps(by);
  let n = 0;
  for (const e of enrolments) {
    const start = e.join_date > from ? e.join_date : from;
    const lessons = await db.selectFrom('edu_class_schedule').select(['id', 'lesson_date', 'school_id']).where('class_id', '=', e.class_id).where('lesson_date', '>=', start).where('lesson_date', '<=', to).execute();
    for (const part of chunk(lessons, 400)) {
      const res = await db
        .insertInto('edu_class_schedule_student')
        .values(part.map((l) => ({ school_id: l.school_id, schedule_id: l.id, student_id: studentId, class_id: e.class_id, lesson_date: l.lesson_date, is_makeup: 0, remark: null, ...st })))
        .onConflict((oc) => oc.columns(['schedule_id', 'student_id']).doNothing())
        .executeTakeFirst();
      n += Number(res.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return n;
}
