import { useEffect, useState } from 'react';
import { browserOffline, whenIdle } from './whenIdle';

/** False until the browser is first idle after mounting; true at once when offline. */
export function useIdleReady(timeoutMs = 2000): boolean {
  const [ready, setReady] = useState(browserOffline);
  useEffect(() => {
    if (ready) return;
    return whenIdle(() => setReady(true), timeoutMs);
  }, [ready, timeoutMs]);
  return ready;
}

/**
 * False until the browser is first idle after the first screen, offline too: for parts of the
 * layout the first screen does not need (the message bell), so they never delay it.
 */
export function useAfterFirstScreen(timeoutMs = 2000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    return whenIdle(() => setReady(true), timeoutMs);
  }, [ready, timeoutMs]);
  return ready;
}
