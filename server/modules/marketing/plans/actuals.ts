import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ResourceHooks, Row } from '../../../lib/resource-routes';
import { signedOrders } from '../../orders';

/**
 * The actuals beside a plan's targets, counted when a row is answered (never stored, never
 * written by a request): what the funnel's data gives today. Signs and their amount come from the
 * orders area (approved orders of the month by order date); leads, calls, invites and visits are
 * counted once the leads and visits tables land (docs/marketing.md).
 */
type Actuals = (db: Kysely<Database>, row: Row) => Promise<Record<string, number>>;

const signsOf =
  (bySeller: boolean): Actuals =>
  async (db, row) => {
    const signed = await signedOrders(db, { month: String(row.plan_month), schoolIds: [Number(row.school_id)], sellerId: bySeller ? Number(row.user_id) : undefined });
    return { actual_signs: signed.count, actual_amount: signed.amount };
  };

const ACTUALS: Readonly<Record<string, Actuals>> = {
  mkt_seller_target: signsOf(true),
  mkt_school_sign: signsOf(false),
};

/** The mapRow filling a declaration's actuals, or undefined when it has none counted yet. */
export function actualsOf(name: string): ResourceHooks['mapRow'] | undefined {
  const count = ACTUALS[name];
  if (!count) return undefined;
  return async (row, ctx) => ({ ...row, ...(await count(ctx.db, row)) });
}
