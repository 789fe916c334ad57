import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { whereInScope } from '../../lib/scope';

export interface LessonItem {
  id: number;
  lesson_date: string;
  start_time: string;
  end_time: string;
  class_name: string | null;
  school_name: string | null;
  teacher_id: number | null;
}

/**
 * Lessons of the timetable between two dates for the home calendar: those the caller teaches, or
 * (`teacherOnly` false) every lesson of the caller's campuses. Earliest first, at most `limit`.
 */
export async function lessonsBetween(db: Kysely<Database>, p: Principal, from: string, to: string, teacherOnly: boolean, limit = 1500): Promise<LessonItem[]> {
  let qb = db
    .selectFrom('edu_class_schedule as l')
    .leftJoin('base_class_manage as c', 'c.id', 'l.class_id')
    .leftJoin('organisations as o', 'o.id', 'l.school_id')
    .select(['l.id', 'l.lesson_date', 'l.start_time', 'l.end_time', 'c.name as class_name', 'o.name as school_name', 'l.teacher_id'])
    .where('l.lesson_date', '>=', from)
    .where('l.lesson_date', '<=', to);
  qb = teacherOnly ? qb.where('l.teacher_id', '=', p.userId) : whereInScope(qb, 'l.school_id', p);
  return qb.orderBy('l.lesson_date').orderBy('l.start_time').orderBy('l.id').limit(limit).execute();
}

/** Whether the caller teaches any lesson between the dates (a teacher's calendar shows only their own). */
export async function teachesBetween(db: Kysely<Database>, userId: number, from: string, to: string): Promise<boolean> {
  const row = await db.selectFrom('edu_class_schedule').select('id').where('teacher_id', '=', userId).where('lesson_date', '>=', from).where('lesson_date', '<=', to).limit(1).executeTakeFirst();
  return row !== undefined;
}
