import { describe, expect, it } from 'vitest';
import type { RosterSession } from '../../../../src/contract/classes';
import type { OutboxItem } from '../../../../src/offline';
import {
  applyMark,
  CHECK_IN_KIND,
  CHECK_IN_URL,
  latestItems,
  maskedPhone,
  matchesStudent,
  syncKey,
  syncOf,
  withQueuedMarks,
} from '../../../../src/features/classes/checkIn/roster';

function session(id: number, classId: number, students: [number, string, string | null][]): RosterSession {
  return {
    schedule_id: id,
    class_id: classId,
    class_name: `班${classId}`,
    lesson_date: '2026-11-21',
    start_time: '09:00',
    end_time: '10:30',
    teacher_name: '赵敏',
    classroom_name: '101',
    hours_per_lesson: 1.5,
    students: students.map(([sid, name, phone]) => ({
      student_id: sid,
      name,
      parent_name: '家长',
      parent_phone: phone,
      is_makeup: false,
      mark: null,
      check_in_id: null,
      remaining_hours: 10,
    })),
  };
}

let nextId = 1;
function item(body: unknown, state: OutboxItem['state'] = 'pending', lastError: string | null = null): OutboxItem {
  return {
    id: nextId++,
    url: CHECK_IN_URL,
    method: 'POST',
    body,
    idempotencyKey: `k${nextId}`,
    kind: CHECK_IN_KIND,
    label: '签到',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    lastError,
    state,
    doneAt: null,
  };
}

describe('applyMark', () => {
  const base = [session(1, 7, [[11, '张小明', '13800005678'], [12, '李华', null]]), session(2, 7, [[11, '张小明', '13800005678']]), session(3, 8, [[11, '张小明', '13800005678']])];

  it('a consuming mark takes one lesson of hours; the same balance shows in every lesson of the class', () => {
    const out = applyMark(base, 1, 11, 'present');
    expect(out[0].students[0]).toMatchObject({ mark: 'present', remaining_hours: 8.5 });
    expect(out[0].students[1]).toMatchObject({ mark: null, remaining_hours: 10 });
    expect(out[1].students[0]).toMatchObject({ mark: null, remaining_hours: 8.5 });
    // another class (another class type) keeps its own balance
    expect(out[2].students[0]).toMatchObject({ mark: null, remaining_hours: 10 });
  });

  it('changing present to leave gives the hours back; present to late changes nothing', () => {
    const present = applyMark(base, 1, 11, 'present');
    expect(applyMark(present, 1, 11, 'late')[0].students[0]).toMatchObject({ mark: 'late', remaining_hours: 8.5 });
    expect(applyMark(present, 1, 11, 'leave')[0].students[0]).toMatchObject({ mark: 'leave', remaining_hours: 10 });
  });

  it('leaves the roster alone for an unknown lesson or student', () => {
    expect(applyMark(base, 99, 11, 'present')).toEqual(base);
    expect(applyMark(base, 1, 99, 'present')).toEqual(base);
  });
});

describe('queued marks over a fresh roster', () => {
  it('lays pending and sending items on top in order, ignores rejected and done ones', () => {
    const fresh = [session(1, 7, [[11, '张小明', null], [12, '李华', null], [13, '王芳', null]])];
    const out = withQueuedMarks(fresh, [
      item({ schedule_id: 1, student_id: 11, mark: 'present' }),
      item({ schedule_id: 1, student_id: 11, mark: 'absent' }, 'sending'),
      item({ schedule_id: 1, student_id: 12, mark: 'present' }, 'rejected', '课时不足'),
      item({ schedule_id: 1, student_id: 13, mark: 'present' }, 'done'),
    ]);
    expect(out[0].students.map((s) => [s.mark, s.remaining_hours])).toEqual([
      ['absent', 10],
      [null, 10],
      [null, 10],
    ]);
  });

  it('a mark the server already holds is not counted twice', () => {
    const fresh = applyMark([session(1, 7, [[11, '张小明', null]])], 1, 11, 'present');
    const out = withQueuedMarks(fresh, [item({ schedule_id: 1, student_id: 11, mark: 'present' }, 'sending')]);
    expect(out[0].students[0].remaining_hours).toBe(8.5);
  });

  it('sync state: pending while queued, the server message when rejected, synced once marked and sent', () => {
    const items = latestItems([item({ schedule_id: 1, student_id: 11, mark: 'present' }), item({ schedule_id: 1, student_id: 12, mark: 'present' }, 'rejected', '课时不足：李华 剩余 0 课时')]);
    const [a, b, c] = session(1, 7, [[11, 'a', null], [12, 'b', null], [13, 'c', null]]).students;
    expect(syncOf(a, items.get(syncKey(1, 11)))).toEqual({ state: 'pending', message: null });
    expect(syncOf(b, items.get(syncKey(1, 12)))).toEqual({ state: 'rejected', message: '课时不足：李华 剩余 0 课时' });
    expect(syncOf(c, undefined)).toEqual({ state: 'none', message: null });
    expect(syncOf({ ...c, mark: 'late' }, undefined)).toEqual({ state: 'synced', message: null });
  });

  it('ignores outbox items of other kinds', () => {
    const other = { ...item({ schedule_id: 1, student_id: 11, mark: 'present' }), kind: 'feedback' };
    expect(latestItems([other]).size).toBe(0);
  });
});

describe('finding a student', () => {
  const st = session(1, 7, [[11, '张小明', '13912345678']]).students[0];
  it('by part of the name or the parent name', () => {
    expect(matchesStudent(st, '小明')).toBe(true);
    expect(matchesStudent(st, '家长')).toBe(true);
    expect(matchesStudent(st, '小红')).toBe(false);
  });
  it('by the last 3 or more digits of the parent phone, not by digits in the middle', () => {
    expect(matchesStudent(st, '5678')).toBe(true);
    expect(matchesStudent(st, '678')).toBe(true);
    expect(matchesStudent(st, '1234')).toBe(false);
    expect(matchesStudent({ ...st, parent_phone: null }, '5678')).toBe(false);
  });
  it('an empty box matches everyone', () => {
    expect(matchesStudent(st, '  ')).toBe(true);
  });
  it('masks the phone', () => {
    expect(maskedPhone('13912345678')).toBe('139****5678');
    expect(maskedPhone(null)).toBe('');
  });
});
