import { CHECK_IN_PATH, CONSUMING_MARKS, type CheckInBody, type CheckInMark, type RosterSession, type RosterStudent } from '../../../contract/check-in';
import type { OutboxItem } from '../../../offline';
import { callUrl } from '../../../contract/call';

/** Outbox kind of a class check-in. */
export const CHECK_IN_KIND = 'check_in';
/** `?c=zh`: the language of the server's messages (spec: check_in POST with query c). */
export const CHECK_IN_QUERY = { c: 'zh' } as const;
/** Where a queued check-in is sent (the outbox item's url). */
export const CHECK_IN_URL = callUrl({ path: CHECK_IN_PATH }, CHECK_IN_QUERY);
/** Outbox kind of the front desk taking back its own recent check-in (a mis-tap). */
export const CHECK_IN_UNDO_KIND = 'check_in_undo';

export function consumedBy(mark: CheckInMark | null, hoursPerLesson: number): number {
  return mark && CONSUMING_MARKS.includes(mark) ? hoursPerLesson : 0;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The roster after one mark: the student's mark changes and their remaining hours move by the
 * difference between what the old and the new mark consume (hours are per class type, so every
 * session of the same class today shows the same balance).
 */
export function applyMark(sessions: readonly RosterSession[], scheduleId: number, studentId: number, mark: CheckInMark | null): RosterSession[] {
  const session = sessions.find((s) => s.schedule_id === scheduleId);
  const student = session?.students.find((st) => st.student_id === studentId);
  if (!session || !student) return [...sessions];
  const delta = consumedBy(student.mark, session.hours_per_lesson) - consumedBy(mark, session.hours_per_lesson);
  return sessions.map((s) => {
    const sameSession = s.schedule_id === scheduleId;
    const sameBalance = s.class_id === session.class_id;
    if (!sameSession && !sameBalance) return s;
    return {
      ...s,
      students: s.students.map((st): RosterStudent => {
        if (st.student_id !== studentId) return st;
        return {
          ...st,
          mark: sameSession ? mark : st.mark,
          remaining_hours: delta === 0 ? st.remaining_hours : round2(st.remaining_hours + delta),
        };
      }),
    };
  });
}

export function isCheckInItem(item: OutboxItem): boolean {
  return item.kind === CHECK_IN_KIND;
}

export function checkInBodyOf(item: OutboxItem): CheckInBody | null {
  if (!isCheckInItem(item)) return null;
  const b = item.body as Partial<CheckInBody> | null;
  if (!b || typeof b.schedule_id !== 'number' || typeof b.student_id !== 'number' || typeof b.mark !== 'string') return null;
  return b as CheckInBody;
}

/** What a queued item does to the roster: a check-in sets a mark, an undo clears it. */
export function queuedMarkOf(item: OutboxItem): { schedule_id: number; student_id: number; mark: CheckInMark | null } | null {
  const b = checkInBodyOf(item);
  if (b) return b;
  if (item.kind !== CHECK_IN_UNDO_KIND) return null;
  const u = item.body as { schedule_id?: unknown; student_id?: unknown } | null;
  if (!u || typeof u.schedule_id !== 'number' || typeof u.student_id !== 'number') return null;
  return { schedule_id: u.schedule_id, student_id: u.student_id, mark: null };
}

/**
 * A roster fresh from the server with the marks still waiting in the outbox laid on top, so a
 * reload while offline (or before the outbox is sent) does not hide what the user already tapped.
 */
export function withQueuedMarks(sessions: readonly RosterSession[], items: readonly OutboxItem[]): RosterSession[] {
  let out = [...sessions];
  for (const it of items) {
    if (it.state !== 'pending' && it.state !== 'sending') continue;
    const b = queuedMarkOf(it);
    if (b) out = applyMark(out, b.schedule_id, b.student_id, b.mark);
  }
  return out;
}

/** Students of the lesson with a mark (checked in, late, on leave or absent). */
export function checkedCount(s: RosterSession): number {
  return s.students.filter((st) => st.mark !== null).length;
}

export type SyncState = 'pending' | 'rejected' | 'synced' | 'none';

export interface StudentSync {
  state: SyncState;
  /** the server's message of a rejected mark */
  message: string | null;
}

export function syncKey(scheduleId: number, studentId: number): string {
  return `${scheduleId}:${studentId}`;
}

/** The latest outbox item of each (lesson, student); absent means nothing is waiting. */
export function latestItems(items: readonly OutboxItem[]): Map<string, OutboxItem> {
  const out = new Map<string, OutboxItem>();
  for (const it of items) {
    const b = queuedMarkOf(it);
    if (b) out.set(syncKey(b.schedule_id, b.student_id), it);
  }
  return out;
}

export function syncOf(student: RosterStudent, item: OutboxItem | undefined): StudentSync {
  if (item && (item.state === 'pending' || item.state === 'sending')) return { state: 'pending', message: null };
  if (item && item.state === 'rejected') return { state: 'rejected', message: item.lastError };
  return { state: student.mark ? 'synced' : 'none', message: null };
}

/**
 * Whether a student matches the search box: part of the name, or the last digits of the parent's
 * phone (at least 3 digits typed; '5678' finds 138****5678).
 */
export function matchesStudent(student: RosterStudent, query: string): boolean {
  const q = query.trim();
  if (!q) return true;
  if (/^\d+$/.test(q)) {
    if (q.length < 3) return student.name.includes(q);
    return (student.parent_phone ?? '').endsWith(q);
  }
  const lower = q.toLowerCase();
  return student.name.toLowerCase().includes(lower) || (student.parent_name ?? '').toLowerCase().includes(lower);
}

/** '138****5678'. */
export function maskedPhone(phone: string | null): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

export function formatHours(n: number): string {
  return String(round2(n));
}
