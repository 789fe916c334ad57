import dayjs from 'dayjs';
import type { RosterSession } from '../../../contract/check-in';
import type { OutboxItem } from '../../../offline/db';
import { errorMessage } from '../../../api/client';
import { checkedCount, latestItems, syncKey } from '../checkIn/roster';
import { mirroredRoster, rosterKey, today, type SavedRoster } from '../checkIn/rosterKeys';
import { savedDeskSchool } from './deskSchool';
import { quickBarElement, sessionElements } from './quickDeskDom';
import { loadTaps, saveTaps } from './recentTaps';
import classes from './FrontDesk.module.css';

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

type LivePart = typeof import('./quickDeskLive');
const loadLive = (): Promise<LivePart> => import('./quickDeskLive');

/**
 * Runs `fn` in a task once the first draw has been on screen for a frame: the rest of the tiles and
 * the live part are not urgent, and a first tap on the drawn tiles goes before them.
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

interface DeskState {
  saved: SavedRoster;
  items: ReadonlyMap<string, OutboxItem>;
  note: string;
  limit: number;
}

const TILE_SELECTOR = '[data-testid="roster-student"]';

/**
 * The quick desk as drawn from `state`: the title line with the day's count, then the lessons'
 * tiles. A tile drawn the same as before stays the same element, as React would keep it (a tap in
 * progress, a reference held by a test).
 */
function draw(root: HTMLElement, state: DeskState): void {
  const before = new Map([...root.querySelectorAll<HTMLElement>(TILE_SELECTOR)].map((t) => [t.outerHTML, t]));
  const sessions = state.saved.sessions;
  const bar = quickBarElement({
    day: dayjs().format('M月D日'),
    done: sessions.reduce((n, s) => n + checkedCount(s), 0),
    total: sessions.reduce((n, s) => n + s.students.length, 0),
    loadedAt: dayjs(state.saved.loadedAt).format('HH:mm'),
    offline: !navigator.onLine,
    note: state.note,
  });
  const drawn = sessionElements(sessions, state.items, state.limit);
  for (const section of drawn) {
    for (const tile of section.querySelectorAll<HTMLElement>(TILE_SELECTOR)) {
      const same = before.get(tile.outerHTML);
      if (same) tile.replaceWith(same);
    }
  }
  root.replaceChildren(bar, ...drawn);
}

/**
 * The quick desk: today's saved roster of the desk's last campus, with a tap checking a student in
 * (出勤), drawn as plain DOM (quickDeskDom.ts) while React and the layout's code load on a slow
 * tablet's cold start. The first draw is from the roster's mirror, without Dexie, which loads a
 * frame later and then keeps the tiles as the outbox and the roster change. The layout's 前台签到
 * takes its place, with search, the other marks and undo; the taps made here are in the outbox and
 * the recent taps, as the board's are.
 */
function runQuickDesk(el: HTMLElement, ownerId: number, storeKey: string, saved: SavedRoster): () => void {
  const root = document.createElement('div');
  root.className = classes.quick;
  root.dataset.testid = 'quick-desk';
  const state: DeskState = {
    saved,
    items: new Map(),
    note: '完整界面加载中…',
    limit: tilesOnFirstScreen(saved.sessions.map((s) => s.students.length), window.innerWidth, window.innerHeight),
  };
  const redraw = () => draw(root, state);
  redraw();
  el.replaceChildren(root);

  let closed = false;
  let cancelFrame = (): void => undefined;
  let unfollow = (): void => undefined;
  // once the first draw has been on screen: the rest of the tiles, then Dexie's live read
  const live = new Promise<void>((resolve) => {
    cancelFrame = afterFrame(resolve);
  }).then(() => {
    state.limit = Infinity;
    redraw();
    return loadLive();
  });
  live.then(
    (part) => {
      if (closed) return;
      unfollow = part.followSavedRoster(storeKey, (r) => {
        if (!r.read || !r.value) return;
        state.saved = r.value;
        state.items = latestItems(r.outbox);
        redraw();
      });
    },
    () => undefined,
  );

  const setNote = (note: string) => {
    state.note = note;
    redraw();
  };
  const tap = (session: RosterSession, studentId: number) => {
    const student = session.students.find((st) => st.student_id === studentId);
    if (!student) return;
    // taking a check-in back asks first: that waits for the full screen
    if (student.mark === 'present') {
      setNote(`${student.name} 已是出勤`);
      return;
    }
    live
      .then((part) => part.queueCheckIn(storeKey, { session, studentId, studentName: student.name, mark: 'present' }))
      .then(
        () => {
          saveTaps(ownerId, { ...loadTaps(ownerId), [syncKey(session.schedule_id, studentId)]: Date.now() });
          setNote(`已签到：${student.name}`);
        },
        (e: unknown) => setNote(`保存失败：${errorMessage(e, '请稍后重试')}`),
      );
  };
  const onClick = (e: MouseEvent) => {
    const tile = e.target instanceof Element ? e.target.closest<HTMLElement>(TILE_SELECTOR) : null;
    if (!tile) return;
    const session = state.saved.sessions.find((s) => String(s.schedule_id) === tile.dataset.scheduleId);
    if (session) tap(session, Number(tile.dataset.studentId));
  };
  root.addEventListener('click', onClick);
  window.addEventListener('online', redraw);
  window.addEventListener('offline', redraw);
  return () => {
    closed = true;
    cancelFrame();
    unfollow();
    root.removeEventListener('click', onClick);
    window.removeEventListener('online', redraw);
    window.removeEventListener('offline', redraw);
    el.replaceChildren();
  };
}

/**
 * Shows the quick desk in `el` when today's roster of the owner's last campus is mirrored on this
 * device (every save of the roster is), and answers how to take it away; answers null (nothing
 * shown) otherwise.
 */
export function showQuickDesk(el: HTMLElement, ownerId: number): (() => void) | null {
  const schoolId = savedDeskSchool(ownerId);
  if (schoolId === null) return null;
  const storeKey = rosterKey(ownerId, today(), `school:${schoolId}`);
  const saved = mirroredRoster(storeKey);
  return saved ? runQuickDesk(el, ownerId, storeKey, saved) : null;
}
