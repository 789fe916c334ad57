import { Alert, Button, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CHECK_IN_MARKS, CLASSES_PATHS, MARK_TEXT, checkInPatchCall, multipleUndoCall, type CheckInLogRow, type CheckInMark, type CheckInRow } from '../../../contract/classes';
import { CHECK_IN_MARK_ITEMS } from '../../../contract/resources/classes';
import { DataTable, type DataTableColumn, type DataTableHandle, type TableQuery, type TableRow } from '../../../components/DataTable';
import { initialValues, SearchForm, toQuery, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../components/session';
import { confirmAction, DialogActions, notifySuccess, notifyWarning, useDialogSubmit } from '../../../components/feedback';
import { api, errorMessage } from '../../../api/client';
import { callApi } from '../../../api/call';
import { CLASS_SOURCE, SCHOOL_SOURCE } from '../pickers/sources';
import { markText } from './markColumn';

const FIELDS: SearchField[] = [
  { name: 'school_id', label: '校区', input: 'select', options: SCHOOL_SOURCE },
  { name: 'class_id', label: '班级', input: 'select', options: CLASS_SOURCE },
  { name: 'mark', label: '考勤', input: 'multiselect', options: { kind: 'static', items: CHECK_IN_MARK_ITEMS } },
  { name: 'lesson_date', label: '上课日期', input: 'daterange', defaultValue: 'currentMonth' },
  { name: 'state', label: '有效', input: 'select', options: { kind: 'static', items: [{ value: 1, text: '有效' }, { value: 0, text: '已撤销' }] }, defaultValue: '1' },
];

const COLUMNS: DataTableColumn[] = [
  { prop: 'student_name', label: '学员', minWidth: 100 },
  { prop: 'class_name', label: '班级', minWidth: 140 },
  { prop: 'lesson_date', label: '上课日期', width: 110, sortable: true },
  { prop: 'start_time', label: '上课时间', width: 110, formatter: (r: TableRow) => [r.start_time, r.end_time].filter(Boolean).join('–') },
  { prop: 'teacher_name', label: '老师', width: 90 },
  { prop: 'mark', label: '考勤', width: 80, formatter: markText },
  { prop: 'hours', label: '消耗课时', width: 90, align: 'right' },
  { prop: 'device', label: '设备', minWidth: 120 },
  { prop: 'checked_at', label: '签到时间', width: 160, sortable: true },
  { prop: 'state', label: '有效', width: 70, formatter: (_r: TableRow, v) => (Number(v) === 1 ? '有效' : '已撤销') },
];

const ACTION_TEXT: Record<CheckInLogRow['action'], string> = { add: '签到', repeat: '重复签到', patch: '修改', undo: '撤销' };

function LogDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['edu-check-in-detail', id], enabled: id !== null, queryFn: () => api.get<CheckInRow & { logs: CheckInLogRow[] }>(CLASSES_PATHS.checkInDetail, { id }) });
  return (
    <Modal opened={id !== null} onClose={onClose} title="考勤日志" size="lg" centered>
      {q.error && <Alert color="red">{errorMessage(q.error)}</Alert>}
      <Table striped withTableBorder fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>时间</Table.Th>
            <Table.Th>操作</Table.Th>
            <Table.Th>原标记</Table.Th>
            <Table.Th>新标记</Table.Th>
            <Table.Th>课时变动</Table.Th>
            <Table.Th>操作人</Table.Th>
            <Table.Th>设备/备注</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(q.data?.logs ?? []).map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.created_at}</Table.Td>
              <Table.Td>{ACTION_TEXT[l.action]}</Table.Td>
              <Table.Td>{l.old_mark ? MARK_TEXT[l.old_mark] : ''}</Table.Td>
              <Table.Td>{l.new_mark ? MARK_TEXT[l.new_mark] : ''}</Table.Td>
              <Table.Td>{l.hours_delta > 0 ? `+${l.hours_delta}` : l.hours_delta}</Table.Td>
              <Table.Td>{l.operator_name ?? ''}</Table.Td>
              <Table.Td>{[l.device, l.remark].filter(Boolean).join(' · ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

function PatchDialog({ row, onClose, onDone }: { row: TableRow | null; onClose: () => void; onDone: () => void }) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={`修改考勤：${String(row?.student_name ?? '')}`} centered size="sm">
      {row && <PatchForm key={String(row.id)} row={row} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function PatchForm({ row, onClose, onDone }: { row: TableRow; onClose: () => void; onDone: () => void }) {
  const [mark, setMark] = useState<CheckInMark | ''>(CHECK_IN_MARKS.find((m) => m === row.mark) ?? '');
  const [remark, setRemark] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit();
  const save = () => {
    if (!mark) return setError('请选择考勤标记');
    void submit(async () => {
      await callApi(checkInPatchCall, { body: { id: Number(row.id), mark, remark: remark || undefined } });
      notifySuccess('考勤已修改');
      onDone();
      onClose();
    });
  };
  return (
    <Stack>
      <Select
        label="考勤标记"
        required
        data={CHECK_IN_MARKS.map((m) => ({ value: m, label: MARK_TEXT[m] }))}
        value={mark || null}
        onChange={(v) => setMark(CHECK_IN_MARKS.find((m) => m === v) ?? '')}
      />
      <TextInput label="备注" maxLength={255} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} />
      <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} confirmLabel="保存" />
    </Stack>
  );
}

/** 考勤记录: every check-in with its log; a mark can be changed, check-ins undone (hours restored). */
export default function CheckInRecordsScreen() {
  const can = useHasPermission();
  const table = useRef<DataTableHandle>(null);
  const [query, setQuery] = useState<TableQuery>(() => toQuery(FIELDS, initialValues(FIELDS)));
  const [seq, setSeq] = useState(0);
  const [logOf, setLogOf] = useState<number | null>(null);
  const [patching, setPatching] = useState<TableRow | null>(null);

  const undo = async (rows: TableRow[]) => {
    const live = rows.filter((r) => Number(r.state) === 1);
    if (!live.length) return notifyWarning('请选择有效的签到记录');
    if (!(await confirmAction(`确定撤销 ${live.length} 条签到记录吗？已消耗的课时将退回学员。`))) return;
    try {
      const r = await callApi(multipleUndoCall, { body: { ids: live.map((x) => Number(x.id)) } });
      notifySuccess(`已撤销 ${r.count} 条，退回 ${r.hours_restored} 课时`);
      table.current?.clearSelection();
      table.current?.reload();
    } catch (e) {
      notifyWarning(errorMessage(e, '撤销失败'));
    }
  };

  return (
    <Stack gap="xs" p="xs">
      <SearchForm
        fields={FIELDS}
        onSearch={(q) => {
          setQuery(q);
          setSeq((s) => s + 1);
        }}
      />
      <DataTable
        api={CLASSES_PATHS.checkInPage}
        columns={COLUMNS}
        query={query}
        searchSeq={seq}
        defaultSort="lesson_date desc"
        selectable
        tableRef={table}
        tableKey="educational_check_in"
        toolbar={
          can('edu_class_schedule_undo_attendance') ? (
            <Button size="xs" color="red" variant="light" onClick={() => void undo(table.current?.selectedRows() ?? [])}>
              批量撤销
            </Button>
          ) : null
        }
        actions={[
          { key: 'log', label: '日志', onClick: (r) => setLogOf(Number(r.id)) },
          { key: 'patch', label: '修改', perm: 'edu_check_in_patch', visible: (r) => Number(r.state) === 1, onClick: setPatching },
          { key: 'undo', label: '撤销', color: 'red', perm: 'edu_class_schedule_undo_attendance', visible: (r) => Number(r.state) === 1, onClick: (r) => void undo([r]) },
        ]}
      />
      <LogDialog id={logOf} onClose={() => setLogOf(null)} />
      <PatchDialog row={patching} onClose={() => setPatching(null)} onDone={() => table.current?.reload()} />
      {!can('edu_check_in_patch') && (
        <Text size="xs" c="dimmed">
          修改或撤销考勤需要相应权限
        </Text>
      )}
    </Stack>
  );
}
