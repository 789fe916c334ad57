import { createElement } from 'react';
import { useIdleReady } from './useIdleReady';
import { useDeferredComponent } from './useDeferredComponent';

const loadUpdatePrompt = () => import('../../components/offline/UpdatePrompt').then((m) => m.UpdatePrompt);

/**
 * Registers the service worker (production builds only, see offline/serviceWorker) and shows the
 * "new version" notice, on every page including sign-in. Mounted once at the root; workbox-window
 * and the notice load after the first screen is up.
 */
export function RootUpdatePrompt() {
  // a component loaded once and kept in state, not one created while rendering
  const updatePrompt = useDeferredComponent(useIdleReady(3000), loadUpdatePrompt);
  return updatePrompt ? createElement(updatePrompt) : null;
}
