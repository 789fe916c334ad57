import type { ComponentType } from 'react';
import { WF_APPLICATIONS } from '../../contract/workflow-apps';

type Loader = () => Promise<{ default: ComponentType }>;

/** Application screens: one generic screen per menu key, bound to its definition's tag. */
const applications: Record<string, Loader> = Object.fromEntries(
  WF_APPLICATIONS.map((app) => [`workflow/${app.key}`, () => import('./apply/ApplyScreen').then((m) => ({ default: m.applicationScreen(app.key) }))]),
);

/** Workflow screens by menu component key; workflow/clock_in is the hidden route /wf/clockIn. */
export const screens: Record<string, Loader> = {
  'workflow/clock_in': () => import('./clockIn/ClockInScreen'),
  'workflow/todo_list': () => import('./tasks/TaskCenterScreen').then((m) => ({ default: m.TodoListScreen })),
  'workflow/done_list': () => import('./tasks/TaskCenterScreen').then((m) => ({ default: m.DoneListScreen })),
  'workflow/my_applies': () => import('./tasks/TaskCenterScreen').then((m) => ({ default: m.MyAppliesScreen })),
  // /task/task_center/apply?ref_type= and /task/task_center/approval?ref_type= (fixed routes)
  'workflow/apply': () => import('./apply/ApplyScreen'),
  'workflow/approval': () => import('./tasks/ApprovalRouteScreen'),
  'workflow/module': () => import('./tasks/MonitorScreen').then((m) => ({ default: m.MonitorScreen })),
  'workflow/excel_export': () => import('./tasks/MonitorScreen').then((m) => ({ default: m.ExportScreen })),
  'workflow/define_list': () => import('./DefineListScreen'),
  'workflow/define_edit': () => import('./designer/DesignerScreen'),
  'workflow/asset_stock': () => import('./assets/AssetStockScreen'),
  ...applications,
  // 退费申请 files a real 退费单 in five steps instead of the generic form
  'workflow/sale_refund': () => import('./refund/SaleRefundScreen'),
  // 报修申请 opens 申请成功 after sending; 维修入库 puts a repaired item back into stock
  'workflow/repair': () => import('./repair/RepairScreen'),
  'workflow/repair_success': () => import('./repair/RepairSuccessScreen'),
  'workflow/repair_ruku': () => import('./repair/RepairRukuScreen'),
  // 账户余额退费 accepts a student (受理学员) before its form
  'workflow/sale_account_refund': () => import('./accountRefund/AccountRefundScreen'),
};
