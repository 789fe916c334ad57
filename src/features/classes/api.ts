import { api } from '../../api/client';
import { callApi } from '../../api/call';
import type { Page } from '../../contract/envelope';
import {
  arrangeCall,
  attendanceProgressCall,
  classGangersCall,
  osPageCall,
  replaceTeacherCall,
  reviseCall,
  timeRangeUpdateCall,
  type ArrangeResult,
  type ClassProgress,
  type ClassTeacher,
  type ScheduleRow,
  type TimeRangeInput,
} from '../../contract/classes';

/** Typed calls of the classes area the screens make (writes that must work offline go through the outbox instead). */

export { fetchRoster, fetchUserSchools } from './checkIn/rosterApi';

export interface OsPageFilter {
  school_id?: number;
  class_id?: number;
  teacher_id?: number;
  classroom_id?: number;
  date_start: string;
  date_end: string;
}

/** Every lesson of the filter (a week holds at most a few thousand; paged through to be safe). */
export async function fetchLessons(f: OsPageFilter): Promise<ScheduleRow[]> {
  const rows: ScheduleRow[] = [];
  for (let page = 1; page <= 20; page++) {
    const p = await callApi(osPageCall, { query: { ...f, page, rows: 500, sort: 'lesson_date' } });
    rows.push(...p.content);
    if (p.content.length < 500 || rows.length >= p.totalSize) break;
  }
  return rows;
}

export interface ArrangeInput {
  class_id: number;
  date_start: string;
  date_end: string;
  slots: TimeRangeInput[];
  teacher_id?: number;
  classroom_id?: number;
  limit?: number;
}

export function arrangeSchedule(body: ArrangeInput): Promise<ArrangeResult> {
  return callApi(arrangeCall, { body });
}

export function reviseLesson(body: { id: number; lesson_date: string; start_time: string; end_time: string; teacher_id?: number; classroom_id?: number; remark?: string }): Promise<unknown> {
  return callApi(reviseCall, { body });
}

export function replaceTeacher(body: { ids: number[]; teacher_id: number }): Promise<unknown> {
  return callApi(replaceTeacherCall, { body });
}

export function deleteLessons(ids: number[]): Promise<unknown> {
  return api.post('api/v1/edu_class_schedule/delete', ids.map((id) => ({ id })));
}

export interface UserOption {
  value: number;
  text: string;
}

export const TEACHER_ROLES = 'teacher,foreign_teacher';

/** Teachers (中教老师, 外教) of a campus, or of every campus the user reaches; `roles` '' means all staff. */
export function fetchTeachers(schoolId?: number, roles: string = TEACHER_ROLES): Promise<UserOption[]> {
  return api.get<UserOption[]>('api/v1/sys_user/get_user_options', { role_code: roles || undefined, school_id: schoolId });
}

export function fetchClassTeachers(classId: number): Promise<ClassTeacher[]> {
  return callApi(classGangersCall, { query: { class_id: classId } });
}

export function fetchClassProgress(classId: number): Promise<ClassProgress> {
  // with class_id the call answers one class's progress, not a page
  return callApi(attendanceProgressCall, { query: { class_id: classId } }) as Promise<ClassProgress>;
}

export function fetchTimeRanges(classId: number): Promise<Page<{ id: number; week_day: number; start_time: string; end_time: string }>> {
  return api.get('api/v1/edu_class_time_range/page', { class_id: classId, page: 1, rows: 100, sort: 'week_day' });
}

export function saveTimeRanges(classId: number, ranges: TimeRangeInput[]): Promise<unknown> {
  return callApi(timeRangeUpdateCall, { query: { classId }, body: ranges });
}
