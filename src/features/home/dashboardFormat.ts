import type { Rate } from '../../contract/home-dashboards';
import { formatYuan } from '../../lib/format/money';

/** ¥1,234.56 from fen. */
export const yuanText = (fen: number) => `¥${formatYuan(fen)}`;
/** 12.50 from hundredths of an hour. */
export const hoursText = (hundredths: number) => (hundredths / 100).toFixed(2);
/** 45.5% or — without a base. */
export const rateText = (r: Rate) => (r === null ? '—' : `${r}%`);

/** The change of a figure against the period before, as shown under it. */
export function changeText(value: number, previous: number): { text: string; color: string } {
  if (value === previous) return { text: '与上期持平', color: 'dimmed' };
  if (previous === 0) return { text: '上期为 0', color: value > 0 ? 'teal' : 'red' };
  const pct = ((value - previous) / Math.abs(previous)) * 100;
  return { text: `较上期 ${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`, color: pct > 0 ? 'teal' : 'red' };
}
