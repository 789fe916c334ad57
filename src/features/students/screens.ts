import type { ComponentType } from 'react';
import { STUDENT_VIEWS, viewComponent } from '../../contract/student-views';

type Loader = () => Promise<{ default: ComponentType }>;

/** 学员管理: one view screen for every declared view, and the search, parent and freeze screens. */
export const screens: Record<string, Loader> = {
  ...Object.fromEntries(STUDENT_VIEWS.map((v): [string, Loader] => [viewComponent(v), () => import('./StudentViewScreen').then((m) => ({ default: m.viewScreen(v.key) }))])),
  'students/search_list': () => import('./SearchListScreen'),
  'students/parent': () => import('./ParentScreen'),
  'students/freeze': () => import('./FreezeScreen'),
  'students/old_student_gift': () => import('./OldStudentGiftScreen'),
  'students/import': () => import('./ImportScreen'),
};
