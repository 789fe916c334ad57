import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { enqueue, discardItem, listOutbox, retryItem, countOutbox } from '../../../src/offline/outbox';
import { OutboxSyncEngine, defaultBackoffMs } from '../../../src/offline/syncEngine';
import type { OutboxSender } from '../../../src/offline/sender';
import { fakeServer, freshDb, freshDbName } from './helpers';
import { feedbackAddCall } from '../../../src/contract/feedback';

const engines: OutboxSyncEngine[] = [];
const dbs: OfflineDb[] = [];
function track(db: OfflineDb): OfflineDb {
  dbs.push(db);
  return db;
}
function engine(opts: ConstructorParameters<typeof OutboxSyncEngine>[0]): OutboxSyncEngine {
  const e = new OutboxSyncEngine({ locks: null, ...opts });
  engines.push(e);
  return e;
}
afterEach(async () => {
  for (const e of engines.splice(0)) e.stop();
  for (const db of dbs.splice(0)) db.close();
});

function feedback(i: number) {
  return { call: feedbackAddCall, body: { content: `反馈 ${i}`, files: '' }, kind: 'feedback', label: `用户反馈 ${i}` };
}

describe('outbox sync engine', () => {
  it('saves a write as pending at once, with its own idempotency key', async () => {
    const db = track(freshDb());
    const a = await enqueue(feedback(1), db);
    const b = await enqueue(feedback(2), db);
    expect(a.state).toBe('pending');
    expect(a.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    const items = await listOutbox(db);
    expect(items.map((i) => i.label)).toEqual(['用户反馈 1', '用户反馈 2']);
    expect(await countOutbox(db)).toEqual({ pending: 2, rejected: 0 });
  });

  it('sends in order, one at a time, and marks each done', async () => {
    const db = track(freshDb());
    for (let i = 1; i <= 5; i++) await enqueue(feedback(i), db);
    const server = fakeServer();
    const r = await engine({ db, send: server.send }).flush();
    expect(r).toEqual({ sent: 5, rejected: 0, stoppedBy: 'empty' });
    expect(server.calls.map((c) => (c.body as { content: string }).content)).toEqual(['反馈 1', '反馈 2', '反馈 3', '反馈 4', '反馈 5']);
    expect(server.maxInFlight).toBe(1);
    expect(await countOutbox(db)).toEqual({ pending: 0, rejected: 0 });
    expect(await listOutbox(db)).toEqual([]);
    expect((await db.outbox.toArray()).every((i) => i.state === 'done')).toBe(true);
  });

  it('keeps a write on a network failure, backs off, and stops so the order holds', async () => {
    const db = track(freshDb());
    await enqueue(feedback(1), db);
    await enqueue(feedback(2), db);
    let clock = 1_000_000;
    let down = true;
    const server = fakeServer(() => (down ? { kind: 'retry', msg: '网络连接失败，请检查网络' } : { kind: 'ok' }));
    const e = engine({ db, send: server.send, now: () => clock, backoffMs: (n) => 1000 * 2 ** (n - 1) });
    const r1 = await e.flush();
    expect(r1.stoppedBy).toBe('network');
    expect(server.calls).toHaveLength(1);
    const [first, second] = await listOutbox(db);
    expect(first.state).toBe('pending');
    expect(first.attempts).toBe(1);
    expect(first.lastError).toBe('网络连接失败，请检查网络');
    expect(first.nextAttemptAt).toBe(clock + 1000);
    expect(second.attempts).toBe(0);

    // still inside the backoff window: nothing is sent, not even the second item
    clock += 500;
    expect((await e.flush()).stoppedBy).toBe('backoff');
    expect(server.calls).toHaveLength(1);

    // the second failure doubles the wait
    clock += 600;
    await e.flush();
    expect((await listOutbox(db))[0].nextAttemptAt).toBe(clock + 2000);

    down = false;
    clock += 2000;
    const r = await e.flush();
    expect(r).toEqual({ sent: 2, rejected: 0, stoppedBy: 'empty' });
    const keys = server.calls.map((c) => c.idempotencyKey);
    // the retried item kept its key: a server that committed the first attempt answers the stored result
    expect(keys[0]).toBe(keys[1]);
    expect(keys[1]).toBe(keys[2]);
    expect(server.calls.slice(-2).map((c) => (c.body as { content: string }).content)).toEqual(['反馈 1', '反馈 2']);
  });

  it('ignores backoff when asked (reconnect)', async () => {
    const db = track(freshDb());
    await enqueue(feedback(1), db);
    let fail = true;
    const server = fakeServer(() => (fail ? { kind: 'retry', msg: '请求超时' } : { kind: 'ok' }));
    const e = engine({ db, send: server.send, backoffMs: () => 60_000 });
    await e.flush();
    fail = false;
    expect((await e.flush()).stoppedBy).toBe('backoff');
    expect(await e.flush({ ignoreBackoff: true })).toEqual({ sent: 1, rejected: 0, stoppedBy: 'empty' });
  });

  it('caps the backoff at about a minute', () => {
    for (let n = 1; n < 30; n++) expect(defaultBackoffMs(n)).toBeLessThanOrEqual(72_000);
    expect(defaultBackoffMs(1)).toBeGreaterThanOrEqual(800);
    expect(defaultBackoffMs(20)).toBeGreaterThanOrEqual(48_000);
  });

  it('marks a business rejection with the server msg, goes on with the next, and keeps it until retried or discarded', async () => {
    const db = track(freshDb());
    await enqueue(feedback(1), db);
    await enqueue(feedback(2), db);
    await enqueue(feedback(3), db);
    let reject = true;
    const server = fakeServer((item) =>
      reject && (item.body as { content: string }).content === '反馈 2' ? { kind: 'rejected', msg: '请输入反馈内容' } : { kind: 'ok' },
    );
    const e = engine({ db, send: server.send });
    expect(await e.flush()).toEqual({ sent: 2, rejected: 1, stoppedBy: 'empty' });
    const left = await listOutbox(db);
    expect(left).toHaveLength(1);
    expect(left[0].state).toBe('rejected');
    expect(left[0].lastError).toBe('请输入反馈内容');
    expect(await countOutbox(db)).toEqual({ pending: 0, rejected: 1 });

    // periodic flushes leave it alone
    expect((await e.flush()).sent).toBe(0);
    expect(server.calls).toHaveLength(3);

    // retry: a new key (the rejected one committed nothing), sent again
    const oldKey = left[0].idempotencyKey;
    reject = false;
    await retryItem(left[0].id, db);
    const retried = (await listOutbox(db))[0];
    expect(retried.state).toBe('pending');
    expect(retried.idempotencyKey).not.toBe(oldKey);
    expect(await e.flush()).toEqual({ sent: 1, rejected: 0, stoppedBy: 'empty' });
    expect(server.calls.at(-1)?.idempotencyKey).toBe(retried.idempotencyKey);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('discards an item for good', async () => {
    const db = track(freshDb());
    const a = await enqueue(feedback(1), db);
    await enqueue(feedback(2), db);
    expect(await discardItem(a.id, db)).toBe(true);
    const server = fakeServer();
    await engine({ db, send: server.send }).flush();
    expect(server.calls.map((c) => (c.body as { content: string }).content)).toEqual(['反馈 2']);
  });

  it('stops on HTTP 401 and keeps everything, without counting the attempt', async () => {
    const db = track(freshDb());
    await enqueue(feedback(1), db);
    await enqueue(feedback(2), db);
    let signedIn = false;
    const server = fakeServer(() => (signedIn ? { kind: 'ok' } : { kind: 'unauthorized', msg: '登录已失效，重新登录后自动提交' }));
    const e = engine({ db, send: server.send });
    const r = await e.flush();
    expect(r.stoppedBy).toBe('unauthorized');
    expect(e.getStatus().authBlocked).toBe(true);
    expect(server.calls).toHaveLength(1);
    const items = await listOutbox(db);
    expect(items.map((i) => [i.state, i.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    signedIn = true;
    expect((await e.flush()).sent).toBe(2);
    expect(e.getStatus().authBlocked).toBe(false);
  });

  it('keeps queued writes across a reload (a new database instance)', async () => {
    const name = freshDbName();
    const first = createOfflineDb(name);
    await enqueue(feedback(1), first);
    await enqueue(feedback(2), first);
    first.close();
    const second = track(createOfflineDb(name));
    const items = await listOutbox(second);
    expect(items.map((i) => i.label)).toEqual(['用户反馈 1', '用户反馈 2']);
    const server = fakeServer();
    expect((await engine({ db: second, send: server.send }).flush()).sent).toBe(2);
  });

  it('resends an item a closed tab left in "sending", with the same key', async () => {
    const name = freshDbName();
    const tab1 = track(createOfflineDb(name));
    const item = await enqueue(feedback(1), tab1);
    let clock = 5_000_000;
    // tab 1 takes the item and dies in the middle of the request
    const hang = engine({ db: tab1, owner: 'tab1', now: () => clock, leaseMs: 30_000, send: () => new Promise(() => undefined) });
    void hang.flush();
    // the claim is a few IndexedDB transactions away; on a loaded machine they take longer than any
    // fixed pause, so wait until the item is claimed (the assertion still fails if it never is)
    await vi.waitFor(async () => expect((await tab1.outbox.get(item.id))?.state).toBe('sending'), { timeout: 5_000, interval: 20 });

    const tab2 = track(createOfflineDb(name));
    const server = fakeServer();
    const e2 = engine({ db: tab2, owner: 'tab2', now: () => clock, send: server.send });
    expect((await e2.flush()).stoppedBy).toBe('busy');
    clock += 31_000; // the lease of the dead tab expired
    expect((await e2.flush()).sent).toBe(1);
    expect(server.calls[0].idempotencyKey).toBe(item.idempotencyKey);
  });

  it('with Web Locks, takes over at once the lease a reloaded tab left behind', async () => {
    const name = freshDbName();
    const db = track(createOfflineDb(name));
    await enqueue(feedback(1), db);
    await db.leases.put({ name: 'outbox', owner: 'reloaded-tab', expiresAt: Date.now() + 45_000 });
    const server = fakeServer();
    // without Web Locks the lease row is all there is: wait for it to expire
    expect((await engine({ db, send: server.send }).flush()).stoppedBy).toBe('busy');
    let held = false;
    const locks = {
      request: async (_name: string, _opts: unknown, cb: (lock: unknown) => Promise<unknown>) => {
        if (held) return cb(null);
        held = true;
        try {
          return await cb({ name: _name, mode: 'exclusive' });
        } finally {
          held = false;
        }
      },
    } as unknown as LockManager;
    expect(await engine({ db, send: server.send, locks }).flush()).toEqual({ sent: 1, rejected: 0, stoppedBy: 'empty' });
  });

  it('never sends an item twice when two tabs flush at once', async () => {
    const name = freshDbName();
    const tabA = track(createOfflineDb(name));
    const tabB = track(createOfflineDb(name));
    for (let i = 1; i <= 30; i++) await enqueue(feedback(i), i % 2 ? tabA : tabB);
    const server = fakeServer();
    const a = engine({ db: tabA, owner: 'A', send: server.send });
    const b = engine({ db: tabB, owner: 'B', send: server.send });
    // keep both engines trying until everything is out
    for (let round = 0; round < 20 && (await countOutbox(tabA)).pending > 0; round++) {
      await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
    }
    const keys = server.calls.map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
    expect(server.maxInFlight).toBe(1);
    expect(server.calls.map((c) => (c.body as { content: string }).content)).toEqual(Array.from({ length: 30 }, (_, i) => `反馈 ${i + 1}`));
  });

  it('flushes 200 queued writes in order', async () => {
    const db = track(freshDb());
    for (let i = 1; i <= 200; i++) await enqueue(feedback(i), db);
    const server = fakeServer();
    const r = await engine({ db, send: server.send }).flush();
    expect(r).toEqual({ sent: 200, rejected: 0, stoppedBy: 'empty' });
    expect(server.calls.map((c) => (c.body as { content: string }).content)).toEqual(Array.from({ length: 200 }, (_, i) => `反馈 ${i + 1}`));
    expect(server.committed.size).toBe(200);
  });

  it('gives back every claimed item when a send fails while the next batch is being claimed', async () => {
    const db = track(freshDb());
    for (let i = 1; i <= 45; i++) await enqueue(feedback(i), db);
    const server = fakeServer();
    const sent: string[] = [];
    // the 10th send starts the claim of the next batch; its failure is answered at once, while that claim still runs
    const send: OutboxSender = (item) => {
      const content = (item.body as { content: string }).content;
      sent.push(content);
      return content === '反馈 10' ? Promise.resolve({ kind: 'retry', msg: '网络连接失败，请检查网络' }) : server.send(item);
    };
    const r = await engine({ db, send }).flush();
    expect(r).toEqual({ sent: 9, rejected: 0, stoppedBy: 'network' });
    expect(sent).toEqual(Array.from({ length: 10 }, (_, i) => `反馈 ${i + 1}`));
    const all = await db.outbox.orderBy('id').toArray();
    expect(all.filter((x) => x.state === 'sending')).toEqual([]);
    expect(all.slice(0, 9).every((x) => x.state === 'done' && x.attempts === 1)).toBe(true);
    expect(all[9]).toMatchObject({ state: 'pending', attempts: 1, lastError: '网络连接失败，请检查网络' });
    // claimed (the rest of this batch and the next one) but never tried: pending again, no attempt charged
    expect(all.slice(10).map((x) => [x.state, x.attempts])).toEqual(Array.from({ length: 35 }, () => ['pending', 0]));
  });

  it('stops sending once a claim finds the lease taken by another tab, and leaves nothing in "sending"', async () => {
    const db = track(freshDb());
    for (let i = 1; i <= 45; i++) await enqueue(feedback(i), db);
    const server = fakeServer(async (_item, call) => {
      if (call === 3) await db.leases.put({ name: 'outbox', owner: 'another-tab', expiresAt: Date.now() + 45_000 });
      return { kind: 'ok' };
    });
    const r = await engine({ db, owner: 'this-tab', send: server.send }).flush();
    expect(r.stoppedBy).toBe('lease-lost');
    expect(r.sent).toBeLessThan(45);
    expect(server.calls).toHaveLength(r.sent);
    expect(new Set(server.calls.map((c) => c.idempotencyKey)).size).toBe(r.sent);
    const all = await db.outbox.orderBy('id').toArray();
    expect(all.filter((x) => x.state === 'done')).toHaveLength(r.sent);
    expect(all.slice(r.sent).map((x) => [x.state, x.attempts])).toEqual(Array.from({ length: 45 - r.sent }, () => ['pending', 0]));
    // the other tab's lease is left alone
    expect((await db.leases.get('outbox'))?.owner).toBe('another-tab');
  });

  it('does nothing offline', async () => {
    const db = track(freshDb());
    await enqueue(feedback(1), db);
    const server = fakeServer();
    expect((await engine({ db, send: server.send, isOnline: () => false }).flush()).stoppedBy).toBe('offline');
    expect(server.calls).toHaveLength(0);
  });

  it('picks up an item queued while a flush runs', async () => {
    const db = track(freshDb());
    await enqueue(feedback(1), db);
    let queuedMore = false;
    const server = fakeServer(async () => {
      if (!queuedMore) {
        queuedMore = true;
        await enqueue(feedback(2), db);
      }
      return { kind: 'ok' };
    });
    const e = engine({ db, send: server.send });
    const r = await e.flush();
    expect(r.sent).toBe(2);
  });

  it('treats a thrown send as a network failure', async () => {
    const db = track(freshDb());
    await enqueue(feedback(1), db);
    const e = engine({
      db,
      send: () => Promise.reject(new Error('boom')),
    });
    expect((await e.flush()).stoppedBy).toBe('network');
    expect((await listOutbox(db))[0]).toMatchObject({ state: 'pending', lastError: 'boom', attempts: 1 });
  });
});
