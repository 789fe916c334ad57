import type { ComponentType } from 'react';

/** The funnel's screens of the marketing area, by menu component key (the 招生转化 block of src/contract/menus/marketing.ts). */
export const funnelScreens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'marketing/student_visit': () => import('./StudentVisitScreen'),
  'marketing/trial_lesson': () => import('./TrialLessonScreen'),
  'marketing/trial_lesson_student': () => import('./TrialStudentScreen'),
  'marketing/acquiring': () => import('./AcquiringScreen'),
  'marketing/network_detail': () => import('./NetworkDetailScreen'),
  'marketing/course': () => import('./CourseScreen'),
  'marketing/timetable': () => import('./TimetableScreen'),
  'marketing/funnel': () => import('./FunnelScreen'),
};
