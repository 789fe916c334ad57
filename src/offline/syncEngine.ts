import { Dexie } from 'dexie';
import { offlineDb, type OfflineDb, type OutboxItem } from './db';
import type { OutboxSender, SendOutcome } from './sender';
import { uuidV4 } from './uuid';
import { currentOutboxOwner, mayBeSentBy, sameOwner, type OutboxOwner } from './owner';

const LEASE_NAME = 'outbox';
const WEB_LOCK_NAME = 'campus-desk-outbox';
/** Done items are kept this long so a waiting screen (enqueueAndWait) sees the outcome. */
const DONE_KEEP_MS = 60_000;
/** Items claimed per transaction (still sent one at a time). */
const CLAIM_BATCH = 20;
/** The next batch is claimed, in the background, once this few claimed items are left to send. */
const REFILL_AT = CLAIM_BATCH / 2;

/** An outcome to record: the item as it now is, and the change alone (used when the lease was lost). */
interface Settle {
  item: OutboxItem;
  patch: Partial<OutboxItem>;
}
function settle(item: OutboxItem, patch: Partial<OutboxItem>): Settle {
  return { item: { ...item, ...patch }, patch };
}

type ClaimResult = OutboxItem[] | 'empty' | 'backoff' | 'lease-lost';

function stateRange(db: OfflineDb, state: OutboxItem['state']) {
  return db.outbox.where('[state+id]').between([state, Dexie.minKey], [state, Dexie.maxKey]);
}

export type FlushStop =
  /** nothing left to send */
  | 'empty'
  /** the next item waits for its backoff time */
  | 'backoff'
  /** the attempt failed without an answer; the item stays first in line */
  | 'network'
  /** HTTP 401: everything is kept until the user signs in again */
  | 'unauthorized'
  /** another tab is sending */
  | 'busy'
  /** another tab took over an expired lease */
  | 'lease-lost'
  | 'offline'
  /** the signed-in user changed (e.g. in another tab) while sending: the rest waits for its user */
  | 'user-changed'
  /** the database failed (e.g. storage unavailable) */
  | 'error';

export interface FlushResult {
  sent: number;
  rejected: number;
  stoppedBy: FlushStop;
}

export interface SyncEngineOptions {
  send: OutboxSender;
  db?: OfflineDb;
  /** identifies this tab in the lease */
  owner?: string;
  /**
   * The signed-in user, read live before every claim and send; only items this user queued (or
   * ownerless items from before owners existed) are sent. Defaults to configureOutboxOwner's.
   */
  signedInUser?: () => OutboxOwner | null;
  /** how long a lease lasts without renewal; must exceed the send time-out */
  leaseMs?: number;
  /** delay before the n-th retry (n from 1) */
  backoffMs?: (attempts: number) => number;
  isOnline?: () => boolean;
  /** after a flush that sent or rejected anything (the app refetches its queries) */
  onFlushed?: (result: FlushResult) => void;
  /** Web Locks; null to use only the database lease */
  locks?: LockManager | null;
  now?: () => number;
}

/** 1 s, 2 s, 4 s … capped at 60 s, with ±20 % jitter so tabs and devices do not retry in step. */
export function defaultBackoffMs(attempts: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export interface EngineStatus {
  flushing: boolean;
  /** the last flush stopped on HTTP 401 */
  authBlocked: boolean;
  lastResult: FlushResult | null;
}

/**
 * Sends the outbox to the server in order, one item at a time, each with its Idempotency-Key.
 * Only one engine (tab) sends at a time: a Web Lock where the browser has one, and always a
 * lease row in the database (which also guards browsers without Web Locks).
 */
export class OutboxSyncEngine {
  private readonly db: OfflineDb;
  private readonly send: OutboxSender;
  private readonly owner: string;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempts: number) => number;
  private readonly isOnline: () => boolean;
  private readonly onFlushed: ((r: FlushResult) => void) | undefined;
  private readonly locks: LockManager | null;
  private readonly now: () => number;
  private readonly signedInUser: () => OutboxOwner | null;
  /** ownerless (pre-owner) items were given to this engine's user */
  private adoptedFor: OutboxOwner | null = null;

  private running: Promise<FlushResult> | null = null;
  private again = false;
  private againIgnoreBackoff = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** when the lease must be renewed before the next send */
  private leaseRenewAt = 0;
  private status: EngineStatus = { flushing: false, authBlocked: false, lastResult: null };
  private readonly listeners = new Set<() => void>();

  constructor(opts: SyncEngineOptions) {
    this.db = opts.db ?? offlineDb();
    this.send = opts.send;
    this.owner = opts.owner ?? uuidV4();
    this.leaseMs = opts.leaseMs ?? 45_000;
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs;
    this.isOnline = opts.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.onFlushed = opts.onFlushed;
    const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager });
    this.locks = opts.locks === undefined ? (nav?.locks ?? null) : opts.locks;
    this.now = opts.now ?? Date.now;
    this.signedInUser = opts.signedInUser ?? currentOutboxOwner;
  }

  getStatus = (): EngineStatus => this.status;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private setStatus(patch: Partial<EngineStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const fn of this.listeners) fn();
  }

  /** Stops timers; a flush in progress finishes its current item and stops. */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * Sends what can be sent now. Calls during a flush join it (and make it look once more, so an
   * item queued meanwhile is not left waiting for the next tick).
   */
  flush(opts: { ignoreBackoff?: boolean } = {}): Promise<FlushResult> {
    this.stopped = false;
    if (this.running) {
      this.again = true;
      this.againIgnoreBackoff ||= !!opts.ignoreBackoff;
      return this.running;
    }
    this.setStatus({ flushing: true });
    const run = (async () => {
      let ignoreBackoff = !!opts.ignoreBackoff;
      let total: FlushResult = { sent: 0, rejected: 0, stoppedBy: 'empty' };
      for (;;) {
        this.again = false;
        this.againIgnoreBackoff = false;
        const r = await this.flushOnce(ignoreBackoff);
        total = { sent: total.sent + r.sent, rejected: total.rejected + r.rejected, stoppedBy: r.stoppedBy };
        if (!this.again || this.stopped || r.stoppedBy === 'busy' || r.stoppedBy === 'offline') break;
        ignoreBackoff = this.againIgnoreBackoff;
      }
      return total;
    })();
    this.running = run;
    return run.then(
      (result) => {
        this.running = null;
        this.setStatus({ flushing: false, lastResult: result, authBlocked: result.stoppedBy === 'unauthorized' });
        if (result.sent + result.rejected > 0) this.onFlushed?.(result);
        void this.scheduleRetry(result);
        return result;
      },
      (e: unknown) => {
        this.running = null;
        this.setStatus({ flushing: false });
        throw e;
      },
    );
  }

  private async flushOnce(ignoreBackoff: boolean): Promise<FlushResult> {
    if (!this.isOnline()) return { sent: 0, rejected: 0, stoppedBy: 'offline' };
    if (this.locks) {
      // Holding the Web Lock proves no other live tab is sending (the browser frees it when a tab
      // dies), so a lease row left by a reloaded or closed tab is taken over at once.
      const result = await this.locks.request(WEB_LOCK_NAME, { ifAvailable: true }, async (lock) =>
        lock ? this.flushLeased(ignoreBackoff, true) : null,
      );
      return result ?? { sent: 0, rejected: 0, stoppedBy: 'busy' };
    }
    return this.flushLeased(ignoreBackoff, false);
  }

  private async flushLeased(ignoreBackoff: boolean, takeOver: boolean): Promise<FlushResult> {
    let sent = 0;
    let rejected = 0;
    // Items are sent with the session's credentials, so only the signed-in user's own items go.
    const user = this.signedInUser();
    try {
      if (!(await this.acquireLease(ignoreBackoff, takeOver))) return { sent, rejected, stoppedBy: 'busy' };
      await this.adoptOwnerless(user);
    } catch {
      return { sent, rejected, stoppedBy: 'error' };
    }
    /** claimed ('sending'), not tried yet, in order */
    const queue: OutboxItem[] = [];
    /** outcomes not written yet: they go with the next claim, in one transaction */
    let settles: Settle[] = [];
    /** claimed but not tried when the flush stops: given back in `finally` */
    let unclaim: OutboxItem[] = [];
    // The next batch is claimed while a request is in flight, so the database bookkeeping stays off
    // the one-at-a-time path. A refill is always joined before anything it claimed is sent.
    let refill: Promise<ClaimResult> | null = null;
    let refillSettled = false;
    /** the last claim found nothing more to send now: no background refill until the queue drains */
    let drained = false;
    const startRefill = () => {
      const written = settles;
      settles = [];
      refillSettled = false;
      const p = this.claimBatch(written, user);
      refill = p;
      const done = () => {
        if (refill === p) refillSettled = true;
      };
      p.then(done, done);
    };
    const joinRefill = async (): Promise<ClaimResult> => {
      const p = refill;
      refill = null;
      return p ? p : 'empty';
    };
    try {
      for (;;) {
        if (queue.length === 0) {
          // the claim made when the queue is empty writes the outcomes so far and answers for good
          if (!refill) startRefill();
          const r = await joinRefill();
          if (typeof r === 'string') return { sent, rejected, stoppedBy: r };
          drained = r.length < CLAIM_BATCH;
          queue.push(...r);
        } else if (refill && refillSettled) {
          const r = await joinRefill();
          if (r === 'lease-lost') {
            unclaim = queue.splice(0);
            return { sent, rejected, stoppedBy: 'lease-lost' };
          }
          if (typeof r === 'string') drained = true;
          else {
            drained = r.length < CLAIM_BATCH;
            queue.push(...r);
          }
        }
        const item = queue.shift() as OutboxItem;
        const userChanged = !sameOwner(this.signedInUser(), user);
        if (this.stopped || userChanged || !this.isOnline() || !(await this.keepLease())) {
          unclaim = [item, ...queue.splice(0)];
          const why: FlushStop = this.stopped ? 'empty' : userChanged ? 'user-changed' : !this.isOnline() ? 'offline' : 'lease-lost';
          return { sent, rejected, stoppedBy: why };
        }
        const sending = this.trySend(item);
        if (!refill && !drained && queue.length <= REFILL_AT) startRefill();
        const outcome = await sending;
        const now = this.now();
        if (outcome.kind === 'ok') {
          settles.push(settle(item, { state: 'done', doneAt: now, lastError: null }));
          sent++;
        } else if (outcome.kind === 'rejected') {
          settles.push(settle(item, { state: 'rejected', lastError: outcome.msg }));
          rejected++;
        } else {
          unclaim = queue.splice(0);
          if (outcome.kind === 'retry') {
            settles.push(settle(item, { state: 'pending', lastError: outcome.msg, nextAttemptAt: now + this.backoffMs(item.attempts) }));
            return { sent, rejected, stoppedBy: 'network' };
          }
          // HTTP 401 is not the item's fault: the attempt does not count
          settles.push(settle(item, { state: 'pending', lastError: outcome.msg, attempts: item.attempts - 1 }));
          return { sent, rejected, stoppedBy: 'unauthorized' };
        }
      }
    } catch {
      unclaim.push(...queue.splice(0));
      return { sent, rejected, stoppedBy: 'error' };
    } finally {
      // a refill still running may have claimed items: they are given back with the rest
      const late = await joinRefill().catch(() => 'error' as const);
      if (Array.isArray(late)) unclaim.push(...late);
      // claimed but not tried: back to pending, with the attempt they were charged taken back
      for (const it of unclaim) settles.push(settle(it, { state: 'pending', attempts: it.attempts - 1 }));
      await this.writeSettles(settles).catch(() => undefined);
      await this.releaseLease().catch(() => undefined);
    }
  }

  private async trySend(item: OutboxItem): Promise<SendOutcome> {
    try {
      return await this.send(item);
    } catch (e) {
      return { kind: 'retry', msg: e instanceof Error ? e.message : String(e) };
    }
  }

  /**
   * Takes the lease if free, expired or `takeOver`; resets items a vanished sender left in
   * 'sending'. Reads are whole ranges and writes bulk: walking 1,000 items one by one would cost
   * more than sending them.
   */
  private async acquireLease(ignoreBackoff: boolean, takeOver: boolean): Promise<boolean> {
    const db = this.db;
    return db.transaction('rw', db.leases, db.outbox, async () => {
      const now = this.now();
      const lease = await db.leases.get(LEASE_NAME);
      if (!takeOver && lease && lease.owner !== this.owner && lease.expiresAt > now) return false;
      await db.leases.put({ name: LEASE_NAME, owner: this.owner, expiresAt: now + this.leaseMs });
      const left = await stateRange(db, 'sending').toArray();
      if (left.length > 0) await db.outbox.bulkPut(left.map((it) => ({ ...it, state: 'pending' as const })));
      if (ignoreBackoff) {
        const waiting = (await stateRange(db, 'pending').toArray()).filter((it) => it.nextAttemptAt !== 0);
        if (waiting.length > 0) await db.outbox.bulkPut(waiting.map((it) => ({ ...it, nextAttemptAt: 0 })));
      }
      const stale = (await stateRange(db, 'done').toArray()).filter((it) => (it.doneAt ?? 0) < now - DONE_KEEP_MS);
      if (stale.length > 0) await db.outbox.bulkDelete(stale.map((it) => it.id));
      return true;
    });
  }

  /**
   * Items queued before items carried an owner belong to whoever signs in first: they are given to
   * that user for good, so a later user's session never sends them as well.
   */
  private async adoptOwnerless(user: OutboxOwner | null): Promise<void> {
    if (!user || sameOwner(this.adoptedFor, user)) return;
    const db = this.db;
    await db.transaction('rw', db.outbox, async () => {
      const ownerless = (await db.outbox.toArray()).filter((it) => !it.user);
      if (ownerless.length > 0) await db.outbox.bulkPut(ownerless.map((it) => ({ ...it, user })));
    });
    this.adoptedFor = user;
  }

  /**
   * In one transaction: check the lease is still ours (renewing it when half used), record the
   * outcomes so far, and mark the next pending items, in order, as sending. Items are claimed in
   * small batches but still sent one at a time; a claimed item another tab sees is simply 'sending'.
   */
  private async claimBatch(settles: Settle[], user: OutboxOwner | null): Promise<ClaimResult> {
    const db = this.db;
    return db.transaction('rw', db.leases, db.outbox, async () => {
      const now = this.now();
      const lease = await db.leases.get(LEASE_NAME);
      const ours = !!lease && lease.owner === this.owner;
      await this.putSettles(settles, ours);
      if (!lease || !ours) return 'lease-lost' as const;
      if (lease.expiresAt - now < this.leaseMs / 2) {
        await db.leases.put({ name: LEASE_NAME, owner: this.owner, expiresAt: now + this.leaseMs });
        this.leaseRenewAt = now + this.leaseMs / 2;
      } else {
        this.leaseRenewAt = lease.expiresAt - this.leaseMs / 2;
      }
      const candidates = await this.nextPending(user);
      if (candidates.length === 0) return 'empty' as const;
      if (candidates[0].nextAttemptAt > now) return 'backoff' as const;
      const batch: OutboxItem[] = [];
      for (const it of candidates) {
        if (it.nextAttemptAt > now) break;
        batch.push({ ...it, state: 'sending', attempts: it.attempts + 1 });
      }
      await db.outbox.bulkPut(batch);
      return batch;
    });
  }

  /** Up to CLAIM_BATCH pending items `user` may send, in order, read a page at a time (not item by item). */
  private async nextPending(user: OutboxOwner | null): Promise<OutboxItem[]> {
    const found: OutboxItem[] = [];
    let after: number | null = null;
    for (;;) {
      const page: OutboxItem[] = await this.db.outbox
        .where('[state+id]')
        .between(['pending', after ?? Dexie.minKey], ['pending', Dexie.maxKey], after === null, true)
        .limit(CLAIM_BATCH)
        .toArray();
      for (const it of page) {
        if (mayBeSentBy(it.user, user)) found.push(it);
        if (found.length === CLAIM_BATCH) return found;
      }
      if (page.length < CLAIM_BATCH) return found;
      after = page[page.length - 1].id;
    }
  }

  /**
   * Writes outcomes. While the lease is ours no one else touches our 'sending' items (retry and
   * discard leave them alone; another tab resets them only after taking the lease), so the items
   * as we hold them are written whole; otherwise each is patched, never re-creating one that is gone.
   */
  private async putSettles(settles: Settle[], leaseOurs: boolean): Promise<void> {
    if (settles.length === 0) return;
    if (leaseOurs) {
      await this.db.outbox.bulkPut(settles.map((st) => st.item));
      return;
    }
    for (const st of settles) await this.db.outbox.update(st.item.id, st.patch);
  }

  /** Before each send: renew the lease when half used; false when another tab has taken it. */
  private async keepLease(): Promise<boolean> {
    const now = this.now();
    if (now < this.leaseRenewAt) return true;
    const db = this.db;
    return db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(LEASE_NAME);
      if (!lease || lease.owner !== this.owner) return false;
      await db.leases.put({ name: LEASE_NAME, owner: this.owner, expiresAt: now + this.leaseMs });
      this.leaseRenewAt = now + this.leaseMs / 2;
      return true;
    });
  }

  private async writeSettles(settles: Settle[]): Promise<void> {
    if (settles.length === 0) return;
    const db = this.db;
    await db.transaction('rw', db.leases, db.outbox, async () => {
      const lease = await db.leases.get(LEASE_NAME);
      await this.putSettles(settles, !!lease && lease.owner === this.owner);
    });
  }

  private async releaseLease(): Promise<void> {
    const db = this.db;
    await db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(LEASE_NAME);
      if (lease && lease.owner === this.owner) await db.leases.delete(LEASE_NAME);
    });
  }

  /** After a backoff stop, wake up when the first item may be tried again. */
  private async scheduleRetry(result: FlushResult): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.stopped || (result.stoppedBy !== 'backoff' && result.stoppedBy !== 'network')) return;
    const user = this.signedInUser();
    const first = await this.db.outbox
      .where('[state+id]')
      .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
      .filter((it) => mayBeSentBy(it.user, user))
      .first()
      .catch(() => undefined);
    if (!first || this.stopped) return;
    const delay = Math.max(50, first.nextAttemptAt - this.now());
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }
}
