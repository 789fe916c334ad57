/**
 * The areas of the product, named as in the spec: every area of `calls.tsv` (its first column) and
 * the areas only `screens.tsv` names (dashboards, reports, …). src/contract, server/modules,
 * src/features and the menus use these names and no others (tests/unit/architecture/naming.test.ts).
 */
export const CALL_AREAS = ['auth', 'attachments', 'base', 'classes', 'export', 'finance', 'marketing', 'messages', 'misc', 'orders', 'parttime', 'products', 'students', 'system', 'teaching', 'workflow'] as const;
/** Areas of screens.tsv without calls of their own (screens.tsv `educational` is calls.tsv `classes`). */
export const SCREEN_AREAS = ['home', 'reports', 'crm', 'cmp', 'gift', 'employee_pay'] as const;

export type AreaName = (typeof CALL_AREAS)[number] | (typeof SCREEN_AREAS)[number];

export const AREAS: readonly AreaName[] = [...CALL_AREAS, ...SCREEN_AREAS];

/**
 * Menu component keys (`<area>/<screen>`) renamed when the screens moved into their areas' folders:
 * old key → new key. The menu sync rewrites a menu still naming the old key (one an administrator
 * pointed elsewhere is left alone), and the app resolves an old key too (a sidebar cached before
 * the upgrade). Only grows.
 */
export const RENAMED_SCREEN_KEYS: Readonly<Record<string, string>> = {
  // 教室 is a plain list: its declaration's own screen (classroomResource.menu), not a wrapper
  'base/classroom': 'resource/base_otm_classroom',
  // 学员赠品 gained its 发放/退回 row actions: its own screen of the orders area
  'resource/order_student_gift': 'orders/student_gift',
  'educational/front_desk_check_in': 'classes/front_desk_check_in',
  'educational/teacher_check_in': 'classes/teacher_check_in',
  'educational/timetable': 'classes/timetable',
  'educational/absence': 'classes/absence',
  'educational/attendance_progress': 'classes/attendance_progress',
  'educational/leave_makeup': 'classes/leave_makeup',
  'educational/tea_leave': 'classes/tea_leave',
  'educational/check_in': 'classes/check_in',
  'educational/arrange': 'classes/arrange',
  'educational/class_data': 'classes/class_data',
  'base/class_manage': 'classes/class_manage',
  'base/class_detail': 'classes/class_detail',
  'base/holiday_set': 'classes/holiday_set',
  'base/swap_day': 'classes/swap_day',
  'system/guide': 'teaching/guide',
  'system/export_task': 'export/export_task',
};
