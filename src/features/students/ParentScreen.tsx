import { useMemo } from 'react';
import { columnsOf, ResourcePage, useColumnOptions } from '../../components/ResourcePage';
import type { DataTableColumn, TableRow } from '../../components/DataTable';
import { parentResource } from '../../contract/resources/students';

/** 家长管理: the parent declaration's list, with each parent's children (one parent, several children, one record). */
export default function ParentScreen() {
  const options = useColumnOptions(parentResource);
  const columns = useMemo<DataTableColumn<TableRow>[]>(() => [...columnsOf<TableRow>(parentResource, options), { prop: 'children', label: '子女', minWidth: 160 }], [options]);
  return <ResourcePage def={parentResource} columns={columns} />;
}
