import { useSyncExternalStore } from 'react';
import type { Query, QueryClient } from '@tanstack/react-query';
import { Group } from '@mantine/core';
import { CachedDataNotice } from '../../components/offline/CachedDataNotice';
import { useCachedDataNotice, type QueryFreshness } from '../../offline/cachedDataNotice';

/** Queries of the shell itself (menus, the bell's top messages) are not the screen's data. */
function isShellQuery(key: readonly unknown[]): boolean {
  return key[0] === 'session' || (key[0] === 'messages' && key[1] === 'top');
}

const NONE: QueryFreshness = { data: undefined, dataUpdatedAt: 0, fetchStatus: 'idle', failureReason: null };

function isScreenQuery(q: Query): boolean {
  return q.getObserversCount() > 0 && !isShellQuery(q.queryKey) && q.state.data !== undefined && q.state.dataUpdatedAt > 0;
}

/**
 * The freshness of what the current screen shows: its oldest query with data. One summary for the
 * whole screen, so every list (whichever feature draws it) gets the notice without wiring its own.
 */
export function screenFreshness(qc: QueryClient): QueryFreshness {
  let oldest: Query | null = null;
  for (const q of qc.getQueryCache().getAll()) {
    if (!isScreenQuery(q)) continue;
    if (!oldest || q.state.dataUpdatedAt < oldest.state.dataUpdatedAt) oldest = q;
  }
  if (!oldest) return NONE;
  const s = oldest.state;
  return { data: s.data, dataUpdatedAt: s.dataUpdatedAt, fetchStatus: s.fetchStatus, failureReason: s.fetchFailureReason ?? s.error };
}

function freshnessKey(f: QueryFreshness): string {
  const reason = f.failureReason instanceof Error ? f.failureReason.name + f.failureReason.message : '';
  return `${f.data === undefined ? 0 : 1}|${f.dataUpdatedAt}|${f.fetchStatus}|${reason}`;
}

/** '离线，数据来自 HH:mm' above the screen while it shows cached data it could not refresh. */
export function ScreenCacheNotice({ client }: { client: QueryClient }) {
  // The snapshot is a string so useSyncExternalStore sees a stable value between cache events.
  const key = useSyncExternalStore(
    (fn) => client.getQueryCache().subscribe(fn),
    () => freshnessKey(screenFreshness(client)),
  );
  const freshness = key === '' ? NONE : screenFreshness(client);
  const notice = useCachedDataNotice(freshness);
  if (!notice) return null;
  return (
    <Group justify="flex-end" mb={4}>
      <CachedDataNotice query={freshness} />
    </Group>
  );
}
