/** Time the first screen gets to itself: the browser is often idle while it waits for its data. */
export const FIRST_SCREEN_MS = 1500;

/**
 * Runs `fn` after the first screen has had FIRST_SCREEN_MS, once the browser is idle (at most
 * `timeoutMs` more), so work the first screen does not need (the offline store, the service worker)
 * never competes with it. Answers a cancel function.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let idle: number | null = null;
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(fn, { timeout: timeoutMs });
    else fn();
  }, FIRST_SCREEN_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}

/** True when the browser says it has no network (then the offline store is needed at once). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
