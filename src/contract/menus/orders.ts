import { screen, type MenuSeed } from '../menu-seed';
import { ORDER_SCREENS } from '../resources/orders';
import { ORDER_TRANSFER_SCREEN } from '../orders-transfer';

export const order = 18;

const DESK = ['principal', 'sales', 'front_desk'] as const;
// finance reads orders through its own area's screens: order screens would open the student list to it
const READERS = ['principal', 'sales', 'front_desk'] as const;

/** A button and the demo roles that use it. */
const button = (code: string, name: string, grants: readonly string[]): MenuSeed => ({ name, code, type: 2, grants });

/**
 * 订单管理: the orders area (server/modules/orders). Course advisers and the front desk write
 * orders and take payments; the principal audits, amends and changes the teacher.
 * The buttons hang on 全部订单; the other screens are the same orders by state.
 */
export const menus: readonly MenuSeed[] = [
  {
    name: '订单管理',
    code: 'orders',
    type: 0,
    url: '/orders',
    icon: 'order',
    grants: READERS,
    children: [
      {
        ...screen('全部订单', 'orders/all', [], { code: ORDER_SCREENS.all, url: '/orders/all', grants: READERS }),
        children: [
          button('order_form_add', '新增订单', DESK),
          button('order_form_update', '编辑订单', DESK),
          button('order_form_delete', '删除订单', DESK),
          button('order_form_check_order', '审核订单', ['principal']),
          button('order_form_modify', '订单变更', ['principal']),
          button('order_form_confirm_contract', '确认合同', DESK),
          button('order_form_add_exc_detail', '异常说明', DESK),
          button('order_form_modify_raw_teacher', '更换班主任', ['principal']),
          button('order_form_contract_delay', '合同延期', ['principal']),
          button('order_payment_add', '订单收款', ['principal', 'front_desk']),
          button('order_form_transfer_order', '转让订单', ['principal']),
          button('order_form_transfer_campus', '申请转校区', ['principal', 'sales']),
          button('order_form_transfer_campus_audited', '执行转校区', ['principal']),
          button('order_form_add_recommend_gift', '推荐赠品', DESK),
          button('order_student_class_type_add', '转班型', ['principal']),
        ],
      },
      screen('已审核订单', 'orders/audited', [], { code: ORDER_SCREENS.audited, url: '/orders/audited', grants: READERS }),
      screen('已完成订单', 'orders/completed', [], { code: ORDER_SCREENS.completed, url: '/orders/completed', grants: READERS }),
      screen('已完成续费订单', 'orders/completed_jx', [], { code: ORDER_SCREENS.renewal, url: '/orders/completed_renewal', grants: READERS }),
      screen('补差订单', 'orders/completed_bc', [], { code: ORDER_SCREENS.bc, url: '/orders/completed_bc', grants: READERS }),
      screen('未通过订单', 'orders/not_through', [], { code: ORDER_SCREENS.notThrough, url: '/orders/not_through', grants: READERS }),
      screen('转校区记录', 'resource/order_transfer_campus', [], { code: ORDER_TRANSFER_SCREEN.campus, url: '/orders/transfer_campus', grants: ['principal', 'sales'] }),
      {
        ...screen('转班型记录', 'resource/order_student_class_type', [], { code: ORDER_TRANSFER_SCREEN.classType, url: '/orders/class_type_transfer', grants: ['principal'] }),
        children: [button('order_student_class_type_update', '编辑转班型备注', ['principal']), button('order_student_class_type_delete', '撤销转班型', ['principal'])],
      },
      screen('业绩分配', 'resource/order_sch_achievement_divide', [], { code: ORDER_SCREENS.jx, url: '/orders/completed_jx', grants: ['principal', 'sales'] }),
    ],
  },
];
