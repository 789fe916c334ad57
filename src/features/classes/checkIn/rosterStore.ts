import dayjs from 'dayjs';
import { MARK_TEXT, type CheckInBody, type CheckInMark, type CheckInUndoBody, type RosterSession } from '../../../contract/check-in';
import { offlineDb, type OfflineDb, type OutboxItem } from '../../../offline/db';
import { countedFromNow, enqueue, listOutbox, type LocalReservation } from '../../../offline/outbox';
import { loadRefList, saveRefList } from '../../../offline/refData';
import { mirrorRefList } from '../../../offline/refMirror';
import { currentDevice } from '../../../lib/device';
import { applyMark, CHECK_IN_KIND, CHECK_IN_QUERY, CHECK_IN_UNDO_KIND, withQueuedMarks } from './roster';
import type { SavedRoster } from './rosterKeys';

export { mirroredRoster, rosterKey, today, type SavedRoster } from './rosterKeys';

export async function loadRoster(key: string): Promise<SavedRoster | undefined> {
  return (await loadRefList<SavedRoster>(key))?.value;
}

export type LiveRoster = { read: false } | { read: true; value: SavedRoster | undefined; outbox: OutboxItem[] };

/** The roster saved under `key` and the outbox, in one read (useSavedRoster says why), as useSavedRoster and the quick desk follow them. */
export async function readSavedRoster(key: string): Promise<LiveRoster> {
  const value = await loadRoster(key);
  return { read: true as const, value, outbox: await listOutbox(offlineDb()) };
}

/** Saves a roster just loaded from the server, with the marks still queued laid on top. */
export async function saveFreshRoster(key: string, sessions: readonly RosterSession[]): Promise<SavedRoster> {
  const db = offlineDb();
  const saved = await db.transaction('rw', db.refLists, db.outbox, async () => {
    const fresh: SavedRoster = { loadedAt: Date.now(), sessions: withQueuedMarks(sessions, await listOutbox(db)) };
    await saveRefList(key, fresh, db);
    return fresh;
  });
  mirrorRefList(key, saved);
  return saved;
}

/** Saves the roster with one student's mark changed, in the caller's transaction; answers what it saved. */
async function saveMark(key: string, db: OfflineDb, scheduleId: number, studentId: number, mark: CheckInMark | null): Promise<SavedRoster | undefined> {
  const saved = (await loadRefList<SavedRoster>(key, db))?.value;
  if (!saved) return undefined;
  const next = { ...saved, sessions: applyMark(saved.sessions, scheduleId, studentId, mark) };
  await saveRefList(key, next, db);
  return next;
}

export interface QueuedCheckIn {
  session: RosterSession;
  studentId: number;
  studentName: string;
  mark: CheckInMark;
}

/**
 * The check-in calls come with the classes contract (zod and the area's schemas): loaded by the
 * first tap or once the roster has shown (preloadCheckInCalls), not before its first row. The
 * service worker has the chunk, so this works offline.
 */
const loadCheckInCalls = () => import('../../../contract/classes');

export function preloadCheckInCalls(): void {
  void loadCheckInCalls();
}

/**
 * One tap: the saved roster shows the mark and the new balance at once and the check-in is put
 * in the outbox, in one transaction, so neither can exist without the other.
 */
export function queueCheckIn(key: string, q: QueuedCheckIn): Promise<OutboxItem> {
  // counted in the top bar at the tap, not once the roster's update below is written
  return countedFromNow((reserved) => markAndEnqueue(key, q, reserved));
}

async function markAndEnqueue(key: string, q: QueuedCheckIn, reserved: LocalReservation): Promise<OutboxItem> {
  // before the transaction: Dexie's transaction must not wait for anything but the database
  const { checkInCall } = await loadCheckInCalls();
  const db = offlineDb();
  const body: CheckInBody = {
    schedule_id: q.session.schedule_id,
    student_id: q.studentId,
    mark: q.mark,
    device: currentDevice(),
    checked_at: dayjs().format('YYYY-MM-DD HH:mm:ss'),
  };
  const label = `${q.mark === 'present' ? '签到' : MARK_TEXT[q.mark]} ${q.studentName} ${q.session.class_name}`;
  const { item, saved } = await db.transaction('rw', db.refLists, db.outbox, async () => ({
    saved: await saveMark(key, db, q.session.schedule_id, q.studentId, q.mark),
    item: await enqueue({ call: checkInCall, query: CHECK_IN_QUERY, body, kind: CHECK_IN_KIND, label }, db, reserved),
  }));
  if (saved) mirrorRefList(key, saved);
  return item;
}

/**
 * Takes back the user's own check-in of a moment ago (a mis-tap): the roster clears the mark and
 * gives the hours back at once, and the undo goes into the outbox after the check-in it undoes.
 */
export function queueUndo(key: string, q: Omit<QueuedCheckIn, 'mark'>): Promise<OutboxItem> {
  return countedFromNow((reserved) => unmarkAndEnqueue(key, q, reserved));
}

async function unmarkAndEnqueue(key: string, q: Omit<QueuedCheckIn, 'mark'>, reserved: LocalReservation): Promise<OutboxItem> {
  const { checkInUndoCall } = await loadCheckInCalls();
  const db = offlineDb();
  const body: CheckInUndoBody = {
    schedule_id: q.session.schedule_id,
    student_id: q.studentId,
    device: currentDevice(),
    undone_at: dayjs().format('YYYY-MM-DD HH:mm:ss'),
  };
  const label = `撤销签到 ${q.studentName} ${q.session.class_name}`;
  const { item, saved } = await db.transaction('rw', db.refLists, db.outbox, async () => ({
    saved: await saveMark(key, db, q.session.schedule_id, q.studentId, null),
    item: await enqueue({ call: checkInUndoCall, body, kind: CHECK_IN_UNDO_KIND, label }, db, reserved),
  }));
  if (saved) mirrorRefList(key, saved);
  return item;
}
