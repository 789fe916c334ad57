import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/request';
import { PATHS } from '../../contract/paths';
import type { Page } from '../../contract/envelope';
import type { DataTableColumn, TableRow } from './types';

/**
 * Per-user column preferences through the table_col_user calls (spec doc 000 §7). Their shapes are
 * not shown in the spec; the app uses:
 *   GET  find_table_col_userpage?tb_name=<table key>&page=1&rows=1 → {content: [TableColUser], totalSize}
 *        (the server answers the caller's own rows only)
 *   POST add_table_col_user    {tb_name, cols}
 *   POST update_table_col_user {id, tb_name, cols}
 * where `cols` is JSON text of ColumnPref[] in display order.
 */
export interface ColumnPref {
  prop: string;
  show: boolean;
  width?: number;
}

export interface TableColUser {
  id: number;
  tb_name: string;
  cols: string;
}

export function parsePrefs(text: string | null | undefined): ColumnPref[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v)) return [];
    return v.flatMap((x): ColumnPref[] => {
      if (!x || typeof x !== 'object') return [];
      const o = x as Record<string, unknown>;
      if (typeof o.prop !== 'string') return [];
      const width = typeof o.width === 'number' && o.width > 0 ? o.width : undefined;
      return [{ prop: o.prop, show: o.show !== false, width }];
    });
  } catch {
    return [];
  }
}

/** Declared columns in the user's order with the user's show/width; new columns keep their place at the end. */
export function applyPrefs<Row extends TableRow>(columns: readonly DataTableColumn<Row>[], prefs: readonly ColumnPref[]): DataTableColumn<Row>[] {
  if (!prefs.length) return [...columns];
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  const out: DataTableColumn<Row>[] = [];
  for (const p of prefs) {
    const c = byProp.get(p.prop);
    if (!c) continue;
    byProp.delete(p.prop);
    out.push({ ...c, show: p.show, width: p.width ?? c.width });
  }
  for (const c of columns) if (byProp.has(c.prop)) out.push(c);
  return out;
}

export function prefsOf<Row extends TableRow>(columns: readonly DataTableColumn<Row>[]): ColumnPref[] {
  return columns.map((c) => ({ prop: c.prop, show: c.show !== false, ...(c.width ? { width: c.width } : {}) }));
}

export function useColumnPrefs<Row extends TableRow>(tableKey: string | undefined, columns: readonly DataTableColumn<Row>[]) {
  const qc = useQueryClient();
  const key = ['table_col_user', tableKey];
  const stored = useQuery({
    queryKey: key,
    enabled: !!tableKey,
    staleTime: Infinity,
    retry: false,
    queryFn: async (): Promise<TableColUser | null> => {
      // A failure leaves the declared columns: preferences are a convenience, not a reason to block the table.
      const env = await request<Page<TableColUser>>({ url: PATHS.tableColPage, params: { tb_name: tableKey, page: 1, rows: 1 }, silent: true });
      return env.code === 200 ? (env.data?.content?.[0] ?? null) : null;
    },
  });
  const prefs = useMemo(() => parsePrefs(stored.data?.cols), [stored.data]);
  const effective = useMemo(() => applyPrefs(columns, prefs), [columns, prefs]);

  const save = useMutation({
    mutationFn: async (next: ColumnPref[]) => {
      const cols = JSON.stringify(next);
      const row = stored.data;
      const env = row
        ? await request<TableColUser>({ url: PATHS.tableColUpdate, data: { id: row.id, tb_name: tableKey, cols } })
        : await request<TableColUser>({ url: PATHS.tableColAdd, data: { tb_name: tableKey, cols } });
      if (env.code !== 200) throw new Error(env.msg || '保存失败');
      return env.data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });

  return { columns: effective, prefs, save: save.mutateAsync, saving: save.isPending, enabled: !!tableKey };
}
