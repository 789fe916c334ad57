import { beforeEach, describe, expect, it } from 'vitest';
import type { RosterSession } from '../../../../src/contract/classes';
import { offlineDb } from '../../../../src/offline';
import { loadRoster, mirroredRoster, queueCheckIn, queueUndo, rosterKey, saveFreshRoster } from '../../../../src/features/classes/checkIn/rosterStore';
import { clearUserRefData } from '../../../../src/offline/refData';
import { CHECK_IN_KIND, CHECK_IN_URL } from '../../../../src/features/classes/checkIn/roster';

const lesson: RosterSession = {
  schedule_id: 5,
  class_id: 2,
  class_name: '三年级A班',
  lesson_date: '2026-11-21',
  start_time: '16:00',
  end_time: '17:30',
  teacher_name: null,
  classroom_name: null,
  hours_per_lesson: 2,
  students: [{ student_id: 9, name: '张小明', parent_name: null, parent_phone: '13800001111', is_makeup: false, mark: null, check_in_id: null, remaining_hours: 6 }],
};

describe('the saved roster and the outbox', () => {
  const key = rosterKey(1, '2026-11-21', 'school:3');
  beforeEach(async () => {
    await offlineDb().outbox.clear();
    await offlineDb().refLists.clear();
  });

  it('one tap updates the saved roster and queues the check-in together', async () => {
    await saveFreshRoster(key, [lesson]);
    const item = await queueCheckIn(key, { session: lesson, studentId: 9, studentName: '张小明', mark: 'present' });
    expect(item).toMatchObject({ url: CHECK_IN_URL, kind: CHECK_IN_KIND, label: '签到 张小明 三年级A班', state: 'pending' });
    expect(item.body).toMatchObject({ schedule_id: 5, student_id: 9, mark: 'present' });
    expect((item.body as { checked_at: string }).checked_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const saved = await loadRoster(key);
    expect(saved?.sessions[0].students[0]).toMatchObject({ mark: 'present', remaining_hours: 4 });
  });

  it('a roster reloaded from the server before the outbox is sent keeps the queued mark', async () => {
    await saveFreshRoster(key, [lesson]);
    await queueCheckIn(key, { session: lesson, studentId: 9, studentName: '张小明', mark: 'late' });
    const merged = await saveFreshRoster(key, [lesson]);
    expect(merged.sessions[0].students[0]).toMatchObject({ mark: 'late', remaining_hours: 4 });
    expect((await loadRoster(key))?.sessions[0].students[0].mark).toBe('late');
  });

  it('the mirror in local storage follows every save of the roster, and a sign-out clears it', async () => {
    localStorage.clear();
    expect(mirroredRoster(key)).toBeUndefined();
    await saveFreshRoster(key, [lesson]);
    expect(mirroredRoster(key)).toEqual(await loadRoster(key));
    await queueCheckIn(key, { session: lesson, studentId: 9, studentName: '张小明', mark: 'present' });
    expect(mirroredRoster(key)?.sessions[0].students[0]).toMatchObject({ mark: 'present', remaining_hours: 4 });
    expect(mirroredRoster(key)).toEqual(await loadRoster(key));
    await queueUndo(key, { session: lesson, studentId: 9, studentName: '张小明' });
    expect(mirroredRoster(key)?.sessions[0].students[0]).toMatchObject({ mark: null, remaining_hours: 6 });
    // another roster saved last: this one is read from Dexie only
    await saveFreshRoster(rosterKey(1, '2026-11-21', 'mine'), [lesson]);
    expect(mirroredRoster(key)).toBeUndefined();
    expect(mirroredRoster(rosterKey(1, '2026-11-21', 'mine'))).toEqual(await loadRoster(rosterKey(1, '2026-11-21', 'mine')));
    expect(mirroredRoster(rosterKey(1, '2026-11-21', 'mine'))?.sessions[0].students[0].name).toBe('张小明');
    await clearUserRefData(1);
    expect(mirroredRoster(rosterKey(1, '2026-11-21', 'mine'))).toBeUndefined();
  });

  it('rosters are kept per user, day and scope', () => {
    expect(rosterKey(1, '2026-11-21', 'mine')).toBe('classes:1:2026-11-21:mine');
    expect(rosterKey(1, '2026-11-21', 'school:3')).not.toBe(rosterKey(2, '2026-11-21', 'school:3'));
  });
});
