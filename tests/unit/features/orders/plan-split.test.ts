import { describe, expect, it } from 'vitest';
import { addMonths, splitEvenly } from '../../../../src/features/orders/installment/planSplit';

describe('installment plan drafts', () => {
  it('splits fen into parts that add up exactly, the last taking the rest', () => {
    expect(splitEvenly(1000, 3)).toEqual([333, 333, 334]);
    expect(splitEvenly(999_999, 1)).toEqual([999_999]);
    expect(splitEvenly(7, 3).reduce((s, p) => s + p, 0)).toBe(7);
  });
  it('moves due dates by calendar months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });
});
