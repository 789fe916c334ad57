import { useMemo } from 'react';
import type { OutboxItem } from '../../../offline/db';
import { useLiveQuery } from '../../../offline/useLiveQuery';
import { latestItems } from './roster';
import { readSavedRoster, type LiveRoster, type SavedRoster } from './rosterStore';

export interface SavedRosterView {
  /** the saved roster (server data plus local marks); undefined before the first load */
  saved: SavedRoster | undefined;
  /** whether Dexie was read at least once (so "nothing saved" can be told from "not read yet") */
  ready: boolean;
  /** the latest outbox item of each `schedule:student` */
  items: Map<string, OutboxItem>;
}

const NOT_READ: LiveRoster = { read: false };
const NO_ITEMS = new Map<string, OutboxItem>();

/**
 * The roster as saved in Dexie with the outbox's latest item per student, live. Without React
 * Query, which the board's first draw need not wait for.
 */
export function useSavedRoster(key: string | null): SavedRosterView {
  // The roster and the outbox are read by one live query: a tap writes both in one transaction,
  // and two separate live reads could answer in either order, showing the new mark before its
  // queued item (already 已同步). Both reads here run after that transaction committed. (An
  // explicit read transaction around them stopped the query from seeing later writes in Chromium.)
  const live = useLiveQuery<LiveRoster>(
    async () => (key ? readSavedRoster(key) : NOT_READ),
    [key],
    NOT_READ,
  );
  const items = useMemo(() => (live.read ? latestItems(live.outbox) : NO_ITEMS), [live]);
  return { saved: live.read ? live.value : undefined, ready: live.read, items };
}
