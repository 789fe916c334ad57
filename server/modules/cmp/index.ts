import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerReportRoutes } from './routes';
import './schema';

/**
 * The campus daily reports and plan report (screens.tsv area `cmp`; docs/cmp.md): the scheduled
 * job that makes 城市日报, 校区日报 and 学管日报 from the generation rules (cmp_gen_rule) and the
 * lists, details, 重新生成 and 计划报表 over them.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  registerReportRoutes(app);
}

// Public module: the job (server/main.ts, the demo seed and the tests start it from here).
export { runDueReports, runRuleDay, scheduleDailyReports, isDue, daysToCheck, reportJob, CATCH_UP_DAYS, type RunOutcome } from './job';
export { enabledRules, generateForRule, type GenRule } from './generate';
export { campusFigures, zeroFigures } from './figures';
