import { MARK_TEXT, type CheckInMark } from '../../../contract/check-in';
import type { StudentSync } from './roster';
import { MARK_COLOR, SYNC_ICON, syncText, type OutlineIcon } from './markLook';
import classes from './MarkBadge.module.css';

export { MARK_COLOR } from './markLook';

function Icon({ icon, size }: { icon: OutlineIcon; size: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`tabler-icon tabler-icon-${icon.name}`}
    >
      {icon.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * The student's mark and whether it reached the server (待同步 / 已同步 / 被拒绝 with the server's msg).
 * Plain elements in Mantine's Badge look (a roster draws one per student; see StudentTile). The
 * quick desk draws the same markup without React (quickDeskDom.ts; a test holds the two equal).
 * The mark keeps its whole text beside a long 被拒绝 reason, which wraps instead.
 */
export function MarkBadge({ mark, sync, size = 'md' }: { mark: CheckInMark | null; sync: StudentSync; size?: 'sm' | 'md' | 'lg' }) {
  const state = sync.state;
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
      {state !== 'none' && (
        <span className={`${classes.state} ${classes[state]}`} title={state === 'rejected' ? (sync.message ?? '被服务器拒绝') : undefined} data-testid="sync-state">
          <Icon icon={SYNC_ICON[state]} size={12} />
          {syncText(state, sync.message)}
        </span>
      )}
    </div>
  );
}
