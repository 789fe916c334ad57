import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { screenFreshness } from '../../../src/app/offline/ScreenCacheNotice';
import { cachedDataNotice } from '../../../src/offline/cachedDataNotice';

function watch(qc: QueryClient, key: unknown[]): () => void {
  const o = new QueryObserver(qc, { queryKey: key, queryFn: () => new Promise(() => undefined), enabled: false });
  return o.subscribe(() => undefined);
}

describe('the screen-wide cached-data notice', () => {
  it("summarises the oldest data of the screen's watched queries, leaving out the menus and the bell", () => {
    const qc = new QueryClient();
    const stops = [watch(qc, ['roles', 'page']), watch(qc, ['messages', 'page', 1]), watch(qc, ['session', 'menus', 1]), watch(qc, ['messages', 'top'])];
    qc.setQueryData(['session', 'menus', 1], [], { updatedAt: 1_000 });
    qc.setQueryData(['messages', 'top'], { unread: 0, list: [] }, { updatedAt: 2_000 });
    qc.setQueryData(['roles', 'page'], { content: [] }, { updatedAt: new Date(2026, 0, 5, 9, 30).getTime() });
    qc.setQueryData(['messages', 'page', 1], { content: [] }, { updatedAt: new Date(2026, 0, 5, 8, 15).getTime() });
    // not watched by the screen: ignored even though older
    qc.setQueryData(['students', 'page'], { content: [] }, { updatedAt: 500 });
    const f = screenFreshness(qc);
    expect(f.dataUpdatedAt).toBe(new Date(2026, 0, 5, 8, 15).getTime());
    expect(cachedDataNotice(f, true)).toBeNull();
    expect(cachedDataNotice(f, false)).toMatch(/^离线，数据来自 (1月5日 )?08:15$/);
    for (const s of stops) s();
    expect(screenFreshness(qc).data).toBeUndefined();
  });
});
