import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { requestPersistentStorage } from '../../offline/storage';
import { configureOutboxHeaders, configureOutboxOwner } from '../../offline/owner';
import { deviceOutboxOwner, operatorHeaders } from '../../offline/device';
import { loadSession } from '../session/store';
import { whenIdle } from './whenIdle';

// At module load (before any screen can queue a write): outbox items are tagged with, and sent
// only for, the user of the stored session.
configureOutboxOwner(() => {
  const u = loadSession();
  // a front-desk device (no one signed in): the device owns its writes, whoever is switched in
  return u ? { loginId: u.login_id, domain: u.domain ?? '' } : deviceOutboxOwner();
});
// On a front-desk device each write keeps the person switched in when it was queued.
configureOutboxHeaders(() => (loadSession() ? {} : operatorHeaders()));

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
