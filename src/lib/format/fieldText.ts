import { columnOf, type FieldDef, type FormatterKey, type OptionItem } from '../../contract/resource';
import { formatDate, formatDateTime } from './date';
import { formatFileSize } from './filesize';
import { formatRound } from './round';
import { formatYuan } from './money';

/**
 * The text a declared field's value shows in a table cell. The screens (ResourcePage's columns) and
 * the server's Excel export both call this, so a file holds exactly what the screen shows.
 */

/** The cell's formatter: the column's own, else the one its type or options imply. */
export function formatKeyOf(field: FieldDef): FormatterKey | undefined {
  const col = columnOf(field);
  if (col?.format) return col.format;
  if (field.options) return 'option';
  switch (field.type) {
    case 'date':
    case 'datetime':
    case 'money':
    case 'bool':
      return field.type;
    default:
      return undefined;
  }
}

export function boolText(v: unknown): string {
  return v === 1 || v === '1' || v === true ? '是' : v === 0 || v === '0' || v === false ? '否' : '';
}

/** The text of a value (comma-joined values each), for table cells; unknown values show as they are. */
export function optionText(items: readonly OptionItem[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = String(value).split(',');
  return parts.map((p) => items.find((i) => String(i.value) === p)?.text ?? p).join(',');
}

/**
 * The cell text of `value`, or undefined when the field has no formatter (the value shows as it is).
 * `items` are the option texts of an option field (static, option set or the referenced rows).
 */
export function fieldText(field: FieldDef, value: unknown, items: readonly OptionItem[] = []): string | undefined {
  switch (formatKeyOf(field)) {
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'money':
      return formatYuan(value);
    case 'round':
      return formatRound(value);
    case 'filesize':
      return formatFileSize(value as number);
    case 'bool':
      return boolText(value);
    case 'option':
      // a tree's parent 0 is the root: no parent, not a raw id
      if (field.options?.kind === 'tree' && (value === 0 || value === '0')) return '';
      return optionText(items, value);
    default:
      return undefined;
  }
}

/** An option set's stored value (JSON list of `{value, text}`) as the option set list shows it: `1:男，2:女`. */
export function optionListText(json: string | null | undefined): string {
  if (!json) return '';
  try {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list)) return '';
    return list
      .flatMap((x) => (x && typeof x === 'object' ? [`${String((x as { value?: unknown }).value ?? '')}:${String((x as { text?: unknown }).text ?? '')}`] : []))
      .join('，');
  } catch {
    return '';
  }
}
