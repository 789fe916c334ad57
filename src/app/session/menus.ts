import type { MenuRouteTag, TreeNode } from '../../contract/menu';
import { fetchMenuTree, fetchOperationCodes } from '../../api/session';
import { RequestError } from '../../api/request';
import { loadMenus, saveMenus } from '../../offline/refData';

export interface ShellMenus {
  tree: TreeNode<MenuRouteTag>[];
  codes: string[];
  /** true when the server could not be reached and the last saved menu is used */
  offline: boolean;
}

/** The menu tree and operation codes, once per session; offline, the last saved copy. */
export async function loadShellMenus(userId: number): Promise<ShellMenus> {
  try {
    const [tree, codes] = await Promise.all([fetchMenuTree(userId), fetchOperationCodes(userId)]);
    void saveMenus(userId, tree, codes).catch(() => undefined);
    return { tree, codes, offline: false };
  } catch (e) {
    if (e instanceof RequestError && (e.kind === 'network' || e.kind === 'timeout')) {
      const saved = await loadMenus(userId).catch(() => undefined);
      if (saved) return { tree: saved.tree, codes: saved.codes, offline: true };
    }
    throw e;
  }
}
