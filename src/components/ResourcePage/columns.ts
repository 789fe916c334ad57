import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { columnOf, refLabelKey, refText, type FieldDef, type OptionItem, type ResourceDef } from '../../contract/resource';
import { fieldText, formatKeyOf } from '../../lib/format/fieldText';
import type { DataTableColumn, TableRow } from '../DataTable';
import { loadOptions } from '../options';

/**
 * Fields shown as columns whose values are option codes: their texts are loaded once for the
 * table. Relations are not among them: their rows carry the label columns.
 */
function optionFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => f.options && f.options.kind !== 'resource' && !f.ref && columnOf(f));
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
  if (formatKeyOf(field) === undefined) return undefined;
  return (_r, v) => fieldText(field, v, items) ?? '';
}

/** Table columns of a declaration: every field that is a column, with its formatter. */
export function columnsOf<Row extends TableRow = TableRow>(def: ResourceDef, options: Record<string, OptionItem[]>): DataTableColumn<Row>[] {
  return Object.entries(def.fields).flatMap(([prop, field]): DataTableColumn<Row>[] => {
    const col = columnOf(field);
    if (!col) return [];
    if (field.ref) {
      // a relation shows its target's label, which the page rows carry (no list of the target is loaded)
      const labels = field.ref.label;
      return [
        {
          prop: refLabelKey(prop, labels[0]),
          label: field.label,
          align: col.align ?? 'left',
          minWidth: col.width,
          fixed: col.fixed,
          show: col.show,
          formatter: labels.length > 1 ? (row: TableRow) => refText(row, prop, field) : undefined,
        },
      ];
    }
    return [
      {
        prop,
        // money cells show yuan (the API carries fen)
        label: field.type === 'money' ? `${field.label}(元)` : field.label,
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
