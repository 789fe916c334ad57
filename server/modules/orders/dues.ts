import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { whereInScope } from '../../lib/scope';
import { PERIOD } from './installments';
import { PAYABLE_STATES } from './lifecycle';
import './schema';

/**
 * What the orders area owes the home page's reminders (催缴 and 续费), read from its own tables and
 * ledgers for the caller's campuses. Amounts are integer fen, hours are hours as the balances keep them.
 */

type Db = Kysely<Database>;
/** Rows a reminder list reads at most (the panel pages through them). */
const CAP = 500;

export interface DuePeriod {
  period_id: number;
  installment_id: number;
  order_id: number;
  period_no: number;
  student_id: number;
  student_name: string | null;
  school_name: string | null;
  due_date: string;
  /** fen still owed on the period */
  owed: number;
}

/** Installment periods not paid whose due date is at most `until` (overdue ones included), soonest first. */
export async function duePeriods(db: Db, p: Principal, until: string): Promise<DuePeriod[]> {
  const qb = db
    .selectFrom('order_installment_period as pd')
    .innerJoin('order_installment as i', 'i.id', 'pd.installment_id')
    .leftJoin('student as s', 's.id', 'i.student_id')
    .leftJoin('organisations as o', 'o.id', 'i.school_id')
    .select(['pd.id as period_id', 'pd.installment_id', 'i.order_id', 'pd.period_no', 'i.student_id', 's.name as student_name', 'o.name as school_name', 'pd.due_date', 'pd.amount', 'pd.paid_amount'])
    .where('pd.state', 'in', [PERIOD.DUE, PERIOD.OVERDUE])
    .where('pd.due_date', '<=', until);
  const rows = await whereInScope(qb, 'i.school_id', p).orderBy('pd.due_date').orderBy('pd.id').limit(CAP).execute();
  return rows
    .map((r) => ({ ...r, owed: Number(r.amount) - Number(r.paid_amount ?? 0) }))
    .filter((r) => r.owed > 0)
    .map(({ amount: _a, paid_amount: _p, ...r }) => r);
}

export interface UnpaidOrder {
  order_id: number;
  order_no: string | null;
  student_id: number;
  student_name: string | null;
  school_name: string | null;
  order_date: string | null;
  /** fen the order still lacks */
  owed: number;
}

/**
 * Orders still being paid (submitted to in progress) whose deal amount exceeds what was received,
 * not counting those repaid by an installment plan (their periods are reminded instead).
 */
export async function unpaidOrders(db: Db, p: Principal): Promise<UnpaidOrder[]> {
  const planned = db.selectFrom('order_installment').select('order_id');
  const qb = db
    .selectFrom('order_form as f')
    .leftJoin('student as s', 's.id', 'f.student_id')
    .leftJoin('organisations as o', 'o.id', 'f.school_id')
    .select(['f.id as order_id', 'f.order_no', 'f.student_id', 's.name as student_name', 'o.name as school_name', 'f.order_date', 'f.deal_amount', 'f.paid_amount'])
    .where('f.del_flag', '=', 0)
    .where('f.state', 'in', [...PAYABLE_STATES])
    .where(sql<boolean>`f.deal_amount > coalesce(f.paid_amount, 0)`)
    .where('f.id', 'not in', planned);
  const rows = await whereInScope(qb, 'f.school_id', p).orderBy('f.order_date').orderBy('f.id').limit(CAP).execute();
  return rows.map(({ deal_amount, paid_amount, ...r }) => ({ ...r, owed: Number(deal_amount) - Number(paid_amount ?? 0) }));
}

export interface RenewCandidate {
  student_id: number;
  student_name: string | null;
  school_name: string | null;
  class_type_id: number;
  class_type_name: string | null;
  /** hours (1.5) */
  remaining_hours: number;
  /** soonest end date of a line still holding hours, when within the window */
  expires_on: string | null;
}

/**
 * Students to offer a renewal: a class-type balance above 0 and at most `lowHours`, or hours on a
 * contract line ending between `today` and `expiresBy`. Students who left (退费, 流失, 结课) are not asked.
 */
export async function renewCandidates(db: Db, p: Principal, lowHours: number, today: string, expiresBy: string): Promise<RenewCandidate[]> {
  const leftStates = [3, 4, 8];
  const low = whereInScope(
    db
      .selectFrom('student_class_type as b')
      .innerJoin('student as s', 's.id', 'b.student_id')
      .leftJoin('organisations as o', 'o.id', 'b.school_id')
      .leftJoin('prod_class_type as t', 't.id', 'b.class_type_id')
      .select(['b.student_id', 's.name as student_name', 'o.name as school_name', 'b.class_type_id', 't.name as class_type_name', 'b.remaining_hours'])
      .where('b.remaining_hours', '>', 0)
      .where('b.remaining_hours', '<=', lowHours)
      .where('s.del_flag', '=', 0)
      .where('s.state', 'not in', leftStates),
    'b.school_id',
    p,
  );
  const expiring = whereInScope(
    db
      .selectFrom('order_contract_line as l')
      .innerJoin('student as s', 's.id', 'l.student_id')
      .select(['l.student_id', 'l.class_type_id', sql<string>`min(l.end_date)`.as('expires_on')])
      .where('l.remaining_hours', '>', 0)
      .where('l.end_date', '>=', today)
      .where('l.end_date', '<=', expiresBy)
      .where('s.del_flag', '=', 0)
      .where('s.state', 'not in', leftStates)
      .groupBy(['l.student_id', 'l.class_type_id']),
    'l.school_id',
    p,
  );
  const [lowRows, expRows] = await Promise.all([low.orderBy('b.remaining_hours').limit(CAP).execute(), expiring.limit(CAP).execute()]);
  const byKey = new Map<string, RenewCandidate>();
  for (const r of lowRows) byKey.set(`${r.student_id}:${r.class_type_id}`, { ...r, remaining_hours: Number(r.remaining_hours), expires_on: null });
  const missing = expRows.filter((e) => !byKey.has(`${e.student_id}:${e.class_type_id}`));
  const balances = missing.length
    ? await db
        .selectFrom('student_class_type as b')
        .innerJoin('student as s', 's.id', 'b.student_id')
        .leftJoin('organisations as o', 'o.id', 'b.school_id')
        .leftJoin('prod_class_type as t', 't.id', 'b.class_type_id')
        .select(['b.student_id', 's.name as student_name', 'o.name as school_name', 'b.class_type_id', 't.name as class_type_name', 'b.remaining_hours'])
        .where('b.student_id', 'in', [...new Set(missing.map((m) => m.student_id))])
        .execute()
    : [];
  for (const e of expRows) {
    const key = `${e.student_id}:${e.class_type_id}`;
    const known = byKey.get(key);
    if (known) {
      known.expires_on = e.expires_on;
      continue;
    }
    const b = balances.find((x) => x.student_id === e.student_id && x.class_type_id === e.class_type_id);
    if (b) byKey.set(key, { ...b, remaining_hours: Number(b.remaining_hours), expires_on: e.expires_on });
  }
  return [...byKey.values()];
}
