import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PayRef } from '../../../src/contract/employee_pay';
import { CONSUMING_MARKS } from '../../../src/contract/classes';
import { POOL } from '../../../src/contract/resources/marketing';
import { planRevenueTarget } from '../teaching';
import { emptyLeads, emptySales, type CampusFigures, type LeadFigures, type SalesFigures, type TaughtLesson } from './calc';
import '../../db/core-schema';

/**
 * What the pay formulas read from the business ledgers of one campus and month: payments and
 * refunds of orders (orders area), consumption on the contract lines' money ledger, lessons held
 * (classes area), leads (marketing area) and the campus plan (the teaching area's public module).
 * Reads only; every figure is integer fen or hundredths of hours.
 */
type Db = Kysely<Database>;

/** The first day of the month and of the next, `YYYY-MM-DD`: a month is [from, to). */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** A refund reached the family in the month (已退款): its amount is taken off the seller's net. */
const REFUNDED = 6;
const NEW_SIGN = 1;
/** A lesson held: 已上课. */
const LESSON_HELD = 2;

interface MoneyRow {
  id: number;
  amount: number;
  at: string;
  order_no: string | null;
  seller_id: number | null;
  if_first_sign: number | null;
}

async function payments(db: Db, schoolId: number, month: string): Promise<MoneyRow[]> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .selectFrom('order_payment as p')
    .innerJoin('order_form as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.amount', 'p.paid_at as at', 'o.order_no', 'o.seller_id', 'o.if_first_sign'])
    .where('p.school_id', '=', schoolId)
    .where('o.del_flag', '=', 0)
    .where('p.paid_at', '>=', from)
    .where('p.paid_at', '<', to)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), amount: Number(r.amount), at: String(r.at ?? ''), seller_id: r.seller_id === null ? null : Number(r.seller_id), if_first_sign: r.if_first_sign === null ? null : Number(r.if_first_sign) }));
}

async function refunds(db: Db, schoolId: number, month: string): Promise<MoneyRow[]> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .selectFrom('order_refund as r')
    .innerJoin('order_form as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.amount', 'r.refunded_at as at', 'r.refund_no', 'o.order_no', 'o.seller_id', 'o.if_first_sign'])
    .where('r.school_id', '=', schoolId)
    .where('r.state', '=', REFUNDED)
    .where('r.refunded_at', '>=', from)
    .where('r.refunded_at', '<', to)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    amount: Number(r.amount),
    at: String(r.at ?? ''),
    order_no: `${r.refund_no ?? ''}（订单 ${r.order_no ?? ''}）`,
    seller_id: r.seller_id === null ? null : Number(r.seller_id),
    if_first_sign: r.if_first_sign === null ? null : Number(r.if_first_sign),
  }));
}

/** The month's collected and refunded money of each seller of the campus's orders. */
export interface CampusSales {
  bySeller: Map<number, SalesFigures>;
  /** the campus's whole net and the records behind it */
  net: number;
  netRefs: PayRef[];
}

export async function campusSales(db: Db, schoolId: number, month: string): Promise<CampusSales> {
  const bySeller = new Map<number, SalesFigures>();
  const netRefs: PayRef[] = [];
  let net = 0;
  const figures = (sellerId: number) => {
    const f = bySeller.get(sellerId) ?? emptySales();
    bySeller.set(sellerId, f);
    return f;
  };
  for (const p of await payments(db, schoolId, month)) {
    const ref: PayRef = { type: 'payment', id: p.id, date: p.at.slice(0, 10), text: `收款 订单 ${p.order_no ?? ''}`, value: p.amount };
    net += p.amount;
    netRefs.push(ref);
    if (p.seller_id === null) continue;
    const f = figures(p.seller_id);
    if (p.if_first_sign === NEW_SIGN) {
      f.newCollected += p.amount;
      f.newRefs.push(ref);
    } else {
      f.renewCollected += p.amount;
      f.renewRefs.push(ref);
    }
  }
  for (const r of await refunds(db, schoolId, month)) {
    const ref: PayRef = { type: 'refund', id: r.id, date: r.at.slice(0, 10), text: `退费 ${r.order_no ?? ''}`, value: -r.amount };
    net -= r.amount;
    netRefs.push(ref);
    if (r.seller_id === null) continue;
    const f = figures(r.seller_id);
    if (r.if_first_sign === NEW_SIGN) {
      f.newRefunded += r.amount;
      f.newRefs.push(ref);
    } else {
      f.renewRefunded += r.amount;
      f.renewRefs.push(ref);
    }
  }
  return { bySeller, net, netRefs };
}

/**
 * Paid money consumed by lessons of the campus in the month: the consumption postings on the paid
 * accounts (`paid:<line>`) of its contract lines, less their reversals (an undone check-in).
 * One drill-down record per day. The accounts are looked up by key (their index), not joined on
 * an expression: without fresh statistics PostgreSQL nested-looped that join (150 ms a campus).
 */
export async function consumption(db: Db, schoolId: number, month: string): Promise<{ amount: number; refs: PayRef[] }> {
  const { from, to } = monthBounds(month);
  const rows = await sql<{ day: string; amount: number | string }>`
    select substr(f.created_at, 1, 10) as day, sum(f.amount) as amount
    from order_money_flow f
    where f.account_key in (select ${'paid:'} || cast(l.id as varchar(20)) from order_contract_line l where l.school_id = ${schoolId})
      and f.created_at >= ${from} and f.created_at < ${to}
      and (f.biz_type = 'consumption'
        or (f.biz_type = 'reversal' and exists (select 1 from order_money_flow c where c.id = f.reverses_id and c.biz_type = 'consumption')))
    group by substr(f.created_at, 1, 10)
    order by day`.execute(db);
  let amount = 0;
  const refs: PayRef[] = [];
  for (const r of rows.rows) {
    const value = -Number(r.amount);
    if (value === 0) continue;
    amount += value;
    refs.push({ type: 'consumption', id: Number(r.day.replace(/-/g, '')), date: r.day, text: `${r.day} 课消`, value });
  }
  return { amount, refs };
}

export async function campusFigures(db: Db, schoolId: number, month: string, sales: CampusSales): Promise<CampusFigures> {
  const used = await consumption(db, schoolId, month);
  return { net: sales.net, netRefs: sales.netRefs, consumption: used.amount, consumptionRefs: used.refs, plan: await planRevenueTarget(db, schoolId, month) };
}

/**
 * Lessons held at the campus in the month with a teacher: 已上课, or at least one student
 * checked in present or late. By teacher.
 */
export async function lessonsByTeacher(db: Db, schoolId: number, month: string): Promise<Map<number, TaughtLesson[]>> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .selectFrom('edu_class_schedule as s')
    .leftJoin('base_class_manage as c', 'c.id', 's.class_id')
    .leftJoin('prod_class_type as t', 't.id', 's.class_type_id')
    .select(['s.id', 's.teacher_id', 's.lesson_date', 's.start_time', 's.hours', 's.class_type_id', 'c.name as class_name', 't.name as type_name'])
    .where('s.school_id', '=', schoolId)
    .where('s.teacher_id', 'is not', null)
    .where('s.lesson_date', '>=', from)
    .where('s.lesson_date', '<', to)
    .where((eb) =>
      eb.or([
        eb('s.state', '=', LESSON_HELD),
        eb.exists(eb.selectFrom('edu_check_in as k').select('k.id').whereRef('k.schedule_id', '=', 's.id').where('k.mark', 'in', [...CONSUMING_MARKS])),
      ]),
    )
    .orderBy('s.lesson_date')
    .orderBy('s.start_time')
    .orderBy('s.id')
    .execute();
  const out = new Map<number, TaughtLesson[]>();
  for (const r of rows) {
    const teacher = Number(r.teacher_id);
    const hundredths = Math.round(Number(r.hours) * 100);
    const lesson: TaughtLesson = {
      ref: { type: 'lesson', id: Number(r.id), date: r.lesson_date, text: `${r.lesson_date} ${r.start_time} ${r.class_name ?? ''}`, value: hundredths },
      classTypeId: Number(r.class_type_id),
      classTypeName: r.type_name ?? '未知班型',
      hundredths,
    };
    out.set(teacher, [...(out.get(teacher) ?? []), lesson]);
  }
  return out;
}

/**
 * The campus's leads counted in the month, by the telemarketer who owns them (tmk_id): created
 * and not invalid (有效资源), first visited (到访), signed (成交).
 */
export async function leadsByOwner(db: Db, schoolId: number, month: string): Promise<Map<number, LeadFigures>> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .selectFrom('mkt_resource')
    .select(['id', 'name', 'tmk_id', 'pool', 'created_at', 'visited_at', 'signed_at'])
    .where('school_id', '=', schoolId)
    .where('del_flag', '=', 0)
    .where('tmk_id', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]),
        eb.and([eb('visited_at', '>=', from), eb('visited_at', '<', to)]),
        eb.and([eb('signed_at', '>=', from), eb('signed_at', '<', to)]),
      ]),
    )
    .orderBy('id')
    .execute();
  const out = new Map<number, LeadFigures>();
  const inMonth = (at: string | null) => at !== null && at >= from && at < to;
  for (const r of rows) {
    const owner = Number(r.tmk_id);
    const f = out.get(owner) ?? emptyLeads();
    out.set(owner, f);
    const ref = (type: PayRef['type'], at: string): PayRef => ({ type, id: Number(r.id), date: at.slice(0, 10), text: `资源 ${r.name}`, value: 1 });
    if (inMonth(r.created_at) && Number(r.pool) !== POOL.invalid) f.valid.push(ref('lead_valid', String(r.created_at)));
    if (inMonth(r.visited_at)) f.visit.push(ref('lead_visit', String(r.visited_at)));
    if (inMonth(r.signed_at)) f.deal.push(ref('lead_deal', String(r.signed_at)));
  }
  return out;
}

/** Staff of a campus holding one of the roles (by role code), with their names. */
export async function staffWithRoles(db: Db, schoolId: number, roleCodes: readonly string[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_schools as us', 'us.user_id', 'u.id')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'u.name'])
    .where('us.school_id', '=', schoolId)
    .where('r.code', 'in', [...roleCodes])
    .where('u.del_flag', '=', 0)
    .orderBy('u.id')
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Names of users (deleted ones too: a former employee's lines keep their name). */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Users holding the role anywhere (foreign teachers are paid the foreign fee). */
export async function holdersOf(db: Db, roleCode: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('ur.user_id')
    .where('r.code', '=', roleCode)
    .where('ur.user_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.user_id)));
}
