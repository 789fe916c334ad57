import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The revenue target (fen) of a campus's business plan (校区经营计划, cmp_plan) for a month
 * `YYYY-MM`, or null when the campus has no plan for it. Several plans of one month: the latest
 * entered counts. Other areas (薪酬提成's BM attainment) read it through this module.
 */
export async function planRevenueTarget(db: Kysely<Database>, schoolId: number, month: string): Promise<{ id: number; target: number } | null> {
  const r = await sql<{ id: number; target_revenue: number | string }>`select id, target_revenue from cmp_plan where school_id = ${schoolId} and plan_month = ${month} order by id desc limit 1`.execute(db);
  const row = r.rows[0];
  return row ? { id: Number(row.id), target: Number(row.target_revenue) } : null;
}
