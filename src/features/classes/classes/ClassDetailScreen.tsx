import { Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CLASS_STATES, SCHEDULE_STATES } from '../../../contract/resources/classes';
import { useOptions, optionText } from '../../../components/options';
import { useHasPermission } from '../../../components/session';
import { errorMessage } from '../../../api/client';
import type { OptionSource } from '../../../contract/resource';
import { fetchClassProgress } from '../api';
import { ArrangeDialog } from '../timetable/ArrangeDialog';
import { fetchClass, fetchClassLessons } from './classApi';
import { StudentsPanel } from './StudentsPanel';
import { ClassProgress } from '../records/ClassProgress';

const SCHOOL_SOURCE: OptionSource = { kind: 'schools' };

function Info({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </div>
  );
}

/** 班级详情 (/base/class_detail?id=): info, students with remaining hours, lessons, attendance. */
export default function ClassDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const can = useHasPermission();
  const [arranging, setArranging] = useState(false);
  const cls = useQuery({ queryKey: ['edu-class', id], enabled: id > 0, queryFn: () => fetchClass(id) });
  const lessons = useQuery({ queryKey: ['edu-class-lessons', id], enabled: id > 0, queryFn: () => fetchClassLessons(id) });
  const progress = useQuery({ queryKey: ['edu-class-progress', id], enabled: id > 0, queryFn: () => fetchClassProgress(id) });
  const schools = useOptions(SCHOOL_SOURCE);

  if (!(id > 0)) return <Alert color="orange" m="md">缺少班级参数，请从班级管理进入</Alert>;
  if (cls.isPending) return <Loader m="md" />;
  if (cls.error || !cls.data) return <Alert color="red" m="md">{errorMessage(cls.error, '班级不存在')}</Alert>;
  const c = cls.data;
  const p = progress.data;

  return (
    <Stack p="sm" gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={4}>{c.name}</Title>
          <Badge variant="light">{CLASS_STATES.find((s) => s.value === c.state)?.text ?? '—'}</Badge>
        </Group>
        {can('edu_class_schedule_arrange') && c.state <= 2 && (
          <Button size="xs" onClick={() => setArranging(true)}>
            排课
          </Button>
        )}
      </Group>
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="info">基本信息</Tabs.Tab>
          <Tabs.Tab value="students">学员</Tabs.Tab>
          <Tabs.Tab value="schedule">课表</Tabs.Tab>
          <Tabs.Tab value="attendance">考勤</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="sm">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            <Info label="校区" value={optionText(schools.items, c.school_id)} />
            <Info label="班型" value={c.class_type_name} />
            <Info label="教室" value={c.classroom_name} />
            <Info label="班级容量" value={c.capacity} />
            <Info label="在读人数" value={p?.students.length} />
            <Info label="开班日期" value={c.start_date} />
            <Info label="结班日期" value={c.end_date} />
            <Info label="已排课次" value={p ? `${p.sessions_total} / ${p.lesson_count}` : undefined} />
            <Info label="已上课次" value={p?.sessions_done} />
            <Info label="备注" value={c.remark} />
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="students" pt="sm">
          <StudentsPanel classId={id} className={c?.name} />
        </Tabs.Panel>
        <Tabs.Panel value="schedule" pt="sm">
          {lessons.error && <Alert color="red">{errorMessage(lessons.error)}</Alert>}
          <Table striped withTableBorder fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>课次</Table.Th>
                <Table.Th>上课日期</Table.Th>
                <Table.Th>时间</Table.Th>
                <Table.Th>教室</Table.Th>
                <Table.Th>课时</Table.Th>
                <Table.Th>状态</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(lessons.data?.content ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.lesson_no ?? ''}</Table.Td>
                  <Table.Td>{l.lesson_date}</Table.Td>
                  <Table.Td>
                    {l.start_time}-{l.end_time}
                  </Table.Td>
                  <Table.Td>{l.classroom_name ?? ''}</Table.Td>
                  <Table.Td>{l.hours}</Table.Td>
                  <Table.Td>{SCHEDULE_STATES.find((s) => s.value === l.state)?.text}</Table.Td>
                </Table.Tr>
              ))}
              {lessons.data?.content.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="xs" c="dimmed" ta="center">
                      尚未排课
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
        <Tabs.Panel value="attendance" pt="sm">
          {p && <ClassProgress progress={p} />}
        </Tabs.Panel>
      </Tabs>
      <ArrangeDialog
        opened={arranging}
        classId={id}
        className={c.name}
        onClose={() => setArranging(false)}
        onArranged={() => {
          void lessons.refetch();
          void progress.refetch();
        }}
      />
    </Stack>
  );
}
