import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RosterSession } from '../../../contract/check-in';
import { listOutbox, offlineDb, useLiveQuery, type OutboxItem } from '../../../offline';
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

type LiveRoster = { read: false } | { read: true; value: SavedRoster | undefined; outbox: OutboxItem[] };

const NOT_READ: LiveRoster = { read: false };
const NO_ITEMS = new Map<string, OutboxItem>();

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
  // The roster and the outbox are read by one live query: a tap writes both in one transaction,
  // and two separate live reads could answer in either order, showing the new mark before its
  // queued item (already 已同步). Both reads here run after that transaction committed. (An
  // explicit read transaction around them stopped the query from seeing later writes in Chromium.)
  const live = useLiveQuery<LiveRoster>(
    async () => {
      if (!key) return NOT_READ;
      const value = await loadRoster(key);
      return { read: true as const, value, outbox: await listOutbox(offlineDb()) };
    },
    [key],
    NOT_READ,
  );
  const items = useMemo(() => (live.read ? latestItems(live.outbox) : NO_ITEMS), [live]);
  return {
    saved: live.read ? live.value : undefined,
    ready: live.read,
    items,
    loading: q.isFetching,
    error: q.error ? errorMessage(q.error, '加载名单失败') : null,
    refresh: () => void q.refetch(),
  };
}
