import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { todayText } from '../../../lib/time';
import { closeMonth } from '../../../modules/finance';
import '../../core-schema';

/** Last of the seeds: a month is closed on the ledgers every other seed has written. */
export const order = 200;

/** Months back from the current one: an old month of the demo year, which no later write dates into. */
const MONTHS_BACK = 10;

/**
 * Demo of 月结: finance closed an old month of the Beijing campuses, so the 月结 list has rows and
 * ledger:check recounts them; through the finance public module, as the 月结 call does.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('fin_month_close').select('id').limit(1).executeTakeFirst()) return;
  const closer = await db.selectFrom('users').select('id').where('login_id', '=', 'finance').executeTakeFirst();
  const admin = await db.selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  const schools = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).where('code', 'in', ['BJ-CY', 'BJ-HD']).execute();
  const [y, m] = todayText().split('-').map(Number);
  const back = new Date(Date.UTC(y, m - 1 - MONTHS_BACK, 1));
  const month = `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}`;
  for (const s of schools) await closeMonth(db, s.id, month, closer?.id ?? admin.id);
}
