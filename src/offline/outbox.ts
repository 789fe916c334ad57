import { Dexie, liveQuery } from 'dexie';
import { offlineDb, type OfflineDb, type OutboxItem } from './db';
import { uuidV4 } from './uuid';
import { callUrl, type OfflineCall, type QueryParam } from '../contract/call';
import { currentOutboxHeaders, currentOutboxOwner, mayBeSentBy, type OutboxOwner } from './owner';

/** A write that may be made offline: only a call declared `offline: true` (src/contract/call.ts). */
export interface OutboxWrite {
  call: OfflineCall;
  /** parameters the call takes in its URL (e.g. `?c=zh`) */
  query?: Readonly<Record<string, QueryParam>>;
  body: unknown;
  /** e.g. 'feedback', 'check_in', 'clock_in' */
  kind: string;
  /** Chinese description for the outbox panel, e.g. '用户反馈：投影仪坏了' */
  label: string;
  /** who queues it; defaults to the signed-in user the app configured (configureOutboxOwner) */
  user?: OutboxOwner | null;
}

/** Called after the outbox changed in a way that may allow sending (set by the sync engine). */
let flushHook: (() => void) | null = null;
export function setOutboxFlushHook(hook: (() => void) | null): void {
  flushHook = hook;
}
function kick(): void {
  flushHook?.();
}

function pendingRange(db: OfflineDb) {
  return db.outbox.where('[state+id]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]);
}

/**
 * Writes this tab is queueing or has just queued, so the top bar counts a tap at once rather than
 * after the next (throttled) re-read of the outbox: `adding` are not stored yet, `added` are stored
 * with these ids (the count shows them until it has read an id at least as high).
 */
export interface LocalEnqueues {
  adding: number;
  added: readonly number[];
}
/** Plenty: the count re-reads within a fraction of a second, long before this many taps. */
const LOCAL_ADDED_KEEP = 500;
let local: LocalEnqueues = { adding: 0, added: [] };
const localListeners = new Set<() => void>();
function setLocal(next: LocalEnqueues): void {
  local = next;
  for (const fn of localListeners) fn();
}
export function getLocalEnqueues(): LocalEnqueues {
  return local;
}
export function subscribeLocalEnqueues(fn: () => void): () => void {
  localListeners.add(fn);
  return () => localListeners.delete(fn);
}
/** A count has read the outbox up to `lastId`: writes up to it are counted there from now on (even once discarded). */
export function forgetSeenEnqueues(lastId: number): void {
  if (local.added.some((id) => id <= lastId)) setLocal({ ...local, added: local.added.filter((id) => id > lastId) });
}

/** A write this tab will queue, counted in the top bar from its tap (reserveLocalEnqueue). */
export interface LocalReservation {
  /** taken by `enqueue`, which counts the write from then on */
  taken: boolean;
  /** gives the count back when the write was never enqueued (idempotent) */
  release(): void;
}

/**
 * Counts a write in the top bar from now, before the work that comes ahead of its `enqueue` (a
 * tap's roster update in IndexedDB): two taps whose work ends in one task were drawn as one.
 */
function reserveLocalEnqueue(): LocalReservation {
  setLocal({ ...local, adding: local.adding + 1 });
  const r: LocalReservation = {
    taken: false,
    release() {
      if (r.taken) return;
      r.taken = true;
      setLocal({ ...local, adding: local.adding - 1 });
    },
  };
  return r;
}

/** Runs `work`, whose `enqueue(…, reserved)` is counted in the top bar from now (the tap), not from when it is stored. */
export async function countedFromNow<T>(work: (reserved: LocalReservation) => Promise<T>): Promise<T> {
  const reserved = reserveLocalEnqueue();
  try {
    return await work(reserved);
  } finally {
    reserved.release();
  }
}

/**
 * Saves the write in the outbox first and returns at once; the sync engine sends it when it can.
 * With `reserved`, the write was counted at its tap and is not counted again.
 */
export async function enqueue(write: OutboxWrite, db: OfflineDb = offlineDb(), reserved?: LocalReservation): Promise<OutboxItem> {
  const now = Date.now();
  const item: Omit<OutboxItem, 'id'> = {
    url: callUrl(write.call, write.query),
    method: 'POST',
    body: write.body === undefined ? {} : JSON.parse(JSON.stringify(write.body)),
    idempotencyKey: uuidV4(),
    kind: write.kind,
    label: write.label,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'pending',
    doneAt: null,
    user: write.user ?? currentOutboxOwner(),
  };
  const headers = currentOutboxHeaders();
  if (Object.keys(headers).length > 0) item.headers = headers;
  // only the app's own database is counted in the top bar
  const counted = db === offlineDb() || reserved !== undefined;
  if (reserved && !reserved.taken) reserved.taken = true;
  else if (counted) setLocal({ ...local, adding: local.adding + 1 });
  let id: number;
  try {
    id = await db.outbox.add(item as OutboxItem);
  } catch (e) {
    if (counted) setLocal({ ...local, adding: local.adding - 1 });
    throw e;
  }
  if (counted) setLocal({ adding: local.adding - 1, added: [...local.added.slice(-(LOCAL_ADDED_KEEP - 1)), id] });
  kick();
  return { ...item, id } as OutboxItem;
}

/**
 * Tries the item again now. A rejected item gets a new Idempotency-Key: the server committed
 * nothing for it, and the old key may have its rejection stored.
 */
export async function retryItem(id: number, db: OfflineDb = offlineDb()): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.state === 'done' || item.state === 'sending') return;
    const patch: Partial<OutboxItem> = { state: 'pending', nextAttemptAt: 0 };
    if (item.state === 'rejected') {
      patch.idempotencyKey = uuidV4();
      patch.attempts = 0;
    }
    await db.outbox.update(id, patch);
  });
  kick();
}

/** Tries every pending and rejected item of the signed-in user again now (others' wait for them). */
export async function retryAll(db: OfflineDb = offlineDb()): Promise<void> {
  const user = currentOutboxOwner();
  const items = await db.outbox.toArray();
  for (const it of items) {
    if ((it.state === 'pending' || it.state === 'rejected') && mayBeSentBy(it.user, user)) await retryItem(it.id, db);
  }
  kick();
}

/** Drops the item for good (the panel asks the user first). An item being sent right now is left alone. */
export async function discardItem(id: number, db: OfflineDb = offlineDb()): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.state === 'sending') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** Every item still of interest (not done), in sending order. */
const OPEN_STATES = ['pending', 'sending', 'rejected'] as const;

/**
 * Every item not done, in sending order: one index range per open state, each read in one call
 * (IndexedDB getAll), merged by id. Filtering the whole table walked a cursor item by item (done
 * items too), which was most of the outbox panel's opening time with 1,000 items.
 */
export async function listOutbox(db: OfflineDb = offlineDb()): Promise<OutboxItem[]> {
  const parts = await Promise.all(OPEN_STATES.map((state) => db.outbox.where('[state+id]').between([state, Dexie.minKey], [state, Dexie.maxKey]).toArray()));
  return parts.flat().toSorted((a, b) => a.id - b.id);
}

/** The first `limit` items of listOutbox (the same order), reading at most `limit` of each open state. */
export async function listOutboxHead(limit: number, db: OfflineDb = offlineDb()): Promise<OutboxItem[]> {
  const parts = await Promise.all(OPEN_STATES.map((state) => db.outbox.where('[state+id]').between([state, Dexie.minKey], [state, Dexie.maxKey]).limit(limit).toArray()));
  return parts.flat().toSorted((a, b) => a.id - b.id).slice(0, limit);
}

export interface OutboxCounts {
  /** pending or being sent */
  pending: number;
  rejected: number;
}

export async function countOutbox(db: OfflineDb = offlineDb()): Promise<OutboxCounts> {
  const [pending, sending, rejected] = await Promise.all([
    pendingRange(db).count(),
    db.outbox.where('[state+id]').between(['sending', Dexie.minKey], ['sending', Dexie.maxKey]).count(),
    db.outbox.where('[state+id]').between(['rejected', Dexie.minKey], ['rejected', Dexie.maxKey]).count(),
  ]);
  return { pending: pending + sending, rejected };
}

/** Counts as of a moment: `lastId` is the highest item id then (0 when empty); writes queued after it are not counted. */
export interface OutboxTally extends OutboxCounts {
  lastId: number;
}

export async function tallyOutbox(db: OfflineDb = offlineDb()): Promise<OutboxTally> {
  const [counts, lastId] = await Promise.all([countOutbox(db), db.outbox.toCollection().lastKey()]);
  return { ...counts, lastId: typeof lastId === 'number' ? lastId : 0 };
}

/** The counts with this tab's writes the tally has not read yet added as pending. */
export function withLocalEnqueues(counts: OutboxCounts & { lastId?: number }, l: LocalEnqueues): OutboxCounts {
  // before the first read (no lastId) every write queued here is unseen
  const lastId = counts.lastId ?? 0;
  const unseen = l.added.reduce((n, id) => (id > lastId ? n + 1 : n), 0);
  return { pending: counts.pending + unseen + l.adding, rejected: counts.rejected };
}

export type OutboxOutcome =
  | { state: 'done' }
  | { state: 'rejected'; msg: string }
  /** still queued (offline, or the server did not answer in time); it will be sent later */
  | { state: 'queued' }
  /** the user discarded it meanwhile */
  | { state: 'discarded' };

/**
 * Waits until the item is sent or rejected, at most `timeoutMs`. Works whichever tab sends it,
 * since it watches the database, not the engine.
 */
export function waitForOutcome(id: number, timeoutMs: number, db: OfflineDb = offlineDb()): Promise<OutboxOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: OutboxOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // unsubscribe after the current emission finished
      queueMicrotask(() => sub.unsubscribe());
      resolve(o);
    };
    const timer = setTimeout(() => finish({ state: 'queued' }), timeoutMs);
    const sub = liveQuery(() => db.outbox.get(id)).subscribe({
      next: (item) => {
        if (!item) finish({ state: 'discarded' });
        else if (item.state === 'done') finish({ state: 'done' });
        else if (item.state === 'rejected') finish({ state: 'rejected', msg: item.lastError ?? '提交被服务器拒绝' });
      },
      error: () => finish({ state: 'queued' }),
    });
  });
}

/**
 * Queues the write and, when online, waits briefly for the answer so a screen can say
 * "提交成功" or show the server's msg; offline it answers 'queued' at once.
 */
export async function enqueueAndWait(
  write: OutboxWrite,
  opts: { timeoutMs?: number; db?: OfflineDb } = {},
): Promise<{ item: OutboxItem; outcome: OutboxOutcome }> {
  const db = opts.db ?? offlineDb();
  const item = await enqueue(write, db);
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  if (!online) return { item, outcome: { state: 'queued' } };
  const outcome = await waitForOutcome(item.id, opts.timeoutMs ?? 8000, db);
  return { item, outcome };
}
