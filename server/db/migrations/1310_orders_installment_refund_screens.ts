import { sql, type Kysely } from 'kysely';

/** The menus (seed codes never change) and the screens they show now; each still showed the shared list. */
const MOVED: readonly { code: string; from: string; to: string }[] = [
  { code: 'orders_installment', from: 'resource/order_installment', to: 'orders/installment' },
  { code: 'orders_installment_jx', from: 'resource/order_installment', to: 'orders/installment_jx' },
  { code: 'orders_refund', from: 'resource/order_refund', to: 'orders/refund' },
  { code: 'orders_refund_payment', from: 'resource/order_refund', to: 'orders/refund_payment' },
];

/**
 * 分期订单, 分期续费订单, 退费 and 退费付款记录 were the declared lists (resource/<name>), whose
 * buttons had no dialogs; they are screens of the orders area now (src/features/orders/installment,
 * refund). Two menus shared each old key, so RENAMED_SCREEN_KEYS cannot move them: each menu is
 * moved by its code, and only while it still names the old key (a menu an administrator pointed
 * elsewhere stays). A fresh database has no menus yet here; its seed names the new keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const m of MOVED) {
    await sql`update menus set component = ${m.to} where code = ${m.code} and component = ${m.from}`.execute(db);
  }
}
