import { ApiError } from '../../lib/http';
import { clashMessage, findClashes, type Booking, type TeacherAbsence } from './arrange';
import { chunk, type Db, userNames } from './common';

/**
 * Refuses double bookings: loads the stored lessons that share a date with the candidates and a
 * teacher, classroom or class with them (across all campuses: a teacher cannot be in two
 * campuses at once either), plus the teachers' valid leave, and throws 409 naming the first clash.
 */
export async function assertNoClash(db: Db, candidates: readonly Booking[]): Promise<void> {
  if (candidates.length === 0) return;
  const dates = candidates.map((c) => c.lesson_date).sort();
  const from = dates[0];
  const to = dates[dates.length - 1];
  const teachers = [...new Set(candidates.map((c) => c.teacher_id).filter((x): x is number => x !== null))];
  const rooms = [...new Set(candidates.map((c) => c.classroom_id).filter((x): x is number => x !== null))];
  const classes = [...new Set(candidates.map((c) => c.class_id))];
  const existing: Booking[] = [];
  const load = async (column: 'teacher_id' | 'classroom_id' | 'class_id', ids: number[]): Promise<void> => {
    for (const part of chunk(ids, 500)) {
      const rows = await db
        .selectFrom('edu_class_schedule')
        .select(['id', 'class_id', 'lesson_date', 'start_time', 'end_time', 'teacher_id', 'classroom_id'])
        .where(column, 'in', part)
        .where('lesson_date', '>=', from)
        .where('lesson_date', '<=', to)
        .execute();
      existing.push(...rows);
    }
  };
  await load('teacher_id', teachers);
  await load('classroom_id', rooms);
  await load('class_id', classes);
  const seen = new Set<number>();
  const unique = existing.filter((b) => (seen.has(b.id as number) ? false : (seen.add(b.id as number), true)));
  let absences: TeacherAbsence[] = [];
  if (teachers.length > 0) {
    absences = [];
    for (const part of chunk(teachers, 500)) {
      absences.push(
        ...(await db
          .selectFrom('edu_tea_leave_management')
          .select(['teacher_id', 'start_time', 'end_time'])
          .where('teacher_id', 'in', part)
          .where('state', '=', 1)
          .where('start_time', '<=', `${to} 23:59:59`)
          .where('end_time', '>=', `${from} 00:00:00`)
          .execute()),
      );
    }
  }
  const clashes = findClashes(candidates, unique, absences);
  if (clashes.length === 0) return;
  const clash = clashes[0];
  const classIds = [clash.candidate.class_id, clash.other?.class_id].filter((x): x is number => x !== undefined);
  const [teacherNames, roomRows, classRows] = await Promise.all([
    userNames(db, [clash.candidate.teacher_id]),
    clash.candidate.classroom_id === null
      ? Promise.resolve([])
      : db.selectFrom('base_otm_classroom').select(['id', 'name']).where('id', '=', clash.candidate.classroom_id).execute(),
    db.selectFrom('base_class_manage').select(['id', 'name']).where('id', 'in', classIds).execute(),
  ]);
  const classNames = new Map(classRows.map((r) => [r.id, r.name]));
  const roomNames = new Map(roomRows.map((r) => [r.id, r.name]));
  const message = clashMessage(clash, {
    teacher: (id) => teacherNames.get(id) ?? `#${id}`,
    classroom: (id) => roomNames.get(id) ?? `#${id}`,
    className: (id) => classNames.get(id) ?? `#${id}`,
  });
  throw new ApiError(409, message);
}
