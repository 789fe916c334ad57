import dayjs from 'dayjs';
import type { RosterSession, RosterStudent } from '../../../contract/check-in';
import { useIsOnline } from '../../../offline/cachedDataNotice';
import type { SavedRosterView } from '../checkIn/useSavedRoster';
import { checkedCount, RosterSessions } from './RosterSessions';
import classes from './FrontDesk.module.css';

const same = (s: RosterSession) => s;

interface Props {
  roster: SavedRosterView;
  /** what the last tap did, or that the full screen is on its way */
  note: string;
  /** tiles drawn (see tilesOnFirstScreen) */
  limit: number;
  onTap(session: RosterSession, student: RosterStudent): void;
}

/** The quick desk as drawn: a title line with the day's count and the lessons' tiles (no Mantine, no Dexie). */
export function QuickDeskView({ roster, note, limit, onTap }: Props) {
  const online = useIsOnline();
  const sessions = roster.saved?.sessions ?? [];
  const total = sessions.reduce((n, s) => n + s.students.length, 0);
  const done = sessions.reduce((n, s) => n + checkedCount(s), 0);
  return (
    <div className={classes.quick} data-testid="quick-desk">
      <div className={classes.quickBar}>
        <h4 className={classes.quickTitle}>前台签到</h4>
        <span className={classes.dimmed}>
          {dayjs().format('M月D日')} · 已签 {done}/{total}
        </span>
        {!online && roster.saved ? <span className={classes.offlineBadge}>离线，名单来自 {dayjs(roster.saved.loadedAt).format('HH:mm')}</span> : null}
        <span className={classes.dimmed} role="status">
          {note}
        </span>
      </div>
      <RosterSessions shown={sessions} whole={same} items={roster.items} onTap={onTap} limit={limit} />
    </div>
  );
}
