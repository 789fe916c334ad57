import { RequestError } from '../api/request';
import type { MenuRouteTag, TreeNode } from '../contract/menu';
import { offlineDb, type MenuRecord, type OfflineDb } from './db';
import { clearRefMirror } from './refMirror';

export { refKeys } from './refKeys';
export { mirrorRefList, mirroredRefList } from './refMirror';

/** Saves the user's menu tree and operation codes after an online load. */
export async function saveMenus(
  userId: number,
  tree: TreeNode<MenuRouteTag>[],
  codes: string[],
  db: OfflineDb = offlineDb(),
): Promise<void> {
  await db.menus.put({ userId, tree, codes, savedAt: Date.now() });
}

/** The user's last saved menu, to start and route offline. */
export async function loadMenus(userId: number, db: OfflineDb = offlineDb()): Promise<MenuRecord | undefined> {
  return db.menus.get(userId);
}

export async function saveRefList<T>(key: string, value: T, db: OfflineDb = offlineDb()): Promise<void> {
  await db.refLists.put({ key, value, savedAt: Date.now() });
}

export async function loadRefList<T>(key: string, db: OfflineDb = offlineDb()): Promise<{ value: T; savedAt: number } | undefined> {
  const rec = await db.refLists.get(key);
  return rec ? { value: rec.value as T, savedAt: rec.savedAt } : undefined;
}

function isConnectivityFailure(e: unknown): boolean {
  return e instanceof RequestError && (e.kind === 'network' || e.kind === 'timeout');
}

/**
 * Loads a reference list online and saves it; when the network fails, answers the saved copy
 * instead (and rethrows when there is none). Other failures (401, 5xx) are rethrown untouched.
 */
export async function withRefListFallback<T>(key: string, load: () => Promise<T>, db: OfflineDb = offlineDb()): Promise<T> {
  try {
    const value = await load();
    await saveRefList(key, value, db).catch(() => undefined);
    return value;
  } catch (e) {
    if (!isConnectivityFailure(e)) throw e;
    const saved = await loadRefList<T>(key, db).catch(() => undefined);
    if (saved) return saved.value;
    throw e;
  }
}

/** Forgets the menus and lists of a user who signed out (the outbox is kept: it holds their unsent work). */
export async function clearUserRefData(userId: number, db: OfflineDb = offlineDb()): Promise<void> {
  clearRefMirror();
  await db.transaction('rw', db.menus, db.refLists, async () => {
    await db.menus.delete(userId);
    await db.refLists.where('key').startsWith(`schools:${userId}`).delete();
    await db.refLists.where('key').startsWith(`classes:${userId}:`).delete();
  });
}
