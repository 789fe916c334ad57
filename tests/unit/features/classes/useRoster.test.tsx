// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RosterSession } from '../../../../src/contract/classes';
import { offlineDb } from '../../../../src/offline';
import { queueCheckIn, rosterKey, saveFreshRoster } from '../../../../src/features/classes/checkIn/rosterStore';
import { useRoster } from '../../../../src/features/classes/checkIn/useRoster';
import { syncKey, syncOf } from '../../../../src/features/classes/checkIn/roster';

const lesson: RosterSession = {
  schedule_id: 7,
  class_id: 3,
  class_name: '四年级B班',
  lesson_date: '2026-11-25',
  start_time: '16:00',
  end_time: '17:30',
  teacher_name: null,
  classroom_name: null,
  hours_per_lesson: 2,
  students: [{ student_id: 11, name: '李小红', parent_name: null, parent_phone: null, is_makeup: false, mark: null, check_in_id: null, remaining_hours: 6 }],
};

describe('useRoster', () => {
  it('never shows a tapped mark as 已同步 while its check-in is still queued', async () => {
    await offlineDb().outbox.clear();
    await offlineDb().refLists.clear();
    const key = rosterKey(4, '2026-11-25', 'school:9');
    await saveFreshRoster(key, [lesson]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    // the server never answers here: a queued item stays pending until the test removes it (as if sent)
    const seen: string[] = [];
    let queued = false;
    const { result } = renderHook(
      () => {
        const view = useRoster(key, () => new Promise<RosterSession[]>(() => undefined));
        const student = view.saved?.sessions[0].students[0];
        if (student && queued) seen.push(syncOf(student, view.items.get(syncKey(7, 11))).state);
        return view;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.saved?.sessions[0].students[0].mark).toBeNull());
    for (let i = 0; i < 5; i += 1) {
      queued = true;
      await queueCheckIn(key, { session: lesson, studentId: 11, studentName: '李小红', mark: 'present' });
      await waitFor(() => expect(result.current.items.get(syncKey(7, 11))?.state).toBe('pending'));
      queued = false;
      await offlineDb().outbox.clear();
      await saveFreshRoster(key, [lesson]);
      await waitFor(() => expect(result.current.saved?.sessions[0].students[0].mark).toBeNull());
    }
    expect(seen).toContain('pending');
    expect(seen).not.toContain('synced');
  });
});
