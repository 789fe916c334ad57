import { useQuery } from '@tanstack/react-query';
import type { RosterSession } from '../../../contract/check-in';
import { errorMessage } from '../../../api/client';
import { saveFreshRoster } from './rosterStore';
import { useSavedRoster, type SavedRosterView } from './useSavedRoster';

export interface RosterView extends SavedRosterView {
  loading: boolean;
  /** the last load failed (offline or refused); the saved copy, if any, is shown */
  error: string | null;
  refresh(): void;
}

/**
 * A roster shown from Dexie and refreshed from the server whenever the app is online (the outbox
 * flush invalidates queries, so marks sent are read back with the server's balances).
 */
export function useRoster(key: string | null, load: () => Promise<RosterSession[]>): RosterView {
  const q = useQuery({
    queryKey: ['edu-roster', key],
    enabled: key !== null,
    retry: false,
    gcTime: 0,
    queryFn: async () => saveFreshRoster(key as string, await load()),
  });
  const live = useSavedRoster(key);
  return {
    ...live,
    loading: q.isFetching,
    error: q.error ? errorMessage(q.error, '加载名单失败') : null,
    refresh: () => void q.refetch(),
  };
}
