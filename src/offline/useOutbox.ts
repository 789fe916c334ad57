import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { offlineDb, type OutboxItem } from './db';
import { tallyOutbox, forgetSeenEnqueues, getLocalEnqueues, listOutbox, subscribeLocalEnqueues, withLocalEnqueues, type OutboxCounts } from './outbox';
import { useLiveQuery } from './useLiveQuery';
import { getEngineStatus, subscribeEngineStatus } from './start';
import type { EngineStatus } from './syncEngine';

const NO_ITEMS: OutboxItem[] = [];
/** not read yet: no lastId, so every write queued in this tab counts */
const NO_COUNTS: OutboxCounts & { lastId?: number } = { pending: 0, rejected: 0 };

/** Every outbox item not yet done, in sending order, live. */
export function useOutbox(): OutboxItem[] {
  return useLiveQuery(() => listOutbox(offlineDb()), [], NO_ITEMS);
}

/** `useOutbox` while `reading`; nothing read (and no items) otherwise. */
export function useOutboxWhile(reading: boolean): OutboxItem[] {
  return useLiveQuery(() => (reading ? listOutbox(offlineDb()) : Promise.resolve(NO_ITEMS)), [reading], NO_ITEMS);
}

/**
 * Pending (incl. being sent) and rejected counts, live: the outbox is re-read at most every 300 ms
 * (a flush of 1,000 items must not re-count it 1,000 times), and a write this tab queues counts at
 * once, from the tap, until the next re-read includes it.
 */
export function useOutboxCounts(): OutboxCounts {
  const stored = useLiveQuery<OutboxCounts & { lastId?: number }>(() => tallyOutbox(offlineDb()), [], NO_COUNTS, 300);
  const local = useSyncExternalStore(subscribeLocalEnqueues, getLocalEnqueues, getLocalEnqueues);
  useEffect(() => {
    if (stored.lastId !== undefined) forgetSeenEnqueues(stored.lastId);
  }, [stored]);
  return useMemo(() => withLocalEnqueues(stored, local), [stored, local]);
}

/** Whether this tab's engine is sending, or stopped on an expired session. */
export function useOutboxEngineStatus(): EngineStatus {
  return useSyncExternalStore(subscribeEngineStatus, getEngineStatus, getEngineStatus);
}
