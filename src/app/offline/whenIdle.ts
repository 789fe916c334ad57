/**
 * Runs `fn` once the browser is idle (at most `timeoutMs` later), so work that the first screen does
 * not need (the offline store, the service worker) never competes with it. Answers a cancel function.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, Math.min(timeoutMs, 500));
  return () => clearTimeout(id);
}

/** True when the browser says it has no network (then the offline store is needed at once). */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
