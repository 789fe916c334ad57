import { Badge, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { QueryValue } from '../../../api/request';
import { DataTable, type DataTableColumn, type DataTableHandle, type RowAction, type TableRow } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { WF_STATE_TEXT, wfInstanceListCall, type InstanceRow, type ListType } from '../../../contract/workflow';
import { InstanceDrawer, STATE_COLOR } from './InstanceDrawer';

const STATES = { kind: 'static' as const, items: Object.entries(WF_STATE_TEXT).map(([value, text]) => ({ value: Number(value), text })) };

const SEARCH: SearchField[] = [
  { name: 'keyword', label: '标题', input: 'text', placeholder: '申请标题' },
  { name: 'state', label: '状态', input: 'select', options: STATES, width: 120 },
  { name: 'date', label: '发起日期', input: 'daterange' },
];

type Row = InstanceRow & TableRow;

const COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'title', label: '标题', minWidth: 220 },
  { prop: 'define_name', label: '流程', width: 130 },
  { prop: 'applicant_name', label: '发起人', width: 90 },
  { prop: 'school_name', label: '校区', width: 120 },
  { prop: 'current_node_name', label: '当前节点', width: 120 },
  { prop: 'current_approvers', label: '当前审批人', width: 130, formatter: (r) => (r.admin_queue ? '待管理员处理' : (r.current_approvers ?? '')) },
  {
    prop: 'state',
    label: '状态',
    width: 90,
    align: 'center',
    formatter: (r) => r.state_text,
    render: (r) => (
      <Badge size="sm" variant="light" color={STATE_COLOR[r.state]}>
        {r.state_text}
      </Badge>
    ),
  },
  { prop: 'created_at', label: '发起时间', width: 150, sortable: true },
  { prop: 'finished_at', label: '结束时间', width: 150, sortable: true },
];

/**
 * A list of instances (to-dos, done, my applications, copies, or every instance in the caller's
 * campuses) with its search form; a row opens the detail, where the caller acts.
 */
export function InstanceList({ type, refType, tag, toolbar, exportName, tableKey, reloadSeq }: { type: ListType; refType?: string; tag?: string; toolbar?: ReactNode; exportName?: string; tableKey: string; reloadSeq?: number }) {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [open, setOpen] = useState<number | null>(null);
  // 搜索 asks again even with unchanged filters: others change these lists
  const [searches, setSearches] = useState(0);
  const table = useRef<DataTableHandle<Row>>(null);
  const qc = useQueryClient();
  const fullQuery = useMemo(() => ({ ...query, type, ref_type: refType, tag }), [query, type, refType, tag]);
  const actions: RowAction<Row>[] = [{ key: 'open', label: type === 'todo' ? '审批' : '查看', color: type === 'todo' ? 'blue' : 'gray', onClick: (r) => setOpen(r.id) }];
  return (
    <Stack gap="xs">
      <SearchForm
        fields={SEARCH}
        onSearch={(q) => {
          setQuery(q);
          setSearches((n) => n + 1);
        }}
      />
      <DataTable<Row>
        api={wfInstanceListCall.path}
        columns={COLUMNS}
        query={fullQuery}
        searchSeq={searches + (reloadSeq ?? 0)}
        refetchInterval={30_000}
        actions={actions}
        tableRef={table}
        tableKey={tableKey}
        toolbar={toolbar}
        exportOptions={exportName ? { name: exportName } : undefined}
        headerHeight={48}
      />
      <InstanceDrawer
        instanceId={open}
        onClose={() => {
          setOpen(null);
          table.current?.reload();
          void qc.invalidateQueries({ queryKey: ['wf-counts'] });
        }}
      />
    </Stack>
  );
}
