import { Dexie, liveQuery } from 'dexie';
import { offlineDb, type OfflineDb, type OutboxItem } from './db';
import { uuidV4 } from './uuid';
import { currentOutboxOwner, mayBeSentBy, type OutboxOwner } from './owner';

/** A write that may be made offline. */
export interface OutboxWrite {
  /** `api/v1/...` */
  url: string;
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

/** Saves the write in the outbox first and returns at once; the sync engine sends it when it can. */
export async function enqueue(write: OutboxWrite, db: OfflineDb = offlineDb()): Promise<OutboxItem> {
  const now = Date.now();
  const item: Omit<OutboxItem, 'id'> = {
    url: write.url,
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
  const id = await db.outbox.add(item as OutboxItem);
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
export function listOutbox(db: OfflineDb = offlineDb()): Promise<OutboxItem[]> {
  return db.outbox.filter((it) => it.state !== 'done').sortBy('id');
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
