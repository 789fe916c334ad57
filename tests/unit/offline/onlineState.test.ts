import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { installBrowserOnlineListener, refreshOnlineFromBrowser } from '../../../src/offline/onlineState';
import { startOfflineSync } from '../../../src/offline/start';
import { fakeServer, freshDb } from './helpers';

function setBrowserOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Offline while something listened, then everything unsubscribed (signed out), then back online unheard. */
function signOutOfflineThenReconnect(): void {
  const unsubscribe = onlineManager.subscribe(() => undefined);
  setBrowserOnline(false);
  expect(onlineManager.isOnline()).toBe(false);
  unsubscribe();
  setBrowserOnline(true);
}

afterEach(() => {
  setBrowserOnline(true);
  onlineManager.setOnline(true);
});

describe('online state read afresh (issue 11, defect 2)', () => {
  it('the layout start reads the browser: no stale 离线 after signing out offline', () => {
    signOutOfflineThenReconnect();
    // what the next sign-in met before: React Query still offline, so lists waited at 加载中
    expect(onlineManager.isOnline()).toBe(false);
    refreshOnlineFromBrowser();
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('the sync engine start reads the browser, so it sends', async () => {
    signOutOfflineThenReconnect();
    const server = fakeServer();
    const db = freshDb();
    await db.outbox.add({ url: 'api/v1/base_feedback/add', method: 'POST', body: {}, idempotencyKey: 'k-1', kind: 'feedback', label: '反馈', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending', doneAt: null } as never);
    const stop = startOfflineSync(null, { db, send: server.send, intervalMs: 60_000 });
    try {
      await expect.poll(() => server.calls.length).toBe(1);
    } finally {
      stop();
      db.close();
    }
  });

  it('once installed, the manager reads the browser each time it starts listening again', () => {
    installBrowserOnlineListener();
    signOutOfflineThenReconnect();
    const unsubscribe = onlineManager.subscribe(() => undefined);
    expect(onlineManager.isOnline()).toBe(true);
    unsubscribe();
  });
});
