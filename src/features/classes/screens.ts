import type { ComponentType } from 'react';

/**
 * Screens of the classes area (spec calls.tsv `classes`), by menu component key
 * (src/contract/menus/classes.ts). Class management lives here with the timetable, because they
 * share the arrangement dialog and a feature never imports another.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'classes/front_desk_check_in': () => import('./frontDesk/FrontDeskScreen'),
  'classes/teacher_check_in': () => import('./teacher/TeacherCheckInScreen'),
  'classes/timetable': () => import('./timetable/TimetableScreen'),
  'classes/class_manage': () => import('./classes/ClassListScreen'),
  'classes/class_detail': () => import('./classes/ClassDetailScreen'),
  'classes/absence': () => import('./records/AbsenceScreen'),
  'classes/attendance_progress': () => import('./records/AttendanceProgressScreen'),
  'classes/leave_makeup': () => import('./records/LeaveMakeupScreen'),
  'classes/tea_leave': () => import('./records/TeacherLeaveScreen'),
  'classes/check_in': () => import('./records/CheckInRecordsScreen'),
  'classes/arrange': () => import('./timetable/ArrangeScreen'),
  'classes/class_data': () => import('./records/ClassDataScreen'),
  // the fixed route /class_degree renders this key (app/pages/ClassDegreeRoute)
  'classes/class_degree': () => import('./degree/ClassDegreePage'),
  'classes/holiday_set': () => import('./calendar/HolidaySetScreen'),
  'classes/swap_day': () => import('./calendar/SwapDayScreen'),
};
