import { Badge, Stack } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { request, type QueryValue } from '../../api/request';
import { PATHS } from '../../contract/paths';
import { formatDateTime, formatFileSize } from '../../lib/format';
import { DataTable, downloadExportFile, EXPORT_STATE, type DataTableColumn, type DataTableHandle, type ExportTask, type RowAction } from '../DataTable';
import { confirmAction, notifyError, notifySuccess, notifyWarning } from '../feedback';
import { SearchForm, type SearchField } from '../SearchForm';
import { errorMessage } from '../../api/client';

type TaskRow = ExportTask & Record<string, unknown>;

const STATE_COLOR: Record<string, string> = { [EXPORT_STATE.RUNNING]: 'blue', [EXPORT_STATE.DONE]: 'green', [EXPORT_STATE.CANCELLED]: 'gray', [EXPORT_STATE.FAILED]: 'red' };

const FIELDS: SearchField[] = [
  { name: 'name', label: '文件名', input: 'text' },
  {
    name: 'state',
    label: '状态',
    input: 'select',
    options: { kind: 'static', items: Object.values(EXPORT_STATE).map((s) => ({ value: s, text: s })) },
  },
];

const COLUMNS: DataTableColumn<TaskRow>[] = [
  { prop: 'name', label: '文件名', minWidth: 200 },
  { prop: 'state', label: '状态', align: 'center', render: (r) => <Badge size="sm" variant="light" color={STATE_COLOR[r.state] ?? 'gray'}>{r.state}</Badge> },
  { prop: 'rows', label: '行数', align: 'right' },
  { prop: 'file_size', label: '文件大小', align: 'right', formatter: (r) => (r.file_size ? formatFileSize(r.file_size) : '') },
  { prop: 'created_at', label: '创建时间', minWidth: 150, formatter: (r) => formatDateTime(r.created_at) },
  { prop: 'finished_at', label: '完成时间', minWidth: 150, formatter: (r) => formatDateTime(r.finished_at) },
  { prop: 'error', label: '说明', minWidth: 160 },
];

/** 任务中心 / 我的导出: the user's export tasks with status, download and cancel. */
export function ExportTasks({ hasPermission }: { hasPermission?: (code: string) => boolean }) {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  const table = useRef<DataTableHandle<TaskRow>>(null);

  const actions = useMemo<RowAction<TaskRow>[]>(
    () => [
      {
        key: 'download',
        label: '下载',
        visible: (r) => r.state === EXPORT_STATE.DONE,
        onClick: async (r) => {
          try {
            const out = await downloadExportFile({ file_id: r.id, name: `${r.name}.xlsx` }, r.name);
            if (out.kind !== 'done') notifyWarning(out.message);
          } catch {
            notifyError('下载失败');
          }
        },
      },
      {
        key: 'cancel',
        label: '取消',
        color: 'red',
        perm: 'cancel_export',
        visible: (r) => r.state === EXPORT_STATE.RUNNING,
        onClick: async (r) => {
          if (!(await confirmAction('确定要取消该导出任务吗？'))) return;
          try {
            const env = await request({ url: PATHS.exportStatusCancel, method: 'POST', data: { id: r.id } });
            if (env.code !== 200) {
              notifyError(env.msg || '取消失败');
              return;
            }
            notifySuccess('取消成功');
            table.current?.reload();
          } catch (e) {
            notifyError(errorMessage(e, '取消失败'));
          }
        },
      },
    ],
    [],
  );

  return (
    <Stack gap={8}>
      <SearchForm
        fields={FIELDS}
        onSearch={(q) => {
          setQuery(q);
          setSeq((s) => s + 1);
        }}
      />
      <DataTable<TaskRow>
        api={PATHS.exportStatusPage}
        columns={COLUMNS}
        query={query}
        searchSeq={seq}
        actions={actions}
        actionsWidth={110}
        hasPermission={hasPermission}
        tableRef={table}
        refetchInterval={5000}
      />
    </Stack>
  );
}
