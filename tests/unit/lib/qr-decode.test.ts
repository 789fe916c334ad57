import { createHmac } from 'node:crypto';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { encodeQr } from '../../../src/lib/qr';

/**
 * The hand-written encoder (src/lib/qr.ts) read back by an independent decoder (jsQR): the
 * matrix is drawn as a printed card would be (4-module quiet zone, several pixels a module) and
 * must decode to exactly the text encoded, for every version the encoder can choose.
 */
function decode(text: string, pixelsPerModule = 4): string | undefined {
  const { size, modules } = encodeQr(text);
  const quiet = 4;
  const side = (size + quiet * 2) * pixelsPerModule;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y][x]) continue;
      for (let py = 0; py < pixelsPerModule; py++) {
        for (let px = 0; px < pixelsPerModule; px++) {
          const offset = (((y + quiet) * pixelsPerModule + py) * side + (x + quiet) * pixelsPerModule + px) * 4;
          rgba[offset] = 0;
          rgba[offset + 1] = 0;
          rgba[offset + 2] = 0;
        }
      }
    }
  }
  return jsQR(rgba, side, side, { inversionAttempts: 'dontInvert' })?.data;
}

/** A card's text as the server signs it (server/lib/student-card.ts: CD1.<id>.<16 base64url>). */
function cardToken(studentId: number, key: string): string {
  const sig = createHmac('sha256', key).update(`student:${studentId}`).digest('base64url').slice(0, 16);
  return `CD1.${studentId}.${sig}`;
}

describe('QR encoder read by jsQR', () => {
  it('round-trips the check-in card text of several students', () => {
    for (const [id, key] of [
      [1, 'k1'],
      [42, 'another key'],
      [1234567, 'secret-of-the-installation'],
      [2147483647, 'x'],
    ] as const) {
      const token = cardToken(id, key);
      expect(token).toMatch(/^CD1\.\d+\.[A-Za-z0-9_-]{16}$/);
      expect(decode(token)).toBe(token);
    }
  });

  it('round-trips texts filling each version 1 to 6 to the brim and one byte past the previous', () => {
    // byte capacity of level M in byte mode per version: data codewords - 2 (mode and length)
    const capacities = [14, 26, 42, 62, 84, 106];
    const sizes = capacities.flatMap((c, i) => (i === 0 ? [1, c] : [capacities[i - 1] + 1, c]));
    for (const n of sizes) {
      const text = Array.from({ length: n }, (_, i) => 'AbC9-_.x'[i % 8]).join('');
      const version = capacities.findIndex((c) => c >= n) + 1;
      expect(encodeQr(text).size, `${n} bytes`).toBe(version * 4 + 17);
      expect(decode(text), `${n} bytes`).toBe(text);
    }
  });

  it('round-trips UTF-8 text and reads at two modules sizes', () => {
    for (const text of ['HELLO WORLD', '学员签到卡 张小明', 'https://example.com/device?c=CD1.9.abc']) {
      expect(decode(text)).toBe(text);
      expect(decode(text, 2)).toBe(text);
    }
  });
});
