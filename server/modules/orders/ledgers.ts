import { defineLedger } from '../../lib/ledger';

/**
 * The ledgers of the orders area (tables of migration 0450), never below zero:
 * - hoursLedger, account `line:<contract line id>`: lesson hours in hundredths;
 * - moneyLedger, accounts `paid:<id>` (money the parent paid for the line) and `promo:<id>`
 *   (the promotion part: discount and gift hours valued at list price), in fen.
 * Biz types of the hour ledger: purchase, gift, grant, opening, transfer_in (credits);
 * consumption, refund, transfer_out, forfeit (debits); reversal (the opposite of one of them).
 */
export const hoursLedger = defineLedger({ table: 'order_hours_flow' });
export const moneyLedger = defineLedger({ table: 'order_money_flow' });

export const lineAccount = (lineId: number): string => `line:${lineId}`;
export const paidAccount = (lineId: number): string => `paid:${lineId}`;
export const promoAccount = (lineId: number): string => `promo:${lineId}`;

/** Hour postings that add to a line. */
export const CREDIT_TYPES = ['purchase', 'gift', 'grant', 'opening', 'transfer_in'] as const;
/** Hour postings that take from a line, each counted in its own column of the invariant. */
export const DEBIT_TYPES = ['consumption', 'refund', 'transfer_out', 'forfeit'] as const;
export type DebitType = (typeof DEBIT_TYPES)[number];

/** `line:12` → 12 */
export function lineIdOf(account: string): number {
  return Number(account.slice(account.indexOf(':') + 1));
}
