import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './schema';

/** Whether the month (YYYY-MM) of a campus is closed (月结, month-close.ts); receipts dated into it move to the open month. */
export async function isMonthClosed(db: Kysely<Database>, schoolId: number, month: string): Promise<boolean> {
  const row = await db.selectFrom('fin_month_close').select('id').where('school_id', '=', schoolId).where('month', '=', month).executeTakeFirst();
  return row !== undefined;
}
