import type { ComponentType } from 'react';

/** Screens of the orders area by menu component key (src/contract/menus/orders.ts). */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  'orders/all': () => import('./AllOrdersScreen'),
  'orders/audited': () => import('./AuditedOrdersScreen'),
  'orders/completed': () => import('./CompletedOrdersScreen'),
  'orders/completed_bc': () => import('./CompletedBcOrdersScreen'),
  'orders/completed_jx': () => import('./CompletedRenewalOrdersScreen'),
  'orders/not_through': () => import('./NotThroughOrdersScreen'),
  'orders/student_gift': () => import('./StudentGiftScreen'),
  'orders/recommend_gift': () => import('./RecommendGiftScreen'),
  'orders/old_recommend': () => import('./OldRecommendScreen'),
  'orders/installment': () => import('./installment/InstallmentOrdersScreen'),
  'orders/installment_jx': () => import('./installment/InstallmentJxScreen'),
  'orders/refund': () => import('./refund/RefundScreen'),
  'orders/refund_payment': () => import('./refund/RefundPaymentScreen'),
};
