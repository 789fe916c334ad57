import type { Kysely } from 'kysely';
import type { AccountResult, PayMethod, TransferResult } from '../../../src/contract/finance-accounts';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import type { LedgerRow } from '../../lib/ledger';
import { nextNumber, periodOf } from '../../lib/number-sequence';
import { inScope } from '../../lib/scope';
import { accountFlow, accountKey } from './ledgers';
import { issueMoveReceipts, issueReceipt, linkReceiptFlow } from './receipts';
import './schema';

type Db = Kysely<Database>;

/**
 * The student account (储值账户): deposits, payments of orders, refunds into and out of it,
 * transfers between students, corrections. Every change is one row of the ledger
 * fin_stu_account_flow (server/lib/ledger.ts); the balance is the last row's balance_after, which
 * `checkFinanceLedgers` proves equal to the sum of the rows.
 */

export interface StudentRef {
  id: number;
  name: string;
  school_id: number;
}

/** A live student in the caller's campuses, or the plain missing record (404). */
export async function accountStudent(db: Db, principal: Principal | null, studentId: number, label = '学员'): Promise<StudentRef> {
  const row = await db.selectFrom('student').select(['id', 'name', 'school_id']).where('id', '=', studentId).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || (principal && !inScope(principal, row.school_id))) throw new ApiError(404, `${label}不存在或无权访问`);
  return { id: row.id, name: row.name, school_id: row.school_id };
}

/** The student's account balance in fen (0 for a student who never had money in it). */
export async function accountBalance(db: Db, studentId: number): Promise<number> {
  return accountFlow.balance(db, accountKey(studentId));
}

export interface AccountMoveInput {
  studentId: number;
  /** positive fen */
  amountFen: number;
  /** the business record: e.g. refType 'order', refId the order number */
  refType: string;
  refId: string | number;
  by: number | null;
  reason?: string;
}

function positive(amountFen: number, label: string): void {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new ApiError(400, `${label}必须是大于 0 的整数（分）`);
}

/**
 * Pays (part of) an order from the student's account inside the caller's transaction. Refused with
 * `余额不足：当前余额 …` (ApiError 400, which rolls the caller back) when the account has less.
 */
export async function payFromAccount(trx: Db, input: AccountMoveInput): Promise<LedgerRow> {
  positive(input.amountFen, '支付金额');
  return accountFlow.post(trx, accountKey(input.studentId), -input.amountFen, { bizType: 'payment', refType: input.refType, refId: input.refId, reason: input.reason, by: input.by ?? undefined });
}

/** Puts refunded money (of an order) back into the student's account inside the caller's transaction. */
export async function refundToAccount(trx: Db, input: AccountMoveInput): Promise<LedgerRow> {
  positive(input.amountFen, '退费金额');
  return accountFlow.post(trx, accountKey(input.studentId), input.amountFen, { bizType: 'refund_in', refType: input.refType, refId: input.refId, reason: input.reason, by: input.by ?? undefined });
}

/** Reverses one account row (a payment of a cancelled order …) with a reason; a row is reversed once. */
export async function reverseAccountFlow(trx: Db, flowId: number, reason: string, by: number | null): Promise<LedgerRow> {
  return accountFlow.reverse(trx, flowId, reason, by ?? undefined);
}

export interface DepositInput {
  student: StudentRef;
  amountFen: number;
  payMethod: PayMethod;
  by: number | null;
  payer?: string | null;
  remark?: string | null;
  /** the record the money came with (a quick payment, a QR payment); default the account itself */
  refType?: string;
  refId?: string | null;
  bizDate?: string;
}

/** Money paid into the account: a 收费 receipt and the ledger row naming it. */
export async function depositToAccount(trx: Db, input: DepositInput): Promise<AccountResult> {
  const receipt = await issueReceipt(trx, {
    schoolId: input.student.school_id,
    studentId: input.student.id,
    amountFen: input.amountFen,
    kind: 1,
    payMethod: input.payMethod,
    refType: input.refType ?? 'account',
    refId: input.refId ?? null,
    by: input.by,
    payer: input.payer,
    remark: input.remark ?? '储值账户充值',
    bizDate: input.bizDate,
  });
  const flow = await accountFlow.post(trx, accountKey(input.student.id), input.amountFen, { bizType: 'deposit', refType: 'receipt', refId: receipt.receipt_no, reason: input.remark ?? undefined, by: input.by ?? undefined });
  await linkReceiptFlow(trx, receipt.id, flow.id);
  return { student_id: input.student.id, balance: flow.balance_after, flow_id: flow.id, receipt: { ...receipt, flow_id: flow.id } };
}

/** Money paid back out of the account to the parent: a 退费 receipt and the ledger row. */
export async function refundOutOfAccount(trx: Db, student: StudentRef, amountFen: number, payMethod: PayMethod, reason: string, by: number | null): Promise<AccountResult> {
  // the receipt first so the ledger row names its number; a balance too small rolls both back
  // (and the number with them: the series stays gapless)
  const receipt = await issueReceipt(trx, { schoolId: student.school_id, studentId: student.id, amountFen, kind: 2, payMethod, refType: 'account', refId: null, by, remark: reason });
  const flow = await accountFlow.post(trx, accountKey(student.id), -amountFen, { bizType: 'refund', refType: 'receipt', refId: receipt.receipt_no, reason, by: by ?? undefined });
  await linkReceiptFlow(trx, receipt.id, flow.id);
  return { student_id: student.id, balance: flow.balance_after, flow_id: flow.id, receipt: { ...receipt, flow_id: flow.id } };
}

/** Moves money between two students' accounts (siblings): two rows, locked in account-key order. */
export async function transferBetween(trx: Db, from: StudentRef, to: StudentRef, amountFen: number, reason: string, by: number | null): Promise<TransferResult> {
  positive(amountFen, '转账金额');
  const transferNo = await nextNumber(trx, { kind: 'ZZ', scope: 'all', period: periodOf('year') });
  // lock order by account key: two opposite transfers at once never wait on each other
  const fromKey = accountKey(from.id);
  const toKey = accountKey(to.id);
  const post = async (key: string) =>
    key === fromKey
      ? accountFlow.post(trx, fromKey, -amountFen, { bizType: 'transfer_out', refType: 'transfer', refId: transferNo, reason: `转给 ${to.name}：${reason}`.slice(0, 200), by: by ?? undefined })
      : accountFlow.post(trx, toKey, amountFen, { bizType: 'transfer_in', refType: 'transfer', refId: transferNo, reason: `来自 ${from.name}：${reason}`.slice(0, 200), by: by ?? undefined });
  const [first, second] = fromKey < toKey ? [fromKey, toKey] : [toKey, fromKey];
  const rows = new Map<string, LedgerRow>();
  rows.set(first, await post(first));
  rows.set(second, await post(second));
  const out = rows.get(fromKey) as LedgerRow;
  const inn = rows.get(toKey) as LedgerRow;
  // the move's 结转 receipts (out of one account, into the other), each naming its ledger row
  await issueMoveReceipts(trx, {
    kind: 3,
    from: { schoolId: from.school_id, studentId: from.id, flowId: out.id },
    to: { schoolId: to.school_id, studentId: to.id, flowId: inn.id },
    amountFen,
    payMethod: 'account',
    refType: 'transfer',
    refId: transferNo,
    by,
    remark: `储值转账 ${transferNo}：${from.name} → ${to.name}`.slice(0, 200),
  });
  return {
    transfer_no: transferNo,
    from: { student_id: from.id, balance: out.balance_after, flow_id: out.id },
    to: { student_id: to.id, balance: inn.balance_after, flow_id: inn.id },
  };
}
