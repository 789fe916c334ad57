import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from '../api/client';
import { isCancelled, RequestError } from '../api/request';
import { clearPersistedQueries, saveQueriesOnPageHide } from '../offline/queryPersistence';
import { onSessionEnd } from './requestSetup';

function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiFailure || isCancelled(error)) return false;
  if (error instanceof RequestError && error.kind === 'http') return false;
  return count < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// A 401 ends the session: nothing cached for that user may show to the next one, now or offline.
onSessionEnd(() => {
  queryClient.clear();
  clearPersistedQueries();
});

/** The persist provider's onSuccess and onError: from then on the cache is saved as the page goes away too. */
export function onQueryCacheRestored(): void {
  saveQueriesOnPageHide(queryClient);
}
