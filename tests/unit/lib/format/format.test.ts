import { describe, expect, it } from 'vitest';
import {
  ageGroupOf,
  ageGroupText,
  ageInYears,
  dateRangeOf,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatRound,
  nowText,
  reportPreviewUrl,
  roundNumber,
} from '../../../../src/lib/format';

describe('round', () => {
  it('gives 0 for empty values', () => {
    expect(roundNumber(null)).toBe(0);
    expect(roundNumber(undefined)).toBe(0);
    expect(roundNumber('')).toBe(0);
    expect(formatRound(null)).toBe('0');
    expect(formatRound('')).toBe('0');
  });
  it('rounds to 2 decimals by default, half away from zero, without float drift', () => {
    expect(roundNumber(1.005)).toBe(1.01);
    expect(roundNumber(-1.005)).toBe(-1.01);
    expect(formatRound(3)).toBe('3.00');
    expect(formatRound('12.3456')).toBe('12.35');
  });
  it('takes 1 to 3 decimals', () => {
    expect(formatRound(2.25, 1)).toBe('2.3');
    expect(formatRound(2.0005, 3)).toBe('2.001');
    expect(formatRound(2.0005, 7)).toBe('2.001');
    expect(formatRound(2.26, 0)).toBe('2.3');
  });
});

describe('date', () => {
  it('formats dates and datetimes', () => {
    expect(formatDate('2024-03-05 10:11:12')).toBe('2024-03-05');
    expect(formatDateTime('2024-03-05 10:11:12')).toBe('2024-03-05 10:11:12');
  });
  it('reads 13-digit numbers as milliseconds and others as seconds', () => {
    const ms = new Date(2024, 0, 2, 3, 4, 5).getTime();
    expect(formatDateTime(ms)).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(Math.floor(ms / 1000))).toBe('2024-01-02 03:04:05');
    expect(formatDateTime(String(ms))).toBe('2024-01-02 03:04:05');
  });
  it('is blank for empty and placeholder values', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('1970-01-01 08:00:00')).toBe('');
    expect(formatDate('0001-01-01')).toBe('');
    expect(formatDate('2006-01-02 15:04:05')).toBe('');
    expect(formatDate(0)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('file size', () => {
  it('uses 1024 units with 3 significant digits', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1000)).toBe('1000 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(157286400)).toBe('150 MB');
    expect(formatFileSize(1024 ** 8 * 3)).toBe('3 YB');
    expect(formatFileSize(1024 ** 9 * 2)).toBe('2050 YB');
  });
});

describe('age', () => {
  it('counts whole years', () => {
    expect(ageInYears('2020-06-15', '2024-06-14')).toBe(3);
    expect(ageInYears('2020-06-15', '2024-06-15')).toBe(4);
    expect(ageInYears('', '2024-06-15')).toBeUndefined();
    expect(ageInYears('2030-01-01', '2024-06-15')).toBeUndefined();
  });
  it('maps ages to groups 611-615 with texts', () => {
    expect([0, 2, 3, 4, 5, 6, 7, 9, 10, 40].map((a) => ageGroupOf(a))).toEqual([611, 611, 612, 612, 613, 613, 614, 614, 615, 615]);
    expect(ageGroupOf(-1)).toBeUndefined();
    expect(ageGroupText(611)).toBe('3岁以下');
    expect(ageGroupText('615')).toBe('9岁以上');
    expect(ageGroupText(700)).toBe('');
  });
});

describe('date range presets', () => {
  // an instant: the presets are Asia/Shanghai days, whatever the zone of the device running them
  const now = '2024-03-15T10:20:30+08:00';
  it('computes each preset', () => {
    expect(dateRangeOf('currentMonth', false, now)).toEqual(['2024-03-01', '2024-03-31']);
    expect(dateRangeOf('monthSoFar', false, now)).toEqual(['2024-03-01', '2024-03-15']);
    expect(dateRangeOf('latestTwoMonths', false, now)).toEqual(['2024-02-01', '2024-03-15']);
    expect(dateRangeOf('yesterday', false, now)).toEqual(['2024-03-14', '2024-03-14']);
    expect(dateRangeOf('today', false, now)).toEqual(['2024-03-15', '2024-03-15']);
    expect(dateRangeOf('today', true, now)).toEqual(['2024-03-15 00:00:00', '2024-03-15 23:59:59']);
    expect(nowText(now)).toBe('2024-03-15 10:20:30');
  });

  it('turns the day and the month at Shanghai’s midnight, not the device’s', () => {
    // 2024-03-31 23:59:59 and 2024-04-01 00:00:00 in Shanghai
    const before = '2024-03-31T15:59:59Z';
    const after = '2024-03-31T16:00:00Z';
    expect(dateRangeOf('today', false, before)).toEqual(['2024-03-31', '2024-03-31']);
    expect(dateRangeOf('today', false, after)).toEqual(['2024-04-01', '2024-04-01']);
    expect(dateRangeOf('yesterday', false, after)).toEqual(['2024-03-31', '2024-03-31']);
    expect(dateRangeOf('currentMonth', false, before)).toEqual(['2024-03-01', '2024-03-31']);
    expect(dateRangeOf('currentMonth', true, after)).toEqual(['2024-04-01 00:00:00', '2024-04-30 23:59:59']);
    expect(dateRangeOf('monthSoFar', false, after)).toEqual(['2024-04-01', '2024-04-01']);
    expect(dateRangeOf('latestTwoMonths', false, before)).toEqual(['2024-02-01', '2024-03-31']);
    expect(dateRangeOf('latestTwoMonths', false, after)).toEqual(['2024-03-01', '2024-04-01']);
    expect(nowText(after)).toBe('2024-04-01 00:00:00');
  });

  it('crosses the year and short months', () => {
    const newYear = '2024-01-01T00:05:00+08:00';
    expect(dateRangeOf('yesterday', false, newYear)).toEqual(['2023-12-31', '2023-12-31']);
    expect(dateRangeOf('latestTwoMonths', false, newYear)).toEqual(['2023-12-01', '2024-01-01']);
    expect(dateRangeOf('currentMonth', false, '2023-02-28T23:59:59+08:00')).toEqual(['2023-02-01', '2023-02-28']);
    expect(dateRangeOf('latestTwoMonths', false, '2023-03-31T12:00:00+08:00')).toEqual(['2023-02-01', '2023-03-31']);
    expect(dateRangeOf('yesterday', false, '2023-03-01T00:00:00+08:00')).toEqual(['2023-02-28', '2023-02-28']);
  });
});

describe('report preview address', () => {
  it('appends only non-empty filters', () => {
    expect(reportPreviewUrl('http://rep.example/', { _u: 'file:a.ureport.xml', city: '', school: null, ids: [1, 2], empty: [] })).toBe(
      'http://rep.example/ureport/preview?_u=file%3Aa.ureport.xml&ids=1%2C2',
    );
    expect(reportPreviewUrl('http://rep.example', {})).toBe('http://rep.example/ureport/preview');
  });
});
