/**
 * Pure scheduling logic: laying a weekly pattern over a date range with the school calendar
 * (holidays, swap days) and finding double bookings. No database here, so it is unit-tested alone
 * and the handlers stay thin.
 */

export interface WeeklySlot {
  /** ISO weekday: 1 Monday … 7 Sunday */
  week_day: number;
  /** HH:mm */
  start_time: string;
  end_time: string;
}

export interface HolidayRange {
  name: string;
  start_date: string;
  end_date: string;
}

/**
 * A swap day (调休). `follow_week_day` set: the date is a working day that takes that weekday's
 * schedule (e.g. a Sunday that works on Monday's timetable). Null: a working day moved away, so
 * the date is a rest day.
 */
export interface SwapDay {
  name: string | null;
  swap_date: string;
  follow_week_day: number | null;
}

export interface SchoolCalendar {
  holidays: readonly HolidayRange[];
  swapDays: readonly SwapDay[];
}

export interface PlannedSession {
  lesson_date: string;
  start_time: string;
  end_time: string;
  /** the weekday whose pattern produced the session (differs from the date's own on swap days) */
  week_day: number;
}

export interface SkippedDate {
  date: string;
  reason: string;
}

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const WEEK_DAY_NAMES = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

/** Minutes since midnight of an 'HH:mm' time; throws on a malformed value. */
export function minutesOf(time: string): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new Error(`时间格式应为 HH:mm：${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

export function isTime(value: string): boolean {
  return TIME_RE.test(value);
}

function epochDay(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`日期格式应为 YYYY-MM-DD：${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new Error(`日期不存在：${date}`);
  }
  return Math.round(ms / DAY_MS);
}

function dateOfEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function isDate(value: string): boolean {
  try {
    epochDay(value);
    return true;
  } catch {
    return false;
  }
}

export function addDays(date: string, days: number): string {
  return dateOfEpochDay(epochDay(date) + days);
}

/** ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' date. */
export function isoWeekDay(date: string): number {
  // 1970-01-01 was a Thursday (4).
  return ((((epochDay(date) + 3) % 7) + 7) % 7) + 1;
}

export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/**
 * Which weekday's timetable a date follows, or why it has none. A swap day wins over a holiday
 * (the state's make-up working days fall next to the holidays they pay for).
 */
export function dayRule(date: string, calendar: SchoolCalendar): { weekDay: number } | { skip: string } {
  const swap = calendar.swapDays.find((s) => s.swap_date === date);
  if (swap) {
    if (swap.follow_week_day === null) return { skip: `调休休息${swap.name ? `（${swap.name}）` : ''}` };
    return { weekDay: swap.follow_week_day };
  }
  const holiday = calendar.holidays.find((h) => h.start_date <= date && date <= h.end_date);
  if (holiday) return { skip: `节假日（${holiday.name}）` };
  return { weekDay: isoWeekDay(date) };
}

export interface ExpandOptions {
  date_start: string;
  date_end: string;
  slots: readonly WeeklySlot[];
  calendar: SchoolCalendar;
  /** stop after this many sessions (e.g. the lessons left in the class type) */
  limit?: number;
}

/** Lays the weekly pattern over the date range; answers the sessions in time order and the skipped dates. */
export function expandPattern(opts: ExpandOptions): { sessions: PlannedSession[]; skipped: SkippedDate[] } {
  const first = epochDay(opts.date_start);
  const last = epochDay(opts.date_end);
  const byDay = new Map<number, WeeklySlot[]>();
  for (const slot of opts.slots) {
    const list = byDay.get(slot.week_day) ?? [];
    list.push(slot);
    byDay.set(slot.week_day, list);
  }
  for (const list of byDay.values()) list.sort((a, b) => minutesOf(a.start_time) - minutesOf(b.start_time));
  const sessions: PlannedSession[] = [];
  const skipped: SkippedDate[] = [];
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  for (let day = first; day <= last && sessions.length < limit; day++) {
    const date = dateOfEpochDay(day);
    const ownDay = isoWeekDay(date);
    const rule = dayRule(date, opts.calendar);
    if ('skip' in rule) {
      if (byDay.has(ownDay)) skipped.push({ date, reason: rule.skip });
      continue;
    }
    for (const slot of byDay.get(rule.weekDay) ?? []) {
      if (sessions.length >= limit) break;
      sessions.push({ lesson_date: date, start_time: slot.start_time, end_time: slot.end_time, week_day: rule.weekDay });
    }
  }
  return { sessions, skipped };
}

/** Problems of a weekly pattern: bad times, end not after start, overlapping slots of one weekday. */
export function patternProblem(slots: readonly WeeklySlot[]): string | undefined {
  if (slots.length === 0) return '请至少设置一个上课时间段';
  for (const s of slots) {
    if (!Number.isInteger(s.week_day) || s.week_day < 1 || s.week_day > 7) return `星期必须是 1-7：${s.week_day}`;
    if (!isTime(s.start_time) || !isTime(s.end_time)) return `时间格式应为 HH:mm：${s.start_time}-${s.end_time}`;
    if (minutesOf(s.end_time) <= minutesOf(s.start_time)) return `${WEEK_DAY_NAMES[s.week_day]} ${s.start_time}-${s.end_time}：结束时间必须晚于开始时间`;
  }
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const a = slots[i];
      const b = slots[j];
      if (a.week_day === b.week_day && overlaps(a, b)) {
        return `${WEEK_DAY_NAMES[a.week_day]} ${a.start_time}-${a.end_time} 与 ${b.start_time}-${b.end_time} 时间重叠`;
      }
    }
  }
  return undefined;
}

export function overlaps(a: { start_time: string; end_time: string }, b: { start_time: string; end_time: string }): boolean {
  return minutesOf(a.start_time) < minutesOf(b.end_time) && minutesOf(b.start_time) < minutesOf(a.end_time);
}

// ---------------------------------------------------------------------------------------------
// Clashes
// ---------------------------------------------------------------------------------------------

/** A session as far as double booking is concerned. */
export interface Booking {
  /** stored session id; absent for a session about to be created */
  id?: number;
  /** a key that tells candidates apart in messages and self-comparisons */
  key?: string | number;
  class_id: number;
  lesson_date: string;
  start_time: string;
  end_time: string;
  teacher_id: number | null;
  classroom_id: number | null;
}

/** A teacher's absence (leave) that blocks teaching. */
export interface TeacherAbsence {
  teacher_id: number;
  /** 'YYYY-MM-DD HH:mm[:ss]' */
  start_time: string;
  end_time: string;
}

export type ClashKind = 'teacher' | 'classroom' | 'class' | 'leave';

export interface Clash {
  kind: ClashKind;
  candidate: Booking;
  /** the booking it runs into (absent for a leave clash) */
  other?: Booking;
}

function slotKey(date: string, id: number): string {
  return `${date}#${id}`;
}

function index(list: readonly Booking[], pick: (b: Booking) => number | null): Map<string, Booking[]> {
  const map = new Map<string, Booking[]>();
  for (const b of list) {
    const id = pick(b);
    if (id === null || id === undefined) continue;
    const k = slotKey(b.lesson_date, id);
    const arr = map.get(k);
    if (arr) arr.push(b);
    else map.set(k, [b]);
  }
  return map;
}

function sameBooking(a: Booking, b: Booking): boolean {
  if (a.id !== undefined && b.id !== undefined) return a.id === b.id;
  return a === b;
}

/**
 * Double bookings of the candidates against the stored sessions and against each other: the
 * same teacher, the same classroom or the same class at overlapping times on one date, and a
 * teacher teaching during their leave. Stored sessions that the candidates replace (same id)
 * are ignored. Answers the first clash per candidate, in candidate order.
 */
export function findClashes(candidates: readonly Booking[], existing: readonly Booking[], absences: readonly TeacherAbsence[] = []): Clash[] {
  const replaced = new Set(candidates.filter((c) => c.id !== undefined).map((c) => c.id as number));
  const stored = existing.filter((e) => e.id === undefined || !replaced.has(e.id));
  const pools: [ClashKind, (b: Booking) => number | null][] = [
    ['teacher', (b) => b.teacher_id],
    ['classroom', (b) => b.classroom_id],
    ['class', (b) => b.class_id],
  ];
  const storedIdx = pools.map(([kind, pick]) => [kind, pick, index(stored, pick)] as const);
  const seen = pools.map(([kind, pick]) => [kind, pick, new Map<string, Booking[]>()] as const);
  const clashes: Clash[] = [];
  for (const cand of candidates) {
    let found: Clash | undefined;
    const leave = cand.teacher_id === null ? undefined : absences.find((a) => a.teacher_id === cand.teacher_id && absenceCovers(a, cand));
    if (leave) found = { kind: 'leave', candidate: cand };
    for (const [kind, pick, idx] of storedIdx) {
      if (found) break;
      const id = pick(cand);
      if (id === null) continue;
      const other = idx.get(slotKey(cand.lesson_date, id))?.find((b) => overlaps(b, cand));
      if (other) found = { kind, candidate: cand, other };
    }
    for (const [kind, pick, idx] of seen) {
      if (found) break;
      const id = pick(cand);
      if (id === null) continue;
      const other = idx.get(slotKey(cand.lesson_date, id))?.find((b) => !sameBooking(b, cand) && overlaps(b, cand));
      if (other) found = { kind, candidate: cand, other };
    }
    if (found) clashes.push(found);
    for (const [, pick, idx] of seen) {
      const id = pick(cand);
      if (id === null) continue;
      const k = slotKey(cand.lesson_date, id);
      const arr = idx.get(k);
      if (arr) arr.push(cand);
      else idx.set(k, [cand]);
    }
  }
  return clashes;
}

function absenceCovers(a: TeacherAbsence, b: Booking): boolean {
  const start = `${b.lesson_date} ${b.start_time}`;
  const end = `${b.lesson_date} ${b.end_time}`;
  return a.start_time.slice(0, 16) < end && start < a.end_time.slice(0, 16);
}

export interface ClashNames {
  teacher(id: number): string;
  classroom(id: number): string;
  className(id: number): string;
}

/** The staff-facing message of a clash, e.g. 老师 张伟 在 2026-12-01 09:00-10:30 已有课（三年级A班）. */
export function clashMessage(clash: Clash, names: ClashNames): string {
  const c = clash.candidate;
  const when = `${c.lesson_date} ${c.start_time}-${c.end_time}`;
  const other = clash.other;
  const otherClass = other ? names.className(other.class_id) : '';
  switch (clash.kind) {
    case 'leave':
      return `老师 ${names.teacher(c.teacher_id as number)} 在 ${when} 请假，不能排课`;
    case 'teacher':
      return `老师 ${names.teacher(c.teacher_id as number)} 在 ${when} 已有课（${otherClass}）`;
    case 'classroom':
      return `教室 ${names.classroom(c.classroom_id as number)} 在 ${when} 已被占用（${otherClass}）`;
    default:
      return `班级 ${names.className(c.class_id)} 在 ${when} 已有课（${other ? `${other.start_time}-${other.end_time}` : ''}）`;
  }
}
