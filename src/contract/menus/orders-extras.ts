import { screen, type MenuSeed } from '../menu-seed';
import { ORDER_EXTRA_SCREEN as S } from '../orders-extras';

/**
 * 订单管理's lists around the order (src/contract/resources/orders-extras.ts). The directory's code
 * `orders` is shared with the order screens' seed (menus/orders.ts): the sync keys a menu by its
 * path of codes, so both files' screens land in one 订单管理 directory.
 */
export const order = 30;

const crud = (perm: string, label: string): [string, string][] => [
  [`${perm}_add`, `新增${label}`],
  [`${perm}_update`, `编辑${label}`],
  [`${perm}_delete`, `删除${label}`],
];
const recover = (perm: string, label: string): [string, string] => [`${perm}_recover`, `恢复${label}`];

function orderScreen(name: string, code: string, component: string, buttons: readonly [string, string][], grants: readonly string[]): MenuSeed {
  return screen(name, component, buttons, { code, url: `/orders/${code.replace(/^orders_/, '')}`, grants });
}

/** The installment dialogs (合同、修改、退费、续费、终止、转让) and the overdue handling. */
const INSTALLMENT_BUTTONS: readonly [string, string][] = [
  ['order_installment_save_plan', '保存分期计划'],
  ['order_installment_pay', '分期还款'],
  ['order_installment_modify_plan', '修改分期计划'],
  ['order_form_overdue_treatment', '逾期处理'],
  ['order_form_overdue_recovery', '逾期恢复'],
  ['order_form_installment_withholding_authorization', '代扣授权'],
  ['order_installment_termination', '终止分期'],
  ['order_form_transfer_installment_order', '分期订单转让'],
];

export const menus: readonly MenuSeed[] = [
  {
    name: '订单管理',
    code: 'orders',
    type: 0,
    url: '/orders',
    icon: 'order',
    grants: ['principal', 'sales', 'finance', 'front_desk'],
    children: [
      orderScreen(
        '学员赠品',
        S.studentGift,
        'orders/student_gift',
        [
          ...crud('order_student_gift', '学员赠品'),
          recover('order_student_gift', '学员赠品'),
          ['order_student_gift_give_gift', '发放赠品'],
          ['order_student_gift_update_return', '赠品退回'],
        ],
        ['principal', 'sales', 'front_desk'],
      ),
      // the gift's buttons are 学员赠品's: a holder of 发放赠品 / 赠品退回 uses them on these views too
      orderScreen('推荐赠品', S.recommendGift, 'orders/recommend_gift', [], ['principal', 'sales', 'front_desk']),
      orderScreen('老学员推荐', S.oldRecommend, 'orders/old_recommend', [], ['principal', 'sales', 'front_desk']),
      orderScreen(
        '退费',
        S.refund,
        'orders/refund',
        [
          ['order_refund_update_submission', '提交退费'],
          ['order_refund_update_relief', '退费减免'],
          ['order_refund_revocation', '撤销退费'],
          ['order_refund_actual_refund', '确认退款'],
        ],
        ['principal', 'sales'],
      ),
      orderScreen('退费付款记录', S.refundPayment, 'orders/refund_payment', [], ['principal']),
      orderScreen('分期订单', S.installment, 'orders/installment', INSTALLMENT_BUTTONS, ['principal', 'sales']),
      orderScreen('分期续费订单', S.installmentJx, 'orders/installment_jx', INSTALLMENT_BUTTONS, ['principal', 'sales']),
      orderScreen('免扣课记录', S.excused, 'resource/edu_order_excused', [...crud('edu_order_excused', '免扣课记录'), recover('edu_order_excused', '免扣课记录')], ['principal', 'front_desk']),
      orderScreen('淘宝订单', S.tbForm, 'resource/order_tb_form', [...crud('order_tb_form', '淘宝订单'), recover('order_tb_form', '淘宝订单')], ['principal', 'sales']),
      orderScreen('赠券配置', S.ticketConfig, 'resource/order_form_give_ticket_config', [...crud('order_form_give_ticket_config', '赠券配置'), recover('order_form_give_ticket_config', '赠券配置')], ['principal', 'sales']),
      orderScreen('退费原因', S.refundReason, 'resource/order_refund_detail_reason', [...crud('order_refund_detail_reason', '退费原因'), recover('order_refund_detail_reason', '退费原因')], ['principal', 'finance']),
    ],
  },
];
