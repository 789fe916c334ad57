import type { PayItem, PayRef } from '../../contract/employee_pay';
import { formatYuan } from '../../lib/format/money';

/** This month in Asia/Shanghai, whatever the device's zone. */
export function shanghaiMonth(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
}

/** `YYYY-MM` of the month before (payroll confirms the month just ended). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export const yuan = (fen: number): string => `¥${formatYuan(fen)}`;

/** An item's base as words: money, a count or hours. */
export function baseText(item: Pick<PayItem, 'base' | 'base_unit'>): string {
  if (item.base_unit === 'fen') return yuan(item.base);
  if (item.base_unit === 'hundredths') return `${(item.base / 100).toFixed(2)} 课时`;
  return String(item.base);
}

export const REF_TYPE_TEXT: Readonly<Record<PayRef['type'], string>> = {
  payment: '收款',
  refund: '退费',
  consumption: '课消',
  plan: '经营计划',
  lesson: '课次',
  lead_valid: '有效资源',
  lead_visit: '到访',
  lead_deal: '成交',
};

/** A counted record's value: money for money records, hours for lessons, nothing for leads. */
export function refValue(ref: PayRef): string {
  if (ref.type === 'lesson') return `${(ref.value / 100).toFixed(2)} 课时`;
  if (ref.type.startsWith('lead_')) return '1 条';
  return yuan(ref.value);
}

/** Percent text typed by a user → basis points (integer); null when not a number with at most two decimals. */
export function percentToBp(text: string | number): number | null {
  const s = String(text).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const bpToPercent = (bp: number): string => (bp / 100).toFixed(2);
