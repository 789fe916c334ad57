import type { Page } from '../../../contract/envelope';
import { CLASSES_PATHS, type ClassProgress, type ClassProgressRow } from '../../../contract/classes';
import { api } from '../../../api/client';

/** Progress of the classes in the caller's schools, newest first (edu_attendance/progress). */
export function fetchClassDegreePage(q: { page: number; rows: number; school_id?: number }): Promise<Page<ClassProgressRow>> {
  return api.get<Page<ClassProgressRow>>(CLASSES_PATHS.attendanceProgress, { ...q }, { silent: true });
}

/** One class: lessons done of the schedule and each enrolled student's attendance. */
export function fetchClassDegree(classId: number): Promise<ClassProgress> {
  return api.get<ClassProgress>(CLASSES_PATHS.attendanceProgress, { class_id: classId }, { silent: true });
}

/** Class degree: lessons done / lessons scheduled, 0 when nothing is scheduled yet. */
export function degreeOf(done: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.round((done / total) * 1000) / 10);
}
