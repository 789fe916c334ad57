import type { MenuSeed } from '../menu-seed';

export const order = 0;

/** 首页's dashboards: operation codes granted to the roles whose work they show (admin sees all). */
const HOME_DASHBOARD_BUTTONS: readonly MenuSeed[] = [
  { name: '课程顾问看板', code: 'home_dashboard_ec', type: 2, grants: ['principal', 'sales'] },
  { name: '市场看板', code: 'home_dashboard_mk', type: 2, grants: ['principal', 'telemarketer'] },
  { name: '教务看板', code: 'home_dashboard_ta', type: 2, grants: ['principal', 'teacher', 'foreign_teacher'] },
  { name: '财务看板', code: 'home_dashboard_finance', type: 2, grants: ['principal', 'finance'] },
  { name: '数据统计', code: 'home_data_statistics', type: 2, grants: ['principal', 'finance'] },
];

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
    // the 首页 dashboards, each its own operation code (src/contract/home-dashboards.ts)
    children: HOME_DASHBOARD_BUTTONS,
  },
];
