import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { issueReceipt as financeReceipt, payFromAccount, reverseAccountFlow } from '../finance';
import type { PayMethod, ReceiptRow } from '../../../src/contract/finance-accounts';

export interface ReceiptInput {
  schoolId: number;
  studentId: number;
  /** fen */
  amount: number;
  method: string;
  refType: string;
  refId: number;
  by: number | null;
  /** business date (YYYY-MM-DD); picks the receipt number's year */
  bizDate?: string;
}

/**
 * The one place an order payment gets its receipt: the finance area's receipt (收费, its gapless
 * series per campus and year), after taking the money from the student's stored-value account
 * when the method is 'account' (refused 余额不足 when it holds less, rolling the payment back).
 */
export async function issueReceipt(db: Kysely<Database>, input: ReceiptInput): Promise<string> {
  return (await paymentReceipt(db, input)).receipt_no;
}

/** issueReceipt answering the whole receipt (its id for printing, its number). */
export async function paymentReceipt(db: Kysely<Database>, input: ReceiptInput): Promise<ReceiptRow> {
  if (input.method === 'account') {
    await payFromAccount(db, { studentId: input.studentId, amountFen: input.amount, refType: input.refType, refId: input.refId, by: input.by, reason: '订单支付' });
  }
  const receipt = await financeReceipt(db, {
    schoolId: input.schoolId,
    studentId: input.studentId,
    amountFen: input.amount,
    kind: 1,
    payMethod: input.method as PayMethod,
    refType: input.refType,
    refId: input.refId,
    by: input.by,
    bizDate: input.bizDate,
  });
  return receipt;
}

/**
 * A cancelled receipt of a payment taken from the student's account (method 'account'): the account
 * row that payment posted (named by the business record, not the receipt, see issueReceipt) is
 * reversed, so the money is back in the account. The latest such row of that amount not yet
 * reversed is the one; none found (a payment from before the account existed) moves nothing.
 */
export async function returnAccountPayment(db: Kysely<Database>, input: { refType: string; refId: string | number; amount: number; reason: string; by: number | null }): Promise<void> {
  const flow = await db
    .selectFrom('fin_stu_account_flow as f')
    .select('f.id')
    .where('f.ref_type', '=', input.refType)
    .where('f.ref_id', '=', String(input.refId))
    .where('f.biz_type', '=', 'payment')
    .where('f.amount', '=', -input.amount)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('fin_stu_account_flow as r').select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
    .orderBy('f.id', 'desc')
    .executeTakeFirst();
  if (flow) await reverseAccountFlow(db, flow.id, input.reason.slice(0, 200), input.by);
}
