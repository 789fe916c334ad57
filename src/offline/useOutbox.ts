import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { offlineDb, type OutboxItem } from './db';
import { tallyOutbox, forgetSeenEnqueues, getLocalEnqueues, listOutbox, listOutboxHead, subscribeLocalEnqueues, withLocalEnqueues, type OutboxCounts } from './outbox';
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

/** The live read's value before its first answer (told apart from an empty outbox by identity). */
const NOT_READ: OutboxItem[] = [];

/** Items read first when the panel opens: more than a tall screen shows. */
const OUTBOX_HEAD = 30;

/** The outbox panel's items: all of them once read (`complete`), the first OUTBOX_HEAD meanwhile, or none yet (`items` null). */
export interface OutboxPanelItems {
  items: OutboxItem[] | null;
  complete: boolean;
}

/**
 * `useOutbox` while `reading`; nothing read otherwise. The whole list (1,000 items took about 30 ms
 * to read) is shown once read; until then the first OUTBOX_HEAD items, read first (a few ms), fill
 * the panel as it opens.
 */
export function useOutboxWhile(reading: boolean): OutboxPanelItems {
  const [head, setHead] = useState<OutboxItem[] | null>(null);
  // the whole list is read once the head is in: read together, the head waited for the whole list's reads
  const readAll = reading && head !== null;
  const all = useLiveQuery(() => (readAll ? listOutbox(offlineDb()) : Promise.resolve(NOT_READ)), [readAll], NOT_READ);
  useEffect(() => {
    if (!reading) return;
    let current = true;
    listOutboxHead(OUTBOX_HEAD, offlineDb()).then(
      (items) => current && setHead(items),
      () => undefined,
    );
    return () => {
      current = false;
      setHead(null);
    };
  }, [reading]);
  if (!reading) return { items: NO_ITEMS, complete: true };
  return all !== NOT_READ ? { items: all, complete: true } : { items: head, complete: false };
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
