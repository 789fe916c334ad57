import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { registerSidebar } from './sidebar';
import { registerMenus } from './menus';
import { registerUsers } from './users';
import { registerOrgs } from './orgs';
import { registerRoles } from './roles';

/** System administration core: sidebar, menus, users, organisations, roles and grants. */
export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  registerSidebar(app);
  registerMenus(app);
  registerUsers(app);
  registerOrgs(app);
  registerRoles(app, deps);
}
