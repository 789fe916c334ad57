import type { MenuRouteTag, TreeNode } from '../../contract/menu';
import { fetchMenuTree, fetchOperationCodes } from '../../api/session';
import { RequestError } from '../../api/request';
import { whenIdle } from '../offline/whenIdle';

export interface ShellMenus {
  tree: TreeNode<MenuRouteTag>[];
  codes: string[];
  /** true when the server could not be reached and the last saved menu is used */
  offline: boolean;
}

// The offline store (Dexie) is loaded on demand: the shell shows first, the copy is saved after.
const offlineRefData = () => import('../../offline/refData');

/** Saves the menu for offline starts once the first screen is up and the browser is idle. */
function saveForOffline(userId: number, tree: TreeNode<MenuRouteTag>[], codes: string[]): void {
  whenIdle(() => void offlineRefData().then((m) => m.saveMenus(userId, tree, codes)).catch(() => undefined), 5000);
}

/** The menu tree and operation codes, once per session; offline, the last saved copy. */
export async function loadShellMenus(userId: number): Promise<ShellMenus> {
  // Without a network there is no point waiting for the request to fail.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const saved = await offlineRefData()
      .then((m) => m.loadMenus(userId))
      .catch(() => undefined);
    if (saved) return { tree: saved.tree, codes: saved.codes, offline: true };
  }
  try {
    const [tree, codes] = await Promise.all([fetchMenuTree(userId), fetchOperationCodes(userId)]);
    saveForOffline(userId, tree, codes);
    return { tree, codes, offline: false };
  } catch (e) {
    if (e instanceof RequestError && (e.kind === 'network' || e.kind === 'timeout')) {
      const saved = await offlineRefData()
        .then((m) => m.loadMenus(userId))
        .catch(() => undefined);
      if (saved) return { tree: saved.tree, codes: saved.codes, offline: true };
    }
    throw e;
  }
}
