import { sql, type SqlBool } from 'kysely';
import { SERVER_VIEWS, type ServerView } from '../../../src/contract/student-views';
import { AGE_GROUPS } from '../../../src/lib/format/age';
import { ApiError } from '../../lib/http';
import type { AnySelect, ResourceCtx } from '../../lib/resource-routes';
import { todayText } from '../../lib/time';
import { shiftDays, shiftYears } from './dates';

/**
 * What student/page understands besides its declared filters: the views of the inventory that a
 * column filter cannot say (`view=`), an age group (`age_group=611..615`, from the birth date and
 * today) and a tag (`tag_id=`). Without them the page is the declared one (and its compiled plan).
 */
const EXTRA = ['view', 'age_group', 'tag_id'] as const;

export function isViewQuery(params: Record<string, string>): boolean {
  return EXTRA.some((k) => params[k] !== undefined && params[k] !== '');
}

/** Birth-date bounds of an age group on `today`: ages a..b years means born in (today-b-1y, today-a y]. */
function ageGroupBounds(code: number, today: string): { from?: string; to?: string } {
  const ranges: Record<number, [number, number | undefined]> = { 611: [0, 2], 612: [3, 4], 613: [5, 6], 614: [7, 9], 615: [10, undefined] };
  const [min, max] = ranges[code];
  return { to: shiftYears(today, -min), from: max === undefined ? undefined : shiftDays(shiftYears(today, -(max + 1)), 1) };
}

const ref = (c: string) => sql.ref(c);

function exists(table: string, extra: ReturnType<typeof sql<SqlBool>>): ReturnType<typeof sql<SqlBool>> {
  return sql<SqlBool>`exists (select 1 from ${sql.table(table)} x where x.student_id = ${ref('student.id')} and ${extra})`;
}

const ALWAYS = sql<SqlBool>`1 = 1`;

function viewWhere(view: ServerView, today: string): ReturnType<typeof sql<SqlBool>> {
  switch (view) {
    case 'old':
      return sql<SqlBool>`${ref('student.state')} in (1, 3) and ${ref('student.created_at')} <= ${`${shiftYears(today, -1)} 23:59:59`}`;
    case 'stay_open':
      return sql<SqlBool>`${ref('student.state')} = 1 and not ${exists('stu_class', sql<SqlBool>`x.state = 1`)}`;
    case 'unusual':
      return sql<SqlBool>`${ref('student.state')} = 1 and coalesce(${ref('student.is_exempt')}, 0) = 0 and not ${exists('edu_check_in', sql<SqlBool>`x.lesson_date >= ${shiftDays(today, -30)} and x.mark in ('present', 'late')`)}`;
    case 'material':
      return exists('stu_class_type_textbook', ALWAYS);
    case 'run_non_course':
      return sql<SqlBool>`${ref('student.state')} = 1 and not ${exists('student_class_type', sql<SqlBool>`x.remaining_hours > 0`)}`;
    case 'attract':
      return exists('student_attract_traffic', ALWAYS);
    case 'transfer':
      return exists('ct_transfer', ALWAYS);
  }
}

/**
 * For another area's list of records hanging on a student (学员赠品 of 老学员): whether the
 * student named by `studentIdColumn` is in the view today. Same rule as the student screen's view.
 */
export function studentInView(view: ServerView, studentIdColumn: string): ReturnType<typeof sql<SqlBool>> {
  return sql<SqlBool>`exists (select 1 from student where ${ref('student.id')} = ${ref(studentIdColumn)} and ${ref('student.del_flag')} = 0 and ${viewWhere(view, todayText())})`;
}

export function studentViewFilter(qb: AnySelect, params: Record<string, string>, _ctx: ResourceCtx): AnySelect {
  const today = todayText();
  let out = qb;
  const view = params.view;
  if (view) {
    if (!(SERVER_VIEWS as readonly string[]).includes(view)) throw new ApiError(400, '视图参数不正确');
    out = out.where(viewWhere(view as ServerView, today));
  }
  if (params.age_group) {
    const code = Number(params.age_group);
    if (!AGE_GROUPS.some((g) => g.code === code)) throw new ApiError(400, '年龄段的取值不在可选范围内');
    const { from, to } = ageGroupBounds(code, today);
    if (to) out = out.where(ref('student.birthday'), '<=', to);
    if (from) out = out.where(ref('student.birthday'), '>=', from);
  }
  if (params.tag_id) {
    const tag = Number(params.tag_id);
    if (!Number.isSafeInteger(tag) || tag <= 0) throw new ApiError(400, '标签必须是数字');
    out = out.where(sql<SqlBool>`exists (select 1 from sys_user_tag t where t.stu_id = ${ref('student.id')} and t.tag_id = ${tag})`);
  }
  return out;
}
