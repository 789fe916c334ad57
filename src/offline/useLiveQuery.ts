import { useMemo, useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';

interface LiveStore<T> {
  subscribe(onChange: () => void): () => void;
  get(): T;
}

function liveStore<T>(querier: () => Promise<T>, initial: T, throttleMs: number): LiveStore<T> {
  let value = initial;
  return {
    subscribe(onChange) {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let lastRun = 0;
      let sub = { unsubscribe: () => undefined as void };
      let closed = false;
      const start = () => {
        lastRun = Date.now();
        sub = liveQuery(querier).subscribe({
          next: (v) => {
            if (throttleMs <= 0) {
              value = v;
              onChange();
              return;
            }
            // after a pause the first answer repeats the last one when nothing changed: keep watching
            if (JSON.stringify(v) === JSON.stringify(value)) return;
            value = v;
            onChange();
            if (!closed) {
              // pause watching, so a burst of writes (a flush of 1,000 items) re-reads at most once per period
              sub.unsubscribe();
              timer = setTimeout(start, Math.max(0, throttleMs - (Date.now() - lastRun)));
            }
          },
          // a failing database (private mode, quota) leaves the last value on screen
          error: () => undefined,
        });
      };
      start();
      return () => {
        closed = true;
        if (timer) clearTimeout(timer);
        sub.unsubscribe();
      };
    },
    get: () => value,
  };
}

/**
 * Dexie's liveQuery as a hook (dexie-react-hooks is not installed): re-renders whenever the
 * tables the querier read change, in this tab or another one. With `throttleMs`, re-reads at most
 * once per period (the first change shows at once).
 */
export function useLiveQuery<T>(querier: () => Promise<T>, deps: readonly unknown[], initial: T, throttleMs = 0): T {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the querier is keyed by the caller's deps
  const store = useMemo(() => liveStore(querier, initial, throttleMs), deps);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
