import { Alert, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OptionInput } from '../../../components/options';
import { useHasPermission } from '../../../components/session';
import { confirmAction, notifySuccess } from '../../../components/feedback';
import { errorMessage } from '../../../api/client';
import type { OptionSource } from '../../../contract/resource';
import { fetchClassProgress } from '../api';
import { IconQrcode } from '@tabler/icons-react';
import { printStudentCards } from './printCards';
import { fetchEnrolments, joinClass, withdraw } from './classApi';

const STUDENT_SOURCE: OptionSource = { kind: 'resource', resource: 'student', label: 'name' };

/** The students of a class with their remaining hours; join (with hours) and withdraw. */
export function StudentsPanel({ classId, className }: { classId: number; className?: string }) {
  const can = useHasPermission();
  const progress = useQuery({ queryKey: ['edu-class-progress', classId], queryFn: () => fetchClassProgress(classId) });
  const enrolments = useQuery({ queryKey: ['edu-class-enrolments', classId], queryFn: () => fetchEnrolments(classId) });
  const [student, setStudent] = useState('');
  const [hours, setHours] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = () => {
    void progress.refetch();
    void enrolments.refetch();
  };
  const join = async () => {
    setError(null);
    if (!student) return setError('请选择学员');
    setBusy(true);
    try {
      await joinClass({ student_id: Number(student), class_id: classId, add_hours: hours === '' ? undefined : hours });
      notifySuccess('学员已入班');
      setStudent('');
      setHours('');
      reload();
    } catch (e) {
      setError(errorMessage(e, '入班失败'));
    } finally {
      setBusy(false);
    }
  };
  const leave = async (studentId: number, name: string) => {
    const row = enrolments.data?.content.find((e) => e.student_id === studentId);
    if (!row) return setError('找不到该学员的在读记录，请刷新');
    if (!(await confirmAction(`确定将 ${name} 退班吗？剩余课时保留在学员名下。`))) return;
    try {
      await withdraw({ id: row.id });
      notifySuccess(`${name} 已退班`);
      reload();
    } catch (e) {
      setError(errorMessage(e, '退班失败'));
    }
  };

  const students = progress.data?.students ?? [];
  const enrolmentOf = new Map((enrolments.data?.content ?? []).map((e) => [e.student_id, e]));
  return (
    <Stack gap="sm">
      {can('stu_class_join') && (
        <Group align="flex-end" gap="xs">
          <OptionInput kind="select" source={STUDENT_SOURCE} label="学员" value={student} onChange={setStudent} w={220} size="xs" />
          <NumberInput label="增加课时" placeholder="默认：班型全部课时" size="xs" w={170} min={0} max={10000} value={hours} onChange={(v) => setHours(typeof v === 'number' ? v : '')} />
          <Button size="xs" onClick={() => void join()} loading={busy}>
            入班
          </Button>
        </Group>
      )}
      <Group justify="flex-end">
        <Button size="xs" variant="default" leftSection={<IconQrcode size={14} />} onClick={() => void printStudentCards(classId, className ?? '').catch((e: unknown) => setError(errorMessage(e, '打印失败')))}>
          打印签到卡
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {progress.error && <Alert color="red">{errorMessage(progress.error)}</Alert>}
      <Table striped highlightOnHover withTableBorder fz="xs" data-testid="class-students">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>学员</Table.Th>
            <Table.Th>家长电话</Table.Th>
            <Table.Th>入班日期</Table.Th>
            <Table.Th>出勤</Table.Th>
            <Table.Th>迟到</Table.Th>
            <Table.Th>请假</Table.Th>
            <Table.Th>缺勤</Table.Th>
            <Table.Th>剩余课时</Table.Th>
            <Table.Th w={80}>操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((s) => (
            <Table.Tr key={s.student_id}>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{enrolmentOf.get(s.student_id)?.parent_phone ?? ''}</Table.Td>
              <Table.Td>{enrolmentOf.get(s.student_id)?.join_date ?? ''}</Table.Td>
              <Table.Td>{s.attended}</Table.Td>
              <Table.Td>{s.late}</Table.Td>
              <Table.Td>{s.leave}</Table.Td>
              <Table.Td>{s.absent}</Table.Td>
              <Table.Td>
                <Text size="xs" c={s.remaining_hours <= 0 ? 'red' : undefined} fw={s.remaining_hours <= 0 ? 600 : undefined}>
                  {s.remaining_hours}
                </Text>
              </Table.Td>
              <Table.Td>
                {can('stu_class_withdraw') && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => void leave(s.student_id, s.name)}>
                    退班
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {students.length === 0 && !progress.isPending && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text size="xs" c="dimmed" ta="center">
                  暂无在读学员
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
