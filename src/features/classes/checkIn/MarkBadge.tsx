import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClockUp } from '@tabler/icons-react';
import { MARK_TEXT, type CheckInMark } from '../../../contract/check-in';
import type { StudentSync } from './roster';
import classes from './MarkBadge.module.css';

export const MARK_COLOR: Record<CheckInMark, string> = { present: 'green', late: 'orange', leave: 'blue', absent: 'red' };

// The mark keeps its whole text: beside a long 被拒绝 reason it was squeezed to 未… (the reason wraps instead).
const NO_SHRINK = { flexShrink: 0 } as const;

/**
 * The student's mark and whether it reached the server (待同步 / 已同步 / 被拒绝 with the server's msg).
 * The row and the state are plain elements (a roster draws one per student; see StudentTile).
 */
export function MarkBadge({ mark, sync, size = 'md' }: { mark: CheckInMark | null; sync: StudentSync; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <div className={classes.row}>
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
        <span className={`${classes.state} ${classes.pending}`} data-testid="sync-state">
          <IconClockUp size={12} /> 待同步
        </span>
      )}
      {sync.state === 'synced' && (
        <span className={`${classes.state} ${classes.synced}`} data-testid="sync-state">
          <IconCheck size={12} /> 已同步
        </span>
      )}
      {sync.state === 'rejected' && (
        <Tooltip label={sync.message ?? '被服务器拒绝'} multiline w={220}>
          <span className={`${classes.state} ${classes.rejected}`} data-testid="sync-state">
            <IconAlertTriangle size={12} /> 被拒绝：{sync.message ?? ''}
          </span>
        </Tooltip>
      )}
    </div>
  );
}
