import { Badge, Button, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { QueryValue } from '../../api/request';
import { callApi } from '../../api/call';
import { DataTable, type DataTableColumn, type DataTableHandle, type TableRow } from '../../components/DataTable';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../components/feedback';
import { SearchForm, type SearchField } from '../../components/SearchForm';
import { useHasPermission } from '../../components/session';
import { WF_PERMS, defineCreateCall, defineListCall, type DefineRow } from '../../contract/workflow';

type Row = DefineRow & TableRow;

const SEARCH: SearchField[] = [
  { name: 'name', label: '流程名称', input: 'text' },
  {
    name: 'state',
    label: '状态',
    input: 'select',
    width: 110,
    options: {
      kind: 'static',
      items: [
        { value: 1, text: '启用' },
        { value: 0, text: '停用' },
      ],
    },
  },
];

const COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'name', label: '流程名称', minWidth: 160, sortable: true },
  { prop: 'define_key', label: '流程标识', width: 170 },
  { prop: 'tag', label: '业务类型', width: 150, sortable: true },
  { prop: 'version', label: '当前版本', width: 90, align: 'center', sortable: true, formatter: (r) => `第 ${r.version} 版` },
  { prop: 'timeout_hours', label: '超时提醒', width: 90, align: 'center', formatter: (r) => `${r.timeout_hours} 小时` },
  {
    prop: 'state',
    label: '状态',
    width: 80,
    align: 'center',
    formatter: (r) => (r.state === 1 ? '启用' : '停用'),
    render: (r) => (
      <Badge size="sm" variant="light" color={r.state === 1 ? 'green' : 'gray'}>
        {r.state === 1 ? '启用' : '停用'}
      </Badge>
    ),
  },
  { prop: 'remark', label: '备注', minWidth: 160 },
  { prop: 'updated_at', label: '更新时间', width: 150, sortable: true },
];

/** 流程定义: the definitions; 设计 opens the designer, 新建流程 makes one with a default tree. */
export default function DefineListScreen() {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [creating, setCreating] = useState(false);
  const table = useRef<DataTableHandle<Row>>(null);
  const navigate = useNavigate();
  const can = useHasPermission();
  return (
    <Stack gap="xs">
      <SearchForm fields={SEARCH} onSearch={setQuery} />
      <DataTable<Row>
        api={defineListCall.path}
        columns={COLUMNS}
        query={query}
        tableRef={table}
        tableKey="wf_define"
        headerHeight={48}
        toolbar={
          can(WF_PERMS.defineCreate) && (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
              新建流程
            </Button>
          )
        }
        actions={[{ key: 'design', label: '设计', onClick: (r) => navigate(`/workflow/define_edit?id=${r.id}`) }]}
      />
      <CreateDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(row) => {
          setCreating(false);
          table.current?.reload();
          navigate(`/workflow/define_edit?id=${row.id}`);
        }}
      />
    </Stack>
  );
}

function CreateDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (row: DefineRow) => void }) {
  const [v, setV] = useState({ define_key: '', name: '', tag: '', timeout_hours: 24, remark: '' });
  const { error, busy, submit } = useDialogSubmit('新建失败');
  return (
    <Modal opened={opened} onClose={onClose} title="新建流程">
      <Stack gap="xs">
        <TextInput label="流程名称" withAsterisk maxLength={40} value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} />
        <TextInput label="流程标识" description="小写字母开头，字母、数字和下划线，如 leave_apply" withAsterisk maxLength={40} value={v.define_key} onChange={(e) => setV({ ...v, define_key: e.currentTarget.value.trim() })} />
        <TextInput label="业务类型" description="申请页面按它找到流程，如 refund、repair" withAsterisk maxLength={40} value={v.tag} onChange={(e) => setV({ ...v, tag: e.currentTarget.value.trim() })} />
        <NumberInput label="默认超时提醒（小时）" min={1} max={720} value={v.timeout_hours} onChange={(n) => setV({ ...v, timeout_hours: Number(n) || 24 })} />
        <TextInput label="备注" maxLength={255} value={v.remark} onChange={(e) => setV({ ...v, remark: e.currentTarget.value })} />
        <DialogActions
          error={error}
          busy={busy}
          onCancel={onClose}
          onConfirm={() =>
            void submit(async () => {
              const row = await callApi(defineCreateCall, { body: { ...v, remark: v.remark || null } });
              notifySuccess('流程已创建');
              onCreated(row);
            })
          }
        />
      </Stack>
    </Modal>
  );
}
