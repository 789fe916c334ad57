import { screen, type MenuSeed } from '../menu-seed';

export const order = 0;

const ALL_STAFF = ['principal', 'telemarketer', 'sales', 'teacher', 'foreign_teacher', 'front_desk', 'finance'] as const;

/** 首页, and 我的导出 (one's own export files, opened from the user menu like 考勤打卡): every role. */
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
  screen('我的导出', 'system/export_task', [['cancel_export', '取消导出']], { hidden: 1, icon: 'list', grants: ALL_STAFF }),
];
