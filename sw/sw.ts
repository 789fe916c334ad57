/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';

declare const self: ServiceWorkerGlobalScope;

// The app shell: every built asset, injected by vite-plugin-pwa.
// oxlint-disable-next-line no-underscore-dangle -- the name workbox injects the manifest into
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation (the app routes by hash, so `/` and any deep path) gets the precached shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/\/api\//, /\/mock\//, /\/ureport\//] }));

/** Reference data read before any screen: the menu, the user's schools, option sets. */
const REF_DATA_PATHS = ['/api/v1/system/get_optionset_by_code', '/api/v1/system/sidebar', '/api/v1/sys_user/get_user_school'];

/**
 * Only a successful envelope is kept: an answer to a call without a valid session (HTTP 401) or
 * a business failure must never be replayed from the cache.
 */
const onlySuccessfulEnvelopes: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    try {
      const body = (await response.clone().json()) as { code?: unknown };
      return body.code === 200 ? response : null;
    } catch {
      return null;
    }
  },
};

/**
 * The cache key carries a hash of the Authorization header, so a second user of the same device
 * never gets the first one's menu or schools, and a new sign-in starts fresh.
 */
function hashText(s: string): string {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
const keyedBySession: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.set('__session', hashText(request.headers.get('Authorization') ?? ''));
    return url.href;
  },
};

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && REF_DATA_PATHS.some((p) => url.pathname.endsWith(p)),
  new StaleWhileRevalidate({
    cacheName: 'ref-data',
    plugins: [keyedBySession, onlySuccessfulEnvelopes, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);
// Any other api call goes to the network untouched (no route: the browser handles it).

/**
 * Writes never touch the cache, so where the browser has the Static Routing API (Chromium 123+)
 * they bypass the worker entirely: no worker start-up or fetch event per request, which adds up
 * when the outbox replays hundreds of writes.
 */
interface RouterRule {
  condition: { urlPattern?: string; requestMethod?: string };
  source: 'network';
}
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };
self.addEventListener('install', (event: ExtendableEvent) => {
  const e = event as InstallEventWithRoutes;
  if (typeof e.addRoutes === 'function') {
    e.waitUntil(e.addRoutes({ condition: { urlPattern: '/api/*', requestMethod: 'POST' }, source: 'network' }).catch(() => undefined));
  }
});

// A new version waits until the page asks (the user accepted the "new version" notice).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
