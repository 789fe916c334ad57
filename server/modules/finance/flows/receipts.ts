import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { FlowKind } from '../../../../src/contract/resources/finance-flows';
import '../schema';

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

/** Pay methods of receipts that a channel pays (cash and account transfers have no channel flow). */
const CHANNEL_OF_METHOD: Readonly<Record<string, FlowKind | null>> = {
  wechat: null,
  alipay: null,
  pos: 'ysepay',
  card: null,
  transfer: null,
  zhongjin: null,
  qr: 'ysepay_qr',
};
const VALID = 1;

/**
 * The student accounts' receipts (fin_stu_account_receipts, the same area): valid receipts of the
 * campus and business day paid through a channel (not cash), paid at their issue time; a cancelled
 * receipt and its reversal are left out (the payment did not stand). `ref_id` is the reference a
 * flow may carry (the order or trade number).
 */
export const studentAccountReceipts: ReceiptSource = {
  async receiptsOfDay(db, schoolId, day) {
    const rows = await db
      .selectFrom('fin_stu_account_receipts')
      .select(['id', 'receipt_no', 'amount', 'created_at', 'pay_method', 'ref_id'])
      .where('school_id', '=', schoolId)
      .where('biz_date', '=', day)
      .where('state', '=', VALID)
      .where('reverses_id', 'is', null)
      .where('pay_method', 'in', Object.keys(CHANNEL_OF_METHOD))
      .execute();
    return rows.map((r) => ({
      id: r.id,
      receipt_no: r.receipt_no,
      amount: Number(r.amount),
      paid_at: r.created_at ?? `${day} 12:00:00`,
      channel: CHANNEL_OF_METHOD[r.pay_method] ?? null,
      reference: r.ref_id,
    }));
  },
  async paidOfReceipt(db, schoolId, receiptNo) {
    const row = await db.selectFrom('fin_stu_account_receipts').select('amount').where('school_id', '=', schoolId).where('receipt_no', '=', receiptNo).where('state', '=', VALID).executeTakeFirst();
    return row ? Number(row.amount) : undefined;
  },
};

let source: ReceiptSource = studentAccountReceipts;

/** Replaces the receipts (tests give their own); undefined goes back to the student accounts' receipts. */
export function setReceiptSource(next: ReceiptSource | undefined): void {
  source = next ?? studentAccountReceipts;
}

export function receiptSource(): ReceiptSource {
  return source;
}
