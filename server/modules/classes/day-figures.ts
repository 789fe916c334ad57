import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { CONSUMING_MARKS } from '../../../src/contract/classes';
import './schema';

/**
 * Attendance figures of campuses over business days (inclusive `YYYY-MM-DD`), for the daily
 * reports (server/modules/cmp): only valid check-ins (state 1) count; hours in hundredths.
 */
export interface AttendanceFigures {
  /** lessons with at least one valid check-in */
  lessons: number;
  check_ins: number;
  /** present or late */
  attended: number;
  leaves: number;
  absents: number;
  /** hours consumed, hundredths */
  hours: number;
}

export const emptyAttendance = (): AttendanceFigures => ({ lessons: 0, check_ins: 0, attended: 0, leaves: 0, absents: 0, hours: 0 });

const inList = (column: string, ids: readonly number[]): RawBuilder<unknown> =>
  ids.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} in (${sql.join(ids.map((id) => sql`${id}`))})`;

const consuming = sql.join(CONSUMING_MARKS.map((m) => sql`${m}`));

/** Per campus of `schools`: the valid check-ins of lessons dated from..to. */
export async function attendanceByCampus(db: Kysely<Database>, from: string, to: string, schools: readonly number[]): Promise<Map<number, AttendanceFigures>> {
  const rows = await sql<{ school_id: number; lessons: number | string; n: number | string; attended: number | string | null; leaves: number | string | null; absents: number | string | null; hours: number | string | null }>`
    select school_id, count(distinct schedule_id) as lessons, count(*) as n,
      sum(case when mark in (${consuming}) then 1 else 0 end) as attended,
      sum(case when mark = 'leave' then 1 else 0 end) as leaves,
      sum(case when mark = 'absent' then 1 else 0 end) as absents,
      sum(hours) as hours
    from edu_check_in
    where ${inList('school_id', schools)} and state = 1 and lesson_date >= ${from} and lesson_date <= ${to}
    group by school_id`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      Number(r.school_id),
      { lessons: Number(r.lessons), check_ins: Number(r.n), attended: Number(r.attended ?? 0), leaves: Number(r.leaves ?? 0), absents: Number(r.absents ?? 0), hours: Number(r.hours ?? 0) },
    ]),
  );
}

/** Ids of the valid check-ins that consumed hours at a campus on a day (their money is in the orders' ledger). */
export async function consumingCheckIns(db: Kysely<Database>, day: string, schoolId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('edu_check_in')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('lesson_date', '=', day)
    .where('state', '=', 1)
    .where('mark', 'in', [...CONSUMING_MARKS])
    .where('hours', '>', 0)
    .execute();
  return rows.map((r) => r.id);
}

/** A student of a class customer-service's classes whose hours of the class type run low. */
export interface LowHoursStudent {
  student_id: number;
  student_name: string;
  class_name: string;
  /** hundredths */
  remaining_hours: number;
}

/** What a class customer-service (班级客服, `kf_id` of a class) looks after at one campus on one day. */
export interface KfDayFigures {
  staff_id: number;
  staff_name: string;
  school_id: number;
  classes: number;
  /** students enrolled (在读) in those classes */
  students: number;
  check_ins: number;
  attended: number;
  leaves: number;
  absents: number;
  /** leave requests of the day (not withdrawn) */
  leave_requests: number;
  /** students at or below LOW_HOURS_LIMIT hours of their class type: renewals due */
  low_hours: LowHoursStudent[];
}

/** At or below this (hundredths: 10 课时) a student's renewal is due. */
export const LOW_HOURS_LIMIT = 1000;

/** Every class customer-service of the campuses `schools` with their classes' figures of `day`. */
export async function kfDayFigures(db: Kysely<Database>, day: string, schools: readonly number[]): Promise<KfDayFigures[]> {
  if (schools.length === 0) return [];
  const classes = await db
    .selectFrom('base_class_manage as c')
    .innerJoin('users as u', 'u.id', 'c.kf_id')
    .select(['c.id', 'c.name', 'c.school_id', 'c.kf_id', 'c.class_type_id', 'u.name as staff_name'])
    .where('c.del_flag', '=', 0)
    .where('c.kf_id', 'is not', null)
    .where('c.school_id', 'in', [...schools])
    .orderBy('c.id')
    .execute();
  const byKey = new Map<string, KfDayFigures>();
  for (const c of classes) {
    const staffId = Number(c.kf_id);
    const key = `${staffId}:${c.school_id}`;
    let f = byKey.get(key);
    if (!f) byKey.set(key, (f = { staff_id: staffId, staff_name: c.staff_name, school_id: c.school_id, classes: 0, students: 0, check_ins: 0, attended: 0, leaves: 0, absents: 0, leave_requests: 0, low_hours: [] }));
    f.classes++;
    const enrolled = await db
      .selectFrom('stu_class as e')
      .innerJoin('student as s', 's.id', 'e.student_id')
      .leftJoin('student_class_type as b', (j) => j.onRef('b.student_id', '=', 'e.student_id').onRef('b.class_type_id', '=', 'e.class_type_id'))
      .select(['e.student_id', 's.name', 'b.remaining_hours'])
      .where('e.class_id', '=', c.id)
      .where('e.state', '=', 1)
      .orderBy('e.student_id')
      .execute();
    f.students += enrolled.length;
    for (const e of enrolled) {
      const left = Number(e.remaining_hours ?? 0);
      if (left <= LOW_HOURS_LIMIT) f.low_hours.push({ student_id: e.student_id, student_name: e.name, class_name: c.name, remaining_hours: left });
    }
    const marks = await db.selectFrom('edu_check_in').select(['mark']).where('class_id', '=', c.id).where('lesson_date', '=', day).where('state', '=', 1).execute();
    for (const m of marks) {
      f.check_ins++;
      if ((CONSUMING_MARKS as readonly string[]).includes(m.mark)) f.attended++;
      else if (m.mark === 'leave') f.leaves++;
      else f.absents++;
    }
    const leaves = await db.selectFrom('edu_stu_leave').select((eb) => eb.fn.countAll<number>().as('n')).where('class_id', '=', c.id).where('lesson_date', '=', day).where('state', '<>', 0).executeTakeFirst();
    f.leave_requests += Number(leaves?.n ?? 0);
  }
  return [...byKey.values()];
}
