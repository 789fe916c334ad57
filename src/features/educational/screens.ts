import type { ComponentType } from 'react';

/**
 * Screens of the classes area, by menu component key (server/db/seed/menus/classes.ts).
 * Class management lives here too, under its base/ key, because it shares the arrangement
 * dialog with the timetable and a feature never imports another.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'educational/front_desk_check_in': () => import('./frontDesk/FrontDeskScreen'),
  'educational/teacher_check_in': () => import('./teacher/TeacherCheckInScreen'),
  'educational/timetable': () => import('./timetable/TimetableScreen'),
  'base/class_manage': () => import('./classes/ClassListScreen'),
  'base/class_detail': () => import('./classes/ClassDetailScreen'),
  'educational/absence': () => import('./records/AbsenceScreen'),
  'educational/attendance_progress': () => import('./records/AttendanceProgressScreen'),
  'educational/leave_makeup': () => import('./records/LeaveMakeupScreen'),
  'educational/tea_leave': () => import('./records/TeacherLeaveScreen'),
  'educational/check_in': () => import('./records/CheckInRecordsScreen'),
  'educational/arrange': () => import('./timetable/ArrangeScreen'),
  'educational/class_data': () => import('./records/ClassDataScreen'),
};
