import { screen, type MenuSeed } from '../menu-seed';

export const order = 22;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

/** A screen whose buttons only the head office (RC999) uses: its roles read it. */
function readOnlyFor(seed: MenuSeed): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: [] })) };
}

/** Buttons granted to fewer roles than their screen: `code → roles`. */
function withButtonGrants(seed: MenuSeed, grants: Readonly<Record<string, readonly string[]>>): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => (grants[b.code] ? { ...b, grants: grants[b.code] } : b)) };
}

const SCHOOL_FILE_PARTS: [string, string][] = [
  ['base_organ_school_rent', '租赁信息'],
  ['base_organ_school_contract', '合同信息'],
  ['base_organ_school_property', '物业信息'],
  ['base_organ_school_picture', '校区图片'],
  ['base_organ_school_license', '证照信息'],
];

/**
 * 校区与签约 of the base area (server/modules/base): campus files and the campus settings, the
 * gifts, channels and protocols of signing. The head office (RC999) keeps them; a principal fills in
 * their campuses' files (premises, contracts, licences, pay and POS codes) and reads the rest;
 * course advisers read what they sell with (在售设置, 签约赠品, 协议类型), telemarketers the channels.
 */
export const menus: readonly MenuSeed[] = [
  {
    name: '校区与签约',
    code: 'base_campus',
    type: 0,
    url: '/base_campus',
    icon: 'org',
    grants: ['principal', 'sales', 'telemarketer', 'finance'],
    children: [
      withButtonGrants(
        screen(
          '校区档案',
          'base/organ_school',
          [
            ...crud('base_organ_school', '校区档案'),
            ['base_organ_school_onoff', '营业/停业'],
            ['base_organ_school_update_sch_code', '校区编码设置'],
            ...SCHOOL_FILE_PARTS.flatMap(([perm, label]) => crud(perm, label)),
          ],
          { code: 'base_organ_school', url: '/base/organ_school', grants: ['principal'] },
        ),
        { base_organ_school_add: [], base_organ_school_delete: [], base_organ_school_onoff: [], base_organ_school_update_sch_code: [] },
      ),
      readOnlyFor(screen('校区限额', 'resource/base_school_of_limit', crud('base_school_of_limit', '校区限额'), { code: 'base_school_of_limit', url: '/base/school_limit', grants: ['principal'] })),
      readOnlyFor(screen('在售设置', 'resource/base_on_sale', crud('base_on_sale', '在售设置'), { code: 'base_on_sale', url: '/base/on_sale', grants: ['principal', 'sales'] })),
      readOnlyFor(
        screen('协议类型', 'base/protocol_type', [...crud('base_protocol_type', '协议类型'), ...crud('base_protocol_type_version', '协议版本'), ...crud('base_protocol_type_organ', '机构协议')], {
          code: 'base_protocol_type',
          url: '/base/protocol_type',
          grants: ['principal', 'sales'],
        }),
      ),
      readOnlyFor(
        screen('签约赠品', 'resource/base_gift', [...crud('base_gift', '签约赠品'), ['base_gift_recover', '恢复签约赠品']], { code: 'base_gift', url: '/base/gift', grants: ['principal', 'sales', 'finance'] }),
      ),
      readOnlyFor(screen('一级渠道', 'resource/base_one_level_channel', crud('base_one_level_channel', '一级渠道'), { code: 'base_one_level_channel', url: '/base/one_level_channel', grants: ['principal', 'telemarketer'] })),
    ],
  },
];
