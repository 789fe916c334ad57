import type { Context, Hono } from 'hono';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppEnv } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { mountCall } from '../../lib/call-routes';
import { assertSchoolInScope, whereInScope } from '../../lib/scope';
import { countOf } from '../../db/dialect';
import type { Page } from '../../../src/contract/envelope';
import { attendanceProgressCall, classDataCall, type CheckInMark, type ClassData, type ClassProgress, type ClassProgressRow } from '../../../src/contract/classes';
import { classInScope, roundHours } from './common';

type Query<C extends { query?: z.ZodType }> = z.output<NonNullable<C['query']>>;

async function progress(c: Context<AppEnv>, q: Query<typeof attendanceProgressCall>): Promise<ClassProgress | Page<ClassProgressRow>> {
  const db = c.var.db;
  if (q.class_id) {
    const cls = await classInScope(db, c.var.principal, q.class_id);
    const ct = await db.selectFrom('prod_class_type').select('lesson_count').where('id', '=', cls.class_type_id).executeTakeFirst();
    const total = await countOf(db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', cls.id));
    const done = await countOf(db.selectFrom('edu_class_schedule').select('id').where('class_id', '=', cls.id).where('state', '=', 2));
    const students = await db
      .selectFrom('stu_class as e')
      .innerJoin('student as st', 'st.id', 'e.student_id')
      .leftJoin('student_class_type as b', (j) => j.onRef('b.student_id', '=', 'e.student_id').onRef('b.class_type_id', '=', 'e.class_type_id'))
      .select(['e.student_id', 'st.name', 'b.remaining_hours'])
      .where('e.class_id', '=', cls.id)
      .where('e.state', '=', 1)
      .orderBy('st.name')
      .execute();
    const marks = await db
      .selectFrom('edu_check_in')
      .select(['student_id', 'mark', sql<number>`count(*)`.as('n')])
      .where('class_id', '=', cls.id)
      .where('state', '=', 1)
      .groupBy(['student_id', 'mark'])
      .execute();
    const count = (studentId: number, mark: CheckInMark): number => Number(marks.find((m) => m.student_id === studentId && m.mark === mark)?.n ?? 0);
    const out: ClassProgress = {
      class_id: cls.id,
      class_name: cls.name,
      sessions_total: total,
      sessions_done: done,
      lesson_count: Number(ct?.lesson_count ?? 0),
      students: students.map((s) => ({
        student_id: s.student_id,
        name: s.name,
        attended: count(s.student_id, 'present') + count(s.student_id, 'late'),
        late: count(s.student_id, 'late'),
        leave: count(s.student_id, 'leave'),
        absent: count(s.student_id, 'absent'),
        remaining_hours: roundHours(Number(s.remaining_hours ?? 0)),
      })),
    };
    return out;
  }
  if (q.school_id) assertSchoolInScope(c.var.principal, q.school_id);
  let base = whereInScope(db.selectFrom('base_class_manage as c').where('c.del_flag', '=', 0), 'c.school_id', c.var.principal);
  if (q.school_id) base = base.where('c.school_id', '=', q.school_id);
  const totalSize = await countOf(base.select('c.id'));
  const rows = await base
    .select([
      'c.id as class_id',
      'c.name as class_name',
      'c.school_id',
      sql<number>`(select count(*) from edu_class_schedule s where s.class_id = c.id)`.as('sessions_total'),
      sql<number>`(select count(*) from edu_class_schedule s where s.class_id = c.id and s.state = 2)`.as('sessions_done'),
      sql<number>`(select count(*) from stu_class e where e.class_id = c.id and e.state = 1)`.as('students'),
    ])
    .orderBy('c.id', 'desc')
    .limit(q.rows)
    .offset((q.page - 1) * q.rows)
    .execute();
  const content: ClassProgressRow[] = rows.map((r) => ({ ...r, sessions_total: Number(r.sessions_total), sessions_done: Number(r.sessions_done), students: Number(r.students) }));
  return { content, totalSize };
}

async function classData(c: Context<AppEnv>, q: Query<typeof classDataCall>): Promise<ClassData> {
  if (q.date_end < q.date_start) throw new ApiError(400, '结束日期不能早于开始日期');
  if (q.school_id) assertSchoolInScope(c.var.principal, q.school_id);
  const db = c.var.db;
  const p = c.var.principal;
  let classes = whereInScope(db.selectFrom('base_class_manage').where('del_flag', '=', 0), 'school_id', p);
  let enrol = whereInScope(db.selectFrom('stu_class').where('state', '=', 1), 'school_id', p);
  let lessons = whereInScope(db.selectFrom('edu_class_schedule').where('lesson_date', '>=', q.date_start).where('lesson_date', '<=', q.date_end), 'school_id', p);
  let marks = whereInScope(db.selectFrom('edu_check_in').where('state', '=', 1).where('lesson_date', '>=', q.date_start).where('lesson_date', '<=', q.date_end), 'school_id', p);
  if (q.school_id) {
    classes = classes.where('school_id', '=', q.school_id);
    enrol = enrol.where('school_id', '=', q.school_id);
    lessons = lessons.where('school_id', '=', q.school_id);
    marks = marks.where('school_id', '=', q.school_id);
  }
  const markRows = await marks.select(['mark', sql<number>`count(*)`.as('n')]).groupBy('mark').execute();
  const byMark: Record<CheckInMark, number> = { present: 0, late: 0, leave: 0, absent: 0 };
  for (const m of markRows) byMark[m.mark] = Number(m.n);
  const all = byMark.present + byMark.late + byMark.leave + byMark.absent;
  const out: ClassData = {
    classes: await countOf(classes.select('id')),
    active_classes: await countOf(classes.select('id').where('state', '=', 2)),
    students: Number((await enrol.select(sql<number>`count(distinct student_id)`.as('n')).executeTakeFirst())?.n ?? 0),
    sessions: await countOf(lessons.select('id')),
    sessions_done: await countOf(lessons.select('id').where('state', '=', 2)),
    check_ins: byMark,
    attendance_rate: all === 0 ? null : Math.round(((byMark.present + byMark.late) / all) * 10000) / 10000,
  };
  return out;
}

export function registerProgress(app: Hono<AppEnv>): void {
  mountCall(app, attendanceProgressCall, ({ c, query }) => progress(c, query));
  mountCall(app, classDataCall, ({ c, query }) => classData(c, query));
}
