import { memo } from 'react';
import type { RosterSession, RosterStudent } from '../../../contract/check-in';
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
 * dozens of tiles, most of them unchanged. Plain elements styled by the module's classes rather
 * than Mantine's Paper/Stack/Group/Text: the roster's first draw is most of an offline cold start's
 * rendering, and each of those is a component with its own style resolution (about eight per tile).
 */
export const StudentTile = memo(function StudentTile({ student, sync, session, onTap }: Props) {
  const accent = student.mark ? `var(--mantine-color-${MARK_COLOR[student.mark]}-6)` : 'var(--mantine-color-gray-3)';
  return (
    <button
      type="button"
      onClick={() => onTap(session, student)}
      className={classes.tile}
      data-testid="roster-student"
      data-student-id={student.student_id}
      data-schedule-id={session.schedule_id}
      aria-label={`${student.name} 签到`}
    >
      <div className={classes.tilePaper} style={{ borderLeftColor: accent }}>
        <div className={classes.tileHead}>
          <span className={classes.tileName}>{student.name}</span>
          {student.is_makeup && <span className={classes.tileMakeup}>补课</span>}
        </div>
        <div className={classes.tileParent}>
          {student.parent_name ?? '家长'} {maskedPhone(student.parent_phone)}
        </div>
        <div className={classes.tileHours} data-testid="remaining-hours">
          剩余 <b>{formatHours(student.remaining_hours)}</b> 课时
        </div>
        <MarkBadge mark={student.mark} sync={sync} size="sm" />
      </div>
    </button>
  );
}, sameTile);
