import { IconAlertTriangle, IconCheck, IconClockUp } from '@tabler/icons-react';
import { MARK_TEXT, type CheckInMark } from '../../../contract/check-in';
import type { StudentSync } from './roster';
import classes from './MarkBadge.module.css';

export const MARK_COLOR: Record<CheckInMark, string> = { present: 'green', late: 'orange', leave: 'blue', absent: 'red' };

/**
 * The student's mark and whether it reached the server (待同步 / 已同步 / 被拒绝 with the server's msg).
 * Plain elements in Mantine's Badge look (a roster draws one per student; see StudentTile), free of
 * Mantine's code so the quick desk can draw them before the layout has loaded. The mark keeps its
 * whole text beside a long 被拒绝 reason, which wraps instead.
 */
export function MarkBadge({ mark, sync, size = 'md' }: { mark: CheckInMark | null; sync: StudentSync; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <div className={classes.row}>
      {mark ? (
        <span className={classes.badge} data-size={size} style={{ background: `var(--mantine-color-${MARK_COLOR[mark]}-filled)` }} data-testid="mark">
          {MARK_TEXT[mark]}
        </span>
      ) : (
        <span className={`${classes.badge} ${classes.none}`} data-size={size} data-testid="mark">
          未签到
        </span>
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
        <span className={`${classes.state} ${classes.rejected}`} title={sync.message ?? '被服务器拒绝'} data-testid="sync-state">
          <IconAlertTriangle size={12} /> 被拒绝：{sync.message ?? ''}
        </span>
      )}
    </div>
  );
}
