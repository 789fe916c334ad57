import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { requestPersistentStorage } from '../../offline/storage';
import './outboxIdentity';
import { whenIdle } from './whenIdle';

/**
 * While a user is signed in: the outbox sync engine runs (sends queued writes now, on reconnect,
 * when the tab shows and every 30 s), and persistent storage is asked for once. The engine and
 * Dexie load when the browser is idle after the first screen, or at once when the browser comes
 * back online before that. Signing out unmounts the layout, which stops the engine: queued writes
 * stay in the outbox until their own user signs in again.
 */
export function useOfflineSync(queryClient: QueryClient): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    let started = false;
    let cancelIdle = () => undefined as void;
    const start = () => {
      if (started) return;
      started = true;
      cancelIdle();
      window.removeEventListener('online', start);
      void requestPersistentStorage();
      void import('../../offline/start').then((m) => {
        if (!cancelled) stop = m.startOfflineSync(queryClient);
      });
    };
    // Back online before the idle start (e.g. the app was opened offline): queued writes go now,
    // not after the first screen's grace period.
    window.addEventListener('online', start);
    cancelIdle = whenIdle(start);
    return () => {
      cancelled = true;
      cancelIdle();
      window.removeEventListener('online', start);
      stop?.();
    };
  }, [queryClient]);
}
