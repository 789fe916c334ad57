import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { registerDashboards } from './dashboard-routes';
import { registerReminderRoutes } from './reminder-routes';

/**
 * The home area (spec screens.tsv `home`: 首页). Each part registers its own calls; add a part
 * with one line here.
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  // dashboards (ec, mk, ta, finance) and data statistics: home_base_data/*
  registerDashboards(app);
  // reminders (backlog_remind/*), calendar (home_calendar/*) and frequently used (home_shortcut/*)
  registerReminderRoutes(app);
}
