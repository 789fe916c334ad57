import type { FormField } from '../../../contract/workflow-tree';

/** A form value as the screens show it: money with two decimals and 元, empty as a dash. */
export function formatValue(field: Pick<FormField, 'type'> | undefined, v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (field?.type === 'money' && Number.isFinite(Number(v))) return `${Number(v).toFixed(2)} 元`;
  if (Array.isArray(v)) return v.join('、');
  return String(v);
}
