import { sql, type Kysely } from 'kysely';
import type { ReportRow } from '../../../src/contract/reports';
import { foreignReport, foreignReportCall, FOREIGN_REPORT_GROUPS } from '../../../src/contract/reports-foreign';
import type { Database } from '../../db/schema';
import type { ReportContext, ReportSource } from './source';
import { covOf, groupOf, keepTotals, keptTotals, sumFigures, type Cov } from './grouped';
import { inSchools } from './scope';
import { ratio } from './table';

type Db = Kysely<Database>;
type Num = number | string | null;

/**
 * 外教报表 from the teaching area's records (teacher_ft 外教档案, teacher_cam 外教考勤, teacher_fas
 * 外教月度考核, teacher_oa 听课评估; src/contract/resources/teaching-records.ts) and the timetable's
 * held lessons (edu_class_schedule, state 2 已上课). A foreign teacher is one with a 外教档案 (在职 or
 * 试用) at the campus, or with attendance or an assessment there in the period. Averages are kept
 * as sums and counts so a campus row and the totals weigh every record alike.
 */

interface Acc {
  lessons: number;
  lesson_hours: number;
  cam_days: number;
  cam_present: number;
  cam_late: number;
  cam_absent: number;
  cam_leave: number;
  cam_hours: number;
  fas_sum: number;
  fas_n: number;
  oa_sum: number;
  oa_n: number;
}

const SUMS = ['lessons', 'lesson_hours', 'cam_days', 'cam_present', 'cam_late', 'cam_absent', 'cam_leave', 'cam_hours', 'fas_sum', 'fas_n', 'oa_sum', 'oa_n', 'teacher_count'] as const;
const zero = (): Acc => ({ lessons: 0, lesson_hours: 0, cam_days: 0, cam_present: 0, cam_late: 0, cam_absent: 0, cam_leave: 0, cam_hours: 0, fas_sum: 0, fas_n: 0, oa_sum: 0, oa_n: 0 });

/** Rates and averages of summed figures: attendance = (出勤 + 迟到早退) / days; averages in tenths of a point. */
function finish(row: ReportRow): ReportRow {
  const n = (k: string) => Number(row[k] ?? 0);
  const { fas_sum: _fs, fas_n: _fn, oa_sum: _os, oa_n: _on, ...rest } = row;
  return {
    ...rest,
    attendance_rate: ratio(n('cam_present') + n('cam_late'), n('cam_days')),
    fas_score: n('fas_n') > 0 ? Math.round((n('fas_sum') * 10) / n('fas_n')) : null,
    oa_count: n('oa_n'),
    oa_score: n('oa_n') > 0 ? Math.round((n('oa_sum') * 10) / n('oa_n')) : null,
  };
}

async function foreignReportRows(db: Db, cov: Cov, group: string): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const inS = (col: string) => inSchools(col, cov.schools);
  const fromMonth = cov.from.slice(0, 7);
  const toMonth = cov.to.slice(0, 7);
  const [ft, cam, fas, oa] = await Promise.all([
    sql<{ school_id: number; teacher_id: number; english_name: string | null }>`
      select school_id, teacher_id, min(english_name) as english_name from teacher_ft where ${inS('school_id')} and state in (1, 2) group by school_id, teacher_id`.execute(db),
    sql<{ school_id: number; teacher_id: number; days: Num; present: Num; late: Num; absent: Num; leave: Num; hours: Num }>`
      select school_id, teacher_id, count(*) as days, sum(case when state = 1 then 1 else 0 end) as present, sum(case when state in (2, 3) then 1 else 0 end) as late,
        sum(case when state = 4 then 1 else 0 end) as absent, sum(case when state = 5 then 1 else 0 end) as leave, sum(lesson_hours) as hours
      from teacher_cam where ${inS('school_id')} and work_date >= ${cov.from} and work_date <= ${cov.to} group by school_id, teacher_id`.execute(db),
    sql<{ school_id: number; teacher_id: number; total: Num; n: Num }>`
      select school_id, teacher_id, sum(total_score) as total, count(*) as n from teacher_fas
      where ${inS('school_id')} and assess_month >= ${fromMonth} and assess_month <= ${toMonth} group by school_id, teacher_id`.execute(db),
    sql<{ school_id: number; teacher_id: number; total: Num; n: Num }>`
      select school_id, teacher_id, sum(total_score) as total, count(*) as n from teacher_oa
      where ${inS('school_id')} and observe_date >= ${cov.from} and observe_date <= ${cov.to} group by school_id, teacher_id`.execute(db),
  ]);
  const teachers = new Map<string, { school_id: number; teacher_id: number; english_name: string; acc: Acc }>();
  const key = (s: number, t: number) => `s${s}u${t}`;
  const enlist = (s: number, t: number, english = '') => {
    const k = key(Number(s), Number(t));
    if (!teachers.has(k)) teachers.set(k, { school_id: Number(s), teacher_id: Number(t), english_name: english, acc: zero() });
    return teachers.get(k)!;
  };
  for (const r of ft.rows) enlist(r.school_id, r.teacher_id, r.english_name ?? '');
  for (const r of cam.rows) {
    const a = enlist(r.school_id, r.teacher_id).acc;
    a.cam_days += Number(r.days ?? 0);
    a.cam_present += Number(r.present ?? 0);
    a.cam_late += Number(r.late ?? 0);
    a.cam_absent += Number(r.absent ?? 0);
    a.cam_leave += Number(r.leave ?? 0);
    a.cam_hours += Number(r.hours ?? 0);
  }
  for (const r of fas.rows) {
    const a = enlist(r.school_id, r.teacher_id).acc;
    a.fas_sum += Number(r.total ?? 0);
    a.fas_n += Number(r.n ?? 0);
  }
  // observations of other (Chinese) teachers belong to no foreign teacher here
  for (const r of oa.rows) {
    const t = teachers.get(key(Number(r.school_id), Number(r.teacher_id)));
    if (!t) continue;
    t.acc.oa_sum += Number(r.total ?? 0);
    t.acc.oa_n += Number(r.n ?? 0);
  }
  const ids = [...new Set([...teachers.values()].map((t) => t.teacher_id))];
  if (ids.length > 0) {
    const lessons = await sql<{ school_id: number; teacher_id: number; n: Num; hours: Num }>`
      select school_id, teacher_id, count(*) as n, sum(hours) as hours from edu_class_schedule
      where ${inS('school_id')} and state = 2 and lesson_date >= ${cov.from} and lesson_date <= ${cov.to} and teacher_id in (${sql.join(ids.map((id) => sql`${id}`))})
      group by school_id, teacher_id`.execute(db);
    for (const r of lessons.rows) {
      const t = teachers.get(key(Number(r.school_id), Number(r.teacher_id)));
      if (!t) continue;
      t.acc.lessons += Number(r.n ?? 0);
      t.acc.lesson_hours += Math.round(Number(r.hours ?? 0) * 100);
    }
  }
  const names = new Map<number, string>();
  if (ids.length > 0) for (const u of await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()) names.set(Number(u.id), u.name);
  const school = (id: number) => cov.schoolNames.get(id) ?? `校区${id}`;
  const perTeacher: ReportRow[] = [...teachers.values()].map((t) => ({
    key: key(t.school_id, t.teacher_id),
    name: names.get(t.teacher_id) ?? `外教${t.teacher_id}`,
    english_name: t.english_name,
    school_name: school(t.school_id),
    school_id: t.school_id,
    teacher_count: 1,
    ...t.acc,
  }));
  const totals = finish(sumFigures(perTeacher, SUMS));
  if (group === 'teacher') return { rows: perTeacher.map(finish), totals };
  const bySchool = new Map<number, ReportRow[]>();
  for (const r of perTeacher) bySchool.set(Number(r.school_id), [...(bySchool.get(Number(r.school_id)) ?? []), r]);
  return { rows: [...bySchool.entries()].map(([id, rows]) => finish({ key: `s${id}`, name: school(id), ...sumFigures(rows, SUMS) })), totals };
}

export const foreignSource: ReportSource = {
  def: foreignReport,
  call: foreignReportCall,
  async rows(ctx: ReportContext) {
    const { rows, totals } = await foreignReportRows(ctx.db, covOf(ctx), groupOf(ctx, FOREIGN_REPORT_GROUPS.map((g) => g.value)));
    keepTotals(ctx, totals);
    return rows;
  },
  totalsOf: keptTotals,
};
