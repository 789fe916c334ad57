import { Workbox } from 'workbox-window';

export interface SwUpdateState {
  /** a new version is installed and waits for the user's consent */
  updateReady: boolean;
}

let state: SwUpdateState = { updateReady: false };
const listeners = new Set<() => void>();
let wb: Workbox | null = null;

function setState(next: SwUpdateState): void {
  state = next;
  for (const fn of listeners) fn();
}

export function getSwUpdateState(): SwUpdateState {
  return state;
}
export function subscribeSwUpdate(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Registers the service worker (production builds only; `npm run dev` has none). Idempotent.
 * A new version waits until the user accepts (applySwUpdate), then the page reloads once the new
 * worker controls it.
 */
export function registerServiceWorker(url = './sw.js'): Workbox | null {
  if (wb) return wb;
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  wb = new Workbox(url, { scope: './' });
  wb.addEventListener('waiting', () => setState({ updateReady: true }));
  void wb.register().catch(() => undefined);
  // look for a new version every hour for installed apps that stay open all day
  setInterval(() => void wb?.update().catch(() => undefined), 60 * 60 * 1000);
  return wb;
}

/** Activates the waiting version and reloads when it has taken control. */
export function applySwUpdate(): void {
  const w = wb;
  if (!w) return;
  w.addEventListener('controlling', () => window.location.reload());
  w.messageSkipWaiting();
}
