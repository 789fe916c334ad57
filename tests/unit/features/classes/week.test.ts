import { describe, expect, it } from 'vitest';
import { cellKey, cellsOf, hourRows, isoWeekDay, weekDays, weekLabel, weekStart } from '../../../../src/features/classes/timetable/week';
import { slotsOf, newRow } from '../../../../src/features/classes/timetable/patternRows';
import { deviceLabel } from '../../../../src/lib/device';

describe('week grid', () => {
  it('weeks start on Monday; Sunday belongs to the week before it', () => {
    expect(isoWeekDay('2026-11-21')).toBe(6);
    expect(isoWeekDay('2026-11-22')).toBe(7);
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(weekDays('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(weekLabel('2026-12-28')).toBe('2026-12-28 ~ 2027-01-03');
    expect(weekLabel('2026-11-16')).toBe('2026-11-16 ~ 11-22');
  });

  it('hour rows cover 08-20 and widen to early and late lessons', () => {
    expect(hourRows([])).toHaveLength(13);
    const rows = hourRows([{ start_time: '07:30' }, { start_time: '21:00' }]);
    expect(rows[0]).toBe(7);
    expect(rows[rows.length - 1]).toBe(21);
  });

  it('lessons are grouped by day and start hour, in start order', () => {
    const cells = cellsOf([
      { id: 3, lesson_date: '2026-11-21', start_time: '09:45' },
      { id: 1, lesson_date: '2026-11-21', start_time: '09:00' },
      { id: 2, lesson_date: '2026-11-22', start_time: '09:00' },
    ]);
    expect(cells.get(cellKey('2026-11-21', 9))?.map((l) => l.id)).toEqual([1, 3]);
    expect(cells.get(cellKey('2026-11-22', 9))?.map((l) => l.id)).toEqual([2]);
  });
});

describe('weekly pattern rows', () => {
  it('answer the slots, or the first problem with its row number', () => {
    expect(slotsOf([])).toEqual({ error: '请至少添加一个上课时间段' });
    expect(slotsOf([newRow({ start_time: '09:00', end_time: '10:00' })])).toEqual({ error: '第1行：请选择星期' });
    expect(slotsOf([newRow({ week_day: '1', start_time: '10:00', end_time: '09:00' })])).toEqual({ error: '第1行：结束时间必须晚于开始时间' });
    expect(
      slotsOf([newRow({ week_day: '1', start_time: '09:00', end_time: '10:00' }), newRow({ week_day: '1', start_time: '09:00', end_time: '11:00' })]),
    ).toEqual({ error: '第2行：与前面的时间段重复' });
    expect(slotsOf([newRow({ week_day: '3', start_time: '18:00:00', end_time: '19:30' })])).toEqual({ slots: [{ week_day: 3, start_time: '18:00', end_time: '19:30' }] });
  });
});

describe('device label', () => {
  it('names tablets and phones', () => {
    expect(deviceLabel('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe('iPad · Safari');
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe('Android 手机 · Chrome');
    expect(deviceLabel('')).toBe('未知设备 · 浏览器');
  });
});
