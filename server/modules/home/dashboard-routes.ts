import type { Hono } from 'hono';
import { dataStatisticsCall, ecDashboardCall, financeDashboardHomeCall, mkDashboardCall, taDashboardCall, type DashboardQuery } from '../../../src/contract/home-dashboards';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { todayText } from '../../lib/time';
import { financePeriodFigures } from '../finance';
import { ecFigures, ecRanking } from './dashboard-ec';
import { mkDashboard } from './dashboard-mk';
import { resolvePeriod } from './dashboard-period';
import { dashboardSchools } from './dashboard-scope';
import { dataStatistics } from './dashboard-statistics';
import type { Db } from './dashboard-sql';
import { taDashboard } from './dashboard-ta';

/** The period (Asia/Shanghai today) and the campuses of one dashboard request. */
async function frame(db: Db, principal: Principal, query: DashboardQuery) {
  const today = todayText();
  const range = resolvePeriod(query, today);
  const schools = await dashboardSchools(db, principal, query.school_id);
  return { today, range, schools };
}

/** 首页 dashboards: home_base_data/ec, mk (spec), ta, finance, statistics (chosen paths). */
export function registerDashboards(app: Hono<AppEnv>): void {
  mountCall(app, ecDashboardCall, async ({ db, principal, query }) => {
    const { range, schools } = await frame(db, principal, query);
    const [mine, team, ranking] = await Promise.all([ecFigures(db, range, schools, principal.userId), ecFigures(db, range, schools, undefined), ecRanking(db, range, schools)]);
    return { range, mine, team, ranking };
  });

  mountCall(app, mkDashboardCall, async ({ db, principal, query }) => {
    const { range, schools } = await frame(db, principal, query);
    return { range, ...(await mkDashboard(db, range, schools)) };
  });

  mountCall(app, taDashboardCall, async ({ db, principal, query }) => {
    const { today, range, schools } = await frame(db, principal, query);
    return { range, ...(await taDashboard(db, range, schools, today)) };
  });

  mountCall(app, financeDashboardHomeCall, async ({ db, principal, query }) => {
    const { range, schools } = await frame(db, principal, query);
    const f = await financePeriodFigures(db, range.from, range.to, schools);
    return { range, collected: f.totals.income, refunded: f.totals.refund, net: f.totals.net, by_method: f.by_method, installments: f.installments };
  });

  mountCall(app, dataStatisticsCall, async ({ db, principal, query }) => {
    const { range, schools } = await frame(db, principal, query);
    return { range, figures: await dataStatistics(db, range, schools) };
  });
}
