import { screen, type MenuSeed } from '../menu-seed';

export const order = 25;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

/** A screen whose buttons only these roles get (RC999 holds every menu anyway). */
function buttonsFor(seed: MenuSeed, roles: readonly string[]): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: roles })) };
}

/** Buttons only the head office (RC999) uses: granted to no demo role. */
const headOffice = (seed: MenuSeed): MenuSeed => buttonsFor(seed, []);

/** A screen of the products area: code `products_<key>`, url `/products/<key>`. */
function productScreen(name: string, key: string, component: string, buttons: readonly [string, string][], grants: readonly string[]): MenuSeed {
  return screen(name, component, buttons, { code: `products_${key}`, url: `/products/${key}`, grants });
}

/**
 * 产品管理: the products area (server/modules/products). The catalogue is the head office's:
 * principals, course advisers and finance read it (they sell and collect at these prices); a
 * principal sets their own campuses' fee standards, course schedules and time slots. 班型 stays
 * where installations already have it (基础数据, menus/classes.ts).
 */
export const menus: readonly MenuSeed[] = [
  {
    name: '产品管理',
    code: 'products',
    type: 0,
    url: '/products',
    icon: 'product',
    grants: ['principal', 'sales', 'finance'],
    children: [
      headOffice(
        productScreen(
          '课程包',
          'language_pack',
          'products/language_pack',
          [
            ...crud('prod_language_pack', '课程包'),
            ['prod_language_pack_recover', '恢复课程包'],
            ['prod_language_pack_visible', '上架/下架'],
            ...crud('prod_language_pack_city', '在售校区'),
          ],
          ['principal', 'sales', 'finance'],
        ),
      ),
      buttonsFor(productScreen('收费标准', 'fee_standard', 'resource/prod_fee_standard', [...crud('prod_fee_standard', '收费标准'), ['prod_fee_standard_recover', '恢复收费标准']], ['principal', 'sales', 'finance']), ['principal']),
      headOffice(productScreen('课程路径', 'class_path', 'products/class_path', [...crud('prod_class_path', '课程路径'), ...crud('prod_class_path_step', '路径阶段')], ['principal', 'sales'])),
      buttonsFor(productScreen('课程表', 'course_schedule', 'resource/prod_course_schedule', crud('prod_course_schedule', '课程表'), ['principal', 'sales']), ['principal']),
      productScreen('课程时间段', 'course_schedule_time_set', 'resource/prod_course_schedule_time_set', crud('prod_course_schedule_time_set', '课程时间段'), ['principal']),
      headOffice(productScreen('教材', 'text_book', 'resource/prod_text_book', [...crud('prod_text_book', '教材'), ['prod_text_book_change_status', '启用/停用']], ['principal', 'sales'])),
      headOffice(productScreen('特权', 'privilege', 'resource/prod_privilege', crud('prod_privilege', '特权'), ['principal', 'sales'])),
      headOffice(productScreen('产品分类', 'class_product_categories', 'resource/base_class_product_categories', crud('base_class_product_categories', '产品分类'), ['principal'])),
    ],
  },
];
