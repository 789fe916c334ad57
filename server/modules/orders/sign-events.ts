import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderRow } from './order-rules';

/** An order that has just become signed (审核通过, 已审核), in the transaction that signed it. */
export interface OrderSignedEvent {
  db: Kysely<Database>;
  order: OrderRow;
}
export type OrderSignedHandler = (event: OrderSignedEvent) => Promise<void>;

const signedHandlers: OrderSignedHandler[] = [];

/**
 * What another area does when an order is signed (marketing stamps the lead the student came from as
 * 签约): the areas above orders register here at module load, so orders never imports them.
 */
export function onOrderSigned(handler: OrderSignedHandler): void {
  if (!signedHandlers.includes(handler)) signedHandlers.push(handler);
}

/** Runs the registered handlers, in the signing transaction (a handler that throws undoes the audit). */
export async function orderSigned(db: Kysely<Database>, order: OrderRow): Promise<void> {
  for (const handler of signedHandlers) await handler({ db, order });
}
