import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { removeOldestQuery, type PersistQueryClientOptions, type PersistedClient } from '@tanstack/react-query-persist-client';
import { version } from '../../package.json';

export const QUERY_CACHE_KEY = 'campus-desk-query-cache';
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** localStorage holds about 5 M characters per origin; leave room for the session and settings. */
export const QUERY_CACHE_MAX_CHARS = 2_000_000;
export const QUERY_CACHE_BUSTER = `v${version}`;

type PersistedQuery = PersistedClient['clientState']['queries'][number];

/**
 * The JSON of persisted data, kept per data object. React Query gives a query a new data object
 * whenever its data changes and never edits one in place (nor does this app), so a save stringifies
 * only the data that changed since the last save. The cache is saved up to once a second while the
 * user works, and most of it is lists that have not changed: stringifying all of it took about 8 ms
 * a save at 1 M characters.
 */
const dataJson = new WeakMap<object, string>();
/** Stands for a value spliced in after stringifying; a NUL character never occurs in a query's key or state. */
const MARK_VALUE = '\u0000campus-desk-splice\u0000';
const MARK = JSON.stringify(MARK_VALUE);

/** `JSON.stringify(value)` with the `MARK` string in it replaced by `json`; undefined when the mark is not there exactly once. */
function splice(value: unknown, json: string): string | undefined {
  const shell = JSON.stringify(value);
  const at = shell.indexOf(MARK);
  if (at < 0 || shell.indexOf(MARK, at + MARK.length) >= 0) return undefined;
  return shell.slice(0, at) + json + shell.slice(at + MARK.length);
}

function queryJson(query: PersistedQuery): string {
  const data: unknown = query.state.data;
  if (typeof data !== 'object' || data === null) return JSON.stringify(query);
  let json = dataJson.get(data);
  if (json === undefined) {
    json = JSON.stringify(data) as string | undefined;
    if (json === undefined) return JSON.stringify(query);
    dataJson.set(data, json);
  }
  return splice({ ...query, state: { ...query.state, data: MARK_VALUE } }, json) ?? JSON.stringify(query);
}

/**
 * Serializes the cache; when it is too large, drops the least recently updated queries until it
 * fits, so one huge list never makes the whole cache unsaveable.
 */
export function serializeWithSizeGuard(client: PersistedClient, maxChars: number = QUERY_CACHE_MAX_CHARS): string {
  const parts = client.clientState.queries.map((query) => ({ query, json: queryJson(query) }));
  const whole = (kept: readonly { query: PersistedQuery; json: string }[]) =>
    splice({ ...client, clientState: { ...client.clientState, queries: MARK_VALUE } }, `[${kept.map((p) => p.json).join(',')}]`) ??
    JSON.stringify({ ...client, clientState: { ...client.clientState, queries: kept.map((p) => p.query) } });
  const text = whole(parts);
  if (text.length <= maxChars) return text;
  const kept = parts.toSorted((a, b) => b.query.state.dataUpdatedAt - a.query.state.dataUpdatedAt);
  // each dropped query takes its text and a comma off the length
  let length = text.length;
  while (kept.length > 0 && length > maxChars) length -= (kept.pop() as { json: string }).json.length + 1;
  return whole(kept);
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

/** What a save keeps of the cache, the throttled saves and the one as the page goes away alike. */
const DEHYDRATE = { shouldDehydrateQuery: shouldPersistQuery };

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
    dehydrateOptions: DEHYDRATE,
  };
}

const savingOnPageHide = new WeakSet<QueryClient>();

/**
 * Saves the cache at once when the page goes away (a reload, a close, a navigation away). Saves are
 * throttled to one a second, so a reload within a second of a change restored the lists of before
 * it, and being younger than their staleTime they were shown without a new fetch (a month closed on
 * 月结 and the page reloaded: the list without the month for 30 s). Call it once the provider has
 * restored the cache (its onSuccess and onError): before that the cache in memory is not the saved
 * one yet, and saving it would overwrite the lists kept for offline use. Once per client.
 */
export function saveQueriesOnPageHide(client: QueryClient, storage: Storage | undefined = browserStorage()): void {
  if (typeof window === 'undefined' || !storage || savingOnPageHide.has(client)) return;
  savingOnPageHide.add(client);
  window.addEventListener('pagehide', () => {
    const saved: PersistedClient = { buster: QUERY_CACHE_BUSTER, timestamp: Date.now(), clientState: dehydrate(client, DEHYDRATE) };
    try {
      storage.setItem(QUERY_CACHE_KEY, serializeWithSizeGuard(saved));
    } catch {
      // storage full or unavailable: the last throttled save stays
    }
  });
}

/** Removes the persisted cache (sign-out: the next user must not see the last one's lists). */
export function clearPersistedQueries(storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(QUERY_CACHE_KEY);
  } catch {
    // storage unavailable: nothing was persisted either
  }
}
