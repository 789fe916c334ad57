import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { columnOf, type FieldDef, type OptionItem, type ResourceDef } from '../../contract/resource';
import { formatDate, formatDateTime, formatFileSize, formatRound } from '../../lib/format';
import type { DataTableColumn, TableRow } from '../DataTable';
import { loadOptions, optionText } from '../options';

const BOOL_TEXT = (v: unknown) => (v === 1 || v === '1' || v === true ? '是' : v === 0 || v === '0' || v === false ? '否' : '');

/** Fields shown as columns whose values are option codes: their texts are loaded once for the table. */
function optionFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.options && columnOf(f));
}

/** Option items of every option column, keyed by field name (static ones at once, others when loaded). */
export function useColumnOptions(def: ResourceDef): Record<string, OptionItem[]> {
  const fields = useMemo(() => optionFields(def), [def]);
  const results = useQueries({
    queries: fields.map(([name, f]) => ({
      queryKey: ['column-options', def.name, name],
      staleTime: 5 * 60_000,
      queryFn: () => loadOptions(f.options!),
    })),
  });
  const datas = results.map((r) => r.data);
  return useMemo(() => {
    const out: Record<string, OptionItem[]> = {};
    fields.forEach(([name], i) => {
      out[name] = datas[i]?.items ?? [];
    });
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields, ...datas]);
}

function formatterOf(field: FieldDef, items: readonly OptionItem[] | undefined): ((row: TableRow, value: unknown) => string) | undefined {
  const col = columnOf(field);
  const key = col?.format ?? (field.options ? 'option' : field.type === 'date' ? 'date' : field.type === 'datetime' ? 'datetime' : field.type === 'money' ? 'money' : field.type === 'bool' ? 'bool' : undefined);
  switch (key) {
    case 'date':
      return (_r, v) => formatDate(v as string);
    case 'datetime':
      return (_r, v) => formatDateTime(v as string);
    case 'money':
    case 'round':
      return (_r, v) => formatRound(v);
    case 'filesize':
      return (_r, v) => formatFileSize(v as number);
    case 'bool':
      return (_r, v) => BOOL_TEXT(v);
    case 'option':
      // a tree's parent 0 is the root: no parent, not a raw id
      if (field.options?.kind === 'tree') return (_r, v) => (v === 0 || v === '0' ? '' : optionText(items ?? [], v));
      return (_r, v) => optionText(items ?? [], v);
    default:
      return undefined;
  }
}

/** Table columns of a declaration: every field that is a column, with its formatter. */
export function columnsOf<Row extends TableRow = TableRow>(def: ResourceDef, options: Record<string, OptionItem[]>): DataTableColumn<Row>[] {
  return Object.entries(def.fields).flatMap(([prop, field]): DataTableColumn<Row>[] => {
    const col = columnOf(field);
    if (!col) return [];
    return [
      {
        prop,
        label: field.label,
        align: col.align ?? (field.type === 'money' || field.type === 'number' ? 'right' : 'left'),
        minWidth: col.width,
        sortable: col.sortable,
        fixed: col.fixed,
        show: col.show,
        formatter: formatterOf(field, options[prop]),
      },
    ];
  });
}
