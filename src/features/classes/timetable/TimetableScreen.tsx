import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ScheduleRow } from '../../../contract/classes';
import { OptionInput } from '../../../components/options';
import { useHasPermission } from '../../../components/session';
import { errorMessage } from '../../../api/client';
import { fetchLessons, type OsPageFilter } from '../api';
import { TeacherSelect } from '../pickers/TeacherSelect';
import { CLASS_SOURCE, CLASSROOM_SOURCE, SCHOOL_SOURCE } from '../pickers/sources';
import { ArrangeDialog } from './ArrangeDialog';
import { SessionDialog } from './SessionDialog';
import { WeekGrid } from './WeekGrid';
import { addDays, weekDays, weekLabel, weekStart } from './week';

type By = 'school' | 'class' | 'teacher' | 'classroom';
const BY_DATA: { value: By; label: string }[] = [
  { value: 'school', label: '按校区' },
  { value: 'class', label: '按班级' },
  { value: 'teacher', label: '按老师' },
  { value: 'classroom', label: '按教室' },
];
const FILTER_KEY: Record<By, keyof OsPageFilter> = { school: 'school_id', class: 'class_id', teacher: 'teacher_id', classroom: 'classroom_id' };

/** 课表: a week of lessons by campus, class, teacher or classroom; click a lesson for its actions. */
export default function TimetableScreen() {
  const can = useHasPermission();
  const [monday, setMonday] = useState(() => weekStart(dayjs().format('YYYY-MM-DD')));
  const [by, setBy] = useState<By>('school');
  const [target, setTarget] = useState('');
  const [open, setOpen] = useState<ScheduleRow | null>(null);
  const [arranging, setArranging] = useState(false);
  const days = weekDays(monday);

  const filter: OsPageFilter = { date_start: days[0], date_end: days[6] };
  if (target) (filter as unknown as Record<string, unknown>)[FILTER_KEY[by]] = Number(target);
  const q = useQuery({ queryKey: ['edu-timetable', filter], queryFn: () => fetchLessons(filter) });
  const lessons = q.data ?? [];

  const picker =
    by === 'teacher' ? (
      <TeacherSelect label="" placeholder="全部老师" value={target} onChange={setTarget} w={180} size="sm" />
    ) : (
      <OptionInput
        kind="select"
        source={by === 'school' ? SCHOOL_SOURCE : by === 'class' ? CLASS_SOURCE : CLASSROOM_SOURCE}
        placeholder={by === 'school' ? '全部校区' : by === 'class' ? '全部班级' : '全部教室'}
        value={target}
        onChange={setTarget}
        w={200}
        size="sm"
      />
    );

  return (
    <Stack gap="sm" p="sm" data-testid="timetable">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            size="sm"
            data={BY_DATA}
            value={by}
            onChange={(v) => {
              setBy(v as By);
              setTarget('');
            }}
          />
          {picker}
        </Group>
        <Group gap={6} wrap="wrap">
          <Button variant="default" size="sm" leftSection={<IconChevronLeft size={14} />} onClick={() => setMonday(addDays(monday, -7))}>
            上一周
          </Button>
          <Button variant="default" size="sm" onClick={() => setMonday(weekStart(dayjs().format('YYYY-MM-DD')))}>
            本周
          </Button>
          <Button variant="default" size="sm" rightSection={<IconChevronRight size={14} />} onClick={() => setMonday(addDays(monday, 7))}>
            下一周
          </Button>
          <Text size="sm" fw={600} miw={150} ta="center" data-testid="week-label">
            {weekLabel(monday)}
          </Text>
          {can('edu_class_schedule_arrange') && (
            <Button size="sm" leftSection={<IconCalendarPlus size={14} />} onClick={() => setArranging(true)}>
              排课
            </Button>
          )}
        </Group>
      </Group>
      {q.error && <Alert color="red">{errorMessage(q.error, '加载课表失败')}</Alert>}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          本周 {lessons.length} 次课
        </Text>
        {q.isFetching && <Loader size="xs" />}
      </Group>
      <WeekGrid days={days} lessons={lessons} onOpen={setOpen} />
      <SessionDialog lesson={open} onClose={() => setOpen(null)} onChanged={() => void q.refetch()} />
      <ArrangeDialog
        opened={arranging}
        onClose={() => setArranging(false)}
        classId={by === 'class' && target ? Number(target) : undefined}
        onArranged={() => void q.refetch()}
      />
    </Stack>
  );
}
