import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cancelMoveReceipts, issueMoveReceipts, moveReceiptOuts } from '../finance';
import type { Violation } from './ledger-check';

type Db = Kysely<Database>;

/**
 * The finance receipts of the orders' money moves (docs/finance.md 结转 / 转班): a move of paid
 * money between orders, students, campuses or class types brings no new money, so finance records
 * it as a pair of receipts (out of the giving side, into the receiving side) that nets to nothing,
 * and the daily/monthly receipts report shows it under its type. Only the paid money is a receipt's:
 * promotion money was never received.
 */

/** The business records whose transfers issue move receipts, with the receipt type each one is. */
export const TRANSFER_RECEIPT_KIND = {
  // 订单转让 (another student of the campus) and 转校区: money carried over, 结转
  order_transfer: 3,
  order_transfer_campus: 3,
  // 转班型: the money follows the hours into another class type, 转班
  order_student_class_type: 4,
  // 一键转产品: the order's money carried over to the lines of a language pack, 结转
  order_to_product: 3,
} as const;
export type TransferRefType = keyof typeof TRANSFER_RECEIPT_KIND;

interface Side {
  schoolId: number;
  studentId: number;
}

/** Issues the move's receipt pair in the caller's transaction (nothing when no paid money moved). */
export async function issueTransferReceipts(db: Db, input: { refType: TransferRefType; refId: string | number; from: Side; to: Side; paid: number; by: number | null; remark: string }): Promise<void> {
  if (input.paid <= 0) return;
  await issueMoveReceipts(db, {
    kind: TRANSFER_RECEIPT_KIND[input.refType],
    from: input.from,
    to: input.to,
    amountFen: input.paid,
    // the money was paid earlier by whatever channel; the move itself has none
    payMethod: 'other',
    refType: input.refType,
    refId: input.refId,
    by: input.by,
    remark: input.remark.slice(0, 200),
  });
}

/** A move undone by its record (转班型 revoked): its receipts are cancelled with their reversals. */
export async function cancelTransferReceipts(db: Db, input: { refType: TransferRefType; refId: string | number; reason: string; by: number | null }): Promise<void> {
  await cancelMoveReceipts(db, input);
}

/**
 * ledger:check: per transfer record, the paid money its postings moved out (transfer_out of the
 * lines' paid accounts, less reversals) equals what its 结转/转班 receipts carried out.
 */
export async function transferReceiptViolations(db: Db): Promise<Violation[]> {
  const refTypes = Object.keys(TRANSFER_RECEIPT_KIND);
  const moved = await sql<{ ref_type: string; ref_id: string; paid: number | string }>`select f.ref_type, f.ref_id, sum(-f.amount) as paid
    from order_money_flow f left join order_money_flow o on o.id = f.reverses_id
    where coalesce(o.biz_type, f.biz_type) = 'transfer_out' and f.account_key like 'paid:%'
      and f.ref_type in (${sql.join(refTypes.map((t) => sql.lit(t)))})
    group by f.ref_type, f.ref_id`.execute(db);
  const receipts = await moveReceiptOuts(db, refTypes);
  const out: Violation[] = [];
  const seen = new Set<string>();
  for (const m of moved.rows) {
    const key = `${m.ref_type}:${m.ref_id}`;
    seen.add(key);
    const carried = receipts.get(key) ?? 0;
    if (Number(m.paid) !== carried) out.push({ kind: 'receipt', subject: `转移 ${key}`, detail: `转出实收金额 ${Number(m.paid)} 分，结转/转班收据 ${carried} 分` });
  }
  for (const [key, carried] of receipts) {
    if (!seen.has(key) && carried !== 0) out.push({ kind: 'receipt', subject: `转移 ${key}`, detail: `没有转出实收金额，结转/转班收据 ${carried} 分` });
  }
  return out;
}
