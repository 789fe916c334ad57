import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { todayText } from '../../lib/time';
import { consumable, linesOf } from './hours';
import { moneyLedger, paidAccount, promoAccount } from './ledgers';

export interface LineBalance {
  line_id: number;
  order_id: number | null;
  class_type_id: number;
  source: string;
  /** hundredths */
  remaining_hours: number;
  consumed_hours: number;
  /** fen left of the paid and the promotion money */
  paid_left: number;
  promo_left: number;
  end_date: string | null;
  consumable: boolean;
}

/** A student's contract lines (of one class type, or all) with what is left on the ledgers, soonest expiry first. */
export async function lineBalances(db: Kysely<Database>, studentId: number, classTypeId?: number, day = todayText()): Promise<LineBalance[]> {
  let ids: number[];
  if (classTypeId === undefined) {
    const types = await db.selectFrom('order_contract_line').select('class_type_id').distinct().where('student_id', '=', studentId).execute();
    ids = types.map((t) => t.class_type_id);
  } else ids = [classTypeId];
  const out: LineBalance[] = [];
  for (const type of ids) {
    for (const l of await linesOf(db, studentId, type)) {
      out.push({
        line_id: l.id,
        order_id: l.order_id,
        class_type_id: l.class_type_id,
        source: l.source,
        remaining_hours: l.remaining_hours,
        consumed_hours: l.consumed_hours,
        paid_left: await moneyLedger.balance(db, paidAccount(l.id)),
        promo_left: await moneyLedger.balance(db, promoAccount(l.id)),
        end_date: l.end_date,
        consumable: consumable(l, day),
      });
    }
  }
  return out;
}
