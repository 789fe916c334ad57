import type { Hono } from 'hono';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { hasPerm } from '../../lib/principal';
import { ApiError, notFound } from '../../lib/http';
import { listOrder } from '../../lib/list-order';
import { schoolScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import {
  CMP_PERM,
  REPORT_CALLS,
  REPORT_KIND,
  regenerateReportCall,
  type CampusSection,
  type DailyReportDetail,
  type DailyReportRow,
  type ReportContent,
  type ReportKindName,
} from '../../../src/contract/cmp';
import { progressOf, sumFigures } from './figures';
import { contentAgain } from './generate';
import { registerPlanReport } from './plan-report';
import './schema';

type Db = Kysely<Database>;
/** The cities the caller reaches a campus of (undefined: all). */
async function reachableCities(db: Db, principal: Principal): Promise<number[] | undefined> {
  const scope = schoolScope(principal);
  if (scope === undefined) return undefined;
  if (scope.length === 0) return [];
  const rows = await db.selectFrom('organisations').select('parent_id').where('id', 'in', [...scope]).execute();
  return [...new Set(rows.map((r) => r.parent_id))];
}

interface Filters {
  id?: number;
  report_date_start?: string;
  report_date_end?: string;
  school_id?: number;
  staff_name?: string;
}

/** The reports of a kind the caller may see, with the names they show. */
async function reportQuery(db: Db, principal: Principal, kind: ReportKindName, f: Filters) {
  let q = db
    .selectFrom('cmp_daily_report as r')
    .leftJoin('cmp_gen_rule as g', 'g.id', 'r.rule_id')
    .leftJoin('organisations as s', 's.id', 'r.school_id')
    .leftJoin('organisations as c', 'c.id', 'r.city_id')
    .leftJoin('users as u', 'u.id', 'r.staff_id')
    .leftJoin('users as gu', 'gu.id', 'r.generated_by')
    .leftJoin('users as ru', 'ru.id', 'r.regenerated_by')
    .where('r.report_kind', '=', REPORT_KIND[kind]);
  const scope = schoolScope(principal);
  if (kind === 'city') {
    const cities = await reachableCities(db, principal);
    if (cities !== undefined) q = q.where(cities.length ? sql<SqlBool>`r.city_id in (${sql.join(cities.map((c) => sql`${c}`))})` : sql<SqlBool>`1 = 0`);
    if (f.school_id !== undefined) q = q.where(sql<SqlBool>`r.city_id = (select parent_id from organisations where id = ${f.school_id})`);
  } else {
    if (scope !== undefined) q = q.where(scope.length ? sql<SqlBool>`r.school_id in (${sql.join(scope.map((s) => sql`${s}`))})` : sql<SqlBool>`1 = 0`);
    if (f.school_id !== undefined) q = q.where('r.school_id', '=', f.school_id);
  }
  // a 学管 sees their own reports; 查看全部学管日报 every report of the campuses
  if (kind === 'ta' && !hasPerm(principal, CMP_PERM.ta_all)) q = q.where('r.staff_id', '=', principal.userId);
  if (f.id !== undefined) q = q.where('r.id', '=', f.id);
  if (f.report_date_start) q = q.where('r.report_date', '>=', f.report_date_start);
  if (f.report_date_end) q = q.where('r.report_date', '<=', f.report_date_end);
  if (f.staff_name) q = q.where('u.name', 'like', `%${f.staff_name.replace(/[%_]/g, '')}%`);
  return q;
}

const SORTS = { report_date: 'r.report_date', generated_at: 'r.generated_at', school_name: 's.name', city_name: 'c.name', staff_name: 'u.name' } as const;

type ReportRecord = Record<string, unknown>;

/** A city report seen by a user of some of its campuses: only those campuses, summed again. */
function visiblePart(content: ReportContent, principal: Principal): { content: ReportContent; partial: boolean } {
  const scope = schoolScope(principal);
  if (content.kind !== 'city' || scope === undefined) return { content, partial: false };
  const campuses = content.campuses.filter((c) => scope.includes(c.school_id));
  if (campuses.length === content.campuses.length) return { content, partial: false };
  const sumMonth = (k: 'collected' | 'new_signs' | 'renewals') => campuses.reduce((n, c: CampusSection) => n + c.month[k], 0);
  const monthFigures = { ...sumFigures([]), collected: sumMonth('collected'), new_signs: sumMonth('new_signs'), renewals: sumMonth('renewals') };
  const plans = campuses
    .filter((c) => c.month.has_plan)
    .map((c) => ({ target_revenue: c.month.target_revenue ?? 0, target_new_students: c.month.target_new_students ?? 0, target_renewals: c.month.target_renewals ?? 0, target_attendance_rate: c.month.target_attendance_rate ?? 0 }));
  return { content: { ...content, campuses, total: sumFigures(campuses.map((c) => c.day)), month: progressOf(content.month.month, monthFigures, plans) }, partial: true };
}

function toDetail(r: ReportRecord, principal: Principal): DailyReportDetail {
  const seen = visiblePart(JSON.parse(String(r.content)) as ReportContent, principal);
  const c = seen.content;
  const base: DailyReportDetail = {
    id: Number(r.id),
    rule_id: Number(r.rule_id),
    rule_name: (r.rule_name as string | null) ?? null,
    report_kind: Number(r.report_kind),
    report_date: String(r.report_date),
    city_id: r.city_id === null ? null : Number(r.city_id),
    city_name: (r.city_name as string | null) ?? null,
    school_id: r.school_id === null ? null : Number(r.school_id),
    school_name: (r.school_name as string | null) ?? null,
    staff_id: r.staff_id === null ? null : Number(r.staff_id),
    staff_name: (r.staff_name as string | null) ?? (c.kind === 'ta' ? c.staff_name : null),
    generated_at: String(r.generated_at),
    generated_by_name: r.generated_by === null ? '定时任务' : String(r.generated_by_name ?? ''),
    regenerate_count: Number(r.regenerate_count),
    regenerated_at: (r.regenerated_at as string | null) ?? null,
    regenerated_by_name: (r.regenerated_by_name as string | null) ?? null,
    content: c,
    ...(seen.partial ? { partial: true } : {}),
  };
  if (c.kind === 'ta') {
    const t = c.figures;
    return { ...base, students: t.students, attended: t.attended, leaves: t.leaves, attendance_rate: t.attendance_rate, leave_requests: t.leave_requests, low_hours_count: t.low_hours_count };
  }
  const day = c.kind === 'city' ? c.total : c.campus.day;
  const month = c.kind === 'city' ? c.month : c.campus.month;
  return {
    ...base,
    new_leads: day.new_leads,
    visits: day.visits,
    trials: day.trials,
    orders: day.orders,
    order_amount: day.order_amount,
    collected: day.collected,
    refund_amount: day.refund_amount,
    lessons: day.lessons,
    attendance_rate: day.attendance_rate,
    consumed_hours: day.consumed_hours,
    consumed_value: day.consumed_value,
    revenue_rate: month.revenue_rate,
  };
}

const COLUMNS = ['g.name as rule_name', 's.name as school_name', 'c.name as city_name', 'u.name as staff_name', 'gu.name as generated_by_name', 'ru.name as regenerated_by_name'] as const;

async function oneReport(db: Db, principal: Principal, kind: ReportKindName, id: number): Promise<DailyReportDetail> {
  const row = await (await reportQuery(db, principal, kind, { id })).selectAll('r').select([...COLUMNS]).executeTakeFirst();
  if (!row) throw notFound();
  return toDetail(row, principal);
}

const KIND_NAME: Record<number, ReportKindName> = { [REPORT_KIND.city]: 'city', [REPORT_KIND.school]: 'school', [REPORT_KIND.ta]: 'ta' };

/**
 * 城市日报, 校区日报, 学管日报: the stored reports by date in the caller's scope (a city's report
 * when the caller reaches one of its campuses), one report in full, and 重新生成.
 */
export function registerReportRoutes(app: Hono<AppEnv>): void {
  for (const kind of ['city', 'school', 'ta'] as const) {
    const calls = REPORT_CALLS[kind];
    mountCall(app, calls.page, async ({ db, principal, query }) => {
      const order = listOrder(query.sort, SORTS, [
        ['r.report_date', 'desc'],
        ['r.id', 'desc'],
      ]);
      const base = await reportQuery(db, principal, kind, query);
      const total = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
      let q = base.selectAll('r').select([...COLUMNS]);
      for (const [ref, dir] of order) q = q.orderBy(sql.ref(ref), dir);
      const rows = await q.limit(query.rows).offset((query.page - 1) * query.rows).execute();
      const content: DailyReportRow[] = rows.map((r) => {
        const { content: _c, ...row } = toDetail(r, principal);
        return row;
      });
      return { content, totalSize: Number(total?.n ?? 0) };
    });
    mountCall(app, calls.get, ({ db, principal, query }) => oneReport(db, principal, kind, query.id));
  }

  mountCall(app, regenerateReportCall, async ({ db, principal, body }) => {
    const stored = await db.selectFrom('cmp_daily_report').selectAll().where('id', '=', body.id).executeTakeFirst();
    const kind = stored ? KIND_NAME[stored.report_kind] : undefined;
    if (!stored || !kind) throw notFound();
    // the button of the report's own screen (重新生成城市日报 / 校区日报 / 学管日报)
    const code = CMP_PERM.regenerate[kind];
    if (!hasPerm(principal, code)) throw new ApiError(403, `没有操作权限：${code}`);
    // in the caller's scope as the list shows it (a city's report only to who reaches all its campuses)
    const seen = await oneReport(db, principal, kind, stored.id);
    if (seen.partial) throw notFound();
    const content = await contentAgain(db, stored);
    if (content.kind === 'ta' && content.staff_name === '') {
      const before = JSON.parse(stored.content) as ReportContent;
      if (before.kind === 'ta') content.staff_name = before.staff_name;
    }
    await db
      .updateTable('cmp_daily_report')
      .set({ content: JSON.stringify(content), regenerated_at: nowText(), regenerated_by: principal.userId, regenerate_count: stored.regenerate_count + 1 })
      .where('id', '=', stored.id)
      .execute();
    return oneReport(db, principal, kind, stored.id);
  });

  registerPlanReport(app);
}
