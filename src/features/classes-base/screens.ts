import type { ComponentType } from 'react';

/** Base data of the classes area (menus 基础数据): holidays, swap days, classrooms, class types. */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'base/holiday_set': () => import('./HolidaySetScreen'),
  'base/swap_day': () => import('./SwapDayScreen'),
  'base/classroom': () => import('./ClassroomScreen'),
  'products/class_type': () => import('./ClassTypeScreen'),
};
