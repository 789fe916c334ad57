import { memo } from 'react';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { RosterSession, RosterStudent } from '../../../contract/classes';
import { MarkBadge, MARK_COLOR } from '../checkIn/MarkBadge';
import { formatHours, maskedPhone, type StudentSync } from '../checkIn/roster';
import classes from './FrontDesk.module.css';

interface Props {
  student: RosterStudent;
  sync: StudentSync;
  session: RosterSession;
  /** the same function across renders (the tiles are memoised), told which tile was tapped */
  onTap(session: RosterSession, student: RosterStudent): void;
}

function sameTile(a: Props, b: Props): boolean {
  return a.student === b.student && a.session === b.session && a.onTap === b.onTap && a.sync.state === b.sync.state && a.sync.message === b.sync.message;
}

/**
 * One student of today's roster: the whole tile is the touch target (one tap checks in). Memoised:
 * the board renders again for every outbox change, search key and status, and a tablet shows
 * dozens of tiles, most of them unchanged.
 */
export const StudentTile = memo(function StudentTile({ student, sync, session, onTap }: Props) {
  const scheduleId = session.schedule_id;
  const accent = student.mark ? `var(--mantine-color-${MARK_COLOR[student.mark]}-6)` : 'var(--mantine-color-gray-3)';
  return (
    <UnstyledButton
      onClick={() => onTap(session, student)}
      className={classes.tile}
      data-testid="roster-student"
      data-student-id={student.student_id}
      data-schedule-id={scheduleId}
      aria-label={`${student.name} 签到`}
    >
      <Paper withBorder radius="md" p="sm" className={classes.tilePaper} style={{ borderLeft: `5px solid ${accent}` }}>
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap={6}>
            <Text fw={600} size="lg" truncate>
              {student.name}
            </Text>
            {student.is_makeup && (
              <Text size="xs" c="grape.7" span>
                补课
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {student.parent_name ?? '家长'} {maskedPhone(student.parent_phone)}
          </Text>
          <Text size="sm" data-testid="remaining-hours">
            剩余 <b>{formatHours(student.remaining_hours)}</b> 课时
          </Text>
          <MarkBadge mark={student.mark} sync={sync} size="sm" />
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}, sameTile);
