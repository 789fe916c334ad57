import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { RequestError } from '../api/request';

/** The parts of a React Query result that tell whether the screen shows cached data. */
export interface QueryFreshness {
  data: unknown;
  dataUpdatedAt: number;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  failureReason: unknown;
}

function subscribeOnline(fn: () => void): () => void {
  const unsub = onlineManager.subscribe(fn);
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    unsub();
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
}
function isOnlineNow(): boolean {
  return onlineManager.isOnline() && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

/** Whether the browser and React Query consider the app online; re-renders on change. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnlineNow, () => true);
}

export function formatCachedAt(ts: number, now: number = Date.now()): string {
  const d = dayjs(ts);
  return d.isSame(dayjs(now), 'day') ? d.format('HH:mm') : d.format('M月D日 HH:mm');
}

/** '离线，数据来自 HH:mm' when the data on screen could not be refreshed for lack of network; null otherwise. */
export function cachedDataNotice(q: QueryFreshness, online: boolean): string | null {
  if (q.data === undefined || !q.dataUpdatedAt) return null;
  const networkFailed =
    q.failureReason instanceof RequestError && (q.failureReason.kind === 'network' || q.failureReason.kind === 'timeout');
  if (online && q.fetchStatus !== 'paused' && !networkFailed) return null;
  return `离线，数据来自 ${formatCachedAt(q.dataUpdatedAt)}`;
}

/** Hook form of cachedDataNotice: pass the result of useQuery. */
export function useCachedDataNotice(q: QueryFreshness): string | null {
  return cachedDataNotice(q, useIsOnline());
}
