import { resourceByName } from '../../../contract/resources';
import { KNOWN_TABLES } from './knownTables';

/** One column of a saved preference, as the server stores it. */
export interface SavedCol {
  prop: string;
  label?: string;
  show: boolean;
  width?: number | null;
  order?: number;
}

export interface TableColRow extends Record<string, unknown> {
  id: number;
  table_key: string;
  cols: string;
  updated_at: string;
}

export function parseCols(text: string): SavedCol[] {
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v)) return [];
    return v.flatMap((x): SavedCol[] => {
      if (!x || typeof x !== 'object') return [];
      const o = x as Record<string, unknown>;
      if (typeof o.prop !== 'string') return [];
      return [
        {
          prop: o.prop,
          label: typeof o.label === 'string' ? o.label : undefined,
          show: o.show !== false,
          width: typeof o.width === 'number' ? o.width : null,
          order: typeof o.order === 'number' ? o.order : undefined,
        },
      ];
    });
  } catch {
    return [];
  }
}

/** The table's Chinese name where the key is known, else the key itself. */
export function tableTitle(key: string): string {
  return resourceByName(key)?.title ?? KNOWN_TABLES[key]?.title ?? key;
}

/** The column's header where the declaration knows it, else the saved label or the prop. */
export function colLabel(key: string, col: SavedCol): string {
  return resourceByName(key)?.fields[col.prop]?.label ?? KNOWN_TABLES[key]?.labels?.[col.prop] ?? col.label ?? col.prop;
}

/** Moves item `i` one place up (-1) or down (+1); outside the list nothing moves. */
export function moveCol<T>(list: readonly T[], i: number, step: -1 | 1): T[] {
  const j = i + step;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/** Why the edited columns cannot be saved, or '' when they can (the server's rules: width 20–2000, one shown). */
export function colsProblem(cols: readonly SavedCol[]): string {
  if (!cols.some((c) => c.show)) return '至少显示一列';
  const bad = cols.find((c) => c.width !== null && c.width !== undefined && (c.width < 20 || c.width > 2000));
  return bad ? '列宽应在 20 到 2000 之间' : '';
}

/** The body of update_table_col_user: columns in their new order. */
export function colsBody(row: TableColRow, cols: readonly SavedCol[]) {
  return {
    id: row.id,
    table_key: row.table_key,
    cols: JSON.stringify(cols.map((c, i) => ({ prop: c.prop, ...(c.label ? { label: c.label } : {}), show: c.show, ...(c.width ? { width: c.width } : {}), order: i }))),
  };
}
