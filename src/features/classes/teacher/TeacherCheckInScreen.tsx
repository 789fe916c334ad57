import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconRefresh, IconSearch, IconWifiOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { CHECK_IN_MARKS, MARK_TEXT, type CheckInMark, type RosterSession, type RosterStudent } from '../../../contract/classes';
import { useSession } from '../../../components/session';
import { notifyError, notifySuccess } from '../../../components/feedback';
import { useIsOnline } from '../../../offline';
import { MarkBadge, MARK_COLOR } from '../checkIn/MarkBadge';
import { formatHours, matchesStudent, syncKey, syncOf } from '../checkIn/roster';
import { queueCheckIn, rosterKey, today } from '../checkIn/rosterStore';
import { useRoster } from '../checkIn/useRoster';
import { loadMyRoster } from './loadMyRoster';
import { errorMessage } from '../../../api/client';

function StudentRow({ student, session, sync, onMark }: { student: RosterStudent; session: RosterSession; sync: ReturnType<typeof syncOf>; onMark: (m: CheckInMark) => void }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="teacher-student" data-student-id={student.student_id}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {student.name}
            {student.is_makeup ? <Text span size="xs" c="grape.7"> 补课</Text> : null}
          </Text>
          <Text size="xs" c="dimmed" data-testid="remaining-hours">
            剩余 {formatHours(student.remaining_hours)} 课时 · 每次 {session.hours_per_lesson}
          </Text>
        </div>
        <MarkBadge mark={student.mark} sync={sync} size="sm" />
      </Group>
      <Group gap={6} grow wrap="nowrap">
        {CHECK_IN_MARKS.map((m) => (
          <Button
            key={m}
            h={44}
            px={4}
            color={MARK_COLOR[m]}
            variant={student.mark === m ? 'filled' : 'light'}
            onClick={() => onMark(m)}
            aria-pressed={student.mark === m}
          >
            {MARK_TEXT[m]}
          </Button>
        ))}
      </Group>
    </Card>
  );
}

/** 老师签到: a teacher's lessons today and, for one lesson, a mark per student; queued in the outbox. */
export default function TeacherCheckInScreen() {
  const { user } = useSession();
  const online = useIsOnline();
  const day = today();
  const key = rosterKey(user.id, day, 'mine');
  const roster = useRoster(key, () => loadMyRoster(user.id, day));
  const [open, setOpen] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const sessions = useMemo(() => roster.saved?.sessions ?? [], [roster.saved]);
  const session = sessions.find((s) => s.schedule_id === open) ?? null;

  const mark = async (s: RosterSession, st: RosterStudent, m: CheckInMark) => {
    if (st.mark === m) return;
    try {
      await queueCheckIn(key, { session: s, studentId: st.student_id, studentName: st.name, mark: m });
    } catch (e) {
      notifyError(`保存失败：${errorMessage(e, '请稍后重试')}`);
    }
  };
  const markRest = async (s: RosterSession) => {
    const rest = s.students.filter((st) => st.mark === null);
    for (const st of rest) await mark(s, st, 'present');
    if (rest.length) notifySuccess(`已将 ${rest.length} 名学员标记为出勤`);
  };

  const header = (
    <Group justify="space-between" wrap="nowrap">
      <Group gap={6} wrap="nowrap">
        {session && (
          <ActionIcon size={44} variant="subtle" onClick={() => setOpen(null)} aria-label="返回课程列表">
            <IconArrowLeft />
          </ActionIcon>
        )}
        <Title order={5}>{session ? session.class_name : `今日课程 ${dayjs(day).format('M月D日')}`}</Title>
      </Group>
      <Group gap={6} wrap="nowrap">
        {!online && (
          <Badge color="gray" leftSection={<IconWifiOff size={12} />}>
            离线
          </Badge>
        )}
        <ActionIcon size={44} variant="default" onClick={roster.refresh} disabled={!online} loading={roster.loading} aria-label="刷新">
          <IconRefresh size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );

  return (
    <Stack gap="sm" p="xs" maw={640} data-testid="teacher-check-in">
      {header}
      {roster.error && online && <Alert color="red">{roster.error}</Alert>}
      {(!roster.ready || (roster.loading && !roster.saved)) && (
        <Group justify="center" p="lg">
          <Loader />
        </Group>
      )}
      {roster.ready && !roster.saved && !roster.loading && (
        <Text c="dimmed" ta="center">
          {online ? '暂无数据' : '离线且本机没有今日课程，请联网后打开一次本页'}
        </Text>
      )}
      {!session && roster.saved && sessions.length === 0 && (
        <Text c="dimmed" ta="center" p="lg">
          今天没有您的课程
        </Text>
      )}
      {!session &&
        sessions.map((s) => {
          const done = s.students.filter((st) => st.mark !== null).length;
          return (
            <Card key={s.schedule_id} withBorder radius="md" padding="md" component="button" onClick={() => setOpen(s.schedule_id)} style={{ textAlign: 'left', cursor: 'pointer' }} data-testid="teacher-session">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600}>
                    {s.start_time}-{s.end_time} {s.class_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {s.classroom_name ?? '未排教室'} · 已签 {done}/{s.students.length}
                  </Text>
                </div>
                <IconChevronRight />
              </Group>
            </Card>
          );
        })}
      {session && (
        <>
          <Text size="sm" c="dimmed">
            {session.start_time}-{session.end_time} · {session.classroom_name ?? '未排教室'} · 每次 {session.hours_per_lesson} 课时
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput style={{ flex: 1 }} size="md" placeholder="姓名或家长手机尾号" aria-label="查找学员" leftSection={<IconSearch size={16} />} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
            <Button h={44} onClick={() => void markRest(session)} disabled={session.students.every((st) => st.mark !== null)}>
              其余出勤
            </Button>
          </Group>
          {session.students
            .filter((st) => matchesStudent(st, query))
            .map((st) => (
              <StudentRow key={st.student_id} student={st} session={session} sync={syncOf(st, roster.items.get(syncKey(session.schedule_id, st.student_id)))} onMark={(m) => void mark(session, st, m)} />
            ))}
          {session.students.length === 0 && (
            <Text c="dimmed" ta="center">
              本次课没有学员
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
