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
  /** a valid (not cancelled) receipt by its number at a campus, for the invoice limit; undefined when unknown */
  receiptOf(db: Kysely<Database>, schoolId: number, receiptNo: string): Promise<{ amount: number; student_id: number } | undefined>;
  /** what a student paid at a campus (fen): 收费 less 退费 and reversals, for the invoice limit */
  netPaidOfStudent(db: Kysely<Database>, schoolId: number, studentId: number): Promise<number>;
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
  async receiptOf(db, schoolId, receiptNo) {
    const row = await db.selectFrom('fin_stu_account_receipts').select(['amount', 'student_id']).where('school_id', '=', schoolId).where('receipt_no', '=', receiptNo).where('state', '=', VALID).executeTakeFirst();
    return row ? { amount: Number(row.amount), student_id: Number(row.student_id) } : undefined;
  },
  async netPaidOfStudent(db, schoolId, studentId) {
    // every receipt counts with its sign (a cancelled receipt and its reversal add up to nothing);
    // money moved from the student's account was counted when it was paid in, 结转/转班 move no new money
    const row = await db
      .selectFrom('fin_stu_account_receipts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
      .where('school_id', '=', schoolId)
      .where('student_id', '=', studentId)
      .where('kind', 'in', [1, 2])
      .where('pay_method', '<>', 'account')
      .executeTakeFirst();
    return Number(row?.total ?? 0);
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
