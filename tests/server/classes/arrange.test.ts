import { describe, expect, it } from 'vitest';
import {
  addDays,
  clashMessage,
  dayRule,
  expandPattern,
  findClashes,
  isoWeekDay,
  patternProblem,
  type Booking,
  type SchoolCalendar,
} from '../../../server/modules/classes/arrange';

const empty: SchoolCalendar = { holidays: [], swapDays: [] };
const names = {
  teacher: (id: number) => ({ 1: '张伟', 2: '李娜' })[id] ?? `#${id}`,
  classroom: (id: number) => ({ 10: '101教室', 11: '102教室' })[id] ?? `#${id}`,
  className: (id: number) => ({ 100: '三年级A班', 101: '三年级B班' })[id] ?? `#${id}`,
};

describe('calendar arithmetic', () => {
  it('knows ISO weekdays', () => {
    expect(isoWeekDay('2026-12-01')).toBe(2); // Tuesday
    expect(isoWeekDay('2026-12-06')).toBe(7); // Sunday
    expect(isoWeekDay('1970-01-01')).toBe(4);
    expect(isoWeekDay('2024-02-29')).toBe(4);
  });
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('refuses impossible dates', () => {
    expect(() => isoWeekDay('2026-02-30')).toThrow('日期不存在');
    expect(() => isoWeekDay('2026/02/01')).toThrow('YYYY-MM-DD');
  });
});

describe('expandPattern', () => {
  const slots = [
    { week_day: 1, start_time: '09:00', end_time: '10:30' },
    { week_day: 3, start_time: '09:00', end_time: '10:30' },
    { week_day: 5, start_time: '18:00', end_time: '19:30' },
  ];

  it('lays a weekly pattern over a range, in time order', () => {
    const { sessions, skipped } = expandPattern({ date_start: '2026-11-30', date_end: '2026-12-13', slots, calendar: empty });
    expect(sessions.map((s) => s.lesson_date)).toEqual(['2026-11-30', '2026-12-02', '2026-12-04', '2026-12-07', '2026-12-09', '2026-12-11']);
    expect(sessions[2]).toEqual({ lesson_date: '2026-12-04', start_time: '18:00', end_time: '19:30', week_day: 5 });
    expect(skipped).toEqual([]);
  });

  it('orders two slots on one day by start time and includes both range ends', () => {
    const { sessions } = expandPattern({
      date_start: '2026-12-01',
      date_end: '2026-12-01',
      slots: [
        { week_day: 2, start_time: '14:00', end_time: '15:00' },
        { week_day: 2, start_time: '08:00', end_time: '09:00' },
      ],
      calendar: empty,
    });
    expect(sessions.map((s) => s.start_time)).toEqual(['08:00', '14:00']);
  });

  it('skips holidays and reports the skipped pattern dates', () => {
    const calendar: SchoolCalendar = { holidays: [{ name: '元旦', start_date: '2027-01-01', end_date: '2027-01-03' }], swapDays: [] };
    const { sessions, skipped } = expandPattern({ date_start: '2026-12-28', date_end: '2027-01-08', slots, calendar });
    // 2027-01-01 is a Friday
    expect(sessions.map((s) => s.lesson_date)).toEqual(['2026-12-28', '2026-12-30', '2027-01-04', '2027-01-06', '2027-01-08']);
    expect(skipped).toEqual([{ date: '2027-01-01', reason: '节假日（元旦）' }]);
  });

  it('honours a swap working day that follows another weekday, even inside a holiday', () => {
    const calendar: SchoolCalendar = {
      holidays: [{ name: '国庆', start_date: '2026-10-01', end_date: '2026-10-07' }],
      swapDays: [
        { name: '国庆调休', swap_date: '2026-10-10', follow_week_day: 1 }, // a Saturday on Monday's timetable
        { name: null, swap_date: '2026-10-07', follow_week_day: 3 }, // last holiday day made a working Wednesday
      ],
    };
    const { sessions } = expandPattern({ date_start: '2026-10-01', date_end: '2026-10-11', slots, calendar });
    expect(sessions.map((s) => `${s.lesson_date}/${s.week_day}`)).toEqual(['2026-10-07/3', '2026-10-09/5', '2026-10-10/1']);
  });

  it('honours a swap rest day (a working day moved away)', () => {
    const calendar: SchoolCalendar = { holidays: [], swapDays: [{ name: '调休', swap_date: '2026-12-02', follow_week_day: null }] };
    const { sessions, skipped } = expandPattern({ date_start: '2026-11-30', date_end: '2026-12-06', slots, calendar });
    expect(sessions.map((s) => s.lesson_date)).toEqual(['2026-11-30', '2026-12-04']);
    expect(skipped).toEqual([{ date: '2026-12-02', reason: '调休休息（调休）' }]);
    expect(dayRule('2026-12-02', calendar)).toEqual({ skip: '调休休息（调休）' });
  });

  it('stops at the limit', () => {
    const { sessions } = expandPattern({ date_start: '2026-11-30', date_end: '2027-06-30', slots, calendar: empty, limit: 4 });
    expect(sessions).toHaveLength(4);
    expect(sessions[3].lesson_date).toBe('2026-12-07');
  });

  it('produces a term of three sessions a week for six months', () => {
    const { sessions } = expandPattern({ date_start: '2026-09-01', date_end: '2027-02-28', slots, calendar: empty });
    expect(sessions.length).toBeGreaterThanOrEqual(77);
    expect(sessions.length).toBeLessThanOrEqual(79);
    expect(new Set(sessions.map((s) => s.lesson_date)).size).toBe(sessions.length);
  });
});

describe('patternProblem', () => {
  it('accepts a good pattern', () => {
    expect(patternProblem([{ week_day: 1, start_time: '09:00', end_time: '10:00' }])).toBeUndefined();
  });
  it('explains each bad pattern in Chinese', () => {
    expect(patternProblem([])).toBe('请至少设置一个上课时间段');
    expect(patternProblem([{ week_day: 8, start_time: '09:00', end_time: '10:00' }])).toBe('星期必须是 1-7：8');
    expect(patternProblem([{ week_day: 1, start_time: '9:00', end_time: '10:00' }])).toContain('HH:mm');
    expect(patternProblem([{ week_day: 2, start_time: '10:00', end_time: '10:00' }])).toBe('周二 10:00-10:00：结束时间必须晚于开始时间');
    expect(
      patternProblem([
        { week_day: 3, start_time: '09:00', end_time: '10:30' },
        { week_day: 3, start_time: '10:00', end_time: '11:00' },
      ]),
    ).toBe('周三 09:00-10:30 与 10:00-11:00 时间重叠');
  });
});

describe('findClashes', () => {
  const stored: Booking[] = [
    { id: 1, class_id: 100, lesson_date: '2026-12-01', start_time: '09:00', end_time: '10:30', teacher_id: 1, classroom_id: 10 },
    { id: 2, class_id: 101, lesson_date: '2026-12-01', start_time: '14:00', end_time: '15:30', teacher_id: 2, classroom_id: 11 },
  ];

  it('finds a teacher double booking and names it', () => {
    const cand: Booking = { class_id: 101, lesson_date: '2026-12-01', start_time: '10:00', end_time: '11:00', teacher_id: 1, classroom_id: 11 };
    const clashes = findClashes([cand], stored);
    expect(clashes).toHaveLength(1);
    expect(clashes[0].kind).toBe('teacher');
    expect(clashMessage(clashes[0], names)).toBe('老师 张伟 在 2026-12-01 10:00-11:00 已有课（三年级A班）');
  });

  it('finds a classroom double booking', () => {
    const cand: Booking = { class_id: 101, lesson_date: '2026-12-01', start_time: '08:00', end_time: '09:30', teacher_id: 2, classroom_id: 10 };
    const [clash] = findClashes([cand], stored);
    expect(clash.kind).toBe('classroom');
    expect(clashMessage(clash, names)).toBe('教室 101教室 在 2026-12-01 08:00-09:30 已被占用（三年级A班）');
  });

  it('treats touching sessions, other dates and empty teacher/classroom as free', () => {
    const cands: Booking[] = [
      { class_id: 101, lesson_date: '2026-12-01', start_time: '10:30', end_time: '11:30', teacher_id: 1, classroom_id: 10 },
      { class_id: 101, lesson_date: '2026-12-02', start_time: '09:00', end_time: '10:30', teacher_id: 1, classroom_id: 10 },
      { class_id: 102, lesson_date: '2026-12-01', start_time: '14:00', end_time: '15:00', teacher_id: null, classroom_id: null },
    ];
    expect(findClashes(cands, stored)).toEqual([]);
  });

  it('finds clashes among the candidates themselves', () => {
    const a: Booking = { key: 'a', class_id: 200, lesson_date: '2026-12-03', start_time: '09:00', end_time: '10:00', teacher_id: 1, classroom_id: null };
    const b: Booking = { key: 'b', class_id: 201, lesson_date: '2026-12-03', start_time: '09:30', end_time: '10:30', teacher_id: 1, classroom_id: null };
    const clashes = findClashes([a, b], []);
    expect(clashes).toHaveLength(1);
    expect(clashes[0].candidate).toBe(b);
    expect(clashes[0].other).toBe(a);
  });

  it('ignores the stored session a candidate replaces (revise in place)', () => {
    const moved: Booking = { ...stored[0], start_time: '09:30', end_time: '11:00' };
    expect(findClashes([moved], stored)).toEqual([]);
  });

  it('lets two stored sessions swap times (exchange)', () => {
    const a: Booking = { ...stored[0], lesson_date: '2026-12-01', start_time: '14:00', end_time: '15:30', classroom_id: 10 };
    const b: Booking = { ...stored[1], start_time: '09:00', end_time: '10:30', classroom_id: 11 };
    expect(findClashes([a, b], stored)).toEqual([]);
  });

  it('finds the same class twice at once', () => {
    const cand: Booking = { class_id: 100, lesson_date: '2026-12-01', start_time: '09:15', end_time: '10:00', teacher_id: 2, classroom_id: 11 };
    const [clash] = findClashes([cand], stored);
    expect(clash.kind).toBe('class');
    expect(clashMessage(clash, names)).toBe('班级 三年级A班 在 2026-12-01 09:15-10:00 已有课（09:00-10:30）');
  });

  it('refuses a teacher on leave', () => {
    const cand: Booking = { class_id: 101, lesson_date: '2026-12-05', start_time: '09:00', end_time: '10:00', teacher_id: 2, classroom_id: null };
    const leave = [{ teacher_id: 2, start_time: '2026-12-05 08:00:00', end_time: '2026-12-05 12:00:00' }];
    const [clash] = findClashes([cand], [], leave);
    expect(clash.kind).toBe('leave');
    expect(clashMessage(clash, names)).toBe('老师 李娜 在 2026-12-05 09:00-10:00 请假，不能排课');
    expect(findClashes([{ ...cand, start_time: '12:00', end_time: '13:00' }], [], leave)).toEqual([]);
  });
});
