import { screen, type MenuSeed } from '../menu-seed';
import { CRM_SCREEN } from '../../../../src/contract/resources/crm';

/**
 * 客户关系 (crm): the points mall's gifts and the points ledger. The spec's other crm screens are
 * served where they already were (docs/crm.md): 客户投诉 is 教学管理's 客诉工单, 积分管理 is
 * 学员管理's 积分学员 (增加积分 / 扣减积分).
 */
export const order = 45;

/** Principals run their campuses' points; finance checks them (and keeps the gift exchange). */
const GRANTS = ['principal', 'finance'] as const;

/** The mall is one for every campus: its gifts and stock are kept by finance (and the administrator). */
function headOffice(seed: MenuSeed): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: ['finance'] })) };
}

export const menus: readonly MenuSeed[] = [
  {
    name: '客户关系',
    code: 'crm',
    type: 0,
    url: '/crm',
    icon: 'crm',
    grants: GRANTS,
    children: [
      headOffice(
        screen(
          '积分商城礼品',
          'resource/crm_mall_gift',
          [
            ['crm_mall_gift_add', '新增商城礼品'],
            ['crm_mall_gift_update', '编辑商城礼品'],
            ['crm_mall_gift_delete', '删除商城礼品'],
            ['crm_mall_gift_recover', '恢复商城礼品'],
          ],
          { code: CRM_SCREEN.mallGift, url: '/crm/mall_gift', grants: GRANTS },
        ),
      ),
      // the ledger names students: finance reads no student records (tests/server/read-permission.test.ts)
      screen('积分记录', 'crm/points_record', [], { code: CRM_SCREEN.pointsRecord, url: '/crm/points_record', grants: ['principal'] }),
    ],
  },
];
