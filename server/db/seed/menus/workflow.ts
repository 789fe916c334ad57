import type { MenuSeed } from '../menu-seed';
import { ALL_STAFF } from './home';

// after the classes area's menus, where 考勤打卡 was seeded before it had its own file
export const order = 20;

/** 考勤打卡 of the workflow area (server/modules/workflow): every member of staff punches from the user menu. */
export const menus: readonly MenuSeed[] = [
  {
    name: '考勤打卡',
    code: 'workflow_clock_in',
    type: 1,
    url: '/wf/clockIn',
    component: 'workflow/clock_in',
    hidden: 1,
    grants: ALL_STAFF,
    children: [
      { name: '打卡', code: 'wf_clock_in_punch', type: 2 },
      { name: '查看全部打卡', code: 'wf_clock_in_all', type: 2, grants: ['principal'] },
    ],
  },
];
