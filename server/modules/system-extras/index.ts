import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import * as areas from '../areas';
import * as optionsets from '../optionsets';
import * as domains from '../domains';
import * as appFunctions from '../app-functions';
import * as dataPermissions from '../data-permissions';
import * as tableCols from '../table-cols';
import * as treeList from '../tree-list';
import * as tags from '../tags';
import * as attachments from '../attachments';
import * as exportsModule from '../exports';
import * as notices from '../notices';
import * as feedback from '../feedback';

/**
 * The system-administration modules beyond the core (users, roles, menus, organisations): one
 * entry in server/modules/index.ts mounts them all.
 */
const MODULES = [areas, optionsets, domains, appFunctions, dataPermissions, tableCols, treeList, tags, attachments, exportsModule, notices, feedback];

export function register(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const m of MODULES) m.register(app, deps);
}
