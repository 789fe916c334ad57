import { screen, type MenuSeed } from '../menu-seed';
import { PT_PERMS, PT_SCREENS } from '../parttime';

export const order = 32;

const PRINCIPAL = ['principal'];

/**
 * 地推兼职: the part-time acquirers (兼职人员管理: list, 业绩, 考勤, 操作记录) and the families they
 * collected (地推资源: 查重, 修改, 转入市场), served by the open API (src/contract/parttime.ts).
 * Campus principals hold both screens and their buttons for their own campuses.
 */
export const menus: readonly MenuSeed[] = [
  {
    name: '地推兼职',
    code: 'pt_parttime',
    type: 0,
    url: '/parttime',
    icon: 'user',
    grants: PRINCIPAL,
    children: [
      screen(
        '兼职人员管理',
        'parttime/part_time_user',
        [
          [PT_PERMS.add, '新增兼职人员'],
          [PT_PERMS.update, '编辑兼职人员'],
          [PT_PERMS.delete, '删除兼职人员'],
          [PT_PERMS.updateTarget, '修改目标'],
          [PT_PERMS.updateState, '修改状态'],
          [PT_PERMS.toSeller, '转为销售'],
        ],
        { code: PT_SCREENS.users, grants: PRINCIPAL },
      ),
      screen(
        '地推资源',
        'parttime/acquirer_student',
        [
          [PT_PERMS.studentUpdate, '编辑地推资源'],
          [PT_PERMS.addMkt, '转入市场'],
        ],
        { code: PT_SCREENS.students, grants: PRINCIPAL },
      ),
    ],
  },
];
