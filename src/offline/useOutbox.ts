import { useSyncExternalStore } from 'react';
import { offlineDb, type OutboxItem } from './db';
import { countOutbox, listOutbox, type OutboxCounts } from './outbox';
import { useLiveQuery } from './useLiveQuery';
import { getEngineStatus, subscribeEngineStatus } from './start';
import type { EngineStatus } from './syncEngine';

const NO_ITEMS: OutboxItem[] = [];
const NO_COUNTS: OutboxCounts = { pending: 0, rejected: 0 };

/** Every outbox item not yet done, in sending order, live. */
export function useOutbox(): OutboxItem[] {
  return useLiveQuery(() => listOutbox(offlineDb()), [], NO_ITEMS);
}

/** Pending (incl. being sent) and rejected counts, live, refreshed at most every 300 ms. */
export function useOutboxCounts(): OutboxCounts {
  return useLiveQuery(() => countOutbox(offlineDb()), [], NO_COUNTS, 300);
}

/** Whether this tab's engine is sending, or stopped on an expired session. */
export function useOutboxEngineStatus(): EngineStatus {
  return useSyncExternalStore(subscribeEngineStatus, getEngineStatus, getEngineStatus);
}
