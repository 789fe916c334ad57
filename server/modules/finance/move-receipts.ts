import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cancelReceipt, receiptById } from './receipts';
import './schema';

type Db = Kysely<Database>;

/** Receipt kinds that move money without new money: 3 结转, 4 转班. */
const MOVE_KINDS = [3, 4];

/**
 * Undoes the 结转/转班 receipts of a business record that is being undone by its own area (e.g. a
 * 转班型 revoked): each live receipt of the record is cancelled with its reversing receipt (冲销,
 * dated today, so a closed month keeps its totals), the originals stay visible as 已作废. Runs in
 * the caller's transaction. Answers how many receipts were cancelled.
 */
export async function cancelMoveReceipts(trx: Db, input: { refType: string; refId: string | number; reason: string; by: number | null }): Promise<number> {
  const live = await trx
    .selectFrom('fin_stu_account_receipts')
    .select('id')
    .where('ref_type', '=', input.refType)
    .where('ref_id', '=', String(input.refId))
    .where('kind', 'in', MOVE_KINDS)
    .where('state', '=', 1)
    .orderBy('id')
    .execute();
  for (const r of live) {
    const receipt = await receiptById(trx, r.id);
    if (receipt) await cancelReceipt(trx, receipt, input.reason, input.by, { byOwner: true });
  }
  return live.length;
}

/**
 * What the 结转/转班 receipts of each business record of `refTypes` carried out (positive fen, after
 * cancellations): the out receipts less the reversals of out receipts. The orders area's ledger
 * check compares it with the paid money its transfers moved.
 */
export async function moveReceiptOuts(db: Db, refTypes: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (refTypes.length === 0) return out;
  const rows = await db
    .selectFrom('fin_stu_account_receipts')
    .select(['ref_type', 'ref_id'])
    // an original out receipt is negative, its reversal positive: both count with the opposite sign
    .select(sql<number | string>`sum(case when (reverses_id is null and amount < 0) or (reverses_id is not null and amount > 0) then -amount else 0 end)`.as('moved'))
    .where('kind', 'in', MOVE_KINDS)
    .where('ref_type', 'in', [...refTypes])
    .groupBy(['ref_type', 'ref_id'])
    .execute();
  for (const r of rows) out.set(`${r.ref_type}:${r.ref_id ?? ''}`, Number(r.moved));
  return out;
}

/** 结转/转班 receipts of a business record that do not net to zero (a pair missing its other side): Chinese lines for ledger:check. */
export async function moveReceiptProblems(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('fin_stu_account_receipts')
    .select(['ref_type', 'ref_id', 'kind'])
    .select(sql<number | string>`sum(amount)`.as('net'))
    .where('kind', 'in', MOVE_KINDS)
    .groupBy(['ref_type', 'ref_id', 'kind'])
    .having(sql`sum(amount)`, '<>', 0)
    .execute();
  return rows.map((r) => `${Number(r.kind) === 4 ? '转班' : '结转'}收据（${r.ref_type ?? ''} ${r.ref_id ?? ''}）转出与转入不相等，差额 ${Number(r.net)} 分`);
}
