import { describe, expect, it } from 'vitest';
import { degreeOf } from '../../../../src/features/classes/degree/api';

describe('class degree', () => {
  it('is lessons done over lessons scheduled, in percent with one decimal, capped at 100', () => {
    expect(degreeOf(0, 0)).toBe(0);
    expect(degreeOf(3, 0)).toBe(0);
    expect(degreeOf(1, 3)).toBe(33.3);
    expect(degreeOf(12, 24)).toBe(50);
    expect(degreeOf(24, 24)).toBe(100);
    expect(degreeOf(25, 24)).toBe(100);
  });
});
