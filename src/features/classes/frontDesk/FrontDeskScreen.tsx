import { ActionIcon, Alert, Badge, Button, Group, Loader, ScrollArea, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconPin, IconPinFilled, IconRefresh, IconSearch, IconWifiOff, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useStableHandler } from '../../../components/useStableHandler';
import { MARK_TEXT, type CheckInMark, type RosterSession, type RosterStudent } from '../../../contract/check-in';
import { useSession } from '../../../components/session';
import { confirmAction, notifyError, notifyInfo } from '../../../components/feedback';
import { useIsOnline } from '../../../offline';
import { fetchRoster } from '../checkIn/rosterApi';
import { MarkModePicker } from '../checkIn/MarkModePicker';
import { checkedCount, matchesStudent, syncKey } from '../checkIn/roster';
import { preloadCheckInCalls, queueCheckIn, queueUndo, rosterKey, today } from '../checkIn/rosterStore';
import { useRoster } from '../checkIn/useRoster';
import { useUserSchools } from '../checkIn/useSchools';
import { RosterSessions } from './RosterSessions';
import { saveDeskSchool, savedDeskSchool } from './deskSchool';
import { isRecent, loadTaps, pruneTaps, saveTaps, type RecentTaps } from './recentTaps';
import classes from './FrontDesk.module.css';
import { errorMessage } from '../../../api/client';
import type { SchoolOption } from '../../../contract/paths';

/** After the roster's first draw: load the check-in calls a tap needs (see preloadCheckInCalls). */
const PRELOAD_AFTER_MS = 1000;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const NO_SHRINK = { flexShrink: 0 } as const;

/**
 * 前台签到: today's roster of one campus on a tablet. Loaded online, kept in Dexie, and usable
 * offline; each tap queues a check-in in the outbox and shows at once.
 */
export default function FrontDeskScreen() {
  const { user } = useSession();
  const { schools, loading } = useUserSchools(user.id);
  return <FrontDeskBoard ownerId={user.id} schools={schools} schoolsLoading={loading} />;
}

export interface FrontDeskBoardProps {
  /** whose saved roster, campus choice and recent taps: the user's id, or a front-desk device's (frontDeskOwner) */
  ownerId: number;
  schools: readonly SchoolOption[];
  schoolsLoading: boolean;
}

/** The front desk's roster and taps, for a signed-in user's screen and for a front-desk device. */
export function FrontDeskBoard({ ownerId, schools, schoolsLoading }: FrontDeskBoardProps) {
  const online = useIsOnline();
  const [chosen, setChosen] = useState<number | null>(() => savedDeskSchool(ownerId));
  // the campus chosen last time while the user still has it, else their first campus
  const schoolId = schools.length === 0 ? chosen : schools.some((s) => s.id === chosen) ? chosen : schools[0].id;
  // the campus shown, kept even when not chosen (a one-campus desk): the quick desk opens on it
  useEffect(() => {
    if (schoolId) saveDeskSchool(ownerId, schoolId);
  }, [ownerId, schoolId]);

  const day = today();
  const key = schoolId ? rosterKey(ownerId, day, `school:${schoolId}`) : null;
  const roster = useRoster(key, () => fetchRoster(schoolId as number));
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<CheckInMark>('present');
  // 迟到/请假/缺勤 are exceptions: after one use the mark returns to 出勤 unless pinned.
  const [pinned, setPinned] = useState(false);
  const [recent, setRecent] = useState<RecentTaps>(() => loadTaps(ownerId));
  const [last, setLast] = useState<{ session: RosterSession; studentId: number; name: string; mark: CheckInMark } | null>(null);
  const remember = (next: RecentTaps) => {
    const kept = pruneTaps(next, Date.now());
    setRecent(kept);
    saveTaps(ownerId, kept);
  };
  const [sessionFilter, setSessionFilter] = useState<number | null>(null);

  const sessions = useMemo(() => roster.saved?.sessions ?? [], [roster.saved]);
  const shownOnce = roster.saved !== undefined;
  useEffect(() => {
    if (!shownOnce) return;
    const t = setTimeout(preloadCheckInCalls, PRELOAD_AFTER_MS);
    return () => clearTimeout(t);
  }, [shownOnce]);
  const shown = useMemo(
    () =>
      sessions
        .filter((s) => sessionFilter === null || s.schedule_id === sessionFilter)
        .map((s) => ({ ...s, students: s.students.filter((st) => matchesStudent(st, query)) }))
        .filter((s) => s.students.length > 0 || (!query && sessionFilter !== null)),
    [sessions, sessionFilter, query],
  );
  // the session as loaded, not narrowed by the search box
  const whole = (s: RosterSession) => sessions.find((x) => x.schedule_id === s.schedule_id) ?? s;
  const total = sessions.reduce((n, s) => n + s.students.length, 0);
  const done = sessions.reduce((n, s) => n + checkedCount(s), 0);

  const undo = async (session: RosterSession, studentId: number, name: string, mark: CheckInMark) => {
    if (!key) return;
    if (!(await confirmAction(`撤销 ${name} 的「${MARK_TEXT[mark]}」签到？课时将退回。`, '撤销签到'))) return;
    try {
      await queueUndo(key, { session, studentId, studentName: name });
      const { [syncKey(session.schedule_id, studentId)]: _gone, ...rest } = recent;
      remember(rest);
      if (last && last.session.schedule_id === session.schedule_id && last.studentId === studentId) setLast(null);
    } catch (e) {
      notifyError(`撤销失败：${errorMessage(e, '请稍后重试')}`);
    }
  };

  const tap = async (session: RosterSession, studentId: number, name: string, current: CheckInMark | null) => {
    if (!key) return;
    const mark = mode;
    if (current === mark) {
      // Tapping again what this desk just marked is how a mis-tap is taken back.
      if (isRecent(recent, syncKey(session.schedule_id, studentId))) void undo(session, studentId, name, mark);
      else notifyInfo(`${name} 已是${MARK_TEXT[mark]}`);
      return;
    }
    try {
      await queueCheckIn(key, { session, studentId, studentName: name, mark });
      remember({ ...recent, [syncKey(session.schedule_id, studentId)]: Date.now() });
      setLast({ session, studentId, name, mark });
      if (!pinned) setMode('present');
    } catch (e) {
      notifyError(`保存失败：${errorMessage(e, '请稍后重试')}`);
    }
  };
  const lastUndoable = last && isRecent(recent, syncKey(last.session.schedule_id, last.studentId)) ? last : null;
  // One tap handler for every render, so the memoised tiles are not all drawn again; it calls the
  // latest `tap` (mode, pin and recent taps of this render).
  const onTileTap = useStableHandler((s: RosterSession, st: RosterStudent) => void tap(s, st.student_id, st.name, st.mark));

  return (
    <Stack gap="sm" p="sm" data-testid="front-desk" data-ready={roster.ready || undefined}>
      <div className={classes.toolbar}>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          {/* on a phone the offline badge takes a line of its own rather than being cut to 离线，名单来… */}
          <Group gap="sm" wrap="wrap" style={{ rowGap: 4 }}>
            <Title order={4} style={NO_WRAP}>
              前台签到
            </Title>
            <Text c="dimmed" size="sm" style={NO_WRAP}>
              {dayjs(day).format('M月D日')} · 已签 {done}/{total}
            </Text>
            {!online && (
              <Badge color="gray" leftSection={<IconWifiOff size={12} />} style={NO_SHRINK} data-testid="roster-offline">
                离线{roster.saved ? `，名单来自 ${dayjs(roster.saved.loadedAt).format('HH:mm')}` : ''}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {schools.length > 1 && (
              <Select
                aria-label="校区"
                size="md"
                w={180}
                data={schools.map((s) => ({ value: String(s.id), label: s.name }))}
                value={schoolId ? String(schoolId) : null}
                onChange={(v) => {
                  setChosen(v ? Number(v) : null);
                  setSessionFilter(null);
                }}
                allowDeselect={false}
              />
            )}
            <Tooltip label="刷新名单">
              <ActionIcon size={44} variant="default" onClick={roster.refresh} disabled={!online} aria-label="刷新名单" loading={roster.loading}>
                <IconRefresh size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group mt="xs" gap="sm" wrap="wrap" align="center">
          <TextInput
            size="lg"
            style={{ flex: 1, minWidth: 240 }}
            placeholder="学员姓名或家长手机尾号"
            aria-label="查找学员"
            leftSection={<IconSearch size={18} />}
            rightSection={
              query ? (
                <ActionIcon variant="subtle" size={40} onClick={() => setQuery('')} aria-label="清空">
                  <IconX size={18} />
                </ActionIcon>
              ) : null
            }
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            inputMode="search"
          />
          <Group gap={4} wrap="nowrap">
            <MarkModePicker value={mode} onChange={setMode} size="md" />
            <Tooltip label={pinned ? '已固定：每次点选都用这个标记' : '固定标记（不固定时，用过一次后回到出勤）'}>
              <ActionIcon
                size={44}
                variant={pinned ? 'filled' : 'default'}
                onClick={() => setPinned((p) => !p)}
                aria-label="固定标记"
                aria-pressed={pinned}
                data-testid="pin-mark"
              >
                {pinned ? <IconPinFilled size={20} /> : <IconPin size={20} />}
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {lastUndoable && (
          <Group mt="xs" gap="xs" data-testid="last-check-in">
            <Text size="sm" c="dimmed">
              刚才：{lastUndoable.name} {MARK_TEXT[lastUndoable.mark]} · {lastUndoable.session.class_name}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => void undo(lastUndoable.session, lastUndoable.studentId, lastUndoable.name, lastUndoable.mark)}
            >
              撤销
            </Button>
          </Group>
        )}
        {sessions.length > 0 && (
          <ScrollArea type="auto" mt="xs" offsetScrollbars>
            <Group gap={8} wrap="nowrap">
              <Button className={classes.sessionChip} variant={sessionFilter === null ? 'filled' : 'default'} onClick={() => setSessionFilter(null)}>
                全部课程
              </Button>
              {sessions.map((s) => (
                <Button
                  key={s.schedule_id}
                  className={classes.sessionChip}
                  variant={sessionFilter === s.schedule_id ? 'filled' : 'default'}
                  onClick={() => setSessionFilter(s.schedule_id)}
                  data-testid="session-chip"
                >
                  {s.start_time} {s.class_name}（{checkedCount(s)}/{s.students.length}）
                </Button>
              ))}
            </Group>
          </ScrollArea>
        )}
      </div>

      {roster.error && online && (
        <Alert color="red" title="名单加载失败">
          {roster.error}
          {roster.saved ? '，显示的是上次保存的名单' : ''}
        </Alert>
      )}
      {(!roster.ready || (schoolsLoading && !schoolId) || (roster.loading && !roster.saved)) && (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      )}
      {roster.ready && !roster.saved && !roster.loading && (
        <Text c="dimmed" ta="center" p="xl">
          {online ? '暂无今日名单' : '离线且本机没有今日名单，请联网后打开一次本页'}
        </Text>
      )}
      {roster.saved && sessions.length === 0 && (
        <Text c="dimmed" ta="center" p="xl">
          今天没有课程
        </Text>
      )}
      {roster.saved && sessions.length > 0 && shown.length === 0 && (
        <Text c="dimmed" ta="center" p="xl">
          没有找到匹配“{query}”的学员
        </Text>
      )}

      <RosterSessions shown={shown} whole={whole} items={roster.items} onTap={onTileTap} />
    </Stack>
  );
}
