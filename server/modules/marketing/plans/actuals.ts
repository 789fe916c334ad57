import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AnyDB, ResourceHooks, Row } from '../../../lib/resource-routes';
import { signedOrders } from '../../orders';
import '../../../db/core-schema';

/**
 * The actuals beside a plan's targets, counted when a row is answered (never stored, never
 * written by a request): leads and their funnel stamps (mkt_resource: created, assigned, invited,
 * visited, signed), follow-up records (mkt_record) and signed orders (the orders area's public
 * module). docs/marketing.md lists which column counts what.
 */
type Actuals = (db: Kysely<Database>, row: Row) => Promise<Record<string, number>>;

/** 来源 of a lead (STUDENT_SOURCES): what network plans and campus TA plans count. */
const SOURCE = { referral: 2, network: 3 } as const;

type Stamp = 'created_at' | 'assigned_at' | 'invited_at' | 'visited_at' | 'signed_at';

/** `[first day, first day of the next month)` of a `YYYY-MM`, as datetime text. */
function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01 00:00:00`, `${next}-01 00:00:00`];
}

const anyDb = (db: Kysely<Database>): Kysely<AnyDB> => db as unknown as Kysely<AnyDB>;

/** Leads stamped `stamp` within the month, at the campuses (all when undefined), by source or owner. */
async function countLeads(db: Kysely<Database>, at: { month: string; stamp: Stamp; schoolIds?: readonly number[]; source?: number; tmkId?: number; sellerId?: number }): Promise<number> {
  if (at.schoolIds && at.schoolIds.length === 0) return 0;
  const [from, to] = monthRange(at.month);
  let q = anyDb(db).selectFrom('mkt_resource').select((eb) => eb.fn.countAll<number>().as('n')).where('del_flag', '=', 0).where(at.stamp, '>=', from).where(at.stamp, '<', to);
  if (at.schoolIds) q = q.where('school_id', 'in', [...at.schoolIds]);
  if (at.source !== undefined) q = q.where('source', '=', at.source);
  if (at.tmkId !== undefined) q = q.where('tmk_id', '=', at.tmkId);
  if (at.sellerId !== undefined) q = q.where('seller_id', '=', at.sellerId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Follow-up records a staff member wrote at a campus within the month. */
async function countCalls(db: Kysely<Database>, at: { month: string; schoolId: number; userId: number }): Promise<number> {
  const [from, to] = monthRange(at.month);
  const row = await anyDb(db)
    .selectFrom('mkt_record')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_id', '=', at.schoolId)
    .where('created_by', '=', at.userId)
    .where('follow_at', '>=', from)
    .where('follow_at', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The campuses of a city (organisations of kind school below it). */
async function schoolsOfCity(db: Kysely<Database>, cityId: number): Promise<number[]> {
  const rows = await db.selectFrom('organisations').select('id').where('kind', '=', 'school').where('del_flag', '=', 0).where('inheritance', 'like', `%|${cityId}|%`).execute();
  return rows.map((r) => r.id);
}

/** A network plan's actuals: network leads created, visited and signed in the month at its campuses. */
const networkFunnel =
  (schoolsOf: (db: Kysely<Database>, row: Row) => Promise<readonly number[] | undefined>): Actuals =>
  async (db, row) => {
    const month = String(row.plan_month);
    const schoolIds = await schoolsOf(db, row);
    const count = (stamp: Stamp) => countLeads(db, { month, stamp, schoolIds, source: SOURCE.network });
    return { actual_leads: await count('created_at'), actual_visits: await count('visited_at'), actual_signs: await count('signed_at') };
  };

const ACTUALS: Readonly<Record<string, Actuals>> = {
  mkt_hq_network_plan: networkFunnel(async () => undefined),
  mkt_city_network_plan: networkFunnel((db, row) => schoolsOfCity(db, Number(row.city_id))),
  mkt_sch_network_plan: networkFunnel(async (_db, row) => [Number(row.school_id)]),
  async mkt_marketer_plan_target(db, row) {
    const at = { month: String(row.plan_month), schoolIds: [Number(row.school_id)], tmkId: Number(row.user_id) };
    return {
      actual_leads: await countLeads(db, { ...at, stamp: 'assigned_at' }),
      actual_calls: await countCalls(db, { month: at.month, schoolId: Number(row.school_id), userId: Number(row.user_id) }),
      actual_invites: await countLeads(db, { ...at, stamp: 'invited_at' }),
    };
  },
  async mkt_seller_target(db, row) {
    const month = String(row.plan_month);
    const signed = await signedOrders(db, { month, schoolIds: [Number(row.school_id)], sellerId: Number(row.user_id) });
    const visits = await countLeads(db, { month, stamp: 'visited_at', schoolIds: [Number(row.school_id)], sellerId: Number(row.user_id) });
    return { actual_visits: visits, actual_signs: signed.count, actual_amount: signed.amount };
  },
  async mkt_school_sign(db, row) {
    const signed = await signedOrders(db, { month: String(row.plan_month), schoolIds: [Number(row.school_id)] });
    return { actual_signs: signed.count, actual_amount: signed.amount };
  },
  async mkt_school_ta_plan(db, row) {
    return { actual_referrals: await countLeads(db, { month: String(row.plan_month), stamp: 'created_at', schoolIds: [Number(row.school_id)], source: SOURCE.referral }) };
  },
};

/** The mapRow filling a declaration's actuals, or undefined when it has none counted yet. */
export function actualsOf(name: string): ResourceHooks['mapRow'] | undefined {
  const count = ACTUALS[name];
  if (!count) return undefined;
  return async (row, ctx) => ({ ...row, ...(await count(ctx.db, row)) });
}
