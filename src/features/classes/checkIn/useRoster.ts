import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RosterSession } from '../../../contract/classes';
import { useLiveQuery, useOutbox, type OutboxItem } from '../../../offline';
import { errorMessage } from '../../../api/client';
import { latestItems } from './roster';
import { loadRoster, saveFreshRoster, type SavedRoster } from './rosterStore';

export interface RosterView {
  /** the saved roster (server data plus local marks); undefined before the first load */
  saved: SavedRoster | undefined;
  /** whether Dexie was read at least once (so "nothing saved" can be told from "not read yet") */
  ready: boolean;
  /** the latest outbox item of each `schedule:student` */
  items: Map<string, OutboxItem>;
  loading: boolean;
  /** the last load failed (offline or refused); the saved copy, if any, is shown */
  error: string | null;
  refresh(): void;
}

const NOT_READ = { read: false as const };

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
  const live = useLiveQuery<{ read: false } | { read: true; value: SavedRoster | undefined }>(
    async () => (key ? { read: true, value: await loadRoster(key) } : NOT_READ),
    [key],
    NOT_READ,
  );
  const outbox = useOutbox();
  const items = useMemo(() => latestItems(outbox), [outbox]);
  return {
    saved: live.read ? live.value : undefined,
    ready: live.read,
    items,
    loading: q.isFetching,
    error: q.error ? errorMessage(q.error, '加载名单失败') : null,
    refresh: () => void q.refetch(),
  };
}
