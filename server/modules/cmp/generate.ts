import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { REPORT_KIND, type ReportContent, type TaFigures } from '../../../src/contract/cmp';
import { kfDayFigures, type KfDayFigures } from '../classes';
import { campusesOf, campusSections, progressOf, plansOf, rateOf, sumFigures, campusFigures, type Campus } from './figures';
import './schema';

/**
 * Making the reports of a generation rule for one day: one report per subject (each city, each
 * campus, or each 学管 at each campus), its figures snapshotted into `content`. A report already
 * made for the rule, day and subject is left as it is (the unique key backs the job's lease).
 */

type Db = Kysely<Database>;
export interface GenRule {
  id: number;
  name: string;
  report_kind: number;
  generate_time: string;
  include_weekend: number;
  state: number;
  created_at: string | null;
}

export async function enabledRules(db: Db): Promise<GenRule[]> {
  const rows = await db.selectFrom('cmp_gen_rule').select(['id', 'name', 'report_kind', 'generate_time', 'include_weekend', 'state', 'created_at']).where('state', '=', 1).orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    report_kind: Number(r.report_kind),
    generate_time: String(r.generate_time),
    include_weekend: Number(r.include_weekend),
    state: Number(r.state),
    created_at: (r.created_at as string | null) ?? null,
  }));
}

interface Made {
  subject_key: string;
  city_id: number | null;
  school_id: number | null;
  staff_id: number | null;
  content: ReportContent;
}

function taFigures(k: KfDayFigures): TaFigures {
  return {
    classes: k.classes,
    students: k.students,
    check_ins: k.check_ins,
    attended: k.attended,
    leaves: k.leaves,
    absents: k.absents,
    attendance_rate: rateOf(k.attended, k.check_ins),
    leave_requests: k.leave_requests,
    low_hours_count: k.low_hours.length,
    low_hours: k.low_hours,
  };
}

async function cityReports(db: Db, day: string, campuses: readonly Campus[]): Promise<Made[]> {
  const byCity = new Map<number, Campus[]>();
  for (const c of campuses) if (c.city_id !== null) byCity.set(c.city_id, [...(byCity.get(c.city_id) ?? []), c]);
  const out: Made[] = [];
  const month = day.slice(0, 7);
  for (const [cityId, list] of byCity) {
    const sections = await campusSections(db, day, list);
    const monthTotals = sumFigures([...(await campusFigures(db, `${month}-01`, day, list.map((c) => c.id), false)).values()]);
    const plans = [...(await plansOf(db, month, list.map((c) => c.id))).values()];
    out.push({
      subject_key: `city:${cityId}`,
      city_id: cityId,
      school_id: null,
      staff_id: null,
      content: { kind: 'city', city_name: list[0].city_name ?? '', total: sumFigures(sections.map((s) => s.day)), month: progressOf(month, monthTotals, plans), campuses: sections },
    });
  }
  return out;
}

async function schoolReports(db: Db, day: string, campuses: readonly Campus[]): Promise<Made[]> {
  const sections = await campusSections(db, day, campuses);
  return sections.map((s, i) => ({ subject_key: `school:${s.school_id}`, city_id: campuses[i].city_id, school_id: s.school_id, staff_id: null, content: { kind: 'school', campus: s } }));
}

async function taReports(db: Db, day: string, campuses: readonly Campus[], staffId?: number): Promise<Made[]> {
  const names = new Map(campuses.map((c) => [c.id, c]));
  const list = await kfDayFigures(db, day, campuses.map((c) => c.id));
  return list
    .filter((k) => staffId === undefined || k.staff_id === staffId)
    .map((k) => ({
      subject_key: `ta:${k.staff_id}:${k.school_id}`,
      city_id: names.get(k.school_id)?.city_id ?? null,
      school_id: k.school_id,
      staff_id: k.staff_id,
      content: { kind: 'ta', staff_name: k.staff_name, school_name: names.get(k.school_id)?.name ?? '', figures: taFigures(k) },
    }));
}

async function reportsOf(db: Db, kind: number, day: string, campuses: readonly Campus[], staffId?: number): Promise<Made[]> {
  if (kind === REPORT_KIND.city) return cityReports(db, day, campuses);
  if (kind === REPORT_KIND.school) return schoolReports(db, day, campuses);
  if (kind === REPORT_KIND.ta) return taReports(db, day, campuses, staffId);
  throw new ApiError(400, '日报类型不正确');
}

/**
 * Makes the reports of `rule` for `day` that do not exist yet (by: the user, or null for the
 * scheduled job; at: the time to record). Answers how many were made.
 */
export async function generateForRule(db: Db, rule: GenRule, day: string, by: number | null, at: string): Promise<number> {
  const campuses = await campusesOf(db);
  const made = await reportsOf(db, rule.report_kind, day, campuses);
  let n = 0;
  for (const m of made) {
    const res = await db
      .insertInto('cmp_daily_report')
      .values({ rule_id: rule.id, report_kind: rule.report_kind, report_date: day, subject_key: m.subject_key, city_id: m.city_id, school_id: m.school_id, staff_id: m.staff_id, content: JSON.stringify(m.content), generated_at: at, generated_by: by, regenerate_count: 0, regenerated_at: null, regenerated_by: null })
      .onConflict((oc) => oc.columns(['rule_id', 'report_date', 'subject_key']).doNothing())
      .executeTakeFirst();
    n += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return n;
}

/** The content of one stored report made again from the figures as they are now. */
export async function contentAgain(db: Db, row: { report_kind: number; report_date: string; subject_key: string; city_id: number | null; school_id: number | null; staff_id: number | null }): Promise<ReportContent> {
  let campuses: Campus[];
  if (row.report_kind === REPORT_KIND.city) campuses = (await campusesOf(db)).filter((c) => c.city_id === row.city_id);
  else campuses = await campusesOf(db, row.school_id === null ? [] : [row.school_id]);
  const made = (await reportsOf(db, row.report_kind, row.report_date, campuses, row.staff_id ?? undefined)).find((m) => m.subject_key === row.subject_key);
  if (made) return made.content;
  if (row.report_kind === REPORT_KIND.ta) {
    // no longer the class customer-service of any class there: a report of nothing
    return { kind: 'ta', staff_name: '', school_name: campuses[0]?.name ?? '', figures: { classes: 0, students: 0, check_ins: 0, attended: 0, leaves: 0, absents: 0, attendance_rate: null, leave_requests: 0, low_hours_count: 0, low_hours: [] } };
  }
  throw new ApiError(409, '该日报的对象已不存在，不能重新生成');
}
