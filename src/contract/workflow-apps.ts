/**
 * The application screens of the workflow area (spec screens.tsv, area workflow): each is a form
 * bound to the enabled definition of its `tag` (wf_define.tag), listing the caller's applications
 * of that kind. The menus seed (src/contract/menus/workflow.ts), the read permissions and the
 * app's screen registry all read this list; the menu code is `workflow_<key>`.
 */
export interface WfApplication {
  /** component key after `workflow/`, and the menu code after `workflow_` */
  key: string;
  /** menu name */
  name: string;
  /** wf_define.tag of the definition the screen applies with */
  tag: string;
  /** the menu group in the sidebar */
  group: 'plan' | 'student' | 'refund' | 'asset' | 'office';
}

export const WF_APPLICATIONS: readonly WfApplication[] = [
  { key: 'attendance_cancellation', name: '考勤撤销申请', tag: 'attendance_cancel', group: 'office' },
  { key: 'repair', name: '报修申请', tag: 'repair', group: 'office' },
  { key: 'campus_customer_service', name: '校区客服计划', tag: 'campus_cs_plan', group: 'plan' },
  { key: 'campus_market', name: '校区市场计划', tag: 'campus_market_plan', group: 'plan' },
  { key: 'campus_network_plan', name: '校区网络计划', tag: 'campus_network_plan', group: 'plan' },
  { key: 'campus_sales', name: '校区销售计划', tag: 'campus_sales_plan', group: 'plan' },
  { key: 'city_network_plan', name: '城市网络计划', tag: 'city_network_plan', group: 'plan' },
  { key: 'head_network_plan', name: '总部网络计划', tag: 'head_network_plan', group: 'plan' },
  { key: 'customer_service', name: '客服目标', tag: 'cs_target', group: 'plan' },
  { key: 'marketer', name: '市场专员目标', tag: 'marketer_target', group: 'plan' },
  { key: 'salesman', name: '课程顾问目标', tag: 'salesman_target', group: 'plan' },
  { key: 'pre_school_class_aim', name: '学前班招生目标', tag: 'pre_school_aim', group: 'plan' },
  { key: 'renew_target', name: '续费目标', tag: 'renew_target', group: 'plan' },
  { key: 'student_tel_change', name: '学员手机号变更', tag: 'phone_change', group: 'student' },
  { key: 'student_stop_class', name: '学员停课申请', tag: 'stop_class', group: 'student' },
  { key: 'sale_refund', name: '退费申请', tag: 'refund', group: 'refund' },
  { key: 'tb_sale_refund', name: '淘宝订单退费', tag: 'tb_refund', group: 'refund' },
  { key: 'sale_account_refund', name: '账户余额退费', tag: 'account_refund', group: 'refund' },
  { key: 'shengou', name: '资产申购', tag: 'asset_purchase', group: 'asset' },
  { key: 'ruku', name: '资产入库', tag: 'asset_stock_in', group: 'asset' },
  { key: 'shenlin', name: '资产申领', tag: 'asset_requisition', group: 'asset' },
  { key: 'feiqi', name: '资产报废', tag: 'asset_scrap', group: 'asset' },
];

export const WF_APP_GROUPS: Record<WfApplication['group'], string> = { office: '行政申请', plan: '计划与目标', student: '学员事务', refund: '退费管理', asset: '资产管理' };

export function applicationMenuCode(app: Pick<WfApplication, 'key'>): string {
  return `workflow_${app.key}`;
}

/** Menu code of 账户余额退费: the screen that accepts a student (受理学员) and reads their account balance. */
export const ACCOUNT_REFUND_SCREEN = 'workflow_sale_account_refund';
/** ref_type (= tag) of 账户余额退费 applications: the finance area checks them and pays out on approval. */
export const ACCOUNT_REFUND_REF_TYPE = 'account_refund';

/** Menu code of 报修申请 › 申请成功 (hidden: the screen a sent repair application opens). */
export const REPAIR_SUCCESS_SCREEN = 'workflow_repair_success';
/** Menu code of 报修申请 › 维修入库: a repaired item goes back into the campus's stock (a 资产入库 application). */
export const REPAIR_RUKU_SCREEN = 'workflow_repair_ruku';
