import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { requestPersistentStorage } from '../../offline/storage';
import { whenIdle } from './whenIdle';

/**
 * While a user is signed in: the outbox sync engine runs (sends queued writes now, on reconnect,
 * when the tab shows and every 30 s), and persistent storage is asked for once. The engine and
 * Dexie load when the browser is idle after the first screen. Signing out unmounts the layout,
 * which stops the engine: queued writes stay in the outbox until someone signs in again.
 */
export function useOfflineSync(queryClient: QueryClient): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void requestPersistentStorage();
      void import('../../offline/start').then((m) => {
        if (!cancelled) stop = m.startOfflineSync(queryClient);
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [queryClient]);
}
