import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nextNumber, periodOf } from '../../lib/number-sequence';

export interface ReceiptInput {
  schoolId: number;
  studentId: number;
  /** fen */
  amount: number;
  method: string;
  refType: string;
  refId: number;
  by: number | null;
}

/**
 * The one place an order payment gets its receipt number. Until the finance area's public module
 * (receipts, student accounts) is on main, the number comes from the gapless `SK` series of the
 * campus and year; switching to finance's issueReceipt/payFromAccount is a change of this body.
 */
export async function issueReceipt(db: Kysely<Database>, input: ReceiptInput): Promise<string> {
  return nextNumber(db, { kind: 'SK', scope: String(input.schoolId), period: periodOf('year') });
}
