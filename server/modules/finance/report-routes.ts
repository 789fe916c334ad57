import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { dashboardCall, monthlyReportCall, reportOrgsCall, type CorrectionRow, type ReportOrg } from '../../../src/contract/finance-reports';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { schoolScope } from '../../lib/scope';
import { todayText } from '../../lib/time';
import { accountByType, byDay, byKind, byMethod, bySchool, daysBetween, installmentFigures, monthDays, previousMonth, receiptGroups, totalsOf } from './reports';

type Db = Kysely<Database>;

interface Coverage {
  /** undefined: every campus (an all-campus caller without a filter) */
  schools: readonly number[] | undefined;
  names: Map<number, string>;
}

/**
 * The campuses a report covers: the caller's (DESIGN §8), narrowed to one campus or to the
 * campuses under a city / head office. An organisation outside the caller's campuses answers as missing.
 */
async function coverage(db: Db, principal: Principal, orgId: number | undefined): Promise<Coverage> {
  const scope = schoolScope(principal);
  const all = await db.selectFrom('organisations').select(['id', 'name', 'inheritance']).where('kind', '=', 'school').where('del_flag', '=', 0).execute();
  const names = new Map(all.map((s) => [Number(s.id), s.name]));
  if (orgId === undefined) return { schools: scope, names };
  const org = await db.selectFrom('organisations').select(['id', 'kind']).where('id', '=', orgId).where('del_flag', '=', 0).executeTakeFirst();
  const under = !org ? [] : org.kind === 'school' ? [Number(org.id)] : all.filter((s) => s.inheritance.includes(`|${orgId}|`)).map((s) => Number(s.id));
  const allowed = scope === undefined ? under : under.filter((id) => scope.includes(id));
  if (allowed.length === 0) throw new ApiError(404, '校区或分公司不存在或无权访问');
  return { schools: allowed, names };
}

/**
 * 月结 in the monthly report: whether every covered campus closed the month, and the receipts of
 * this month that correct an earlier month (by the month they correct).
 */
async function monthState(db: Db, month: string, from: string, to: string, cov: Coverage): Promise<{ closed: boolean; corrections: CorrectionRow[] }> {
  const schools = cov.schools ?? [...cov.names.keys()];
  if (schools.length === 0) return { closed: false, corrections: [] };
  const closed = await db.selectFrom('fin_month_close').select((eb) => eb.fn.countAll<number | string>().as('n')).where('month', '=', month).where('school_id', 'in', schools).executeTakeFirst();
  const rows = await db
    .selectFrom('fin_stu_account_receipts')
    .select((eb) => ['corrects_month', eb.fn.sum<number | string>('amount').as('amount'), eb.fn.countAll<number | string>().as('n')])
    .where('school_id', 'in', schools)
    .where('biz_date', '>=', from)
    .where('biz_date', '<=', to)
    .where('corrects_month', 'is not', null)
    .groupBy('corrects_month')
    .orderBy('corrects_month')
    .execute();
  return {
    closed: Number(closed?.n ?? 0) === schools.length,
    corrections: rows.map((r) => ({ corrects_month: String(r.corrects_month), amount: Number(r.amount ?? 0), count: Number(r.n) })),
  };
}

export function registerReportRoutes(app: Hono<AppEnv>): void {
  mountCall(app, monthlyReportCall, async ({ db, principal, query }) => {
    const cov = await coverage(db, principal, query.org_id);
    const { from, to } = monthDays(query.month);
    const [groups, account, installments] = await Promise.all([receiptGroups(db, from, to, cov.schools), accountByType(db, from, to, cov.schools), installmentFigures(db, cov.schools)]);
    return {
      month: query.month,
      from,
      to,
      school_count: cov.schools?.length ?? cov.names.size,
      totals: totalsOf(groups),
      by_day: byDay(groups, daysBetween(from, to)),
      by_school: bySchool(groups, cov.names),
      by_method: byMethod(groups),
      by_kind: byKind(groups),
      account,
      installments,
      ...(await monthState(db, query.month, from, to, cov)),
    };
  });

  mountCall(app, dashboardCall, async ({ db, principal, query }) => {
    const cov = await coverage(db, principal, query.org_id);
    const today = todayText();
    const month = today.slice(0, 7);
    const { from } = monthDays(month);
    const last = monthDays(previousMonth(month));
    const [groups, lastGroups, account_today, installments] = await Promise.all([
      receiptGroups(db, from, today, cov.schools),
      receiptGroups(db, last.from, last.to, cov.schools),
      accountByType(db, today, today, cov.schools),
      installmentFigures(db, cov.schools),
    ]);
    return {
      today,
      month,
      today_totals: totalsOf(groups.filter((g) => g.day === today)),
      month_totals: totalsOf(groups),
      last_month_totals: totalsOf(lastGroups),
      by_day: byDay(groups, daysBetween(from, today)),
      by_method: byMethod(groups),
      by_school: bySchool(groups, cov.names),
      account_today,
      installments,
    };
  });

  mountCall(app, reportOrgsCall, async ({ db, principal }) => {
    const scope = schoolScope(principal);
    const orgs = await db.selectFrom('organisations').select(['id', 'name', 'kind', 'parent_id', 'order_num']).where('kind', 'in', ['school', 'city']).where('del_flag', '=', 0).orderBy('order_num').orderBy('id').execute();
    const schools = orgs.filter((o) => o.kind === 'school' && (scope === undefined || scope.includes(Number(o.id))));
    const cities = orgs.filter((o) => o.kind === 'city' && schools.some((s) => Number(s.parent_id) === Number(o.id)));
    const out: ReportOrg[] = [];
    for (const c of cities) {
      out.push({ id: Number(c.id), name: c.name, kind: 'city' });
      for (const s of schools.filter((x) => Number(x.parent_id) === Number(c.id))) out.push({ id: Number(s.id), name: s.name, kind: 'school' });
    }
    for (const s of schools.filter((x) => !cities.some((c) => Number(c.id) === Number(x.parent_id)))) out.push({ id: Number(s.id), name: s.name, kind: 'school' });
    return out;
  });
}
