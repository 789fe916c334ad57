import { Stack } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '../../../api/request';
import { BatchDeleteButton, DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../components/DataTable';
import { confirmDelete } from '../../../components/feedback';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { formatDateTime } from '../../../lib/format';
import { TableColDialog } from './TableColDialog';
import { colLabel, parseCols, tableTitle, type TableColRow } from './tableCols';

const SEARCH: SearchField[] = [{ name: 'tb_name', label: '表格标识', input: 'text' }];

const COLUMNS: DataTableColumn<TableColRow>[] = [
  { prop: 'title', label: '表格', minWidth: 140, formatter: (r) => tableTitle(r.table_key) },
  { prop: 'table_key', label: '表格标识', minWidth: 140 },
  {
    prop: 'shown',
    label: '显示的列',
    minWidth: 320,
    formatter: (r) => {
      const cols = parseCols(r.cols);
      const shown = cols.filter((c) => c.show);
      return `${shown.length}/${cols.length}：${shown.map((c) => colLabel(r.table_key, c)).join('、')}`;
    },
  },
  { prop: 'updated_at', label: '更新时间', width: 150, formatter: (r) => formatDateTime(r.updated_at) },
];

const DEL_URL = 'api/v1/system/del_table_col_user';

/**
 * 表格列设置: the signed-in user's saved column preferences, one per table. They are made from a
 * table's own 列设置 button; here they are reviewed, edited, or deleted to bring back the
 * table's declared columns.
 */
export default function TableColPage() {
  const table = useRef<DataTableHandle<TableColRow>>(null);
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  const [edit, setEdit] = useState<TableColRow | null>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const actions = useMemo<RowAction<TableColRow>[]>(
    () => [
      { key: 'edit', label: '编辑', onClick: setEdit },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        onClick: async (r) => {
          if (await confirmDelete(DEL_URL, [r.id])) reload();
        },
      },
    ],
    [reload],
  );
  return (
    <Stack gap={8}>
      <SearchForm fields={SEARCH} onSearch={(q) => (setQuery(q), setSeq((s) => s + 1))} />
      <DataTable<TableColRow>
        api="api/v1/system/find_table_col_userpage"
        columns={COLUMNS}
        query={query}
        searchSeq={seq}
        selectable
        actions={actions}
        tableRef={table}
        headerHeight={40}
        toolbar={
          <BatchDeleteButton url={DEL_URL} table={table} onDeleted={reload} />
        }
      />
      <TableColDialog row={edit} onClose={() => setEdit(null)} onSaved={reload} />
    </Stack>
  );
}
