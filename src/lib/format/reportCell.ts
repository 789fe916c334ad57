import type { ReportCell, ReportColumn } from '../../contract/reports';
import { formatYuan } from './money';

/** The text of a report cell (screen, export, print): money fen as yuan with two decimals, ratios as percentages. */
export function reportCellText(col: Pick<ReportColumn, 'kind'>, v: ReportCell | undefined): string {
  if (v === null || v === undefined || v === '') return col.kind === 'percent' || col.kind === 'score' ? '—' : '';
  if (col.kind === 'money') return formatYuan(v);
  if (col.kind === 'percent') return `${(Number(v) / 100).toFixed(2)}%`;
  if (col.kind === 'hours') return String(Math.round(Number(v)) / 100);
  if (col.kind === 'score') return (Number(v) / 10).toFixed(1);
  return String(v);
}
