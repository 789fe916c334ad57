import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { removeOldestQuery, type PersistQueryClientOptions, type PersistedClient } from '@tanstack/react-query-persist-client';
import { version } from '../../package.json';

export const QUERY_CACHE_KEY = 'campus-desk-query-cache';
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** localStorage holds about 5 M characters per origin; leave room for the session and settings. */
export const QUERY_CACHE_MAX_CHARS = 2_000_000;
export const QUERY_CACHE_BUSTER = `v${version}`;

/**
 * Serializes the cache; when it is too large, drops the least recently updated queries until it
 * fits, so one huge list never makes the whole cache unsaveable.
 */
export function serializeWithSizeGuard(client: PersistedClient, maxChars: number = QUERY_CACHE_MAX_CHARS): string {
  let text = JSON.stringify(client);
  if (text.length <= maxChars) return text;
  const queries = client.clientState.queries.toSorted((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  while (queries.length > 0 && text.length > maxChars) {
    queries.pop();
    text = JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
  }
  return text;
}

/** Only successful queries are kept; a query opts out with `meta: { persist: false }` (e.g. secrets, huge exports). */
/** Structural: react-query and the persister each bundle their own query-core types. */
export interface PersistableQuery {
  state: { status: string };
  meta?: Record<string, unknown> | undefined;
}
export function shouldPersistQuery(query: PersistableQuery): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Options for `<PersistQueryClientProvider client={queryClient} persistOptions={createQueryPersistOptions()}>`:
 * localStorage, saves throttled to once a second, kept 7 days, dropped when the app version changes.
 */
export function createQueryPersistOptions(storage: Storage | undefined = browserStorage()): Omit<PersistQueryClientOptions, 'queryClient'> {
  const persister = createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_KEY,
    throttleTime: 1000,
    serialize: (c) => serializeWithSizeGuard(c),
    // a full storage (QuotaExceededError) drops the oldest query and tries again
    retry: removeOldestQuery,
  });
  return {
    persister,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    buster: QUERY_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}

/** Removes the persisted cache (sign-out: the next user must not see the last one's lists). */
export function clearPersistedQueries(storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(QUERY_CACHE_KEY);
  } catch {
    // storage unavailable: nothing was persisted either
  }
}
