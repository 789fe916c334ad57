/**
 * The check-in's marks, paths and shapes without its schemas: the front desk's roster (an offline
 * cold start of the tablet) and the app shell read these, and importing the classes contract for
 * them loaded zod and every classes schema before the first roster row (issue 11). The schemas
 * and calls stay in ./classes, which re-exports all of this and is checked against it.
 */

export const CHECK_IN_MARKS = ['present', 'late', 'leave', 'absent'] as const;
export type CheckInMark = (typeof CHECK_IN_MARKS)[number];
export const MARK_TEXT: Record<CheckInMark, string> = { present: '出勤', late: '迟到', leave: '请假', absent: '缺勤' };
/**
 * Marks that consume lesson hours: an attended lesson (on time or late) takes the class type's
 * hours per lesson; leave and absence take nothing (a leave can be made up later).
 */
export const CONSUMING_MARKS: readonly CheckInMark[] = ['present', 'late'];
/** Days after the lesson date during which check-ins are accepted, unless prolonged. */
export const CHECK_IN_WINDOW_DAYS = 7;
/**
 * Roll call opens this many minutes before a lesson starts: a mark tapped earlier is refused
 * (online, and on an outbox replay by the time it was tapped), so nobody marks a lesson hours
 * ahead. Registering a leave in advance (登记请假) is not a roll call and is not limited.
 */
export const CHECK_IN_OPENS_MINUTES = 30;
/** Minutes during which the user who checked a student in may take it back on the same screen. */
export const CHECK_IN_UNDO_MINUTES = 10;

/** Paths of the calls the roster makes (the calls themselves: checkInCall, checkInUndoCall, todayRosterCall). */
export const CHECK_IN_PATH = 'api/v1/check_in';
export const CHECK_IN_UNDO_PATH = 'api/v1/check_in/undo';
export const TODAY_ROSTER_PATH = 'api/v1/edu_check_in/today_roster';

/** POST api/v1/check_in (checkInSchema). */
export interface CheckInBody {
  schedule_id: number;
  student_id: number;
  mark: CheckInMark;
  device?: string;
  /** when the mark was taken (offline replays keep the tap time); default now */
  checked_at?: string;
}

/** POST api/v1/check_in/undo (checkInUndoSchema). */
export interface CheckInUndoBody {
  schedule_id: number;
  student_id: number;
  device?: string;
  /** when the undo was tapped (an offline replay keeps the tap time); default now */
  undone_at?: string;
}

/** One lesson of today's roster (front desk tablet; cached offline in Dexie). */
export interface RosterSession {
  schedule_id: number;
  class_id: number;
  class_name: string;
  lesson_date: string;
  start_time: string;
  end_time: string;
  teacher_name: string | null;
  classroom_name: string | null;
  hours_per_lesson: number;
  students: RosterStudent[];
}

export interface RosterStudent {
  student_id: number;
  name: string;
  parent_name: string | null;
  /** full phone: the tablet searches by its last digits */
  parent_phone: string | null;
  is_makeup: boolean;
  mark: CheckInMark | null;
  check_in_id: number | null;
  remaining_hours: number;
  /** the signed text of the student's card QR code (src/contract/device.ts), matched offline at the front desk */
  card?: string;
}
