import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { OfflineDb } from '../../../src/offline/db';
import { offlineDb } from '../../../src/offline/db';
import { enqueue, listOutbox, retryAll } from '../../../src/offline/outbox';
import { configureOutboxOwner, type OutboxOwner } from '../../../src/offline/owner';
import { OutboxSyncEngine } from '../../../src/offline/syncEngine';
import { OfflineStatus } from '../../../src/components/offline/OfflineStatus';
import { fakeServer, freshDb } from './helpers';
import { feedbackAddCall } from '../../../src/contract/feedback';

const ALICE: OutboxOwner = { loginId: 'alice', domain: '' };
const BOB: OutboxOwner = { loginId: 'bob', domain: '' };

/** The browser's one stored session, as the app reads it (shared by every tab). */
let signedIn: OutboxOwner | null = null;
configureOutboxOwner(() => signedIn);

const engines: OutboxSyncEngine[] = [];
const dbs: OfflineDb[] = [];
function session(db: OfflineDb, send: ConstructorParameters<typeof OutboxSyncEngine>[0]['send']): OutboxSyncEngine {
  const e = new OutboxSyncEngine({ db, send, locks: null });
  engines.push(e);
  return e;
}
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
  for (const db of dbs.splice(0)) db.close();
  signedIn = null;
});
function track(db: OfflineDb): OfflineDb {
  dbs.push(db);
  return db;
}
function feedback(text: string) {
  return { call: feedbackAddCall, body: { content: text }, kind: 'feedback', label: `用户反馈：${text}` };
}
const contents = (items: { body: unknown }[]) => items.map((i) => (i.body as { content: string }).content);

describe('outbox items belong to the user who queued them', () => {
  it("the next user's session never sends the previous user's items; they go out when that user returns", async () => {
    const db = track(freshDb());
    // alice queues two writes offline, then signs out
    signedIn = ALICE;
    const a1 = await enqueue(feedback('甲1'), db);
    await enqueue(feedback('甲2'), db);
    expect(a1.user).toEqual(ALICE);
    signedIn = null;

    // bob signs in, queues one, and his session flushes
    signedIn = BOB;
    await enqueue(feedback('乙1'), db);
    const server = fakeServer();
    const r = await session(db, server.send).flush();
    expect(r).toEqual({ sent: 1, rejected: 0, stoppedBy: 'empty' });
    expect(contents(server.calls)).toEqual(['乙1']);
    // alice's stay pending, untried
    const left = await listOutbox(db);
    expect(left.map((i) => [i.label, i.state, i.attempts, i.user?.loginId])).toEqual([
      ['用户反馈：甲1', 'pending', 0, 'alice'],
      ['用户反馈：甲2', 'pending', 0, 'alice'],
    ]);
    // "全部重试" in bob's session leaves alice's items alone too
    await retryAll(db);
    expect(await session(db, server.send).flush()).toEqual({ sent: 0, rejected: 0, stoppedBy: 'empty' });
    expect(server.calls).toHaveLength(1);

    // bob signs out, alice signs in again: hers go, in order
    signedIn = ALICE;
    const r2 = await session(db, server.send).flush();
    expect(r2).toEqual({ sent: 2, rejected: 0, stoppedBy: 'empty' });
    expect(contents(server.calls)).toEqual(['乙1', '甲1', '甲2']);
    expect(await listOutbox(db)).toEqual([]);
  });

  it("another user's items ahead in line (more than one claim batch) do not hold up this user's", async () => {
    const db = track(freshDb());
    signedIn = ALICE;
    for (let i = 0; i < 25; i++) await enqueue(feedback(`甲${i}`), db);
    signedIn = BOB;
    await enqueue(feedback('乙1'), db);
    await enqueue(feedback('乙2'), db);
    const server = fakeServer();
    expect(await session(db, server.send).flush()).toEqual({ sent: 2, rejected: 0, stoppedBy: 'empty' });
    expect(contents(server.calls)).toEqual(['乙1', '乙2']);
    expect((await listOutbox(db)).length).toBe(25);
  });

  it('stops sending when the signed-in user changes mid-flush (another tab signed in as someone else)', async () => {
    const db = track(freshDb());
    signedIn = ALICE;
    for (let i = 1; i <= 3; i++) await enqueue(feedback(`甲${i}`), db);
    const server = fakeServer((_item, call) => {
      if (call === 1) signedIn = BOB;
      return { kind: 'ok' };
    });
    const r = await session(db, server.send).flush();
    expect(r).toEqual({ sent: 1, rejected: 0, stoppedBy: 'user-changed' });
    expect(contents(server.calls)).toEqual(['甲1']);
    const left = await listOutbox(db);
    expect(left.map((i) => [i.state, i.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('items queued before owners existed belong to whoever signs in first, and only to them', async () => {
    const db = track(freshDb());
    signedIn = null;
    const legacy = await enqueue(feedback('旧1'), db);
    await db.outbox.update(legacy.id, { user: undefined });
    expect((await db.outbox.get(legacy.id))?.user).toBeUndefined();

    // bob signs in first; the network is down, so nothing goes, but the item is now his
    signedIn = BOB;
    let down = true;
    const server = fakeServer(() => (down ? { kind: 'retry', msg: '网络连接失败，请检查网络' } : { kind: 'ok' }));
    const bob = new OutboxSyncEngine({ db, send: server.send, locks: null, backoffMs: () => 0 });
    engines.push(bob);
    expect((await bob.flush()).stoppedBy).toBe('network');
    expect((await db.outbox.get(legacy.id))?.user).toEqual(BOB);
    down = false;

    // alice signs in next: the old item is not hers
    signedIn = ALICE;
    expect((await session(db, server.send).flush()).sent).toBe(0);
    expect(server.calls).toHaveLength(1);

    // bob returns: it goes, once
    signedIn = BOB;
    expect((await session(db, server.send).flush()).sent).toBe(1);
    expect(contents(server.calls)).toEqual(['旧1', '旧1']);
    expect(server.committed.size).toBe(1);
  });
});

describe('the outbox panel', () => {
  it("shows another user's item with whose it is, without retry or discard", async () => {
    const db = offlineDb();
    await db.outbox.clear();
    signedIn = ALICE;
    await enqueue(feedback('甲的反馈'));
    signedIn = BOB;
    await enqueue(feedback('乙的反馈'));
    render(
      <MantineProvider env="test">
        <OfflineStatus />
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByTestId('offline-status'));
    const rows = await screen.findAllByTestId('outbox-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('outbox-item-owner').textContent).toBe('属于其他用户（alice），该用户登录后发送');
    expect(within(rows[0]).queryByText('重试')).toBeNull();
    expect(within(rows[0]).queryByText('丢弃')).toBeNull();
    expect(within(rows[1]).queryByTestId('outbox-item-owner')).toBeNull();
    expect(within(rows[1]).getByText('丢弃')).toBeTruthy();
    await db.outbox.clear();
  });
});
