import { describe, expect, it } from 'vitest';
import { formatDurationMs } from '../../../../src/lib/format';

describe('formatDurationMs', () => {
  it('shows m:ss under an hour and h:mm:ss from an hour, rounding to the second', () => {
    expect(formatDurationMs(1500)).toBe('0:02');
    expect(formatDurationMs(1499)).toBe('0:01');
    expect(formatDurationMs(65_000)).toBe('1:05');
    expect(formatDurationMs(3_600_000)).toBe('1:00:00');
    expect(formatDurationMs(3_725_000)).toBe('1:02:05');
  });
  it('shows nothing without a time', () => {
    expect(formatDurationMs(null)).toBe('');
    expect(formatDurationMs(undefined)).toBe('');
    expect(formatDurationMs(-1)).toBe('');
    expect(formatDurationMs(Number.NaN)).toBe('');
  });
});
