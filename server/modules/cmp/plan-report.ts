import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { listOrder } from '../../lib/list-order';
import { addDays, todayText } from '../../lib/time';
import { planReportPageCall, type PlanReportRow } from '../../../src/contract/cmp';
import { campusFigures, progressOf, zeroFigures } from './figures';

/** The last day of a month `YYYY-MM`. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

const SORTS = { plan_month: 'p.plan_month', school_name: 's.name' } as const;

/**
 * 计划报表: each 校区经营计划 (cmp_plan) of the caller's campuses against the campus's figures of
 * that month up to today (a month to come has none yet): revenue collected, new signs, renewals
 * and attendance with their attainment. Figures are read live, not snapshotted.
 */
export function registerPlanReport(app: Hono<AppEnv>): void {
  mountCall(app, planReportPageCall, async ({ db, query, whereInScope }) => {
    const order = listOrder(query.sort, SORTS, [
      ['p.plan_month', 'desc'],
      ['s.order_num', 'asc'],
      ['p.id', 'asc'],
    ]);
    let base = db.selectFrom('cmp_plan as p').innerJoin('organisations as s', 's.id', 'p.school_id');
    base = whereInScope(base, 'p.school_id');
    if (query.school_id) base = base.where('p.school_id', '=', query.school_id);
    if (query.plan_month_start) base = base.where('p.plan_month', '>=', query.plan_month_start);
    if (query.plan_month_end) base = base.where('p.plan_month', '<=', query.plan_month_end);
    const total = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    let q = base.select(['p.id', 'p.school_id', 's.name as school_name', 'p.plan_month', 'p.target_revenue', 'p.target_new_students', 'p.target_renewals', 'p.target_attendance_rate']);
    for (const [ref, dir] of order) q = q.orderBy(sql.ref(ref), dir);
    const rows = await q.limit(query.rows).offset((query.page - 1) * query.rows).execute();
    const today = todayText();
    const content: PlanReportRow[] = [];
    for (const r of rows) {
      const month = String(r.plan_month);
      const schoolId = Number(r.school_id);
      const from = `${month}-01`;
      const to = monthEnd(month) < today ? monthEnd(month) : today;
      const figures = from > to ? zeroFigures() : ((await campusFigures(db, from, to, [schoolId], false)).get(schoolId) ?? zeroFigures());
      const plan = { target_revenue: Number(r.target_revenue), target_new_students: Number(r.target_new_students), target_renewals: Number(r.target_renewals), target_attendance_rate: Number(r.target_attendance_rate) };
      content.push({ id: Number(r.id), school_id: schoolId, school_name: String(r.school_name), plan_month: month, ...progressOf(month, figures, [plan]) });
    }
    return { content, totalSize: Number(total?.n ?? 0) };
  });
}
