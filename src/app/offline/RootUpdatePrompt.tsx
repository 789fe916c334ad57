import { lazy, Suspense } from 'react';
import { useIdleReady } from './useIdleReady';

// workbox-window and the notice load after the first screen is up.
const UpdatePrompt = lazy(() => import('../../components/offline/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/**
 * Registers the service worker (production builds only, see offline/serviceWorker) and shows the
 * "new version" notice, on every page including sign-in. Mounted once at the root.
 */
export function RootUpdatePrompt() {
  const ready = useIdleReady(3000);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
