import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClockUp } from '@tabler/icons-react';
import { MARK_TEXT, type CheckInMark } from '../../../contract/classes';
import type { StudentSync } from './roster';

export const MARK_COLOR: Record<CheckInMark, string> = { present: 'green', late: 'orange', leave: 'blue', absent: 'red' };

// The mark keeps its whole text: beside a long 被拒绝 reason it was squeezed to 未… (the reason wraps instead).
const NO_SHRINK = { flexShrink: 0 } as const;
const MAY_WRAP = { minWidth: 0 } as const;

/** The student's mark and whether it reached the server (待同步 / 已同步 / 被拒绝 with the server's msg). */
export function MarkBadge({ mark, sync, size = 'md' }: { mark: CheckInMark | null; sync: StudentSync; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Group gap={6} wrap="nowrap">
      {mark ? (
        <Badge color={MARK_COLOR[mark]} size={size} variant="filled" style={NO_SHRINK} data-testid="mark">
          {MARK_TEXT[mark]}
        </Badge>
      ) : (
        <Badge color="gray" size={size} variant="light" style={NO_SHRINK} data-testid="mark">
          未签到
        </Badge>
      )}
      {sync.state === 'pending' && (
        <Text size="xs" c="orange.7" data-testid="sync-state" span>
          <IconClockUp size={12} style={{ verticalAlign: -2 }} /> 待同步
        </Text>
      )}
      {sync.state === 'synced' && (
        <Text size="xs" c="green.7" data-testid="sync-state" span>
          <IconCheck size={12} style={{ verticalAlign: -2 }} /> 已同步
        </Text>
      )}
      {sync.state === 'rejected' && (
        <Tooltip label={sync.message ?? '被服务器拒绝'} multiline w={220}>
          <Text size="xs" c="red.7" style={MAY_WRAP} data-testid="sync-state" span>
            <IconAlertTriangle size={12} style={{ verticalAlign: -2 }} /> 被拒绝：{sync.message ?? ''}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}
