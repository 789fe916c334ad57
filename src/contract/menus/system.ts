import { kept, screen, type MenuSeed } from '../menu-seed';
import { FULL_VALUE_LABEL, FULL_VALUE_PERM } from '../mask';

export const order = 1;

const crud = (entity: string, label: string): [string, string][] => [
  [`add_${entity}`, `新增${label}`],
  [`update_${entity}`, `编辑${label}`],
  [`del_${entity}`, `删除${label}`],
];
/** Base-data resources use the `<perm>_<verb>` operation codes of their declarations. */
const resourceCrud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];
const recoverable = (entity: string, label: string): [string, string][] => [...crud(entity, label), [`recover_${entity}`, `恢复${label}`]];

/**
 * 系统管理: administrators only (RC999 sees everything); principals manage users of their campuses.
 * 我的导出 is everyone's own list and lives outside it (menus/export.ts), so a role holding nothing
 * else here sees no 系统管理 directory.
 */
export const menus: readonly MenuSeed[] = [
  {
    name: '系统管理',
    code: 'system',
    type: 0,
    url: '/system',
    icon: 'settings',
    children: [
      screen('菜单管理', 'system/menu', crud('menu', '菜单')),
      // 查看完整手机号和证件号 (contract/mask.ts) is also a button of 学员; holding either shows masked columns in full
      screen('用户管理', 'system/user', [...crud('user', '用户'), ['update_password', '重置密码'], [FULL_VALUE_PERM, FULL_VALUE_LABEL]], { grants: ['principal'] }),
      screen('角色管理', 'system/role', [...crud('role', '角色'), ['save_role_menu', '分配菜单'], ['sync_to_i2go', '同步到i2go']]),
      screen('组织管理', 'system/org', crud('org', '组织')),
      screen('区域管理', 'system/area', recoverable('area', '区域')),
      screen('区域模板', 'system/area_template', [...recoverable('area_template', '区域模板'), ...recoverable('area_template_detail', '模板明细')]),
      screen('用户模板', 'system/user_template', [...recoverable('user_template', '用户模板'), ...recoverable('user_template_detail', '模板明细')]),
      screen('域管理', 'system/domain', [...crud('domain', '域'), ['add_domain_menu', '分配菜单']]),
      screen('选项集', 'system/optionset', crud('optionset', '选项集')),
      screen('标签管理', 'system/tag', [...crud('tag_group', '标签组'), ...crud('tag', '标签'), ['add_user_tag', '打标签'], ['del_user_tag', '移除标签']]),
      screen('应用功能', 'system/app_fun', [...crud('app_fun', '应用功能'), ...crud('role_app_fun', '角色功能')]),
      screen('数据权限', 'system/data_permission', [...crud('data_permission', '数据权限'), ...crud('data_permission_detail', '数据权限明细'), ['update_data_perssion', '设置角色数据权限']]),
      screen('通知公告', 'system/notice', [...crud('notice', '通知'), ['publish_notice', '发布'], ['offline_notice', '下线']]),
      screen('用户反馈', 'base/feedback', [['update_feedback', '处理反馈'], ['del_feedback', '删除反馈']]),
      screen('表格列设置', 'system/table_col', [['add_table_col_user', '新增列设置'], ['update_table_col_user', '修改列设置']]),
      // 操作日志: the audit log of every write, rendered from its declaration (resources/misc.ts)
      screen('操作日志', 'resource/logger', [], { code: 'system_logger', url: '/system/logger' }),
      // 设备管理: front-desk tablets in device mode (issue 11), their revocation and staff PINs
      screen('设备管理', 'system/device', [
        ['sys_device_add', '开启设备模式'],
        ['sys_device_update', '重命名设备'],
        ['sys_device_revoke', '吊销设备'],
        ['sys_device_pin', '设置员工PIN'],
      ]),
      screen('操作指南管理', 'teaching/guide', [...crud('guide', '操作指南'), ['publish_guide', '发布操作指南']], kept('system/guide')),
      screen('行政区划', 'base/district', resourceCrud('base_district', '行政区划')),
      screen('机构管理', 'base/organ', resourceCrud('base_organ', '机构')),
      screen('分公司', 'base/sub_company', resourceCrud('base_sub_company', '分公司')),
      screen('员工档案', 'base/user', [...resourceCrud('base_user_detail', '员工档案'), ...crud('user', '用户'), ['update_password', '重置密码']]),
    ],
  },
];
