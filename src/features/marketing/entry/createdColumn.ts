import { useMemo } from 'react';
import type { DataTableColumn } from '../../../components/DataTable';
import { columnsOf, useColumnOptions } from '../../../components/ResourcePage';
import type { ResourceDef } from '../../../contract/resource';
import { formatDateTime } from '../../../lib/format/date';

/** The declaration's columns and, first, when each row was written (created_at is a base column, not a field). */
export function useColumnsWithTime(def: ResourceDef, label: string): DataTableColumn[] {
  const options = useColumnOptions(def);
  return useMemo(() => [{ prop: 'created_at', label, minWidth: 150, formatter: (_r, v) => formatDateTime(v as string) }, ...columnsOf(def, options)], [def, label, options]);
}
