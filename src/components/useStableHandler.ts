import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * The latest of a handler behind a function that never changes: a memoized child given it does not
 * render again when the handler is recreated (it usually reads the parent's state of this render).
 * Call it from events, not while rendering: it reaches the latest handler after the commit.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
