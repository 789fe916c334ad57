import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { offlineDb, type OfflineDb } from './db';
import { setOutboxFlushHook } from './outbox';
import { sendViaRequest, type OutboxSender } from './sender';
import { OutboxSyncEngine, type EngineStatus, type FlushResult } from './syncEngine';
import { refreshOnlineFromBrowser } from './onlineState';

export const SYNC_INTERVAL_MS = 30_000;

let engine: OutboxSyncEngine | null = null;
let stopCurrent: (() => void) | null = null;

const statusListeners = new Set<() => void>();
const IDLE: EngineStatus = { flushing: false, authBlocked: false, lastResult: null };
function notifyStatus(): void {
  for (const fn of statusListeners) fn();
}

/** The engine started by startOfflineSync, if any. */
export function currentEngine(): OutboxSyncEngine | null {
  return engine;
}

/** Status of this tab's engine (idle before start); for useSyncExternalStore. */
export function getEngineStatus(): EngineStatus {
  return engine ? engine.getStatus() : IDLE;
}
export function subscribeEngineStatus(fn: () => void): () => void {
  statusListeners.add(fn);
  return () => statusListeners.delete(fn);
}

export interface StartOfflineSyncOptions {
  db?: OfflineDb;
  send?: OutboxSender;
  intervalMs?: number;
}

/**
 * Starts sending the outbox: now, whenever React Query's onlineManager comes back online
 * (ignoring backoff), when the tab becomes visible, and every 30 s while online. It does not use
 * Background Sync (Safari has none). After a flush that sent anything, the app's queries are
 * invalidated so screens refetch. Returns a function that stops it. Call once, at app start.
 */
export function startOfflineSync(queryClient: QueryClient | null, opts: StartOfflineSyncOptions = {}): () => void {
  stopCurrent?.();
  // the state may be stale (see refreshOnlineFromBrowser): an engine started on it would never send
  refreshOnlineFromBrowser();
  const e = new OutboxSyncEngine({
    db: opts.db ?? offlineDb(),
    send: opts.send ?? sendViaRequest(),
    isOnline: () => onlineManager.isOnline(),
    onFlushed: (_r: FlushResult) => {
      void queryClient?.invalidateQueries();
    },
  });
  engine = e;
  const unsubscribeStatus = e.subscribe(notifyStatus);
  notifyStatus();
  const flush = (ignoreBackoff = false) => {
    e.flush({ ignoreBackoff }).catch(() => undefined);
  };
  setOutboxFlushHook(() => flush());
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) flush(true);
  });
  const timer = setInterval(() => {
    if (onlineManager.isOnline()) flush();
  }, opts.intervalMs ?? SYNC_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  flush(true);

  const stop = () => {
    clearInterval(timer);
    unsubscribeOnline();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    setOutboxFlushHook(null);
    e.stop();
    unsubscribeStatus();
    if (engine === e) engine = null;
    notifyStatus();
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  return stop;
}

/** Sends now, ignoring backoff (e.g. right after the user signed in again, or "立即同步"). */
export function flushOutboxNow(): Promise<FlushResult | null> {
  return engine ? engine.flush({ ignoreBackoff: true }) : Promise.resolve(null);
}
