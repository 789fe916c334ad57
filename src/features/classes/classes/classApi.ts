import { api } from '../../../api/client';
import type { Page } from '../../../contract/envelope';
import { CLASSES_PATHS, stuClassJoinCall, stuClassWithdrawCall } from '../../../contract/classes';
import { callApi } from '../../../api/call';

export interface EnrolmentRow {
  id: number;
  student_id: number;
  class_id: number;
  join_date: string | null;
  state: number;
  /** joined by the page call; the phone comes masked (138****1234) */
  student_name: string | null;
  parent_phone: string | null;
  class_name: string | null;
  class_type_name: string | null;
}

export interface ClassRow {
  id: number;
  name: string;
  school_id: number;
  class_type_id: number;
  head_teacher_id: number | null;
  classroom_id: number | null;
  /** labels of the declared relations (refLabelKey) */
  class_type_name?: string | null;
  classroom_name?: string | null;
  head_teacher_name?: string | null;
  capacity: number;
  state: number;
  start_date: string | null;
  end_date: string | null;
  remark: string | null;
}

export function fetchClass(id: number): Promise<ClassRow> {
  return api.get<ClassRow>('api/v1/base_class_manage/get', { id });
}

export function updateClassState(ids: number[], state: number): Promise<unknown> {
  return api.post(CLASSES_PATHS.classUpdateState, { ids, state });
}

export function fetchEnrolments(classId: number): Promise<Page<EnrolmentRow>> {
  return api.get<Page<EnrolmentRow>>('api/v1/stu_class/page', { class_id: classId, state: 1, page: 1, rows: 500 });
}

export function joinClass(body: { student_id: number; class_id: number; join_date?: string; add_hours?: number }) {
  return callApi(stuClassJoinCall, { body });
}

export function withdraw(body: { id: number; leave_date?: string; remark?: string }) {
  return callApi(stuClassWithdrawCall, { body });
}

export function transfer(body: { student_id: number; from_class_id: number; to_class_id: number; reason?: string }): Promise<unknown> {
  return api.post('api/v1/ct_transfer/add', body);
}

export interface LessonRow {
  id: number;
  lesson_no: number | null;
  lesson_date: string;
  start_time: string;
  end_time: string;
  teacher_id: number | null;
  classroom_id: number | null;
  classroom_name?: string | null;
  state: number;
  hours: number;
}

export function fetchClassLessons(classId: number): Promise<Page<LessonRow>> {
  return api.get<Page<LessonRow>>('api/v1/edu_class_schedule/page', { class_id: classId, page: 1, rows: 500, sort: 'lesson_date' });
}
