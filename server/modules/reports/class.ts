import { sql, type Kysely } from 'kysely';
import { CONSUMING_MARKS } from '../../../src/contract/classes';
import type { ReportRow } from '../../../src/contract/reports';
import { classReport, classReportCall, CLASS_REPORT_GROUPS } from '../../../src/contract/reports-class';
import type { Database } from '../../db/schema';
import type { ReportContext, ReportSource } from './source';
import { covOf, groupOf, keepTotals, keptTotals, sumFigures, type Cov } from './grouped';
import { inSchools } from './scope';
import { ratio } from './table';

type Db = Kysely<Database>;
type Num = number | string | null;

/** One class with its figures (班级报表's finest grain). */
interface ClassFigures {
  id: number;
  name: string;
  school_id: number;
  class_type_id: number;
  class_type_name: string;
  teacher_name: string | null;
  students: number;
  capacity: number;
  planned: number;
  held: number;
  attended: number;
  marked: number;
}

const FIGURES = ['class_count', 'students', 'capacity', 'planned', 'held', 'attended', 'marked'] as const;

/** The classes of the campuses: open ones (招生中, 开课中) and any with lessons in the period. */
async function classFigures(db: Db, cov: Cov): Promise<ClassFigures[]> {
  const consuming = sql.join(CONSUMING_MARKS.map((m) => sql`${m}`));
  const r = await sql<{ id: number; name: string; school_id: number; class_type_id: number; class_type_name: string | null; teacher_name: string | null; capacity: Num; students: Num; planned: Num; held: Num; attended: Num; marked: Num }>`
    select c.id, c.name, c.school_id, c.class_type_id, t.name as class_type_name, u.name as teacher_name, c.capacity,
      (select count(*) from stu_class e where e.class_id = c.id and e.state = 1) as students,
      s.planned, s.held, k.attended, k.marked
    from base_class_manage c
    left join prod_class_type t on t.id = c.class_type_id
    left join users u on u.id = c.head_teacher_id
    left join (select class_id, count(*) as planned, sum(case when state = 2 then 1 else 0 end) as held
               from edu_class_schedule where ${inSchools('school_id', cov.schools)} and lesson_date >= ${cov.from} and lesson_date <= ${cov.to}
               group by class_id) s on s.class_id = c.id
    left join (select class_id, count(*) as marked, sum(case when mark in (${consuming}) then 1 else 0 end) as attended
               from edu_check_in where ${inSchools('school_id', cov.schools)} and state = 1 and lesson_date >= ${cov.from} and lesson_date <= ${cov.to}
               group by class_id) k on k.class_id = c.id
    where ${inSchools('c.school_id', cov.schools)} and c.del_flag = 0 and (c.state in (1, 2) or s.planned > 0)`.execute(db);
  return r.rows.map((x) => ({
    id: Number(x.id),
    name: x.name,
    school_id: Number(x.school_id),
    class_type_id: Number(x.class_type_id),
    class_type_name: x.class_type_name ?? '未知班型',
    teacher_name: x.teacher_name,
    students: Number(x.students ?? 0),
    capacity: Number(x.capacity ?? 0),
    planned: Number(x.planned ?? 0),
    held: Number(x.held ?? 0),
    attended: Number(x.attended ?? 0),
    marked: Number(x.marked ?? 0),
  }));
}

function withRates(row: ReportRow): ReportRow {
  return { ...row, fill_rate: ratio(Number(row.students), Number(row.capacity)), attendance_rate: ratio(Number(row.attended), Number(row.marked)) };
}

/** 班级报表 rows of a grouping (class, campus and class type, campus) and the totals row. */
async function classReportRows(db: Db, cov: Cov, group: string): Promise<{ rows: ReportRow[]; totals: ReportRow }> {
  const classes = await classFigures(db, cov);
  const school = (id: number) => cov.schoolNames.get(id) ?? `校区${id}`;
  const asRow = (c: ClassFigures): ReportRow => ({ key: `c${c.id}`, name: c.name, school_name: school(c.school_id), class_type_name: c.class_type_name, teacher_name: c.teacher_name ?? '', class_count: 1, students: c.students, capacity: c.capacity, planned: c.planned, held: c.held, attended: c.attended, marked: c.marked });
  const all = classes.map(asRow);
  const totals = withRates(sumFigures(all, FIGURES));
  if (group === 'class') return { rows: all.map(withRates), totals };
  const groups = new Map<string, { head: ReportRow; members: ReportRow[] }>();
  classes.forEach((c, i) => {
    const key = group === 'school' ? `s${c.school_id}` : `s${c.school_id}t${c.class_type_id}`;
    const head: ReportRow = group === 'school' ? { key, name: school(c.school_id) } : { key, name: c.class_type_name, school_name: school(c.school_id) };
    const g = groups.get(key) ?? { head, members: [] };
    g.members.push(all[i]);
    groups.set(key, g);
  });
  return { rows: [...groups.values()].map((g) => withRates({ ...g.head, ...sumFigures(g.members, FIGURES) })), totals };
}

export const classSource: ReportSource = {
  def: classReport,
  call: classReportCall,
  async rows(ctx: ReportContext) {
    const { rows, totals } = await classReportRows(ctx.db, covOf(ctx), groupOf(ctx, CLASS_REPORT_GROUPS.map((g) => g.value)));
    keepTotals(ctx, totals);
    return rows;
  },
  totalsOf: keptTotals,
};
