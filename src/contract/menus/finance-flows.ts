import { screen, type MenuSeed } from '../menu-seed';
import { FIN_SCREEN, FLOW_KINDS, flowScreen } from '../resources/finance-flows';

/**
 * 财务管理, the payment-channel part (issue 16): merchants, channel flows, reconciliation,
 * invoices, POS devices, gift exchange, book orders, e-commerce orders. Kept apart from the
 * student accounts' menus (menus/finance.ts) so both parts merge without conflicts; both name the
 * same directory `finance`, which the menu sync keeps as one (its seed key is its code).
 */
export const order = 40;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];

/** A screen of this part: code as in FIN_SCREEN, url `/finance/<key>`. */
function finScreen(name: string, code: string, component: string, buttons: readonly [string, string][], grants: readonly string[] = ['finance']): MenuSeed {
  return screen(name, component, buttons, { code, url: `/${code.replace(/^finance_/, 'finance/')}`, grants });
}

/** Buttons only these roles get (the screen may be seen by more). */
function buttonsFor(seed: MenuSeed, roles: readonly string[], only?: readonly string[]): MenuSeed {
  return { ...seed, children: seed.children?.map((b) => (only && !only.includes(b.code) ? { ...b, grants: ['finance'] } : { ...b, grants: roles })) };
}

/** Principals work their campuses' flows and reconciliation too (finance sees every campus). */
const CAMPUS_FINANCE = ['finance', 'principal'] as const;

const flowScreens: MenuSeed[] = FLOW_KINDS.map((k) =>
  finScreen(k.title, flowScreen(k.name), `finance/${k.kind}_flowing`, [
    [`${k.name}_update`, `编辑${k.title}`],
    [`${k.name}_delete`, `删除${k.title}`],
    [`${k.name}_bind_student`, '绑定学员'],
    [`${k.name}_unbind_student`, '解绑学员'],
    [`${k.name}_trans_sch`, '转校区'],
  ], CAMPUS_FINANCE),
);

export const menus: readonly MenuSeed[] = [
  {
    name: '财务管理',
    code: 'finance',
    type: 0,
    url: '/finance',
    icon: 'money',
    grants: ['finance'],
    children: [
      finScreen('渠道流水', FIN_SCREEN.flowing, 'finance/flowing', [['fin_flow_import_statement', '导入对账单'], ['fin_flow_download_statement', '下载对账单']], CAMPUS_FINANCE),
      ...flowScreens,
      finScreen('对账', FIN_SCREEN.reconciliation, 'finance/reconciliation', [
        ...crud('fin_reconciliations', '对账日'),
        ['fin_reconciliations_close', '关账'],
        ['fin_reconciliations_reopen', '重新打开对账日'],
        ...crud('fin_reconciliation_records', '对账记录'),
        ['fin_reconciliation_records_reconciliation', '执行对账'],
        ['fin_reconciliation_records_resolve', '处理差异'],
      ], CAMPUS_FINANCE),
      buttonsFor(
        finScreen('发票', FIN_SCREEN.invoice, 'finance/invoice', [...crud('fin_invoice', '发票申请'), ['fin_invoice_issue', '开具发票'], ['fin_invoice_void', '作废发票']], ['finance', 'principal']),
        ['finance', 'principal'],
        ['fin_invoice_add', 'fin_invoice_update', 'fin_invoice_delete'],
      ),
      buttonsFor(
        finScreen(
          '礼品兑换',
          FIN_SCREEN.gift,
          'finance/gift_exchange',
          [
            ...crud('fin_exchange_gift_order', '兑换单'),
            ['fin_exchange_gift_order_check_by_branch_office', '分校审核'],
            ['fin_exchange_gift_order_check_by_head_office', '总部审核'],
            ['fin_exchange_gift_order_deliver', '发放礼品'],
          ],
          ['finance', 'principal'],
        ),
        ['finance', 'principal'],
        ['fin_exchange_gift_order_add', 'fin_exchange_gift_order_update', 'fin_exchange_gift_order_delete', 'fin_exchange_gift_order_check_by_branch_office'],
      ),
      buttonsFor(finScreen('教材订单', FIN_SCREEN.book, 'resource/fin_book_order', crud('fin_book_order', '教材订单'), ['finance', 'principal']), ['finance', 'principal']),
      finScreen('POS机', FIN_SCREEN.pos, 'resource/fin_pos_device', crud('fin_pos_device', 'POS机')),
      finScreen('易宝商户', FIN_SCREEN.yeepay, 'resource/fin_yeepay', crud('fin_yeepay', '易宝商户')),
      finScreen('银盛商户', FIN_SCREEN.ysepay, 'resource/fin_ysepay', crud('fin_ysepay', '银盛商户')),
      finScreen('电商订单', FIN_SCREEN.ec, 'resource/fin_ec_of_yj', []),
    ],
  },
];
