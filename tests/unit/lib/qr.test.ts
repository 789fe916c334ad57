import { describe, expect, it } from 'vitest';
import { encodeQr, formatBits, rsRemainder } from '../../../src/lib/qr';

/** The student cards' QR encoder (src/lib/qr.ts) against the standard's worked values. */
describe('QR encoder', () => {
  it('computes the error correction of the standard example "HELLO WORLD" 1-M', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('writes the format bits of the table (level M, mask 0: 101010000010010)', () => {
    expect(formatBits(0, 0).toString(2).padStart(15, '0')).toBe('101010000010010');
    // level L, mask 4 (the other worked example of the standard): 110011000101111
    expect(formatBits(1, 4).toString(2).padStart(15, '0')).toBe('110011000101111');
  });

  it('picks the smallest version and draws its fixed patterns', () => {
    const card = encodeQr('CD1.1234567.AbCdEfGhIjKlMnOp');
    expect(card.size).toBe(29); // 28 bytes: version 3 (version 2-M holds 26)
    const m = card.modules;
    // finder patterns: dark ring, light ring, dark 3x3 core
    for (const [x, y] of [
      [0, 0],
      [card.size - 7, 0],
      [0, card.size - 7],
    ]) {
      expect(m[y][x] && m[y + 6][x + 6] && m[y + 3][x + 3] && m[y + 2][x + 2]).toBe(true);
      expect(m[y + 1][x + 1] || m[y + 5][x + 5]).toBe(false);
    }
    // timing pattern alternates; the dark module next to the lower-left finder
    for (let i = 8; i < card.size - 8; i++) expect(m[6][i]).toBe(i % 2 === 0);
    expect(m[card.size - 8][8]).toBe(true);
    expect(encodeQr('x').size).toBe(21);
    expect(() => encodeQr('x'.repeat(200))).toThrow('二维码内容过长');
  });
});
