/**
 * A small QR code encoder for the student cards (issue 11): byte mode, error correction level M,
 * versions 1-6 (up to 106 bytes; a card's code is about 30), a fixed mask (0, valid for any
 * reader; the penalty-scored choice of mask only makes codes a little easier to read). Written
 * here rather than adding a dependency; it follows ISO/IEC 18004 as Project Nayuki's reference
 * implementation lays it out (MIT), reduced to what the cards need.
 */

/** Data and error-correction codewords per block, and blocks, of level M for versions 1-6. */
const VERSIONS: readonly { dataPerBlock: number; ecPerBlock: number; blocks: number }[] = [
  { dataPerBlock: 16, ecPerBlock: 10, blocks: 1 },
  { dataPerBlock: 28, ecPerBlock: 16, blocks: 1 },
  { dataPerBlock: 44, ecPerBlock: 26, blocks: 1 },
  { dataPerBlock: 32, ecPerBlock: 18, blocks: 2 },
  { dataPerBlock: 43, ecPerBlock: 24, blocks: 2 },
  { dataPerBlock: 27, ecPerBlock: 16, blocks: 4 },
];
/** Level M's two format bits (L=01, M=00, Q=11, H=10). */
const LEVEL_M = 0;
const MASK = 0;

function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function rsDivisor(degree: number): number[] {
  const result = Array.from({ length: degree }, () => 0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMul(result[j], root);
      if (j + 1 < result.length) result[j] ^= result[j + 1];
    }
    root = gfMul(root, 0x02);
  }
  return result;
}

/** The error-correction codewords of a block (the remainder of its polynomial division). */
export function rsRemainder(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = Array.from({ length: degree }, () => 0);
  for (const b of data) {
    const factor = b ^ (result.shift() as number);
    result.push(0);
    divisor.forEach((coef, i) => {
      result[i] ^= gfMul(coef, factor);
    });
  }
  return result;
}

function dataCodewords(bytes: Uint8Array, capacity: number): number[] {
  const bits: number[] = [];
  const put = (value: number, len: number) => {
    for (let i = len - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8 !== 0) bits.push(0);
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; out.length < capacity; pad ^= 0xec ^ 0x11) out.push(pad);
  return out;
}

/** Data blocks interleaved, then their error-correction blocks interleaved (all blocks are equal here). */
function interleave(data: readonly number[], v: (typeof VERSIONS)[number]): number[] {
  const blocks: number[][] = [];
  for (let b = 0; b < v.blocks; b++) blocks.push(data.slice(b * v.dataPerBlock, (b + 1) * v.dataPerBlock));
  const ecs = blocks.map((blk) => rsRemainder(blk, v.ecPerBlock));
  const out: number[] = [];
  for (let i = 0; i < v.dataPerBlock; i++) for (const blk of blocks) out.push(blk[i]);
  for (let i = 0; i < v.ecPerBlock; i++) for (const ec of ecs) out.push(ec[i]);
  return out;
}

/** The 15 format bits of a level and mask (BCH code, then XOR 0x5412). */
export function formatBits(level: number, mask: number): number {
  const data = (level << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** A QR code: `modules[y][x]` true for dark; `size` modules a side (without the quiet zone). */
export interface QrCode {
  size: number;
  modules: boolean[][];
}

/** Encodes text (as UTF-8) in the smallest version that holds it; throws when it is too long. */
export function encodeQr(text: string): QrCode {
  const bytes = new TextEncoder().encode(text);
  const index = VERSIONS.findIndex((v) => v.dataPerBlock * v.blocks * 8 >= 12 + bytes.length * 8);
  if (index < 0) throw new Error('二维码内容过长');
  const v = VERSIONS[index];
  const version = index + 1;
  const size = version * 4 + 17;
  const modules = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  const fixed = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  const set = (x: number, y: number, dark: boolean) => {
    modules[y][x] = dark;
    fixed[y][x] = true;
  };

  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || x >= size || y < 0 || y >= size) continue;
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        set(x, y, dist !== 2 && dist !== 4);
      }
    }
  }
  if (version >= 2) {
    // versions 2-6 have one alignment pattern, at the last of their two alignment positions
    const at = size - 7;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(at + dx, at + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }

  const format = formatBits(LEVEL_M, MASK);
  const bit = (i: number) => ((format >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
  set(8, size - 8, true);

  const codewords = interleave(dataCodewords(bytes, v.dataPerBlock * v.blocks), v);
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (fixed[y][x]) continue;
        const dark = i < codewords.length * 8 && ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
        // mask 0: modules where (x + y) is even are inverted
        modules[y][x] = (x + y) % 2 === 0 ? !dark : dark;
      }
    }
  }
  return { size, modules };
}

/** The code as an SVG image (dark squares on white, a 4-module quiet zone), for printing. */
export function qrSvg(text: string, pixels = 160): string {
  const { size, modules } = encodeQr(text);
  const full = size + 8;
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" width="${pixels}" height="${pixels}" shape-rendering="crispEdges"><rect width="${full}" height="${full}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
