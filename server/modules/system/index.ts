import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import * as admin from './admin';
import * as areas from './areas';
import * as optionsets from './optionsets';
import * as domains from './domains';
import * as appFunctions from './app-functions';
import * as dataPermissions from './data-permissions';
import * as tableCols from './table-cols';
import * as treeList from './tree-list';
import * as tags from './tags';
import * as device from './device';

/**
 * The system area (spec calls.tsv `system`): the administration core (sidebar, menus, users,
 * organisations, roles and grants) and the rest of 系统管理 (areas, option sets, domains, app
 * functions, data permissions, column settings, trees, tags, front-desk devices). Its public module.
 */
const PARTS = [admin, areas, optionsets, domains, appFunctions, dataPermissions, tableCols, treeList, tags, device];

export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const m of PARTS) m.register(app, deps);
}
