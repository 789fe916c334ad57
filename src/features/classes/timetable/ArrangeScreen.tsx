import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLASSES_PATHS } from '../../../contract/classes';
import { SCHEDULE_STATES } from '../../../contract/resources/classes';
import { OptionInput } from '../../../components/options';
import { useHasPermission } from '../../../components/session';
import { confirmAction, notifySuccess } from '../../../components/feedback';
import { api, errorMessage } from '../../../api/client';
import { fetchClassLessons } from '../classes/classApi';
import { CLASS_SOURCE } from '../pickers/sources';
import { ArrangeDialog } from './ArrangeDialog';

/** 排课: pick a class, see its lessons, arrange more from a weekly pattern or delete the unattended ones. */
export default function ArrangeScreen() {
  const can = useHasPermission();
  const [cls, setCls] = useState('');
  const [arranging, setArranging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const classId = cls ? Number(cls) : null;
  const lessons = useQuery({ queryKey: ['edu-class-lessons', classId], enabled: classId !== null, queryFn: () => fetchClassLessons(classId as number) });
  const rows = lessons.data?.content ?? [];

  const clear = async () => {
    if (!classId) return;
    if (!(await confirmAction('确定删除该班级所有未上课的课次吗？已签到的课次会保留。'))) return;
    setError(null);
    try {
      const r = await api.post<{ count: number }>(CLASSES_PATHS.deleteSchedule, { class_id: classId });
      notifySuccess(`已删除 ${r.count} 次课`);
      void lessons.refetch();
    } catch (e) {
      setError(errorMessage(e, '删除失败'));
    }
  };

  return (
    <Stack gap="sm" p="sm">
      <Group align="flex-end" gap="xs">
        <OptionInput kind="select" source={CLASS_SOURCE} label="班级" value={cls} onChange={setCls} w={260} size="sm" />
        {can('edu_class_schedule_arrange') && (
          <Button size="sm" leftSection={<IconCalendarPlus size={14} />} disabled={!classId} onClick={() => setArranging(true)}>
            排课
          </Button>
        )}
        {can('edu_class_schedule_delete_schedule') && (
          <Button size="sm" color="red" variant="light" leftSection={<IconTrash size={14} />} disabled={!classId || rows.length === 0} onClick={() => void clear()}>
            删除未上课次
          </Button>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {!classId && <Text c="dimmed">请选择班级</Text>}
      {classId && (
        <Table striped withTableBorder fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>课次</Table.Th>
              <Table.Th>上课日期</Table.Th>
              <Table.Th>时间</Table.Th>
              <Table.Th>课时</Table.Th>
              <Table.Th>状态</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.lesson_no ?? ''}</Table.Td>
                <Table.Td>{l.lesson_date}</Table.Td>
                <Table.Td>
                  {l.start_time}-{l.end_time}
                </Table.Td>
                <Table.Td>{l.hours}</Table.Td>
                <Table.Td>{SCHEDULE_STATES.find((s) => s.value === l.state)?.text}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && !lessons.isPending && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="xs" c="dimmed" ta="center">
                    尚未排课
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      <ArrangeDialog opened={arranging} classId={classId ?? undefined} onClose={() => setArranging(false)} onArranged={() => void lessons.refetch()} />
    </Stack>
  );
}
