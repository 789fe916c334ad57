import type { Kysely } from 'kysely';
import { createLedgerTable } from '../../lib/ledger-table';

/**
 * The two ledgers of the orders area (server/modules/orders/ledgers.ts): a contract line's lesson
 * hours in hundredths (account `line:<id>`) and its money in fen, split into the paid part
 * (`paid:<id>`) and the promotion part (`promo:<id>`: discount and gifts). Append-only; the
 * contract lines themselves are a declared table (src/contract/resources/orders.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLedgerTable(db, 'order_hours_flow');
  await createLedgerTable(db, 'order_money_flow');
}
