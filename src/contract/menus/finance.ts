import { screen, type MenuSeed } from '../menu-seed';
import { FIN_SCREEN } from '../finance-accounts';
import { WITHHOLD_DUE_CODE } from '../finance-withholding';

export const order = 40;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

/** Finance staff everywhere; principals see and collect in their campuses; the front desk takes payments. */
const FINANCE = ['finance', 'principal'] as const;
const CASHIERS = ['finance', 'principal', 'front_desk'] as const;

/** A screen whose buttons only these roles get. */
function buttonsFor(seed: MenuSeed, roles: readonly string[]): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: roles })) };
}

// ---------------------------------------------------------------------------------------------
// Student accounts, receipts, deposits, refunds, reports, dashboard, service rates, 中金 accounts
// (server/modules/finance accounts part: account-routes.ts, receipt-routes.ts …)
// ---------------------------------------------------------------------------------------------
/** Buttons of 学员账户 the front desk uses too (taking money); the rest are finance's and the principal's. */
const FRONT_BUTTONS = new Set(['fn_student_account_deposit_payment', 'fn_student_account_qr_pay_code', 'payment_binding', 'payment_confirm_binding', 'payment_quick_pay', 'payment_confirm_quick_pay']);

function accountScreen(seed: MenuSeed): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => ({ ...b, grants: FRONT_BUTTONS.has(b.code) ? CASHIERS : FINANCE })) };
}

const ACCOUNT_MENUS: readonly MenuSeed[] = [
  accountScreen(
    screen(
      '学员账户',
      'finance/student_accounts',
      [
        ['fn_student_account_deposit_payment', '账户充值'],
        ['fn_student_account_transfer', '账户转账'],
        ['fn_student_account_refund', '账户退款'],
        ['fn_student_account_modify_balance', '申请余额调整'],
        ['fn_student_account_check_modify_balance', '审核余额调整'],
        ['fn_student_account_qr_pay_code', '收款二维码'],
        ['fin_stu_account_flow_add', '赠送/期初余额'],
        ['fin_stu_account_flow_update', '修改储值流水'],
        ['fin_stu_account_flow_delete', '冲正储值流水'],
        ['payment_binding', '绑定银行卡'],
        ['payment_confirm_binding', '确认绑卡'],
        ['payment_quick_pay', '快捷支付'],
        ['payment_confirm_quick_pay', '确认快捷支付'],
        ['payment_unbinding', '解绑银行卡'],
      ],
      { code: FIN_SCREEN.accounts, grants: CASHIERS },
    ),
  ),
  buttonsFor(
    screen(
      '收据管理',
      'finance/receipts',
      [
        ['fin_stu_account_receipts_add', '开具收据'],
        ['fin_stu_account_receipts_cancellation', '作废收据'],
        ['fin_stu_account_receipts_initial_generation', '期初收据生成'],
      ],
      { code: FIN_SCREEN.receipts, grants: CASHIERS },
    ),
    FINANCE,
  ),
  buttonsFor(
    screen('服务费率', 'resource/base_organ_service_rate', [...crud('base_organ_service_rate', '服务费率'), ['base_organ_service_rate_change_status', '启用/停用服务费率']], {
      code: FIN_SCREEN.serviceRate,
      url: '/finance/service_rate',
      grants: FINANCE,
    }),
    ['finance'],
  ),
  buttonsFor(
    screen(
      '定金与分期',
      'finance/deposits',
      [
        ['fin_of_deposit_detail_installment_pay', '分期收款'],
        [WITHHOLD_DUE_CODE, '代扣到期分期'],
      ],
      { code: FIN_SCREEN.deposits, grants: FINANCE },
    ),
    FINANCE,
  ),
  // 财务报表 and 财务看板 only read (src/contract/finance-reports.ts): no buttons
  screen('财务报表', 'finance/reports', [], { code: FIN_SCREEN.reports, grants: FINANCE }),
  screen('财务看板', 'finance/finance_dashboard', [], { code: FIN_SCREEN.dashboard, grants: FINANCE }),
  // 月结: principals read the closed months of their campuses; finance closes
  buttonsFor(screen('月结', 'finance/month_close', [['fin_month_close_close', '月结']], { code: FIN_SCREEN.monthClose, grants: FINANCE }), ['finance']),
  buttonsFor(screen('中金账户', 'resource/zj_account', crud('zj_account', '中金账户'), { code: FIN_SCREEN.zjAccount, url: '/finance/zj_account', grants: ['finance'] }), ['finance']),
];
// ---------------------------------------------------------------------------------------------

/** 财务管理: the finance area (server/modules/finance). */
export const menus: readonly MenuSeed[] = [
  {
    name: '财务管理',
    code: 'finance',
    type: 0,
    url: '/finance',
    icon: 'finance',
    grants: CASHIERS,
    children: [...ACCOUNT_MENUS],
  },
];
