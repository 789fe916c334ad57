import { Alert, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CLASSES_PATHS, MARK_TEXT, CHECK_IN_MARKS, type ClassData } from '../../../contract/classes';
import { initialValues, SearchForm, toQuery, type SearchField } from '../../../components/SearchForm';
import type { QueryValue } from '../../../api/request';
import { api, errorMessage } from '../../../api/client';
import { SCHOOL_SOURCE } from '../pickers/sources';

const FIELDS: SearchField[] = [
  { name: 'school_id', label: '校区', input: 'select', options: SCHOOL_SOURCE },
  { name: 'date', label: '日期', input: 'daterange', defaultValue: 'currentMonth' },
];

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={22}>
        {value}
      </Text>
    </Card>
  );
}

/** 班级数据: classes, students, lessons and attendance of a campus over a period. */
export default function ClassDataScreen() {
  const [query, setQuery] = useState<Record<string, QueryValue>>(() => toQuery(FIELDS, initialValues(FIELDS)));
  const q = useQuery({ queryKey: ['edu-class-data', query], queryFn: () => api.get<ClassData>(CLASSES_PATHS.classData, query) });
  const d = q.data;
  return (
    <Stack gap="sm" p="xs">
      <SearchForm fields={FIELDS} onSearch={setQuery} />
      {q.error && <Alert color="red">{errorMessage(q.error)}</Alert>}
      {d && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Stat label="班级数" value={d.classes} />
            <Stat label="开课中班级" value={d.active_classes} />
            <Stat label="在读学员" value={d.students} />
            <Stat label="课次" value={d.sessions} />
            <Stat label="已上课次" value={d.sessions_done} />
            <Stat label="出勤率" value={d.attendance_rate === null ? '—' : `${Math.round(d.attendance_rate * 1000) / 10}%`} />
          </SimpleGrid>
          <Group gap="sm">
            {CHECK_IN_MARKS.map((m) => (
              <Text key={m} size="sm">
                {MARK_TEXT[m]}：<b>{d.check_ins[m]}</b>
              </Text>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
