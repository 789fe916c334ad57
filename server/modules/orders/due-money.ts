import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { formatYuan } from '../../../src/lib/format/money';
import { lineIdOf, moneyLedger, paidAccount } from './ledgers';
import './schema';

/**
 * 应补差价 money on the ledger. A class type transfer whose new hours cost more than the value moved
 * posts the difference as a due (dues-posting.ts); the order's ordinary 收款 collects it. The money
 * received for it belongs to the new line(s) of that transfer: it is credited to their paid money
 * account (biz type `difference`, ref `order_due` + the due's id), so consuming, refunding or
 * transferring those hours carries it. A cancelled receipt takes it back by reversing those postings.
 *
 * Which money is the difference's: an order's dues are the last part of its deal amount, so what
 * was received beyond (deal − dues) covers the dues, oldest due first. After every change of the
 * paid amount `syncDueMoney` brings the credits to exactly that coverage. The line's `paid_money`
 * (what its paid account was credited, read for its value per hour and by the refund calculator)
 * moves with the postings in the same transaction; `ledger:check` compares both with the ledger.
 */

type Db = Kysely<Database>;

export const DIFFERENCE = 'difference';
export const DUE_REF = 'order_due';

interface OpenDue {
  id: number;
  amount: number;
  ref_type: string;
  ref_id: number;
}

/** The order's dues not reversed, oldest first. */
async function openDues(db: Db, orderId: number): Promise<OpenDue[]> {
  const rows = await db.selectFrom('order_due').select(['id', 'amount', 'ref_type', 'ref_id', 'reverses_id']).where('order_id', '=', orderId).orderBy('id').execute();
  const reversed = new Set(rows.flatMap((r) => (r.reverses_id === null ? [] : [Number(r.reverses_id)])));
  return rows.filter((r) => r.reverses_id === null && !reversed.has(Number(r.id))).map((r) => ({ id: Number(r.id), amount: Number(r.amount), ref_type: r.ref_type, ref_id: Number(r.ref_id) }));
}

/** The lines a business record credited hours to (transfer_in, not reversed), with the hours each got. */
async function creditedLines(db: Db, refType: string, refId: number): Promise<{ lineId: number; hours: number }[]> {
  const rows = await db
    .selectFrom('order_hours_flow as f')
    .select(['f.account_key', 'f.amount'])
    .where('f.ref_type', '=', refType)
    .where('f.ref_id', '=', String(refId))
    .where('f.biz_type', '=', 'transfer_in')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_hours_flow as r').select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({ lineId: lineIdOf(r.account_key), hours: Number(r.amount) }));
}

/** A due's difference postings still standing (not reversed), newest first. */
async function standingCredits(db: Db, dueId: number): Promise<{ id: number; account_key: string; amount: number }[]> {
  const rows = await db
    .selectFrom('order_money_flow as f')
    .select(['f.id', 'f.account_key', 'f.amount'])
    .where('f.ref_type', '=', DUE_REF)
    .where('f.ref_id', '=', String(dueId))
    .where('f.biz_type', '=', DIFFERENCE)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_money_flow as r').select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), account_key: r.account_key, amount: Number(r.amount) }));
}

async function movePaidMoney(db: Db, lineId: number, delta: number, by: number | null): Promise<void> {
  await db
    .updateTable('order_contract_line')
    .set({ paid_money: sql<number>`paid_money + ${delta}`, updated_by: by })
    .where('id', '=', lineId)
    .execute();
}

/** Credits `amount` fen of a due to its lines, split by the hours each line was credited (the last takes what rounding left). */
async function credit(db: Db, due: OpenDue, amount: number, by: number | null): Promise<void> {
  const lines = await creditedLines(db, due.ref_type, due.ref_id);
  if (lines.length === 0) throw new ApiError(409, `应补差价对应的转入课时已不存在，不能入账（补差记录 ${due.id}）`);
  const hours = lines.reduce((n, l) => n + l.hours, 0);
  let given = 0;
  for (const [i, l] of lines.entries()) {
    const part = i === lines.length - 1 ? amount - given : Math.floor((amount * l.hours) / hours);
    given += part;
    if (part <= 0) continue;
    await moneyLedger.post(db, paidAccount(l.lineId), part, { bizType: DIFFERENCE, refType: DUE_REF, refId: due.id, by: by ?? undefined, reason: `应补差价收款 ${formatYuan(part)} 元` });
    await movePaidMoney(db, l.lineId, part, by);
  }
}

/** Takes back `amount` fen of a due's credits: its postings reversed newest first, what was taken too much credited again. */
async function uncredit(db: Db, due: OpenDue, amount: number, reason: string, by: number | null): Promise<void> {
  let taken = 0;
  for (const c of await standingCredits(db, due.id)) {
    if (taken >= amount) break;
    const left = await moneyLedger.balance(db, c.account_key);
    if (left < c.amount) throw new ApiError(409, `应补差价 ${formatYuan(c.amount)} 元已随课时消耗、退费或转出（剩余 ${formatYuan(left)} 元），不能作废该收款，请办理退费`);
    await moneyLedger.reverse(db, c.id, reason.slice(0, 200), by ?? undefined);
    await movePaidMoney(db, lineIdOf(c.account_key), -c.amount, by);
    taken += c.amount;
  }
  if (taken > amount) await credit(db, due, taken - amount, by);
}

/**
 * Brings the difference credits of an order to what its payments cover (see the file's head):
 * call after every change of the order's paid amount or dues, inside the same transaction.
 * Refused 409 when money to take back was already used on the line (consumed, refunded, moved).
 */
export async function syncDueMoney(db: Db, orderId: number, by: number | null, reason = '应补差价收款作废'): Promise<void> {
  const order = await db.selectFrom('order_form').select(['deal_amount', 'paid_amount', 'due_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const dues = await openDues(db, orderId);
  if (dues.length === 0) return;
  const dueTotal = Number(order.due_amount ?? 0);
  let covered = Math.min(dueTotal, Math.max(0, Number(order.paid_amount ?? 0) - (Number(order.deal_amount) - dueTotal)));
  for (const due of dues) {
    const want = Math.min(due.amount, covered);
    covered -= want;
    const has = (await standingCredits(db, due.id)).reduce((n, c) => n + c.amount, 0);
    if (want > has) await credit(db, due, want - has, by);
    else if (want < has) await uncredit(db, due, has - want, reason, by);
  }
}

/** Σ of an order's difference money standing on its lines (fen): what the screens show as 已补差价. */
export async function dueMoneyReceived(db: Db, orderId: number): Promise<number> {
  let total = 0;
  for (const due of await openDues(db, orderId)) total += (await standingCredits(db, due.id)).reduce((n, c) => n + c.amount, 0);
  return total;
}
