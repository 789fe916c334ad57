import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { attainment, type CampusFigures, type CampusSection, type PlanProgress } from '../../../src/contract/cmp';
import { attendanceByCampus, CHECK_IN_REF, consumingCheckIns, emptyAttendance } from '../classes';
import { consumedValue, signFiguresByCampus } from '../orders';
import { leadFiguresByCampus } from '../marketing';
import { receiptGroups } from '../finance';

/**
 * The figures of the daily and plan reports, gathered from the areas that keep them (leads and
 * trials: marketing; orders and refunds: orders; receipts: finance; attendance and hours: classes,
 * their money: the orders' ledger), through their public modules. Money in fen, hours in
 * hundredths, rates in hundredths of a percent.
 */

type Db = Kysely<Database>;
/** attended / check-ins in hundredths of a percent; null without check-ins. */
export function rateOf(attended: number, checkIns: number): number | null {
  return checkIns === 0 ? null : Math.round((attended * 10000) / checkIns);
}

/** The sum of several campuses' figures (the rate recomputed from the sums). */
export function sumFigures(list: readonly CampusFigures[]): CampusFigures {
  const t = zeroFigures();
  for (const f of list) {
    for (const k of SUMMED) t[k] += f[k];
  }
  t.attendance_rate = rateOf(t.attended, t.check_ins);
  return t;
}

const SUMMED = ['new_leads', 'visits', 'trials', 'orders', 'order_amount', 'new_signs', 'renewals', 'collected', 'refunds', 'refund_amount', 'lessons', 'check_ins', 'attended', 'leaves', 'absents', 'consumed_hours', 'consumed_value'] as const;

export function zeroFigures(): CampusFigures {
  return {
    new_leads: 0,
    visits: 0,
    trials: 0,
    orders: 0,
    order_amount: 0,
    new_signs: 0,
    renewals: 0,
    collected: 0,
    refunds: 0,
    refund_amount: 0,
    lessons: 0,
    check_ins: 0,
    attended: 0,
    leaves: 0,
    absents: 0,
    attendance_rate: null,
    consumed_hours: 0,
    consumed_value: 0,
  };
}

/**
 * Each campus's figures over the days from..to (inclusive). The value of the hours consumed is
 * read per day and campus from the ledger (`withValue`: the daily reports; the month figures need no value).
 */
export async function campusFigures(db: Db, from: string, to: string, schools: readonly number[], withValue: boolean): Promise<Map<number, CampusFigures>> {
  // one after another: inside the job's transaction they share one connection
  const leads = await leadFiguresByCampus(db, from, to, schools);
  const signs = await signFiguresByCampus(db, from, to, schools);
  const receipts = await receiptGroups(db, from, to, schools);
  const attendance = await attendanceByCampus(db, from, to, schools);
  const out = new Map<number, CampusFigures>();
  for (const id of schools) {
    const f = zeroFigures();
    Object.assign(f, leads.get(id) ?? {}, signs.get(id) ?? {});
    const a = attendance.get(id) ?? emptyAttendance();
    Object.assign(f, { lessons: a.lessons, check_ins: a.check_ins, attended: a.attended, leaves: a.leaves, absents: a.absents, consumed_hours: a.hours });
    f.attendance_rate = rateOf(a.attended, a.check_ins);
    f.collected = receipts.filter((g) => g.school_id === id && g.kind === 1).reduce((n, g) => n + g.amount, 0);
    if (withValue && from === to) f.consumed_value = await consumedValue(db, CHECK_IN_REF, await consumingCheckIns(db, from, id));
    out.set(id, f);
  }
  return out;
}

export interface PlanTargets {
  target_revenue: number;
  target_new_students: number;
  target_renewals: number;
  target_attendance_rate: number;
}

/** The 校区经营计划 (cmp_plan, teaching area) of campuses for a month `YYYY-MM`. */
export async function plansOf(db: Db, month: string, schools: readonly number[]): Promise<Map<number, PlanTargets>> {
  if (schools.length === 0) return new Map();
  const rows = await db
    .selectFrom('cmp_plan')
    .select(['school_id', 'target_revenue', 'target_new_students', 'target_renewals', 'target_attendance_rate'])
    .where('plan_month', '=', month)
    .where('school_id', 'in', [...schools])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.school_id),
      { target_revenue: Number(r.target_revenue), target_new_students: Number(r.target_new_students), target_renewals: Number(r.target_renewals), target_attendance_rate: Number(r.target_attendance_rate) },
    ]),
  );
}

/** Month figures against the plans of the campuses (summed; the attendance target averaged). */
export function progressOf(month: string, figures: CampusFigures, plans: readonly PlanTargets[]): PlanProgress {
  const has = plans.length > 0;
  const sum = (k: keyof PlanTargets): number | null => (has ? plans.reduce((n, p) => n + p[k], 0) : null);
  const targetRevenue = sum('target_revenue');
  const targetNew = sum('target_new_students');
  const targetRenewals = sum('target_renewals');
  const attendanceTarget = has ? Math.round(plans.reduce((n, p) => n + p.target_attendance_rate, 0) / plans.length) : null;
  return {
    month,
    has_plan: has,
    collected: figures.collected,
    target_revenue: targetRevenue,
    revenue_rate: attainment(figures.collected, targetRevenue),
    new_signs: figures.new_signs,
    target_new_students: targetNew,
    new_rate: attainment(figures.new_signs, targetNew),
    renewals: figures.renewals,
    target_renewals: targetRenewals,
    renewal_rate: attainment(figures.renewals, targetRenewals),
    attendance_rate: figures.attendance_rate,
    target_attendance_rate: attendanceTarget,
  };
}

export interface Campus {
  id: number;
  name: string;
  city_id: number | null;
  city_name: string | null;
}

/** The campuses (organisations of kind school, not deleted) with their city (the parent of kind city). */
export async function campusesOf(db: Db, ids?: readonly number[]): Promise<Campus[]> {
  if (ids && ids.length === 0) return [];
  let q = db
    .selectFrom('organisations as s')
    .leftJoin('organisations as c', (j) => j.onRef('c.id', '=', 's.parent_id').on('c.kind', '=', 'city'))
    .select(['s.id', 's.name', 'c.id as city_id', 'c.name as city_name'])
    .where('s.kind', '=', 'school')
    .where('s.del_flag', '=', 0)
    .orderBy('s.order_num')
    .orderBy('s.id');
  if (ids) q = q.where('s.id', 'in', [...ids]);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, city_id: r.city_id ?? null, city_name: r.city_name ?? null }));
}

/** Each campus's section of a report of `day`: the day's figures and the month so far against the plan. */
export async function campusSections(db: Db, day: string, campuses: readonly Campus[]): Promise<CampusSection[]> {
  const ids = campuses.map((c) => c.id);
  const month = day.slice(0, 7);
  const dayFigures = await campusFigures(db, day, day, ids, true);
  const monthFigures = await campusFigures(db, `${month}-01`, day, ids, false);
  const plans = await plansOf(db, month, ids);
  return campuses.map((c) => {
    const plan = plans.get(c.id);
    return {
      school_id: c.id,
      school_name: c.name,
      day: dayFigures.get(c.id) ?? zeroFigures(),
      month: progressOf(month, monthFigures.get(c.id) ?? zeroFigures(), plan ? [plan] : []),
    };
  });
}
