import { screen, type MenuSeed } from '../menu-seed';
import { CRM_SCREEN } from '../resources/crm';

/**
 * 客户关系 (crm): the customers, their points (积分管理: 增加 / 扣减 / 冲正), the points mall's
 * gifts and the points ledger. 客户投诉 is served where it already was (docs/crm.md): 教学管理's
 * 客诉工单.
 */
export const order = 45;

/** Principals run their campuses' points; finance checks them (and keeps the gift exchange). */
const GRANTS = ['principal', 'finance'] as const;

/** The front desk grants and deducts points day to day; course consultants look their customers up. */
const CUSTOMER_GRANTS = ['principal', 'front_desk', 'sales'] as const;
const POINTS_GRANTS = ['principal', 'front_desk'] as const;

/** The mall is one for every campus: its gifts and stock are kept by finance (and the administrator). */
function headOffice(seed: MenuSeed): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: ['finance'] })) };
}

function withButton(seed: MenuSeed, button: MenuSeed): MenuSeed {
  return { ...seed, children: [...(seed.children ?? []), button] };
}

export const menus: readonly MenuSeed[] = [
  {
    name: '客户关系',
    code: 'crm',
    type: 0,
    url: '/crm',
    icon: 'crm',
    grants: [...GRANTS, 'front_desk', 'sales'],
    children: [
      // finance reads no student records (tests/server/read-permission.test.ts): neither screen is theirs
      screen('客户列表', 'crm/customers', [], { code: CRM_SCREEN.customers, url: '/crm/customers', grants: CUSTOMER_GRANTS }),
      withButton(
        screen(
          '积分管理',
          'crm/points',
          [
            // the students area's own calls (student/add_integral, reduce_integral), as on 全部学员
            ['student_add_integral', '增加积分'],
            ['student_reduce_integral', '扣减积分'],
          ],
          { code: CRM_SCREEN.points, url: '/crm/points', grants: POINTS_GRANTS },
        ),
        // a correction undoes what someone else posted: the principal's
        { name: '冲正积分', code: 'crm_points_reverse', type: 2, grants: ['principal'] },
      ),
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
