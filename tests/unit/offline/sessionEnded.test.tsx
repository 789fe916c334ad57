import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { OfflineStatus, SESSION_ENDED_TEXT } from '../../../src/components/offline/OfflineStatus';
import { offlineDb } from '../../../src/offline/db';
import { enqueue, listOutbox } from '../../../src/offline/outbox';
import { configureOutboxOwner, type OutboxOwner } from '../../../src/offline/owner';
import { flushOutboxNow, startOfflineSync } from '../../../src/offline/start';
import { UNAUTHORIZED_MSG } from '../../../src/offline/sender';
import { fakeServer } from './helpers';
import { checkInCall } from '../../../src/contract/classes';

const ALICE: OutboxOwner = { loginId: 'alice', domain: '' };
const BOB: OutboxOwner = { loginId: 'bob', domain: '' };
let signedIn: OutboxOwner | null = null;
configureOutboxOwner(() => signedIn);

/** The server: the session of `valid` is alive; any other is refused with HTTP 401. */
let valid: OutboxOwner | null = null;
const server = fakeServer((item) => (valid && item.user?.loginId === valid.loginId && signedIn?.loginId === valid.loginId ? { kind: 'ok' } : { kind: 'unauthorized', msg: UNAUTHORIZED_MSG }));

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  signedIn = null;
  valid = null;
});

describe('a session that ended while offline (issue 11, defect 4)', () => {
  it('says so in the top bar with a way to sign in; the queue stays and goes once the same user is back, never under another user', async () => {
    const db = offlineDb();
    await db.outbox.clear();
    signedIn = ALICE;
    await enqueue({ call: checkInCall, body: { schedule_id: 1, student_id: 2, mark: 'present' }, kind: 'check_in', label: '签到：张三 出勤' });
    const onSignInAgain = vi.fn();
    render(
      <MantineProvider env="test">
        <OfflineStatus onSignInAgain={onSignInAgain} />
      </MantineProvider>,
    );
    // back online: the server ended alice's session meanwhile
    stop = startOfflineSync(null, { db, send: server.send, intervalMs: 60_000 });
    await screen.findByText(SESSION_ENDED_TEXT);
    expect(screen.getByText('1 条待同步')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sign-in-again'));
    expect(onSignInAgain).toHaveBeenCalledTimes(1);
    expect((await listOutbox(db)).map((i) => [i.state, i.attempts])).toEqual([['pending', 0]]);

    // the app signs out (the layout, and with it the engine, goes); bob signs in: not sent for him
    stop();
    const beforeBob = server.calls.length;
    signedIn = BOB;
    valid = BOB;
    stop = startOfflineSync(null, { db, send: server.send, intervalMs: 60_000 });
    await act(async () => {
      await flushOutboxNow();
    });
    expect(server.calls.slice(beforeBob)).toHaveLength(0);
    expect((await listOutbox(db)).map((i) => i.state)).toEqual(['pending']);
    await waitFor(() => expect(screen.queryByText(SESSION_ENDED_TEXT)).toBeNull());

    // alice signs in again: sent, once
    stop();
    const before = server.calls.length;
    signedIn = ALICE;
    valid = ALICE;
    stop = startOfflineSync(null, { db, send: server.send, intervalMs: 60_000 });
    await waitFor(async () => expect(await listOutbox(db)).toEqual([]));
    const sent = server.calls.slice(before);
    expect(sent).toHaveLength(1);
    expect(server.committed.size).toBe(1);
    await waitFor(() => expect(screen.queryByText('1 条待同步')).toBeNull());
  });
});

describe('the top-bar count', () => {
  it('counts a tap at once, not after the next throttled re-read of the outbox', async () => {
    const db = offlineDb();
    await db.outbox.clear();
    signedIn = ALICE;
    render(
      <MantineProvider env="test">
        <OfflineStatus />
      </MantineProvider>,
    );
    await act(async () => {
      await enqueue({ call: checkInCall, body: { n: 1 }, kind: 'check_in', label: '签到 1' });
    });
    await screen.findByText('1 条待同步');
    // rapid taps: within the 300 ms the stored count is not re-read, yet each one shows at once
    for (let n = 2; n <= 4; n++) {
      await act(async () => {
        await enqueue({ call: checkInCall, body: { n }, kind: 'check_in', label: `签到 ${n}` });
      });
      expect(screen.getByTestId('outbox-pending').textContent).toBe(`${n} 条待同步`);
    }
    // and it settles on what is stored
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByTestId('outbox-pending').textContent).toBe('4 条待同步');
  });
});
