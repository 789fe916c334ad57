import { dateRangeOf, nowText, type DateRangePreset } from '../../lib/format';
import { DATE_RANGE_PRESETS } from '../../contract/search';
import type { QueryValue } from '../../api/request';
import type { FieldDef, OptionSource, ResourceDef } from '../../contract/resource';

export type SearchInputKind = 'text' | 'number' | 'select' | 'multiselect' | 'tree' | 'daterange' | 'datetimerange' | 'datetime' | 'date' | 'numberrange';

export type SearchValue = string | [string, string];
export type SearchValues = Record<string, SearchValue>;

export interface SearchField {
  /** query parameter; range kinds send `<name>_start` and `<name>_end` */
  name: string;
  label: string;
  input: SearchInputKind;
  options?: OptionSource;
  placeholder?: string;
  /** a value, or for date ranges a preset, for datetime 'now' */
  defaultValue?: SearchValue | DateRangePreset | 'now';
  width?: number;
}

const BOOL_OPTIONS: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, text: '是' },
    { value: 0, text: '否' },
  ],
};

function isRange(kind: SearchInputKind): boolean {
  return kind === 'daterange' || kind === 'datetimerange' || kind === 'numberrange';
}

function inputForSearch(field: FieldDef): { input: SearchInputKind; options?: OptionSource } {
  const mode = field.search;
  if (mode === 'range') {
    if (field.type === 'date') return { input: 'daterange' };
    if (field.type === 'datetime') return { input: 'datetimerange' };
    return { input: 'numberrange' };
  }
  // a relation searches its target one page at a time (OptionInput → RefSelect)
  const refSource: OptionSource | undefined = field.ref && field.input !== 'tree' ? { kind: 'resource', resource: field.ref.resource, label: field.ref.label[0] } : undefined;
  const options = refSource ?? field.options ?? (field.type === 'bool' ? BOOL_OPTIONS : undefined);
  if (options) {
    if (mode === 'in') return { input: 'multiselect', options };
    return { input: options.kind === 'tree' ? 'tree' : 'select', options };
  }
  if (field.type === 'date') return { input: 'date' };
  if (field.type === 'datetime') return { input: 'datetime' };
  if (field.type === 'int' || field.type === 'number' || field.type === 'money') return { input: mode === 'like' ? 'text' : 'number' };
  return { input: 'text' };
}

/** The search form of a declaration: every field with `search`, in declaration order. */
export function searchFieldsOf(def: ResourceDef): SearchField[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.search)
    .map(([name, f]) => ({ name, label: f.label, ...inputForSearch(f), ...(f.searchDefault ? { defaultValue: f.searchDefault } : {}) }));
}

export function emptyValue(field: SearchField): SearchValue {
  return isRange(field.input) ? ['', ''] : '';
}

/** A field's value on opening and on 重置: its default, presets computed for `now` (an instant) in Asia/Shanghai. */
export function initialValue(field: SearchField, now?: string | number | Date): SearchValue {
  const d = field.defaultValue;
  if (d === undefined) return emptyValue(field);
  if (Array.isArray(d)) return [d[0], d[1]];
  if (field.input === 'datetime' && d === 'now') return nowText(now);
  const preset = DATE_RANGE_PRESETS.find((p) => p === d);
  if (preset && (field.input === 'daterange' || field.input === 'datetimerange')) return dateRangeOf(preset, field.input === 'datetimerange', now);
  // a single day: today or yesterday
  if (preset && field.input === 'date') return dateRangeOf(preset, false, now)[0];
  return d;
}

export function initialValues(fields: readonly SearchField[], now?: string | number | Date): SearchValues {
  return Object.fromEntries(fields.map((f) => [f.name, initialValue(f, now)]));
}

/** Query parameters of the form: empty values left out, ranges as `_start`/`_end`, whole days for datetime ranges. */
export function toQuery(fields: readonly SearchField[], values: SearchValues): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (Array.isArray(v)) {
      let [start, end] = v;
      if (f.input === 'datetimerange') {
        if (start && start.length === 10) start = `${start} 00:00:00`;
        if (end && end.length === 10) end = `${end} 23:59:59`;
      }
      if (start) q[`${f.name}_start`] = start;
      if (end) q[`${f.name}_end`] = end;
    } else if (typeof v === 'string' && v.trim() !== '') {
      q[f.name] = v.trim();
    }
  }
  return q;
}
