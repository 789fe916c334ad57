import { kept, screen, type MenuSeed } from '../menu-seed';
import { ALL_STAFF } from './home';

export const order = 90;

/**
 * 我的导出: one's own export files, for every role, opened from the user menu (like 考勤打卡), not
 * from 系统管理, so a role holding nothing else there sees no 系统管理 directory.
 */
export const menus: readonly MenuSeed[] = [screen('我的导出', 'export/export_task', [['cancel_export', '取消导出']], { ...kept('system/export_task'), hidden: 1, icon: 'list', grants: ALL_STAFF })];
