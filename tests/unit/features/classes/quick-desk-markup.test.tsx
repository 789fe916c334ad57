// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RosterSession } from '../../../../src/contract/check-in';
import type { OutboxItem } from '../../../../src/offline/db';
import { syncKey } from '../../../../src/features/classes/checkIn/roster';
import { RosterSessions } from '../../../../src/features/classes/frontDesk/RosterSessions';
import { sessionElements } from '../../../../src/features/classes/frontDesk/quickDeskDom';

const student = (id: number, extra: Partial<RosterSession['students'][number]> = {}): RosterSession['students'][number] => ({
  student_id: id,
  name: `学员${id} <&>`,
  parent_name: '李妈妈',
  parent_phone: '13800002222',
  is_makeup: false,
  mark: null,
  check_in_id: null,
  remaining_hours: 10.5,
  ...extra,
});

const lessons: RosterSession[] = [
  {
    schedule_id: 11,
    class_id: 4,
    class_name: '五年级C班',
    lesson_date: '2026-11-30',
    start_time: '09:00',
    end_time: '10:30',
    teacher_name: '赵敏',
    classroom_name: null,
    hours_per_lesson: 2,
    students: [
      student(21),
      student(22, { mark: 'present', check_in_id: 5, parent_name: null, parent_phone: null, is_makeup: true }),
      student(23, { mark: 'late' }),
      student(24, { mark: 'leave' }),
      student(25, { mark: 'absent' }),
    ],
  },
  { schedule_id: 12, class_id: 5, class_name: '空班', lesson_date: '2026-11-30', start_time: '14:00', end_time: '15:00', teacher_name: null, classroom_name: '202', hours_per_lesson: 1, students: [] },
];

const item = (id: number, studentId: number, state: OutboxItem['state'], lastError: string | null = null): OutboxItem =>
  ({ id, state, lastError, body: { schedule_id: 11, student_id: studentId, mark: 'present' } }) as unknown as OutboxItem;

// every sync state: none (21), synced (22, 23), pending (24, sending 25 counts as pending), rejected (23 below)
const items = new Map<string, OutboxItem>([
  [syncKey(11, 24), item(1, 24, 'pending')],
  [syncKey(11, 25), item(2, 25, 'sending')],
  [syncKey(11, 23), item(3, 23, 'rejected', '该班已停班 <b>')],
]);

describe('the quick desk’s plain DOM', () => {
  it('is the markup the board’s React components render, tile for tile, in every mark and sync state', () => {
    const react = renderToStaticMarkup(<RosterSessions shown={lessons} whole={(s) => s} items={items} onTap={() => undefined} />);
    const dom = sessionElements(lessons, items, Infinity)
      .map((e) => e.outerHTML)
      .join('');
    expect(dom).toBe(react);
    // the markup compared is the real thing, every state in it
    for (const text of ['未签到', '出勤', '迟到', '请假', '缺勤', '待同步', '已同步', '被拒绝：该班已停班', '补课', '本次课没有学员', '学员21 &lt;&amp;&gt;']) expect(dom).toContain(text);
  });

  it('draws at most `limit` tiles, as the board does with a limit, each lesson counted whole', () => {
    const whole = (s: RosterSession) => lessons.find((l) => l.schedule_id === s.schedule_id) ?? s;
    const react = renderToStaticMarkup(<RosterSessions shown={lessons} whole={whole} items={items} onTap={() => undefined} limit={3} />);
    const dom = sessionElements(lessons, items, 3)
      .map((e) => e.outerHTML)
      .join('');
    expect(dom).toBe(react);
    expect(dom.match(/data-testid="roster-student"/g)).toHaveLength(3);
    expect(dom).toContain('已签 4/5');
  });
});
