import type { ComponentType } from 'react';

/** Screens of system administration, by menu component key (src/contract/menus/system.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'system/menu': () => import('./menu/MenuPage'),
  'system/user': () => import('./user/UserPage'),
  'system/role': () => import('./role/RolePage'),
  'system/org': () => import('./org/OrgPage'),
  'system/area': () => import('./area/AreaPage'),
  'system/area_template': () => import('./template/AreaTemplatePage'),
  'system/user_template': () => import('./template/UserTemplatePage'),
  'system/domain': () => import('./domain/DomainPage'),
  'system/optionset': () => import('./optionset/OptionSetPage'),
  'system/tag': () => import('./tag/TagPage'),
  'system/app_fun': () => import('./appfun/AppFunPage'),
  'system/data_permission': () => import('./datapermission/DataPermissionPage'),
  'system/notice': () => import('./notice/NoticePage'),
  'system/table_col': () => import('./tableCol/TableColPage'),
  'system/device': () => import('./device/DeviceScreen'),
};
