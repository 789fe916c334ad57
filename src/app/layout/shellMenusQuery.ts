import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { loadShellMenus } from '../session/menus';
import { getToken, loadSession } from '../session/store';

/** The signed-in layout's menus query: one definition for the layout and for its early start. */
export function shellMenusQuery(userId: number) {
  return queryOptions({
    queryKey: ['session', 'menus', userId],
    queryFn: () => loadShellMenus(userId),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // Loaded from the server at every start (offline: from Dexie), never from the persisted cache.
    meta: { persist: false },
    // loadShellMenus handles a missing network itself; React Query must not pause it.
    networkMode: 'always',
  });
}

/**
 * Starts loading the menus of the signed-in user as soon as the layout's code is in, instead of
 * after the persisted query cache is restored and the layout has rendered once (a start offline
 * after a browser restart waited for both in turn). Nothing is started for a session that must
 * change its password first: every call but that one is refused until then.
 */
export function prefetchShellMenus(qc: QueryClient): void {
  const user = loadSession();
  if (!user || !getToken() || user.must_change_password) return;
  void qc.prefetchQuery(shellMenusQuery(user.id));
}
