import { describe, expect, it } from 'vitest';
import { resolvePeriod } from '../../../server/modules/home/dashboard-period';
import { todayText } from '../../../server/lib/time';
import { ApiError } from '../../../server/lib/http';

/** The periods of the 首页 dashboards for a fixed "now", in Asia/Shanghai days. */
describe('home dashboards: resolvePeriod', () => {
  it('takes the Shanghai date of now: 16:00 UTC is the next day', () => {
    expect(todayText(Date.parse('2026-02-28T15:59:59Z'))).toBe('2026-02-28');
    expect(todayText(Date.parse('2026-02-28T16:00:00Z'))).toBe('2026-03-01');
    expect(resolvePeriod({}, todayText(Date.parse('2026-02-28T16:00:00Z')))).toEqual({ period: 'month', from: '2026-03-01', to: '2026-03-31', prev_from: '2026-02-01', prev_to: '2026-02-28' });
  });

  it('本月 by default, 上月 across the year, leap February', () => {
    expect(resolvePeriod({ period: 'last_month' }, '2026-01-15')).toEqual({ period: 'last_month', from: '2025-12-01', to: '2025-12-31', prev_from: '2025-11-01', prev_to: '2025-11-30' });
    expect(resolvePeriod({ period: 'month' }, '2028-02-29')).toMatchObject({ from: '2028-02-01', to: '2028-02-29', prev_from: '2028-01-01', prev_to: '2028-01-31' });
  });

  it('今日 and 本周 (Monday to Sunday) with the same number of days before', () => {
    expect(resolvePeriod({ period: 'today' }, '2026-01-01')).toEqual({ period: 'today', from: '2026-01-01', to: '2026-01-01', prev_from: '2025-12-31', prev_to: '2025-12-31' });
    // 2026-01-04 is a Sunday, 2026-01-05 a Monday
    expect(resolvePeriod({ period: 'week' }, '2026-01-04')).toMatchObject({ from: '2025-12-29', to: '2026-01-04', prev_from: '2025-12-22', prev_to: '2025-12-28' });
    expect(resolvePeriod({ period: 'week' }, '2026-01-05')).toMatchObject({ from: '2026-01-05', to: '2026-01-11' });
  });

  it('a custom range: inclusive days, the same length before; bad ranges refused in Chinese', () => {
    expect(resolvePeriod({ period: 'custom', from: '2026-03-10', to: '2026-03-19' }, '2026-11-25')).toEqual({ period: 'custom', from: '2026-03-10', to: '2026-03-19', prev_from: '2026-02-28', prev_to: '2026-03-09' });
    expect(resolvePeriod({ period: 'custom', from: '2025-01-01', to: '2026-01-01' }, '2026-11-25').from).toBe('2025-01-01');
    const refused = (q: Parameters<typeof resolvePeriod>[0]) => {
      try {
        resolvePeriod(q, '2026-11-25');
      } catch (e) {
        return e instanceof ApiError ? `${e.code} ${e.message}` : String(e);
      }
      return 'accepted';
    };
    expect(refused({ period: 'custom', from: '2025-01-01', to: '2026-01-02' })).toBe('400 统计周期最长366天');
    expect(refused({ period: 'custom', from: '2026-03-02', to: '2026-03-01' })).toBe('400 开始日期不能晚于结束日期');
    expect(refused({ period: 'custom', from: '2026-02-29', to: '2026-03-01' })).toBe('400 日期不存在，请重新选择');
    expect(refused({ period: 'custom', to: '2026-03-01' })).toBe('400 自定义周期请选择开始日期和结束日期');
  });
});
