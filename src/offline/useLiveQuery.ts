import { useMemo, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';

interface LiveStore<T> {
  subscribe(onChange: () => void): () => void;
  get(): T;
}

function liveStore<T>(querier: () => Promise<T>, initial: T): LiveStore<T> {
  let value = initial;
  return {
    subscribe(onChange) {
      const sub = liveQuery(querier).subscribe({
        next: (v) => {
          value = v;
          onChange();
        },
        // a failing database (private mode, quota) leaves the last value on screen
        error: () => undefined,
      });
      return () => sub.unsubscribe();
    },
    get: () => value,
  };
}

/**
 * Dexie's liveQuery as a hook (dexie-react-hooks is not installed): re-renders whenever the
 * tables the querier read change, in this tab or another one.
 */
export function useLiveQuery<T>(querier: () => Promise<T>, deps: readonly unknown[], initial: T): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the querier is keyed by the caller's deps
  const store = useMemo(() => liveStore(querier, initial), deps);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
