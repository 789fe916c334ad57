import { formatYuan } from '../../lib/format/money';
import { rateText } from '../../contract/cmp';

/** Cell texts of the report screens: money in fen → yuan, hours in hundredths, rates in hundredths of a percent. */
export const yuan = (v: unknown): string => (v === null || v === undefined ? '' : formatYuan(v));
export const hours = (v: unknown): string => (typeof v === 'number' ? (v / 100).toFixed(2) : '');
export const rate = (v: unknown): string => rateText(typeof v === 'number' ? v : null);
export const count = (v: unknown): string => (typeof v === 'number' ? String(v) : '');
