import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { FlowKind } from '../../../../src/contract/resources/finance-flows';

/**
 * What the reconciliation needs of a receipt (收据, fin_stu_account_receipts of the student
 * accounts part): its number, signed amount in fen (a refund receipt negative), when it was paid,
 * the channel it was paid through when known and the channel's reference it names (trade or
 * order number), so a flow can be matched by reference first, then by amount and time.
 */
export interface ReceiptForReconciliation {
  id: number;
  receipt_no: string;
  amount: number;
  paid_at: string;
  channel: FlowKind | null;
  reference: string | null;
}

/** Where receipts come from: the student accounts' receipts, through the finance public module. */
export interface ReceiptSource {
  receiptsOfDay(db: Kysely<Database>, schoolId: number, day: string): Promise<ReceiptForReconciliation[]>;
  /** the paid amount (fen) of a receipt by its number at a campus, for the invoice limit; undefined when unknown */
  paidOfReceipt(db: Kysely<Database>, schoolId: number, receiptNo: string): Promise<number | undefined>;
}

/** Until receipts are connected every flow stays unmatched: nothing is invented. */
const NO_RECEIPTS: ReceiptSource = {
  receiptsOfDay: async () => [],
  paidOfReceipt: async () => undefined,
};

let source: ReceiptSource = NO_RECEIPTS;

/** Connects the receipts (at start by the finance area; tests may give their own). */
export function setReceiptSource(next: ReceiptSource | undefined): void {
  source = next ?? NO_RECEIPTS;
}

export function receiptSource(): ReceiptSource {
  return source;
}
