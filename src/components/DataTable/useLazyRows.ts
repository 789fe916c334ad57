import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';

/** Rows rendered at once and per append, and the wait before an append (spec doc 001 §9). */
export const LAZY_BATCH = 350;
export const LAZY_DELAY_MS = 400;
/** "near the bottom": within this many px of the end of the scroll area */
const NEAR_BOTTOM_PX = 120;

/**
 * How many of `total` rows to render: the first 350, then 350 more each time the user scrolls near
 * the bottom, 400 ms later. Starts over when `resetKey` changes (a new page of data) — computed during
 * render, so the first render of new data already shows its first batch.
 */
export function useLazyRows(total: number, resetKey: unknown): { count: number; onScroll: (e: UIEvent<HTMLElement>) => void; pending: boolean } {
  const [state, setState] = useState({ key: resetKey, batches: 1 });
  // the reset key whose append is waiting; a new key makes it stale without an effect
  const [pendingKey, setPendingKey] = useState<{ key: unknown } | null>(null);
  const pending = pendingKey !== null && pendingKey.key === resetKey;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const batches = state.key === resetKey ? state.batches : 1;
  const count = Math.min(total, batches * LAZY_BATCH);

  // a pending append belongs to the old rows: drop it when they change
  const timerKey = useRef<unknown>(resetKey);
  useEffect(() => {
    if (timerKey.current === resetKey) return;
    timerKey.current = resetKey;
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
  }, [resetKey]);
  useEffect(() => () => timer.current && clearTimeout(timer.current), []);

  const onScroll = useCallback(
    (e: UIEvent<HTMLElement>) => {
      if (count >= total || timer.current) return;
      const el = e.currentTarget;
      if (el.scrollHeight - el.scrollTop - el.clientHeight > NEAR_BOTTOM_PX) return;
      setPendingKey({ key: resetKey });
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setPendingKey(null);
        setState((s) => ({ key: resetKey, batches: (s.key === resetKey ? s.batches : 1) + 1 }));
      }, LAZY_DELAY_MS);
    },
    [count, total, resetKey],
  );

  return { count, onScroll, pending };
}
