import type { Kysely } from 'kysely';
import type { StudentRate } from '../../../src/contract/finance-payment';
import type { Database } from '../../db/schema';
import './schema';

/**
 * The service rate (手续费率) in force for a campus and channel: the newest enabled one, or null.
 * The fee of an amount is rate ten-thousandths of it, rounded half up to the fen, at least
 * min_fee and at most max_fee (when set). Integer arithmetic only.
 */
export async function rateFor(db: Kysely<Database>, schoolId: number, payMethod: string, amount?: number): Promise<StudentRate | null> {
  const row = await db
    .selectFrom('base_organ_service_rate')
    .select(['school_id', 'pay_method', 'rate', 'min_fee', 'max_fee'])
    .where('school_id', '=', schoolId)
    .where('pay_method', '=', payMethod)
    .where('state', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const rate = { school_id: row.school_id, pay_method: row.pay_method, rate: Number(row.rate), min_fee: Number(row.min_fee ?? 0), max_fee: row.max_fee === null ? null : Number(row.max_fee) };
  return { ...rate, fee: amount === undefined ? null : serviceFee(rate, amount) };
}

export function serviceFee(rate: { rate: number; min_fee: number; max_fee: number | null }, amount: number): number {
  if (amount <= 0) return 0;
  const raw = Math.floor((amount * rate.rate + 5000) / 10000);
  const low = Math.max(raw, rate.min_fee);
  return rate.max_fee === null ? low : Math.min(low, rate.max_fee);
}
