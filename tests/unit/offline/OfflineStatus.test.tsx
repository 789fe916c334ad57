import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OfflineStatus } from '../../../src/components/offline/OfflineStatus';
import { offlineDb } from '../../../src/offline/db';
import { enqueue, listOutbox } from '../../../src/offline/outbox';
import { feedbackAddCall } from '../../../src/contract/feedback';

function renderStatus() {
  return render(
    <MantineProvider env="test">
      <OfflineStatus />
    </MantineProvider>,
  );
}

describe('OfflineStatus and the outbox panel', () => {
  it('shows pending and rejected counts live, lists every item, retries, and discards only after confirming', async () => {
    const db = offlineDb();
    await db.outbox.clear();
    renderStatus();
    expect(screen.queryByTestId('offline-status')).toBeNull();

    const a = await enqueue({ call: feedbackAddCall, body: { content: '甲' }, kind: 'feedback', label: '用户反馈：甲' });
    const b = await enqueue({ call: feedbackAddCall, body: { content: '乙' }, kind: 'feedback', label: '用户反馈：乙' });
    await db.outbox.update(b.id, { state: 'rejected', lastError: '反馈内容过长' });

    await screen.findByText('1 条待同步');
    expect(screen.getByText('1 条被拒绝')).toBeTruthy();

    fireEvent.click(screen.getByTestId('offline-status'));
    const rows = await screen.findAllByTestId('outbox-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('用户反馈：甲')).toBeTruthy();
    expect(within(rows[1]).getByText('反馈内容过长')).toBeTruthy();

    // retry the rejected one: back to pending with a new key
    fireEvent.click(within(rows[1]).getByText('重试'));
    await screen.findByText('2 条待同步');
    const after = await listOutbox(db);
    expect(after[1].state).toBe('pending');
    expect(after[1].idempotencyKey).not.toBe(b.idempotencyKey);

    // discard asks first; cancelling keeps it
    fireEvent.click(within((await screen.findAllByTestId('outbox-item'))[0]).getByText('丢弃'));
    await screen.findByText(/确定丢弃「用户反馈：甲」吗/);
    fireEvent.click(screen.getByText('取消'));
    expect(await listOutbox(db)).toHaveLength(2);

    fireEvent.click(within((await screen.findAllByTestId('outbox-item'))[0]).getByText('丢弃'));
    fireEvent.click(await screen.findByTestId('outbox-discard-confirm'));
    await waitFor(async () => expect((await listOutbox(db)).map((i) => i.id)).toEqual([b.id]));
    await screen.findByText('1 条待同步');
    expect(a.id).not.toBe(b.id);
  });

  it('draws only the rows in view of a 1,000-item outbox, and the ones scrolled to', async () => {
    const db = offlineDb();
    await db.outbox.clear();
    const now = Date.now();
    await db.outbox.bulkAdd(
      Array.from({ length: 1000 }, (_, i) => ({
        url: 'api/v1/base_feedback/add',
        method: 'POST' as const,
        body: { content: `第${i + 1}条` },
        idempotencyKey: `key-${i}`,
        kind: 'feedback',
        label: `用户反馈：第${i + 1}条`,
        createdAt: now,
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        state: 'pending' as const,
        doneAt: null,
      })) as never,
    );
    renderStatus();
    fireEvent.click(await screen.findByTestId('offline-status'));
    // the panel never says 没有待同步的操作 while it reads; its total is the top bar's from the first rows on
    expect(screen.queryByText('没有待同步的操作')).toBeNull();
    const first = await screen.findAllByTestId('outbox-item');
    expect(within(first[0]).getByText('用户反馈：第1条')).toBeTruthy();
    expect(screen.getByText('共 1000 条')).toBeTruthy();
    expect(screen.queryByText('没有待同步的操作')).toBeNull();
    const rows = await screen.findAllByTestId('outbox-item');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(within(rows[0]).getByText('用户反馈：第1条')).toBeTruthy();
    const list = screen.getByTestId('outbox-list');
    act(() => {
      list.scrollTop = 999 * 104;
      fireEvent.scroll(list);
    });
    await screen.findByText('用户反馈：第1000条');
    expect(screen.queryByText('用户反馈：第1条')).toBeNull();
    expect(screen.getAllByTestId('outbox-item').length).toBeLessThan(40);
    await db.outbox.clear();
  });

  it('shows 离线 when the browser goes offline', async () => {
    await offlineDb().outbox.clear();
    renderStatus();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('离线')).toBeTruthy();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('离线')).toBeNull());
  });
});
