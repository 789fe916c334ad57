import { ApiError } from '../../lib/http';
import type { FormDiff } from '../../../src/contract/workflow';
import type { FormField } from '../../../src/contract/workflow-tree';

type FormValue = string | number | boolean | null | (string | number)[];
export type FormValues = Record<string, FormValue>;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function empty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * Checks an application form against the definition's fields: required fields present, numbers
 * numeric (money: at most two decimals), dates YYYY-MM-DD, a select's value one of its choices.
 * Fields the definition does not name pass unchanged (an area may store its own details).
 * `only`: check just these fields (an edit of some fields).
 */
export function checkForm(fields: readonly FormField[], data: Readonly<Record<string, unknown>>, only?: ReadonlySet<string>): FormValues {
  const out: FormValues = { ...(data as FormValues) };
  for (const f of fields) {
    if (only && !only.has(f.name)) continue;
    const v = data[f.name];
    if (empty(v)) {
      if (f.required) throw new ApiError(400, `请填写${f.label}`);
      continue;
    }
    if (f.type === 'number' || f.type === 'money') {
      const n = Number(v);
      if (typeof v === 'boolean' || Array.isArray(v) || !Number.isFinite(n)) throw new ApiError(400, `${f.label}必须是数字`);
      if (f.type === 'money' && Math.round(n * 100) !== Number((n * 100).toFixed(6))) throw new ApiError(400, `${f.label}最多两位小数`);
      if (Math.abs(n) > 1e12) throw new ApiError(400, `${f.label}超出范围`);
      out[f.name] = n;
    } else if (f.type === 'date') {
      if (typeof v !== 'string' || !DATE_RE.test(v)) throw new ApiError(400, `${f.label}格式应为 YYYY-MM-DD`);
    } else if (f.type === 'select') {
      if (f.options && f.options.length > 0 && !f.options.includes(String(v))) throw new ApiError(400, `${f.label}只能是：${f.options.join('、')}`);
    } else if (typeof v !== 'string' && typeof v !== 'number') {
      throw new ApiError(400, `${f.label}必须是文字`);
    }
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields whose values differ between two forms, with their labels. */
export function formDiff(fields: readonly FormField[], before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): FormDiff[] {
  const labels = new Map(fields.map((f) => [f.name, f.label]));
  const keys = Object.keys(after);
  return keys.filter((k) => !same(before[k], after[k])).map((k) => ({ field: k, label: labels.get(k) ?? k, before: before[k] ?? null, after: after[k] ?? null }));
}
