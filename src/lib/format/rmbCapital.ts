/**
 * An amount in fen as Chinese capitals (人民币大写), as receipts and cheques write it (the
 * People's Bank of China's rules for 中文大写金额): 壹仟零伍元整, 壹拾万零壹拾元整, 壹元零伍分,
 * 伍角整; a negative amount (a reversing receipt) starts with 负.
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const POSITION_UNITS = ['仟', '佰', '拾', ''];
const GROUP_UNITS = ['', '万', '亿', '万亿'];

/** 0-9999 without leading 零 (the caller decides whether a 零 goes in front). */
function section(n: number): string {
  const digits = String(n).padStart(4, '0');
  let out = '';
  let zeroPending = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(digits[i]);
    if (d === 0) {
      if (out) zeroPending = true;
      continue;
    }
    if (zeroPending) out += '零';
    out += DIGITS[d] + POSITION_UNITS[i];
    zeroPending = false;
  }
  return out;
}

/** The whole yuan in capitals ('' for 0). */
function yuanPart(yuan: number): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) groups.push(rest % 10000);
  let out = '';
  let zeroPending = false;
  for (let g = groups.length - 1; g >= 0; g--) {
    const value = groups[g];
    if (value === 0) {
      if (out) zeroPending = true;
      continue;
    }
    if (out && (zeroPending || value < 1000)) out += '零';
    out += section(value) + GROUP_UNITS[g];
    zeroPending = false;
  }
  return out;
}

export function rmbCapital(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error('金额必须是以分为单位的整数');
  const sign = fen < 0 ? '负' : '';
  const abs = Math.abs(fen);
  if (abs >= 1e16) throw new Error('金额过大');
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cents = abs % 10;
  const whole = yuanPart(yuan);
  if (!whole && jiao === 0 && cents === 0) return '零元整';
  let out = whole ? `${whole}元` : '';
  if (jiao === 0 && cents === 0) return `${sign}${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (whole) out += '零';
  out += cents > 0 ? `${DIGITS[cents]}分` : '整';
  return sign + out;
}
