import { describe, expect, it } from 'vitest';
import { begunLesson, begunLessons, lessonStartingIn } from './lesson-times';

/** The test fixtures' lesson times hold at any hour in Asia/Shanghai, midnight included. */
const at = (shanghai: string): number => Date.parse(`${shanghai.replace(' ', 'T')}+08:00`);

describe('lesson times relative to now', () => {
  it('a lesson begun 10 minutes ago, inside today', () => {
    expect(begunLesson({ now: at('2026-03-10 14:37:45') })).toEqual({ date: '2026-03-10', start: '14:27', end: '15:27' });
    expect(begunLesson({ now: at('2026-03-10 23:30:00') })).toEqual({ date: '2026-03-10', start: '23:20', end: '23:59' });
  });

  it('just after midnight it is still today’s lesson, begun at 00:00', () => {
    expect(begunLesson({ now: at('2026-03-11 00:05:00') })).toEqual({ date: '2026-03-11', start: '00:00', end: '01:00' });
    expect(begunLesson({ now: at('2026-03-11 00:00:20') })).toEqual({ date: '2026-03-11', start: '00:00', end: '01:00' });
  });

  it('back-to-back lessons reach into yesterday without crossing midnight or overlapping', () => {
    expect(begunLessons(3, { minutes: 30, now: at('2026-03-11 00:40:00') })).toEqual([
      { date: '2026-03-11', start: '00:30', end: '01:00' },
      { date: '2026-03-11', start: '00:00', end: '00:30' },
      { date: '2026-03-10', start: '23:30', end: '23:59' },
    ]);
    expect(begunLessons(2, { minutes: 30, now: at('2026-03-11 00:05:00') })).toEqual([
      { date: '2026-03-11', start: '00:00', end: '00:30' },
      { date: '2026-03-10', start: '23:30', end: '23:59' },
    ]);
  });

  it('a lesson starting later may be tomorrow’s, and always fits in its day', () => {
    expect(lessonStartingIn(45, { now: at('2026-03-10 09:00:30') })).toEqual({ date: '2026-03-10', start: '09:45', end: '10:15' });
    expect(lessonStartingIn(45, { now: at('2026-03-10 23:40:00') })).toEqual({ date: '2026-03-11', start: '00:25', end: '00:55' });
    expect(lessonStartingIn(20, { now: at('2026-03-10 23:39:00') })).toEqual({ date: '2026-03-10', start: '23:58', end: '23:59' });
  });
});
