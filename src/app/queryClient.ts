import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from '../api/client';
import { RequestError } from '../api/request';

function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiFailure) return false;
  if (error instanceof RequestError && error.kind === 'http') return false;
  return count < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
