import { createOfflineDb, type OfflineDb, type OutboxItem } from '../../../src/offline/db';
import type { OutboxSender, SendOutcome } from '../../../src/offline/sender';

let n = 0;
/** A fresh database per test, so tests never see each other's items. */
export function freshDbName(): string {
  n += 1;
  return `campus-desk-test-${Date.now()}-${n}`;
}
export function freshDb(): OfflineDb {
  return createOfflineDb(freshDbName());
}

/** A fake server: records every send, answers by a rule, and measures concurrency. */
export function fakeServer(answer: (item: OutboxItem, call: number) => SendOutcome | Promise<SendOutcome> = () => ({ kind: 'ok' })) {
  const calls: OutboxItem[] = [];
  /** idempotency keys the server committed (a repeat of a committed key writes nothing) */
  const committed = new Map<string, unknown>();
  let inFlight = 0;
  let maxInFlight = 0;
  const send: OutboxSender = async (item) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      calls.push(item);
      await new Promise((r) => setTimeout(r, 1));
      const out = await answer(item, calls.length);
      if (out.kind === 'ok' && !committed.has(item.idempotencyKey)) committed.set(item.idempotencyKey, item.body);
      return out;
    } finally {
      inFlight--;
    }
  };
  return {
    send,
    calls,
    committed,
    get maxInFlight() {
      return maxInFlight;
    },
  };
}
