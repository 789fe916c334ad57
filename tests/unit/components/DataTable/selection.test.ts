import { describe, expect, it } from 'vitest';
import { SelectionStore } from '../../../../src/components/DataTable/selection';

describe('SelectionStore.retainOnly', () => {
  it('keeps the ticks of rows fetched again and drops those of rows gone, notifying only those', () => {
    const store = new SelectionStore<number>();
    store.setMany([1, 2, 3], true);
    const notified: number[] = [];
    store.subscribeRow(1, () => notified.push(1));
    store.subscribeRow(3, () => notified.push(3));
    const before = store.getVersion();
    store.retainOnly(new Set([1, 2, 4]));
    expect(store.keys().sort()).toEqual([1, 2]);
    expect(notified).toEqual([3]);
    expect(store.getVersion()).toBe(before + 1);
    store.retainOnly(new Set([1, 2]));
    expect(store.getVersion()).toBe(before + 1);
  });
});
