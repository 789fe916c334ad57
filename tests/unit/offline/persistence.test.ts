import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { RequestError } from '../../../src/api/request';
import { cachedDataNotice, formatCachedAt } from '../../../src/offline/cachedDataNotice';
import { QueryClient } from '@tanstack/react-query';
import { createQueryPersistOptions, saveQueriesOnPageHide, serializeWithSizeGuard, shouldPersistQuery, QUERY_CACHE_BUSTER, QUERY_CACHE_KEY, QUERY_CACHE_MAX_AGE_MS } from '../../../src/offline/queryPersistence';
import { createOfflineDb } from '../../../src/offline/db';
import { loadMenus, saveMenus, withRefListFallback, loadRefList, refKeys } from '../../../src/offline/refData';
import { freshDbName } from './helpers';

function client(sizes: number[]): PersistedClient {
  return {
    timestamp: 1,
    buster: 'v1',
    clientState: {
      mutations: [],
      queries: sizes.map((size, i) => ({
        queryKey: ['q', i],
        queryHash: `["q",${i}]`,
        state: {
          data: 'x'.repeat(size),
          dataUpdateCount: 1,
          dataUpdatedAt: 1000 + i,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      })),
    },
  } as unknown as PersistedClient;
}

describe('query cache persistence', () => {
  it('keeps the cache whole when it fits', () => {
    const c = client([10, 10]);
    expect(JSON.parse(serializeWithSizeGuard(c, 10_000))).toEqual(c);
  });

  it('drops the least recently updated queries when the cache is too large', () => {
    const text = serializeWithSizeGuard(client([3000, 3000, 3000]), 7000);
    expect(text.length).toBeLessThanOrEqual(7000);
    const kept = (JSON.parse(text) as PersistedClient).clientState.queries.map((q) => q.queryHash);
    expect(kept).toEqual(['["q",2]', '["q",1]']);
  });

  it('serializes list data as JSON.stringify does, and a new data object of a query anew', () => {
    const c = client([1, 1]);
    const rows = { rows: [{ id: 1, name: '张三', note: 'a "quoted" \\ text' }], totalSize: 1 };
    c.clientState.queries[0].state.data = rows;
    c.clientState.queries[1].state.data = { rows: [], totalSize: 0, when: new Date(Date.UTC(2026, 0, 2)) };
    expect(serializeWithSizeGuard(c, 10_000)).toBe(JSON.stringify(c));
    // saved again unchanged: the same text, without stringifying the unchanged data again (JSON.stringify calls toJSON)
    let stringified = 0;
    const counted = { ...rows, toJSON: () => (stringified++, rows) };
    c.clientState.queries[0].state.data = counted;
    serializeWithSizeGuard(c, 10_000);
    expect(stringified).toBe(1);
    expect(serializeWithSizeGuard(c, 10_000)).toBe(JSON.stringify(c));
    expect(stringified).toBe(2);
    // the query's data replaced by a new object (as React Query does on new data): the new data is saved
    c.clientState.queries[0].state.data = { ...rows, totalSize: 2 };
    c.clientState.queries[0].state.dataUpdatedAt = 5000;
    expect(JSON.parse(serializeWithSizeGuard(c, 10_000))).toEqual(JSON.parse(JSON.stringify(c)));
    expect(serializeWithSizeGuard(c, 10_000)).toContain('"totalSize":2');
  });

  it('drops the least recently updated list data to fit, counting the size exactly', () => {
    const c = client([0, 0, 0]);
    c.clientState.queries.forEach((q, i) => (q.state.data = { rows: ['x'.repeat(3000)], i }));
    const whole = serializeWithSizeGuard(c, 100_000);
    const oneQuery = (whole.length - JSON.stringify({ ...c, clientState: { ...c.clientState, queries: [] } }).length - 2) / 3;
    // room for exactly two queries and the comma between them
    const two = JSON.stringify({ ...c, clientState: { ...c.clientState, queries: [] } }).length + 2 * oneQuery + 1;
    const text = serializeWithSizeGuard(c, two);
    expect(text.length).toBe(two);
    expect((JSON.parse(text) as PersistedClient).clientState.queries.map((q) => q.queryHash)).toEqual(['["q",2]', '["q",1]']);
    expect(serializeWithSizeGuard(c, two - 1).length).toBeLessThan(two - 1);
  });

  it('persists only successful queries, and not those that opt out', () => {
    expect(shouldPersistQuery({ state: { status: 'success' } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'error' } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'pending' } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: { persist: false } })).toBe(false);
  });

  it('builds provider options: 7 days, app version buster, localStorage', async () => {
    const o = createQueryPersistOptions(window.localStorage);
    expect(o.maxAge).toBe(QUERY_CACHE_MAX_AGE_MS);
    expect(o.buster).toMatch(/^v\d+\.\d+\.\d+/);
    await o.persister.persistClient(client([5]));
    // throttled: written within about a second
    await new Promise((r) => setTimeout(r, 1200));
    expect(await o.persister.restoreClient()).toEqual(client([5]));
  });
});

describe('saving the cache as the page goes away', () => {
  /**
   * localStorage's part the saving uses, counting its writes: a storage of the test's own, since the
   * layout's client, rendered by other files of this worker, saves into the page's on pagehide too.
   */
  function memoryStorage(): Storage & { writes: number } {
    const items = new Map<string, string>();
    return {
      writes: 0,
      get length() {
        return items.size;
      },
      clear: () => items.clear(),
      getItem: (k: string) => items.get(k) ?? null,
      key: (i: number) => [...items.keys()][i] ?? null,
      removeItem: (k: string) => void items.delete(k),
      setItem(k: string, v: string) {
        this.writes += 1;
        items.set(k, v);
      },
    };
  }
  const savedData = (storage: Storage) => {
    const saved = JSON.parse(storage.getItem(QUERY_CACHE_KEY) ?? 'null') as PersistedClient;
    expect(saved.buster).toBe(QUERY_CACHE_BUSTER);
    return Object.fromEntries(saved.clientState.queries.map((q) => [q.queryHash, q.state.data]));
  };

  it('writes the cache as it is now on pagehide, without waiting out the throttle, once per client', () => {
    const qc = new QueryClient();
    const storage = memoryStorage();
    qc.setQueryData(['month_close', 'page'], { rows: ['2026-10'] });
    saveQueriesOnPageHide(qc, storage);
    saveQueriesOnPageHide(qc, storage);
    expect(storage.writes).toBe(0);
    // the list changed (a month closed) and the page reloads within the second
    qc.setQueryData(['month_close', 'page'], { rows: ['2026-11', '2026-10'] });
    window.dispatchEvent(new Event('pagehide'));
    expect(storage.writes).toBe(1);
    expect(savedData(storage)).toEqual({ '["month_close","page"]': { rows: ['2026-11', '2026-10'] } });
  });

  it('keeps out what the throttled saves keep out (failed queries, opted out)', async () => {
    const qc = new QueryClient();
    const storage = memoryStorage();
    qc.setQueryData(['kept'], 1);
    await qc.prefetchQuery({ queryKey: ['secret'], queryFn: () => 2, meta: { persist: false } });
    await qc.prefetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(new Error('x')), retry: false });
    saveQueriesOnPageHide(qc, storage);
    window.dispatchEvent(new Event('pagehide'));
    expect(savedData(storage)).toEqual({ '["kept"]': 1 });
  });
});

describe('offline, data from HH:mm', () => {
  const at = new Date(2025, 0, 6, 9, 5).getTime();
  it('says nothing when online and fresh', () => {
    expect(cachedDataNotice({ data: [1], dataUpdatedAt: at, fetchStatus: 'idle', failureReason: null }, true)).toBeNull();
  });
  it('names the time of the data when offline or when the network failed', () => {
    expect(formatCachedAt(at, at + 1000)).toBe('09:05');
    // data of another day names the day (a minute before midnight, seen just after it)
    expect(formatCachedAt(at, at + 24 * 3600_000)).toBe('1月6日 09:05');
    const dataAt = Date.now() - 60_000;
    const offline = cachedDataNotice({ data: [1], dataUpdatedAt: dataAt, fetchStatus: 'paused', failureReason: null }, false);
    expect(offline).toBe(`离线，数据来自 ${formatCachedAt(dataAt)}`);
    const failed = cachedDataNotice(
      { data: [1], dataUpdatedAt: Date.now(), fetchStatus: 'idle', failureReason: new RequestError('network', '网络连接失败，请检查网络') },
      true,
    );
    expect(failed).toMatch(/^离线，数据来自 /);
  });
  it('says nothing without data', () => {
    expect(cachedDataNotice({ data: undefined, dataUpdatedAt: 0, fetchStatus: 'paused', failureReason: null }, false)).toBeNull();
  });
});

describe('menus and reference lists', () => {
  it('saves the menu of a user and reads it back after a reload', async () => {
    const name = freshDbName();
    const a = createOfflineDb(name);
    await saveMenus(7, [{ id: 1, text: '系统管理' }], ['RC999'], a);
    a.close();
    const b = createOfflineDb(name);
    const m = await loadMenus(7, b);
    expect(m?.tree[0].text).toBe('系统管理');
    expect(m?.codes).toEqual(['RC999']);
    expect(await loadMenus(8, b)).toBeUndefined();
    b.close();
  });

  it('answers the saved list when the network fails, and rethrows other failures', async () => {
    const db = createOfflineDb(freshDbName());
    const key = refKeys.optionSet('SEX');
    expect(await withRefListFallback(key, async () => [{ value: '1', text: '男' }], db)).toEqual([{ value: '1', text: '男' }]);
    expect((await loadRefList(key, db))?.value).toEqual([{ value: '1', text: '男' }]);
    const offline = await withRefListFallback(key, () => Promise.reject(new RequestError('network', '网络连接失败，请检查网络')), db);
    expect(offline).toEqual([{ value: '1', text: '男' }]);
    await expect(withRefListFallback(key, () => Promise.reject(new RequestError('http', '未授权，请登录', 401)), db)).rejects.toThrow('未授权');
    await expect(
      withRefListFallback(refKeys.optionSet('NONE'), () => Promise.reject(new RequestError('network', '网络连接失败，请检查网络')), db),
    ).rejects.toThrow('网络连接失败');
    db.close();
  });
});
