import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { RosterSession, RosterStudent } from '../../../contract/check-in';
import { errorMessage } from '../../../api/client';
import { syncKey } from '../checkIn/roster';
import { mirroredRoster, rosterKey, today } from '../checkIn/rosterKeys';
import type { LiveRoster, SavedRosterView } from '../checkIn/useSavedRoster';
import { QuickDeskView } from './QuickDeskView';
import { savedDeskSchool } from './deskSchool';
import { loadTaps, saveTaps } from './recentTaps';

/** The tiles' box as FrontDesk.module.css lays them out: 180 px wide at least, 10 px apart, about 117 px high. */
const TILE = { minWidth: 180, gap: 10, height: 117 } as const;
/** The quick desk's padding, its title line and a lesson's heading line, in px. */
const PAGE = { padding: 12, title: 40, heading: 32 } as const;

/**
 * How many tiles the first draw needs to fill the window (a row more than it shows): drawing and
 * laying out every tile at once doubled the first draw of a tablet's cold start. The rest follow
 * a frame later.
 */
export function tilesOnFirstScreen(counts: readonly number[], width: number, height: number): number {
  const cols = Math.max(1, Math.floor((width - 2 * PAGE.padding + TILE.gap) / (TILE.minWidth + TILE.gap)));
  let y = PAGE.padding + PAGE.title;
  let tiles = 0;
  for (const n of counts) {
    y += PAGE.heading;
    for (let left = n; left > 0; left -= cols) {
      tiles += Math.min(cols, left);
      y += TILE.height + TILE.gap;
      if (y > height + TILE.height) return tiles;
    }
  }
  return tiles;
}

const NO_ITEMS: SavedRosterView['items'] = new Map();

type LivePart = typeof import('./quickDeskLive');
const loadLive = (): Promise<LivePart> => import('./quickDeskLive');

/**
 * Runs `fn` in a task once the quick desk's first draw has been on screen for a frame: the rest of
 * the tiles and the live part are not urgent, and a first tap on the drawn tiles goes before them.
 */
function afterFrame(fn: () => void): () => void {
  let t = 0;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      t = window.setTimeout(fn, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(t);
  };
}

/**
 * The quick desk: today's saved roster of the desk's last campus, with a tap checking a student in
 * (出勤), drawn by React alone while the layout's code (Mantine, the router, the shell) loads on a
 * slow tablet's cold start. The first draw is from the roster's mirror, without Dexie, which loads
 * a frame later (LiveQuickRoster). The layout's 前台签到 then takes its place, with search, the other
 * marks and undo; the taps made here are in the outbox and the recent taps, as the board's are.
 */
function QuickDesk({ ownerId, storeKey, first, live: liveAtStart }: { ownerId: number; storeKey: string; first: LiveRoster; live: LivePart | null }) {
  const [live, setLive] = useState(liveAtStart);
  const [note, setNote] = useState('完整界面加载中…');
  const [limit, setLimit] = useState(() =>
    tilesOnFirstScreen((first.read ? first.value?.sessions ?? [] : []).map((x) => x.students.length), window.innerWidth, window.innerHeight),
  );
  useEffect(
    () =>
      afterFrame(() => {
        setLimit(Infinity);
        void loadLive().then(setLive);
      }),
    [],
  );
  const onTap = useCallback(
    (s: RosterSession, st: RosterStudent) => {
      // taking a check-in back asks first: that waits for the full screen
      if (st.mark === 'present') {
        setNote(`${st.name} 已是出勤`);
        return;
      }
      import('../checkIn/rosterStore')
        .then((store) => store.queueCheckIn(storeKey, { session: s, studentId: st.student_id, studentName: st.name, mark: 'present' }))
        .then(
          () => {
            saveTaps(ownerId, { ...loadTaps(ownerId), [syncKey(s.schedule_id, st.student_id)]: Date.now() });
            setNote(`已签到：${st.name}`);
          },
          (e: unknown) => setNote(`保存失败：${errorMessage(e, '请稍后重试')}`),
        );
    },
    [ownerId, storeKey],
  );
  const view = (roster: SavedRosterView) => <QuickDeskView roster={roster} note={note} limit={limit} onTap={onTap} />;
  if (live) {
    return (
      <live.LiveQuickRoster storeKey={storeKey} first={first}>
        {view}
      </live.LiveQuickRoster>
    );
  }
  return view(first.read ? { saved: first.value, ready: true, items: NO_ITEMS } : { saved: undefined, ready: false, items: NO_ITEMS });
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
  let live: LivePart | null = null;
  let first: LiveRoster = { read: true, value: mirrored, outbox: [] };
  if (!mirrored) {
    live = await loadLive();
    first = await live.readSavedRoster(storeKey);
  }
  if (!first.read || !first.value) return null;
  const root = createRoot(el);
  root.render(<QuickDesk ownerId={ownerId} storeKey={storeKey} first={first} live={live} />);
  return () => root.unmount();
}
