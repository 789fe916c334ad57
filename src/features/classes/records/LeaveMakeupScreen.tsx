import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { stuLeaveAddCall, stuLeaveMakeupCall } from '../../../contract/classes';
import { studentLeaveResource } from '../../../contract/resources/classes';
import { columnsOf, ResourcePage, useColumnOptions } from '../../../components/ResourcePage';
import { searchFieldsOf } from '../../../components/SearchForm';
import type { DataTableColumn, TableRow } from '../../../components/DataTable';
import { OptionInput } from '../../../components/options';
import { useHasPermission } from '../../../components/session';
import { DialogActions, notifySuccess, useDialogSubmit } from '../../../components/feedback';
import { callApi } from '../../../api/call';
import { fetchClassProgress } from '../api';
import { CLASS_SOURCE } from '../pickers/sources';
import { LessonSelect } from './LessonSelect';

function LeaveDialog({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const [cls, setCls] = useState('');
  const [lesson, setLesson] = useState('');
  const [student, setStudent] = useState('');
  const [reason, setReason] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('登记失败');
  const students = useQuery({ queryKey: ['edu-class-progress', Number(cls)], enabled: !!cls, queryFn: () => fetchClassProgress(Number(cls)) });
  const save = () => {
    if (!lesson) return setError('请选择请假课次');
    if (!student) return setError('请选择学员');
    void submit(async () => {
      await callApi(stuLeaveAddCall, { body: { student_id: Number(student), schedule_id: Number(lesson), reason: reason || undefined } });
      notifySuccess('请假已登记');
      setLesson('');
      setStudent('');
      setReason('');
      onDone();
      onClose();
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="登记请假" centered>
      <Stack gap="sm">
        <OptionInput
          kind="select"
          source={CLASS_SOURCE}
          label="班级"
          required
          value={cls}
          onChange={(v) => {
            setCls(v);
            setLesson('');
            setStudent('');
          }}
          size="sm"
        />
        <LessonSelect classId={cls ? Number(cls) : null} value={lesson} onChange={setLesson} label="请假课次" from={dayjs().subtract(7, 'day').format('YYYY-MM-DD')} />
        <Select
          label="学员"
          required
          searchable
          disabled={!cls}
          data={(students.data?.students ?? []).map((s) => ({ value: String(s.student_id), label: s.name }))}
          value={student || null}
          onChange={(v) => setStudent(v ?? '')}
        />
        <TextInput label="请假原因" maxLength={255} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} />
      </Stack>
    </Modal>
  );
}

function MakeupDialog({ leaveId, onClose, onDone }: { leaveId: number | null; onClose: () => void; onDone: () => void }) {
  const [cls, setCls] = useState('');
  const [lesson, setLesson] = useState('');
  const { error, setError, busy, submit } = useDialogSubmit('安排补课失败');
  const save = () => {
    if (leaveId === null) return setError('请选择请假记录');
    if (!lesson) return setError('请选择补课课次');
    void submit(async () => {
      await callApi(stuLeaveMakeupCall, { body: { id: leaveId, makeup_schedule_id: Number(lesson) } });
      notifySuccess('已安排补课');
      setLesson('');
      onDone();
      onClose();
    });
  };
  return (
    <Modal opened={leaveId !== null} onClose={onClose} title="安排补课" centered>
      <Stack gap="sm">
        <OptionInput
          kind="select"
          source={CLASS_SOURCE}
          label="补课班级（同一班型）"
          required
          value={cls}
          onChange={(v) => {
            setCls(v);
            setLesson('');
          }}
          size="sm"
        />
        <LessonSelect classId={cls ? Number(cls) : null} value={lesson} onChange={setLesson} label="补课课次" from={dayjs().format('YYYY-MM-DD')} />
        <DialogActions error={error} busy={busy} onCancel={onClose} onConfirm={save} />
      </Stack>
    </Modal>
  );
}

function addLeaveButton(allowed: boolean, onClick: () => void): ReactNode {
  if (!allowed) return null;
  return (
    <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onClick}>
      登记请假
    </Button>
  );
}

const NAMED: Record<string, DataTableColumn> = {
  student_id: { prop: 'student_name', label: '学员', minWidth: 100 },
  class_id: { prop: 'class_name', label: '班级', minWidth: 140 },
};

const LESSON_COLUMNS: DataTableColumn[] = [
  { prop: 'start_time', label: '上课时间', width: 110, formatter: (r: TableRow) => [r.start_time, r.end_time].filter(Boolean).join('–') },
  { prop: 'teacher_name', label: '老师', width: 90 },
];

const MAKEUP_COLUMN: DataTableColumn = {
  prop: 'makeup_lesson_date',
  label: '补课课次',
  width: 150,
  formatter: (r: TableRow) => [r.makeup_lesson_date, r.makeup_start_time].filter(Boolean).join(' '),
};

/** The declared columns with names instead of ids, the lesson's time and teacher after its date, the make-up lesson last. */
function leaveColumns(declared: DataTableColumn[]): DataTableColumn[] {
  const out: DataTableColumn[] = [];
  for (const c of declared) {
    if (c.prop === 'schedule_id' || c.prop === 'makeup_schedule_id') continue;
    out.push(NAMED[c.prop] ?? c);
    if (c.prop === 'lesson_date') out.push(...LESSON_COLUMNS);
  }
  return [...out, MAKEUP_COLUMN];
}

/** 请假与补课: leaves (a 'leave' mark, no hours taken) and the make-up lesson booked for each. */
export default function LeaveMakeupScreen() {
  const can = useHasPermission();
  const [adding, setAdding] = useState(false);
  const [makeupFor, setMakeupFor] = useState<number | null>(null);
  const [reload, setReload] = useState<() => void>(() => () => undefined);
  // ids mean nothing to staff: the page answers names, the lesson's time and teacher, and the make-up lesson
  const options = useColumnOptions(studentLeaveResource);
  const columns = useMemo(() => leaveColumns(columnsOf(studentLeaveResource, options)), [options]);
  const searchFields = useMemo(() => searchFieldsOf(studentLeaveResource).filter((f) => f.name !== 'schedule_id'), []);
  return (
    <>
      <ResourcePage
        def={studentLeaveResource}
        columns={columns}
        searchFields={searchFields}
        perms={{ delete: 'edu_stu_leave_delete', batchDelete: 'edu_stu_leave_delete' }}
        confirmDeleteMessage="确认撤销这条请假吗？"
        toolbar={(ctx) =>
          addLeaveButton(can('edu_stu_leave_add'), () => {
            setReload(() => ctx.reload);
            setAdding(true);
          })
        }
        rowActions={(ctx) => [
          {
            key: 'makeup',
            label: '安排补课',
            perm: 'edu_stu_leave_makeup',
            visible: (r) => Number(r.state) === 1,
            onClick: (r) => {
              setReload(() => ctx.reload);
              setMakeupFor(Number(r.id));
            },
          },
        ]}
      />
      <LeaveDialog opened={adding} onClose={() => setAdding(false)} onDone={() => reload()} />
      <MakeupDialog leaveId={makeupFor} onClose={() => setMakeupFor(null)} onDone={() => reload()} />
    </>
  );
}
