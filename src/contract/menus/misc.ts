import { screen, type MenuSeed } from '../menu-seed';
import { UNICOM_SCREEN } from '../resources/misc-unicom';

/**
 * The misc area's screens (docs/misc.md), placed in the directories where staff look for them:
 * 市场管理 › 隐私号通话 (the callers of leads), 系统管理 › 隐私号设置 (principals for their campuses)
 * and 服务商请求记录 (the administrator alone: it shows verification codes in full). Both
 * directories are the marketing and system seeds' own (a directory is kept as one by its code).
 */
export const order = 95;

const WORKERS = ['principal', 'telemarketer', 'sales'] as const;

export const menus: readonly MenuSeed[] = [
  {
    name: '市场管理',
    code: 'marketing',
    type: 0,
    url: '/marketing',
    icon: 'speakerphone',
    grants: WORKERS,
    children: [
      screen(
        '隐私号通话',
        'misc/unicom_binding',
        [
          ['unicom_provide', '绑定隐私号'],
          ['unicom_update', '隐私号延期'],
          ['unicom_release', '解绑隐私号'],
          ['unicom_call', '隐私号呼叫'],
        ],
        { code: UNICOM_SCREEN.binding, url: '/marketing/unicom', grants: WORKERS },
      ),
    ],
  },
  {
    name: '系统管理',
    code: 'system',
    type: 0,
    url: '/system',
    icon: 'settings',
    children: [
      screen('隐私号设置', 'misc/unicom_account', [['unicom_set', '保存隐私号设置']], { code: UNICOM_SCREEN.account, url: '/system/unicom', grants: ['principal'] }),
      screen('服务商请求记录', `resource/${UNICOM_SCREEN.providerLog}`, [], { code: UNICOM_SCREEN.providerLog, url: '/system/provider_request' }),
    ],
  },
];
