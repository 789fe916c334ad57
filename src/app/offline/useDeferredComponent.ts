import { useEffect, useState, type ComponentType } from 'react';

/**
 * Loads a component's chunk when `ready` turns true. Unlike React.lazy a failed load (the network
 * dropped before the service worker cached the chunk) throws nothing: it is tried again when the
 * browser is back online, and until then the component is simply absent.
 */
export function useDeferredComponent<P extends object>(ready: boolean, load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!ready || component) return;
    let alive = true;
    const attempt = () => {
      load()
        .then((c) => {
          if (alive) setComponent(() => c);
        })
        .catch(() => {
          if (alive) window.addEventListener('online', attempt, { once: true });
        });
    };
    attempt();
    return () => {
      alive = false;
      window.removeEventListener('online', attempt);
    };
    // `load` is a module-level import function; loading once per mount is the point
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, component]);
  return component;
}
