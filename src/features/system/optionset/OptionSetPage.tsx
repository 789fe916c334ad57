import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryValue } from '../../../api/request';
import { BatchDeleteButton, DataTable, type DataTableColumn, type DataTableHandle, type RowAction } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../components/session';
import { postWrite, confirmDelete } from '../../../components/feedback';
import { optionListText } from '../../../lib/format/fieldText';
import { rowErrors, rowsOf, valueOf, type OptionRow } from './optionRows';
import { DialogButtons } from '../shared/DialogButtons';

interface SetRow extends Record<string, unknown> {
  id: number;
  code: string;
  name: string;
  value: string;
  remark: string | null;
}

const SEARCH: SearchField[] = [
  { name: 'code', label: '编码', input: 'text' },
  { name: 'name', label: '名称', input: 'text' },
];
export const OPTIONSET_COLUMNS: DataTableColumn<SetRow>[] = [
  { prop: 'code', label: '编码', minWidth: 140, sortable: true },
  { prop: 'name', label: '名称', minWidth: 140, sortable: true },
  { prop: 'value', label: '选项', minWidth: 280, formatter: (r) => optionListText(r.value) },
  { prop: 'remark', label: '备注', minWidth: 120 },
  { prop: 'updated_at', label: '更新时间', width: 150, sortable: true },
];

interface Editing {
  id?: number;
  code: string;
  name: string;
  remark: string;
  rows: OptionRow[];
}

function OptionSetDialog({ editing, onClose, onSaved }: { editing: Editing; onClose: () => void; onSaved: () => void }) {
  const [v, setV] = useState<Editing>(editing);
  const [errors, setErrors] = useState<{ code?: string; name?: string; rows?: Record<number, string> }>({});
  const [saving, setSaving] = useState(false);
  const setRow = (i: number, patch: Partial<OptionRow>) => setV({ ...v, rows: v.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const move = (i: number, d: number) => {
    const rows = [...v.rows];
    const [r] = rows.splice(i, 1);
    rows.splice(i + d, 0, r);
    setV({ ...v, rows });
  };
  const save = async () => {
    const e = { code: v.code.trim() ? undefined : '请输入编码', name: v.name.trim() ? undefined : '请输入名称', rows: rowErrors(v.rows) };
    setErrors(e);
    if (e.code || e.name || Object.keys(e.rows).length) return;
    setSaving(true);
    const body = { ...(v.id ? { id: v.id } : {}), code: v.code.trim(), name: v.name.trim(), remark: v.remark.trim() || null, value: valueOf(v.rows) };
    const done = v.id ? await postWrite('api/v1/system/update_optionset', body, '修改成功', '修改失败') : await postWrite('api/v1/system/add_optionset', body, '创建成功', '创建失败');
    setSaving(false);
    if (done) {
      onSaved();
      onClose();
    }
  };
  return (
    <Modal opened onClose={onClose} title={v.id ? '编辑选项集' : '新增选项集'} size="lg">
      <Stack gap="xs">
        <Group grow gap="sm" align="flex-start">
          <TextInput size="xs" label="编码" required value={v.code} error={errors.code} onChange={(e) => setV({ ...v, code: e.currentTarget.value })} />
          <TextInput size="xs" label="名称" required value={v.name} error={errors.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} />
        </Group>
        <TextInput size="xs" label="备注" value={v.remark} onChange={(e) => setV({ ...v, remark: e.currentTarget.value })} />
        <Text size="xs" fw={500}>
          选项（值 / 显示文字）
        </Text>
        {v.rows.map((r, i) => (
          <Group key={i} gap={6} wrap="nowrap" align="flex-start">
            <TextInput size="xs" w={140} aria-label={`第${i + 1}项的值`} placeholder="值" value={r.value} onChange={(e) => setRow(i, { value: e.currentTarget.value })} error={errors.rows?.[i] ? ' ' : undefined} />
            <TextInput size="xs" style={{ flex: 1 }} aria-label={`第${i + 1}项的文字`} placeholder="显示文字" value={r.text} onChange={(e) => setRow(i, { text: e.currentTarget.value })} error={errors.rows?.[i]} />
            <ActionIcon size="md" variant="subtle" aria-label="上移" disabled={i === 0} onClick={() => move(i, -1)}>
              <IconArrowUp size={14} />
            </ActionIcon>
            <ActionIcon size="md" variant="subtle" aria-label="下移" disabled={i === v.rows.length - 1} onClick={() => move(i, 1)}>
              <IconArrowDown size={14} />
            </ActionIcon>
            <ActionIcon size="md" variant="subtle" color="red" aria-label="移除" onClick={() => setV({ ...v, rows: v.rows.filter((_, j) => j !== i) })}>
              <IconX size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setV({ ...v, rows: [...v.rows, { value: '', text: '' }] })} w={120}>
          添加选项
        </Button>
        <DialogButtons onCancel={onClose} onConfirm={save} loading={saving} />
      </Stack>
    </Modal>
  );
}

/** 选项集: code, name and the list of value/text pairs edited as rows. */
export default function OptionSetPage() {
  const can = useHasPermission();
  const table = useRef<DataTableHandle<SetRow>>(null);
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const reload = useCallback(() => table.current?.reload(), []);
  const open = useCallback((e: Editing) => {
    setDialogKey((k) => k + 1);
    setEditing(e);
  }, []);
  const actions = useMemo<RowAction<SetRow>[]>(
    () => [
      { key: 'edit', label: '编辑', perm: 'update_optionset', onClick: (r) => open({ id: r.id, code: r.code, name: r.name, remark: r.remark ?? '', rows: rowsOf(r.value) }) },
      {
        key: 'delete',
        label: '删除',
        perm: 'del_optionset',
        color: 'red',
        onClick: async (r) => {
          if (await confirmDelete('api/v1/system/del_optionset', [r.id])) reload();
        },
      },
    ],
    [reload, open],
  );
  return (
    <Stack gap={8}>
      <SearchForm fields={SEARCH} onSearch={(q) => (setQuery(q), setSeq((s) => s + 1))} />
      <DataTable<SetRow>
        api="api/v1/system/find_optionset_page"
        columns={OPTIONSET_COLUMNS}
        query={query}
        searchSeq={seq}
        selectable
        actions={actions}
        actionsWidth={110}
        tableRef={table}
        tableKey="system_optionset"
        exportOptions={{ name: '选项集' }}
        headerHeight={60}
        toolbar={
          <>
            {can('add_optionset') && (
              <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => open({ code: '', name: '', remark: '', rows: [{ value: '', text: '' }] })}>
                新增
              </Button>
            )}
            {can('del_optionset') && (
              <BatchDeleteButton url={'api/v1/system/del_optionset'} table={table} onDeleted={reload} />
            )}
          </>
        }
      />
      {editing && <OptionSetDialog key={dialogKey} editing={editing} onClose={() => setEditing(null)} onSaved={reload} />}
    </Stack>
  );
}
