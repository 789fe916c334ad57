import type { MenuSeed } from '../menu-seed';

export const order = 0;

export const ALL_STAFF = ['principal', 'telemarketer', 'sales', 'teacher', 'foreign_teacher', 'front_desk', 'finance'] as const;

/** 首页: every role sees it. */
export const menus: readonly MenuSeed[] = [
  {
    name: '首页',
    code: 'home',
    type: 1,
    url: '/home',
    component: 'home/index',
    icon: 'home',
    grants: ALL_STAFF,
  },
];
