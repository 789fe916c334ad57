import { onlineManager } from '@tanstack/react-query';

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * React Query's onlineManager learns the state only from `online`/`offline` events, and listens
 * for them only while something is subscribed to it. After a sign-out offline nothing is: the
 * `online` event that followed was missed and the next sign-in started 离线 for good (lists at
 * 加载中, nothing sent). So the state is read afresh from the browser whenever the layout or the
 * sync engine starts, and whenever the manager starts listening again.
 */
export function refreshOnlineFromBrowser(): void {
  onlineManager.setOnline(browserOnline());
}

let installed = false;

/** Makes the onlineManager read navigator.onLine each time it (re)starts listening. Idempotent. */
export function installBrowserOnlineListener(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  onlineManager.setEventListener((setOnline) => {
    setOnline(browserOnline());
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on, false);
    window.addEventListener('offline', off, false);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  });
}
