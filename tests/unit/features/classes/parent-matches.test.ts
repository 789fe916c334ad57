import { describe, expect, it } from 'vitest';
import type { RosterSession, RosterStudent } from '../../../../src/contract/classes';
import { matchesByCard, matchesByPhone, soleUnmarked } from '../../../../src/features/classes/device/parentMatches';

function student(id: number, phone: string, mark: RosterStudent['mark'] = null): RosterStudent {
  return { student_id: id, name: `学员${id}`, parent_name: null, parent_phone: phone, is_makeup: false, mark, check_in_id: null, remaining_hours: 10, card: `CD1.${id}.abcdefghijklmnop` };
}
function session(id: number, students: RosterStudent[]): RosterSession {
  return { schedule_id: id, class_id: id, class_name: `班${id}`, lesson_date: '2026-11-24', start_time: '09:00', end_time: '10:00', teacher_name: null, classroom_name: null, hours_per_lesson: 1, students };
}

describe('parent check-in matching', () => {
  const sessions = [session(1, [student(1, '13800001234'), student(2, '13900001234'), student(3, '13900005678')]), session(2, [student(1, '13800001234', 'present')])];

  it('finds every child (and lesson) of a phone ending in the four digits, nothing for fewer digits', () => {
    expect(matchesByPhone(sessions, '1234').map((m) => [m.session.schedule_id, m.student.student_id])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
    expect(matchesByPhone(sessions, '234')).toEqual([]);
    expect(matchesByPhone(sessions, '0000')).toEqual([]);
  });

  it('matches a card only by its exact signed text, and checks in the one open lesson without asking', () => {
    expect(matchesByCard(sessions, 'CD1.3.abcdefghijklmnop')).toHaveLength(1);
    expect(matchesByCard(sessions, 'CD1.3.abcdefghijklmnoX')).toEqual([]);
    const twice = matchesByCard(sessions, ' CD1.1.abcdefghijklmnop ');
    expect(twice).toHaveLength(2);
    expect(soleUnmarked(twice)?.session.schedule_id).toBe(1);
  });
});
