import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { issueReceipt as financeReceipt, payFromAccount } from '../finance';
import type { PayMethod } from '../../../src/contract/finance-accounts';

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
  return receipt.receipt_no;
}
