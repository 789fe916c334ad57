import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { callApi } from '../../../api/call';
import { errorMessage } from '../../../api/client';
import { trialPageByRoleCall, type TrialLessonRow, MKT_FUNNEL_PERM } from '../../../contract/marketing-funnel';
import { TRIAL_LESSON_STATES } from '../../../contract/resources/marketing-funnel';
import { dateRangeOf } from '../../../lib/format/dateRange';
import { useHasPermission } from '../../../components/session';
import { JoinTrialDialog, type JoinTarget } from './JoinTrialDialog';

const WEEK_DAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const DAY_MS = 86_400_000;

/** The 7 dates (YYYY-MM-DD) of the week holding `day`, Monday first (plain calendar arithmetic in UTC). */
export function weekOf(day: string): string[] {
  const t = Date.parse(`${day}T00:00:00Z`);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: 7 }, (_, i) => new Date(monday + i * DAY_MS).toISOString().slice(0, 10));
}

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const stateText = (v: number) => TRIAL_LESSON_STATES.find((s) => s.value === v)?.text ?? '';

/**
 * 试听课表 (timetable / join class): the week's trial lessons as the caller's role sees them
 * (page_by_role: a teacher their own lessons, a consultant those with their students booked, others
 * every lesson of their campuses); an open lesson with seats left offers 加入试听.
 */
export default function TimetableScreen() {
  const today = dateRangeOf('today')[0];
  const [anchor, setAnchor] = useState(today);
  const days = useMemo(() => weekOf(anchor), [anchor]);
  const [lessons, setLessons] = useState<TrialLessonRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState<JoinTarget | null>(null);
  const can = useHasPermission();

  const load = useCallback(async () => {
    try {
      const data = await callApi(trialPageByRoleCall, { query: { lesson_date_start: days[0], lesson_date_end: days[6], page: 1, rows: 500, sort: 'lesson_date' } });
      setLessons(data.content);
      setError(null);
    } catch (e) {
      setError(errorMessage(e, '读取试听课表失败'));
    }
  }, [days]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={4}>
          试听课表 {days[0]} 至 {days[6]}
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setAnchor(shift(anchor, -7))}>
            上一周
          </Button>
          <Button size="xs" variant="default" onClick={() => setAnchor(today)}>
            本周
          </Button>
          <Button size="xs" variant="default" onClick={() => setAnchor(shift(anchor, 7))}>
            下一周
          </Button>
        </Group>
      </Group>
      {error && <Text c="red">{error}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 4, lg: 7 }} spacing="xs" data-testid="trial-timetable">
        {days.map((d, i) => (
          <Stack key={d} gap={6}>
            <Text fw={600} c={d === today ? 'blue' : undefined}>
              {WEEK_DAYS[i]} {d.slice(5)}
            </Text>
            {lessons
              .filter((l) => l.lesson_date === d)
              .sort((a, b) => a.start_time.localeCompare(b.start_time))
              .map((l) => (
                <Card key={l.id} withBorder padding="xs" data-testid="trial-lesson-card">
                  <Text size="sm" fw={600}>
                    {l.start_time}-{l.end_time} {l.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[l.class_type_name, l.classroom_name, l.teacher_name].filter(Boolean).join(' · ')}
                  </Text>
                  <Group justify="space-between" mt={4}>
                    <Badge size="sm" variant="light" color={l.state === 1 ? 'blue' : 'gray'}>
                      {stateText(l.state)} {l.booked_count}/{l.capacity}
                    </Badge>
                    {l.state === 1 && l.booked_count < l.capacity && can(MKT_FUNNEL_PERM.book) && (
                      <Button size="compact-xs" onClick={() => setJoining({ id: l.id, name: `${l.name} ${l.lesson_date} ${l.start_time}` })}>
                        加入试听
                      </Button>
                    )}
                  </Group>
                </Card>
              ))}
          </Stack>
        ))}
      </SimpleGrid>
      <JoinTrialDialog lesson={joining} onClose={() => setJoining(null)} onJoined={() => void load()} />
    </Stack>
  );
}
