import { nowText } from '../../server/lib/time';

/**
 * Lesson times relative to now in Asia/Shanghai, for tests that mark attendance: roll call opens
 * CHECK_IN_OPENS_MINUTES before a lesson starts, so a fixture at a fixed clock time (09:00, 22:00)
 * would pass or fail by the hour the suite runs. Used by the server tests, the browser tests and
 * the bench alike.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** China has no daylight saving: Asia/Shanghai is always UTC+8 (as server/lib/time.ts). */
const OFFSET = 8 * 60 * MINUTE;

export interface LessonSlot {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  start: string;
  /** 'HH:mm', after start, on the same day */
  end: string;
}

function dayStart(ms: number): number {
  return Math.floor((ms + OFFSET) / DAY) * DAY - OFFSET;
}

function slotOf(start: number, end: number): LessonSlot {
  const s = nowText(start);
  return { date: s.slice(0, 10), start: s.slice(11, 16), end: nowText(end).slice(11, 16) };
}

/** A lesson of `minutes` starting at the minute `start`, kept inside its own day (it ends by 23:59). */
function withinDay(start: number, minutes: number): { start: number; end: number } {
  const lastMinute = dayStart(start) + DAY - MINUTE;
  const s = start >= lastMinute ? lastMinute - MINUTE : start;
  return { start: s, end: Math.min(s + minutes * MINUTE, lastMinute) };
}

/**
 * `count` lessons of `minutes` each that have begun, back to back: the first started `ago`
 * minutes ago, but never before today's midnight (just after midnight it started at 00:00, so it
 * is always today's lesson, on today's roster); each next one ends where the one before starts,
 * reaching into yesterday when needed. No lesson crosses midnight.
 */
export function begunLessons(count: number, opts: { minutes?: number; ago?: number; now?: number } = {}): LessonSlot[] {
  const minutes = opts.minutes ?? 60;
  const now = Math.floor((opts.now ?? Date.now()) / MINUTE) * MINUTE;
  let start = Math.max(now - (opts.ago ?? 10) * MINUTE, dayStart(now));
  const out: LessonSlot[] = [];
  for (let i = 0; i < count; i++) {
    const lesson = withinDay(start, minutes);
    out.push(slotOf(lesson.start, lesson.end));
    start = lesson.start - minutes * MINUTE;
  }
  return out;
}

/** Today's lesson that began about `ago` minutes ago (see begunLessons). */
export function begunLesson(opts: { minutes?: number; ago?: number; now?: number } = {}): LessonSlot {
  return begunLessons(1, opts)[0];
}

/**
 * A lesson starting `inMinutes` from now (tomorrow's when that is past midnight; a start at 23:59
 * moves to 23:58 so the lesson fits in its day).
 */
export function lessonStartingIn(inMinutes: number, opts: { minutes?: number; now?: number } = {}): LessonSlot {
  const now = Math.floor((opts.now ?? Date.now()) / MINUTE) * MINUTE;
  const lesson = withinDay(now + inMinutes * MINUTE, opts.minutes ?? 30);
  return slotOf(lesson.start, lesson.end);
}
