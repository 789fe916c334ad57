import { describe, expect, it } from 'vitest';
import { createOfflineDb } from '../../../src/offline/db';
import { enqueue, listOutbox, listOutboxHead } from '../../../src/offline/outbox';
import { feedbackAddCall } from '../../../src/contract/feedback';

describe('listOutbox', () => {
  it('answers every item not done, of every open state, in sending (id) order', async () => {
    const db = createOfflineDb(`list-outbox-${crypto.randomUUID()}`);
    const states = ['pending', 'done', 'rejected', 'sending', 'pending', 'done', 'rejected', 'pending'] as const;
    const ids: number[] = [];
    for (const [i, state] of states.entries()) {
      const item = await enqueue({ call: feedbackAddCall, body: { content: `第${i}条` }, kind: 'feedback', label: `用户反馈：第${i}条` }, db);
      await db.outbox.update(item.id, { state, doneAt: state === 'done' ? Date.now() : null });
      ids.push(item.id);
    }
    const listed = await listOutbox(db);
    expect(listed.map((item) => item.id)).toEqual(ids.filter((_, i) => states[i] !== 'done'));
    expect(listed.map((item) => item.state)).toEqual(states.filter((s) => s !== 'done'));
    // the panel's first read: the same items in the same order, the first N of them
    for (const n of [1, 3, 5, 6, 20]) expect((await listOutboxHead(n, db)).map((item) => item.id)).toEqual(listed.slice(0, n).map((item) => item.id));
    db.close();
  });
});
