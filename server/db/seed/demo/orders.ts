import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { reconcileAllOpenings } from '../../../modules/orders';

/** After classes (20), products and students (25): their balances and prices exist. */
export const order = 35;

/**
 * Demo of the orders area. The classes demo writes hour balances directly (enrolment grants and
 * check-ins of the past weeks); they are carried onto the ledger as opening lines, so that
 * `npm run ledger:check` passes on the demo database.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  // the demo seeds run inside one transaction (server/db/seed/index.ts), as the ledger needs
  await reconcileAllOpenings(db);
}
