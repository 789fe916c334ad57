import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { RosterSession, RosterStudent } from '../../../contract/check-in';
import { errorMessage } from '../../../api/client';
import { useIsOnline } from '../../../offline/cachedDataNotice';
import { syncKey } from '../checkIn/roster';
import { mirroredRoster, queueCheckIn, rosterKey, today } from '../checkIn/rosterStore';
import { readSavedRoster, useSavedRoster, type LiveRoster } from '../checkIn/useSavedRoster';
import { checkedCount, RosterSessions } from './RosterSessions';
import { savedDeskSchool } from './deskSchool';
import { loadTaps, saveTaps } from './recentTaps';
import classes from './FrontDesk.module.css';

const same = (s: RosterSession) => s;
/**
 * Tiles of the first draw: more than a tablet's screen shows (about 15 at 1024 x 768). The rest
 * follow a frame later: drawing and laying out every tile at once doubled the first draw.
 */
const FIRST_DRAW_TILES = 24;

/**
 * The quick desk: today's saved roster of the desk's last campus, with a tap checking a student in
 * (出勤), drawn by React alone while the layout's code (Mantine, the router, the shell) loads on a
 * slow tablet's cold start. The layout's 前台签到 then takes its place, with search, the other marks
 * and undo; the taps made here are in the outbox and the recent taps, as the board's are.
 */
function QuickDesk({ ownerId, storeKey, first }: { ownerId: number; storeKey: string; first: LiveRoster }) {
  const online = useIsOnline();
  const roster = useSavedRoster(storeKey, first);
  const [note, setNote] = useState('完整界面加载中…');
  const [limit, setLimit] = useState(FIRST_DRAW_TILES);
  useEffect(() => {
    let t = 0;
    const frame = requestAnimationFrame(() => {
      t = window.setTimeout(() => setLimit(Infinity), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(t);
    };
  }, []);
  const sessions = roster.saved?.sessions ?? [];
  const total = sessions.reduce((n, s) => n + s.students.length, 0);
  const done = sessions.reduce((n, s) => n + checkedCount(s), 0);
  const onTap = useCallback(
    (s: RosterSession, st: RosterStudent) => {
      // taking a check-in back asks first: that waits for the full screen
      if (st.mark === 'present') {
        setNote(`${st.name} 已是出勤`);
        return;
      }
      queueCheckIn(storeKey, { session: s, studentId: st.student_id, studentName: st.name, mark: 'present' }).then(
        () => {
          saveTaps(ownerId, { ...loadTaps(ownerId), [syncKey(s.schedule_id, st.student_id)]: Date.now() });
          setNote(`已签到：${st.name}`);
        },
        (e: unknown) => setNote(`保存失败：${errorMessage(e, '请稍后重试')}`),
      );
    },
    [ownerId, storeKey],
  );
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

/**
 * Shows the quick desk in `el` when today's roster of the owner's last campus is saved on this
 * device, and answers how to take it away; answers null (nothing shown) otherwise.
 */
export async function showQuickDesk(el: HTMLElement, ownerId: number): Promise<(() => void) | null> {
  const schoolId = savedDeskSchool(ownerId);
  if (schoolId === null) return null;
  const storeKey = rosterKey(ownerId, today(), `school:${schoolId}`);
  // the first draw has the tiles: from the mirror at once, else from Dexie (the outbox's states
  // come with Dexie's first answer)
  const mirrored = mirroredRoster(storeKey);
  const first: LiveRoster = mirrored ? { read: true, value: mirrored, outbox: [] } : await readSavedRoster(storeKey);
  if (!first.read || !first.value) return null;
  const root = createRoot(el);
  root.render(<QuickDesk ownerId={ownerId} storeKey={storeKey} first={first} />);
  return () => root.unmount();
}
