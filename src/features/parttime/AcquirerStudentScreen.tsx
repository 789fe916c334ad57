import { Button, List, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { QueryValue } from '../../api/request';
import { callApi } from '../../api/call';
import { DataTable, type DataTableColumn, type DataTableHandle, type TableRow } from '../../components/DataTable';
import { SearchForm, type SearchField } from '../../components/SearchForm';
import { confirmAction, notifySuccess, notifyWarning } from '../../components/feedback';
import { useHasPermission } from '../../components/session';
import type { FieldDef } from '../../contract/resource';
import { ACQUIRER_STUDENT_STATES, PT_PERMS, acquirerStudentAddMktCall, acquirerStudentPageCall, acquirerStudentRepeatCall, acquirerStudentUpdateCall, type RepeatAnswer } from '../../contract/parttime';
import { FieldsDialog } from '../../components/ResourcePage';
import { optional, type Values } from './formValues';

type Row = TableRow & { id: number };
const stateText = (v: unknown) => ACQUIRER_STUDENT_STATES.find((s) => s.value === Number(v))?.text ?? '';
const GENDERS = [
  { value: 1, text: '男' },
  { value: 2, text: '女' },
];

const SEARCH: SearchField[] = [
  { name: 'name', label: '学员姓名', input: 'text' },
  { name: 'parent_phone', label: '联系电话', input: 'text' },
  { name: 'state', label: '状态', input: 'select', options: { kind: 'static', items: ACQUIRER_STUDENT_STATES } },
  { name: 'school_id', label: '校区', input: 'select', options: { kind: 'schools' } },
  { name: 'start_date', label: '采集开始日期', input: 'date' },
  { name: 'end_date', label: '采集结束日期', input: 'date' },
];
const COLUMNS: DataTableColumn<Row>[] = [
  { prop: 'name', label: '学员姓名', width: 100 },
  { prop: 'parent_name', label: '家长姓名', width: 100 },
  { prop: 'parent_phone', label: '联系电话', width: 120 },
  { prop: 'part_time_user_name', label: '兼职人员', width: 100 },
  { prop: 'school_name', label: '校区', width: 120 },
  { prop: 'state', label: '状态', width: 90, formatter: (_r, v) => stateText(v) },
  { prop: 'collected_at', label: '采集时间', width: 160 },
  { prop: 'address', label: '采集地点', minWidth: 140 },
  { prop: 'remark', label: '备注', minWidth: 140 },
];
const FIELDS: Record<string, FieldDef> = {
  name: { type: 'string', label: '学员姓名', required: true, max: 64 },
  parent_name: { type: 'string', label: '家长姓名', max: 64 },
  parent_phone: { type: 'string', label: '联系电话', required: true, max: 11 },
  gender: { type: 'int', label: '性别', options: { kind: 'static', items: GENDERS } },
  address: { type: 'string', label: '住址', max: 128 },
  remark: { type: 'string', label: '备注', max: 255 },
  state: { type: 'int', label: '状态', options: { kind: 'static', items: ACQUIRER_STUDENT_STATES.filter((s) => s.value === 1 || s.value === 4) } },
};

/** 地推资源: the families the campus's acquirers collected; 查重 against the leads, 转入市场 in bulk. */
export default function AcquirerStudentScreen() {
  const [query, setQuery] = useState<Record<string, QueryValue>>({});
  const [seq, setSeq] = useState(0);
  const [editing, setEditing] = useState<Row | null>(null);
  const [repeat, setRepeat] = useState<{ row: Row; answer: RepeatAnswer } | null>(null);
  const table = useRef<DataTableHandle<Row>>(null);
  const can = useHasPermission();
  const toMarketing = async () => {
    const rows = table.current?.selectedRows() ?? [];
    if (!rows.length) return notifyWarning('请先选择地推资源');
    if (!(await confirmAction(`确定将选中的 ${rows.length} 条地推资源转入市场待分配吗？已在资源中的手机号将标记为重复。`))) return;
    const out = await callApi(acquirerStudentAddMktCall, { body: { ids: rows.map((r) => r.id) } });
    notifySuccess(`转入 ${out.added} 条，重复 ${out.repeated} 条，跳过 ${out.skipped} 条`);
    table.current?.clearSelection();
    table.current?.reload();
  };
  const check = async (row: Row) => setRepeat({ row, answer: await callApi(acquirerStudentRepeatCall, { query: { id: row.id } }) });
  const save = async (v: Values) => {
    if (!editing) return;
    const state = optional(v.state);
    await callApi(acquirerStudentUpdateCall, {
      body: {
        id: editing.id,
        name: String(v.name ?? ''),
        parent_name: optional(v.parent_name) as string | undefined,
        parent_phone: String(v.parent_phone ?? ''),
        gender: optional(v.gender) as number | undefined,
        address: optional(v.address) as string | undefined,
        remark: optional(v.remark) as string | undefined,
        state: state === 1 || state === 4 ? state : undefined,
      },
    });
    notifySuccess('保存成功');
    table.current?.reload();
  };
  return (
    <Stack gap="xs">
      <SearchForm
        fields={SEARCH}
        onSearch={(q) => {
          setQuery(q);
          setSeq((n) => n + 1);
        }}
      />
      <DataTable<Row>
        api={acquirerStudentPageCall.path}
        columns={COLUMNS}
        query={query}
        searchSeq={seq}
        selectable
        tableKey="pt_acquirer_student"
        tableRef={table}
        exportOptions={{ name: '地推资源' }}
        toolbar={
          can(PT_PERMS.addMkt) ? (
            <Button size="xs" onClick={() => void toMarketing()}>
              转入市场
            </Button>
          ) : null
        }
        actions={[
          { key: 'repeat', label: '查重', onClick: (row) => void check(row) },
          { key: 'edit', label: '编辑', perm: PT_PERMS.studentUpdate, visible: (r) => Number(r.state) !== 2, onClick: (row) => setEditing(row) },
        ]}
      />
      <FieldsDialog
        title={editing ? '编辑地推资源' : null}
        fields={FIELDS}
        initial={editing ? (Object.fromEntries(Object.keys(FIELDS).map((k) => [k, (editing[k] ?? null) as Values[string]])) as Values) : undefined}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <Modal opened={repeat !== null} onClose={() => setRepeat(null)} title="查重结果" size="md">
        {repeat && !repeat.answer.repeat && <Text size="sm">未发现重复：该联系电话不在资源和其他地推资源中。</Text>}
        {repeat && repeat.answer.leads.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              已在资源中
            </Text>
            <List size="sm">
              {repeat.answer.leads.map((l) => (
                <List.Item key={`l${l.id}`}>{`${l.name}（${l.school_name ?? ''}，${l.created_at ?? ''}）`}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        {repeat && repeat.answer.acquirer_students.length > 0 && (
          <Stack gap={4} mt="xs">
            <Text size="sm" fw={600}>
              其他地推资源
            </Text>
            <List size="sm">
              {repeat.answer.acquirer_students.map((a) => (
                <List.Item key={`a${a.id}`}>{`${a.name}（${a.part_time_user_name ?? ''}，${stateText(a.state)}，${a.collected_at}）`}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
