import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { unsampledKey } from '../../db/dialect';
import { ApiError } from '../../lib/http';
import { nowText, todayText } from '../../lib/time';
import type { PostMeta } from '../../lib/ledger';
import { textOf, type LazyText } from '../../lib/lazy-text';
import { hoursLedger, lineAccount, moneyLedger, paidAccount, promoAccount, type DebitType } from './ledgers';
import { refreshProgress } from './order-rules';
import './schema';

/**
 * Lesson hours on contract lines (DESIGN §7). A line's hours and money are credited when it
 * becomes consumable (activateLine) and only ever change by ledger postings: consumption takes
 * from the line that expires soonest (paid money before promotion money), a correction reverses
 * the exact rows it corrects. Two cached totals follow every posting in the same transaction: the
 * line's consumed/remaining hours and the student's balance per class type (student_class_type,
 * read by the classes screens); `npm run ledger:check` proves both equal the ledger.
 */

type Db = Kysely<Database>;
export type ContractLine = Selectable<Database['order_contract_line']>;

/** Hundredths of an hour → hours as the classes area shows them (1.5). */
export const toHours = (hundredths: number): number => Math.round(hundredths) / 100;
/** Hours (1.5) → hundredths (150). */
export const toHundredths = (hours: number): number => Math.round(hours * 100);

export interface NewLine {
  schoolId: number;
  studentId: number;
  classTypeId: number;
  source: 'order' | 'grant' | 'opening' | 'transfer';
  orderId?: number | null;
  detailId?: number | null;
  contractNo?: string | null;
  boughtHours: number;
  giftHours: number;
  paidMoney: number;
  promoMoney: number;
  startDate?: string | null;
  endDate?: string | null;
  by: number | null;
}

/** Locks the student's balance row of a class type (creating it empty), so postings for one student and class type take turns. */
async function lockBalance(db: Db, schoolId: number, studentId: number, classTypeId: number, by: number | null): Promise<void> {
  const now = nowText();
  await db
    .insertInto('student_class_type')
    .values({ school_id: schoolId, student_id: studentId, class_type_id: classTypeId, total_hours: 0, remaining_hours: 0, created_at: now, updated_at: now, created_by: by, updated_by: by })
    .onConflict((oc) => oc.columns(['student_id', 'class_type_id']).doUpdateSet({ updated_at: now }))
    .execute();
}

/** Moves the student's cached balance of a class type; answers the hours it leaves (undefined when nothing moved or there is no balance row). */
async function moveBalance(db: Db, studentId: number, classTypeId: number, total: number, remaining: number): Promise<number | undefined> {
  if (total === 0 && remaining === 0) return undefined;
  const row = await db
    .updateTable('student_class_type')
    .set({ total_hours: sql<number>`round(cast(total_hours + ${toHours(total)} as numeric), 2)`, remaining_hours: sql<number>`round(cast(remaining_hours + ${toHours(remaining)} as numeric), 2)` })
    .where('student_id', '=', studentId)
    .where('class_type_id', '=', classTypeId)
    .returning('remaining_hours')
    .executeTakeFirst();
  // PostgreSQL's numeric arrives as text
  return row ? toHours(toHundredths(Number(row.remaining_hours))) : undefined;
}

async function moveLine(db: Db, lineId: number, consumed: number, remaining: number): Promise<void> {
  await db
    .updateTable('order_contract_line')
    .set({ consumed_hours: sql<number>`consumed_hours + ${consumed}`, remaining_hours: sql<number>`remaining_hours + ${remaining}`, updated_at: nowText() })
    .where('id', '=', lineId)
    .execute();
}

/** Writes a contract line; an active one is credited at once. */
export async function openLine(db: Db, line: NewLine): Promise<ContractLine> {
  const now = nowText();
  const row = await db
    .insertInto('order_contract_line')
    .values({
      school_id: line.schoolId,
      order_id: line.orderId ?? null,
      detail_id: line.detailId ?? null,
      contract_no: line.contractNo ?? null,
      source: line.source,
      student_id: line.studentId,
      class_type_id: line.classTypeId,
      bought_hours: line.boughtHours,
      gift_hours: line.giftHours,
      paid_money: line.paidMoney,
      promo_money: line.promoMoney,
      start_date: line.startDate ?? null,
      end_date: line.endDate ?? null,
      active: 0,
      consumed_hours: 0,
      remaining_hours: 0,
      created_at: now,
      updated_at: now,
      created_by: line.by,
      updated_by: line.by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

/** Makes a line consumable: credits its bought and gift hours and its paid and promotion money. Once. */
export async function activateLine(db: Db, lineId: number, by: number | null): Promise<void> {
  const line = await db.selectFrom('order_contract_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
  if (line.active === 1) return;
  await lockBalance(db, line.school_id, line.student_id, line.class_type_id, by);
  const claimed = await db.updateTable('order_contract_line').set({ active: 1, updated_at: nowText(), updated_by: by }).where('id', '=', lineId).where('active', '=', 0).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const ref = { refType: line.order_id ? 'order' : 'contract_line', refId: line.order_id ?? line.id, by: by ?? undefined };
  const creditType = line.source === 'order' ? 'purchase' : line.source;
  if (line.bought_hours > 0) await hoursLedger.post(db, lineAccount(line.id), line.bought_hours, { ...ref, bizType: creditType });
  if (line.gift_hours > 0) await hoursLedger.post(db, lineAccount(line.id), line.gift_hours, { ...ref, bizType: 'gift' });
  if (line.paid_money > 0) await moneyLedger.post(db, paidAccount(line.id), line.paid_money, { ...ref, bizType: 'purchase' });
  if (line.promo_money > 0) await moneyLedger.post(db, promoAccount(line.id), line.promo_money, { ...ref, bizType: 'promotion' });
  const hours = line.bought_hours + line.gift_hours;
  await moveLine(db, line.id, 0, hours);
  await moveBalance(db, line.student_id, line.class_type_id, hours, hours);
}

/**
 * Undoes activateLine for a line of an order that is no longer fully paid (its payment's receipt
 * was cancelled): the credits of its hours and money are reversed and it is no longer consumable
 * until paid again (activateLine credits it anew). Refused 409 once anything of the line was used,
 * refunded or moved: those hours were given against money now missing, which is a refund's business.
 */
export async function deactivateLine(db: Db, lineId: number, reason: string, by: number | null): Promise<void> {
  const first = await db.selectFrom('order_contract_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
  if (first.active !== 1) return;
  await lockBalance(db, first.school_id, first.student_id, first.class_type_id, by);
  const line = await db.selectFrom('order_contract_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
  const hours = line.bought_hours + line.gift_hours;
  const left = await hoursLedger.balance(db, lineAccount(line.id));
  const untouched =
    line.source === 'order' && left === hours && (await moneyLedger.balance(db, paidAccount(line.id))) === line.paid_money && (await moneyLedger.balance(db, promoAccount(line.id))) === line.promo_money;
  if (!untouched) throw new ApiError(409, `合同课时已使用 ${toHours(hours - left)} 课时（或已退费、转出），不能撤回入账，请办理退费`);
  for (const ledger of [hoursLedger, moneyLedger]) {
    const accounts = ledger === hoursLedger ? [lineAccount(line.id)] : [paidAccount(line.id), promoAccount(line.id)];
    const table = ledger === hoursLedger ? 'order_hours_flow' : 'order_money_flow';
    const credits = await db
      .selectFrom(`${table} as f`)
      .select('f.id')
      .where('f.account_key', 'in', accounts)
      .where('f.amount', '>', 0)
      .where('f.reverses_id', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom(`${table} as r`).select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
      .orderBy('f.id')
      .execute();
    for (const c of credits) await ledger.reverse(db, c.id, reason.slice(0, 200), by ?? undefined);
  }
  await moveLine(db, line.id, 0, -left);
  await moveBalance(db, line.student_id, line.class_type_id, -left, -left);
  await db.updateTable('order_contract_line').set({ active: 0, updated_at: nowText(), updated_by: by }).where('id', '=', line.id).execute();
}

/** Opens and activates a line in one step: hours granted on enrolment, an opening balance. */
export async function grantLine(db: Db, line: Omit<NewLine, 'paidMoney' | 'promoMoney' | 'giftHours'> & { giftHours?: number }): Promise<ContractLine> {
  const row = await openLine(db, { ...line, giftHours: line.giftHours ?? 0, paidMoney: 0, promoMoney: 0 });
  await activateLine(db, row.id, line.by);
  return row;
}

/**
 * Balances kept before the ledger (rows of student_class_type written by older code, an import)
 * get an opening line for what the ledger does not hold, so that the cache equals the ledger.
 */
export async function reconcileOpening(db: Db, studentId: number, classTypeId: number, by: number | null): Promise<void> {
  const cached = await db.selectFrom('student_class_type').select(['school_id', 'remaining_hours']).where('student_id', '=', studentId).where('class_type_id', '=', classTypeId).executeTakeFirst();
  if (!cached) return;
  const lines = await db.selectFrom('order_contract_line').select(sql<number>`coalesce(sum(remaining_hours), 0)`.as('left')).where('student_id', '=', studentId).where('class_type_id', '=', classTypeId).where('active', '=', 1).executeTakeFirst();
  const missing = toHundredths(Number(cached.remaining_hours)) - Number(lines?.left ?? 0);
  if (missing <= 0) return;
  const row = await openLine(db, { schoolId: cached.school_id, studentId, classTypeId, source: 'opening', boughtHours: missing, giftHours: 0, paidMoney: 0, promoMoney: 0, by });
  // the cache holds these hours already: credit the ledger and the line only
  await db.updateTable('order_contract_line').set({ active: 1, remaining_hours: missing }).where('id', '=', row.id).execute();
  await hoursLedger.post(db, lineAccount(row.id), missing, { bizType: 'opening', refType: 'contract_line', refId: row.id, by: by ?? undefined });
}

/** Opening lines for every balance the ledger does not cover yet (the demo seed, an upgrade). */
export async function reconcileAllOpenings(db: Db, by: number | null = null): Promise<number> {
  const rows = await db.selectFrom('student_class_type').select(['student_id', 'class_type_id']).where('remaining_hours', '>', 0).execute();
  const before = await db.selectFrom('order_contract_line').select(sql<number>`count(*)`.as('n')).where('source', '=', 'opening').executeTakeFirst();
  for (const r of rows) await reconcileOpening(db, r.student_id, r.class_type_id, by);
  const after = await db.selectFrom('order_contract_line').select(sql<number>`count(*)`.as('n')).where('source', '=', 'opening').executeTakeFirst();
  return Number(after?.n ?? 0) - Number(before?.n ?? 0);
}

/** Whether a line may be consumed on `day`: active, not expired, hours left. */
export function consumable(line: Pick<ContractLine, 'active' | 'end_date' | 'remaining_hours' | 'start_date'>, day: string): boolean {
  return line.active === 1 && line.remaining_hours > 0 && (line.end_date === null || line.end_date >= day);
}

/** Soonest expiry first (no expiry last), then oldest. */
function byExpiry<L extends Pick<ContractLine, 'id' | 'end_date'>>(rows: L[]): L[] {
  return rows.sort((a, b) => (a.end_date ?? '9999-12-31').localeCompare(b.end_date ?? '9999-12-31') || a.id - b.id);
}

/** The student's lines of a class type, soonest expiry first (no expiry last), then oldest. */
export async function linesOf(db: Db, studentId: number, classTypeId: number): Promise<ContractLine[]> {
  return byExpiry(await db.selectFrom('order_contract_line').selectAll().where('student_id', '=', studentId).where('class_type_id', '=', classTypeId).execute());
}

/** What a line's money share of some hours reads (moneyOf). */
type MoneyLine = Pick<ContractLine, 'id' | 'remaining_hours' | 'bought_hours' | 'gift_hours' | 'paid_money' | 'promo_money'>;

/** The columns consumption reads of a student's lines: all in the declared index (student_id, class_type_id, …; migration 1371), so no line's row is read but the ones it takes from. */
const CONSUMPTION_COLUMNS = ['id', 'order_id', 'active', 'start_date', 'end_date', 'remaining_hours', 'bought_hours', 'gift_hours', 'paid_money', 'promo_money'] as const;
type ConsumptionLine = Pick<ContractLine, (typeof CONSUMPTION_COLUMNS)[number]>;

/** linesOf with the columns consumption reads (the same lines, the same order). */
async function consumptionLinesOf(db: Db, studentId: number, classTypeId: number): Promise<ConsumptionLine[]> {
  return byExpiry(await db.selectFrom('order_contract_line').select(CONSUMPTION_COLUMNS).where('student_id', '=', unsampledKey(studentId)).where('class_type_id', '=', unsampledKey(classTypeId)).execute());
}

export interface Consumption {
  /** hundredths taken */
  hours: number;
  /** fen taken from paid and promotion money */
  paid: number;
  promo: number;
  /** the student's hours of the class type left after it (student_class_type), as the classes screens show them */
  remainingAfter?: number;
}

/** The money an amount of hours carries on a line: its value per hour, all of what is left when the hours run out. */
async function moneyOf(db: Db, line: MoneyLine, take: number): Promise<{ paid: number; promo: number }> {
  // a line credited no money of a kind (activateLine, transferLine credit only what it has) holds none: no read
  const paidLeft = line.paid_money > 0 ? await moneyLedger.balance(db, paidAccount(line.id)) : 0;
  const total = line.bought_hours + line.gift_hours;
  const all = take >= line.remaining_hours || total === 0;
  const share = all ? 0 : Math.round((take * (line.paid_money + line.promo_money)) / total);
  // the hours' share comes out of paid money alone while that holds it: the promotion balance cannot change the answer
  if (!all && paidLeft >= share) return { paid: share, promo: 0 };
  const promoLeft = line.promo_money > 0 ? await moneyLedger.balance(db, promoAccount(line.id)) : 0;
  const money = all ? paidLeft + promoLeft : Math.min(paidLeft + promoLeft, share);
  const paid = Math.min(money, paidLeft);
  return { paid, promo: money - paid };
}

export interface PostHoursInput {
  studentId: number;
  classTypeId: number;
  /** hundredths, > 0 */
  hours: number;
  /** the business record (check_in + its id) */
  refType: string;
  refId: string | number;
  by: number | null;
  /** the lesson day: lines expired before it are not consumable (default today) */
  day?: string;
  /** shown in 课时不足 (a function: read only when that message is written) */
  studentName?: LazyText;
  bizType?: DebitType;
}

/**
 * Takes hours from the student's consumable lines of the class type, soonest expiry first, with
 * their money (paid first). Refuses 409 课时不足 when the consumable lines hold less, naming
 * expired hours that no longer count.
 */
export async function postHours(db: Db, input: PostHoursInput): Promise<Consumption> {
  if (!Number.isSafeInteger(input.hours) || input.hours <= 0) throw new ApiError(400, '消课课时必须大于0');
  // One statement locks the balance row and answers what it caches; a student without one yet
  // (nothing to consume, unless a line exists without it) goes the long way, creating it.
  const now = nowText();
  let cached = await db
    .updateTable('student_class_type')
    .set({ updated_at: now })
    .where('student_id', '=', input.studentId)
    .where('class_type_id', '=', input.classTypeId)
    .returning(['remaining_hours'])
    .executeTakeFirst();
  if (!cached) {
    const student = await db.selectFrom('student').select(['school_id']).where('id', '=', input.studentId).executeTakeFirst();
    if (!student) throw new ApiError(404, '学员不存在');
    await lockBalance(db, student.school_id, input.studentId, input.classTypeId, input.by);
    cached = { remaining_hours: 0 };
  }
  const day = input.day ?? todayText();
  let lines = await consumptionLinesOf(db, input.studentId, input.classTypeId);
  // a balance kept before the ledger holds more than the lines: reconcileOpening opens the difference (rare)
  if (toHundredths(Number(cached.remaining_hours)) > lines.reduce((n, l) => n + (l.active === 1 ? l.remaining_hours : 0), 0)) {
    await reconcileOpening(db, input.studentId, input.classTypeId, input.by);
    lines = await consumptionLinesOf(db, input.studentId, input.classTypeId);
  }
  const usable = lines.filter((l) => consumable(l, day));
  const left = usable.reduce((n, l) => n + l.remaining_hours, 0);
  if (left < input.hours) {
    const expired = lines.filter((l) => l.active === 1 && !consumable(l, day)).reduce((n, l) => n + l.remaining_hours, 0);
    const given = input.studentName === undefined ? undefined : await textOf(input.studentName);
    const name = given ?? (await db.selectFrom('student').select('name').where('id', '=', input.studentId).executeTakeFirst())?.name ?? '';
    throw new ApiError(409, `课时不足：${name} 剩余 ${toHours(left)} 课时${expired > 0 ? `（另有 ${toHours(expired)} 课时已过有效期）` : ''}`);
  }
  const bizType = input.bizType ?? 'consumption';
  const meta = { bizType, refType: input.refType, refId: input.refId, by: input.by ?? undefined };
  const out: Consumption = { hours: 0, paid: 0, promo: 0 };
  let wanted = input.hours;
  // only an order whose line is used up can change state (完成); the others keep theirs
  const emptied: number[] = [];
  for (const line of usable) {
    if (wanted === 0) break;
    const take = Math.min(wanted, line.remaining_hours);
    if (line.order_id && take === line.remaining_hours) emptied.push(line.order_id);
    const money = await moneyOf(db, line, take);
    await hoursLedger.post(db, lineAccount(line.id), -take, meta);
    if (money.paid > 0) await moneyLedger.post(db, paidAccount(line.id), -money.paid, meta);
    if (money.promo > 0) await moneyLedger.post(db, promoAccount(line.id), -money.promo, meta);
    await moveLine(db, line.id, bizType === 'consumption' ? take : 0, -take);
    wanted -= take;
    out.hours += take;
    out.paid += money.paid;
    out.promo += money.promo;
  }
  out.remainingAfter = await moveBalance(db, input.studentId, input.classTypeId, 0, -input.hours);
  await refreshProgress(db, emptied);
  return out;
}

/** One consumption of a batch on a single line: hundredths and the business record it names. */
export interface LineConsumption {
  hours: number;
  refType: string;
  refId: string | number;
  /** posting time (the lesson's), default now */
  at?: string;
}

/**
 * Many consumptions on ONE consumable line in order, each posted exactly as postHours posts it when
 * that line is the one consumption reaches (its hours, then its money: paid first, the last hour
 * of the line takes all money left), but in one batch per ledger account: the demo's past
 * check-ins. Refuses 409 课时不足 as a whole when the line holds less than all of them.
 */
export async function consumeLine(db: Db, lineId: number, items: readonly LineConsumption[], by: number | null): Promise<Consumption> {
  const out: Consumption = { hours: 0, paid: 0, promo: 0 };
  if (items.length === 0) return out;
  const first = await db.selectFrom('order_contract_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
  await lockBalance(db, first.school_id, first.student_id, first.class_type_id, by);
  const line = await db.selectFrom('order_contract_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
  const wanted = items.reduce((n, i) => n + i.hours, 0);
  if (line.active !== 1 || line.remaining_hours < wanted) throw new ApiError(409, `课时不足：剩余 ${toHours(line.active === 1 ? line.remaining_hours : 0)} 课时`);
  let paidLeft = await moneyLedger.balance(db, paidAccount(line.id));
  let promoLeft = await moneyLedger.balance(db, promoAccount(line.id));
  let remaining = line.remaining_hours;
  const total = line.bought_hours + line.gift_hours;
  const hours: { amount: number; meta: PostMeta }[] = [];
  const paid: { amount: number; meta: PostMeta }[] = [];
  const promo: { amount: number; meta: PostMeta }[] = [];
  for (const item of items) {
    if (!Number.isSafeInteger(item.hours) || item.hours <= 0) throw new ApiError(400, '消课课时必须大于0');
    const meta: PostMeta = { bizType: 'consumption', refType: item.refType, refId: item.refId, by: by ?? undefined, at: item.at };
    // as moneyOf: in proportion to the line's hours, all that is left with its last hour
    const money = item.hours >= remaining || total === 0 ? paidLeft + promoLeft : Math.min(paidLeft + promoLeft, Math.round((item.hours * (line.paid_money + line.promo_money)) / total));
    const fromPaid = Math.min(money, paidLeft);
    hours.push({ amount: -item.hours, meta });
    if (fromPaid > 0) paid.push({ amount: -fromPaid, meta });
    if (money - fromPaid > 0) promo.push({ amount: -(money - fromPaid), meta });
    paidLeft -= fromPaid;
    promoLeft -= money - fromPaid;
    remaining -= item.hours;
    out.hours += item.hours;
    out.paid += fromPaid;
    out.promo += money - fromPaid;
  }
  await hoursLedger.postMany(db, lineAccount(line.id), hours);
  await moneyLedger.postMany(db, paidAccount(line.id), paid);
  await moneyLedger.postMany(db, promoAccount(line.id), promo);
  await moveLine(db, line.id, out.hours, -out.hours);
  await moveBalance(db, line.student_id, line.class_type_id, 0, -out.hours);
  if (line.order_id) await refreshProgress(db, [line.order_id]);
  return out;
}

/**
 * Reverses every posting of a business record not reversed yet (a check-in undone or changed),
 * hours and money; answers the hundredths given back.
 */
export async function reverseHours(db: Db, input: { refType: string; refId: string | number; reason: string; by: number | null }): Promise<number> {
  const rows = await db
    .selectFrom('order_hours_flow as f')
    .select(['f.id', 'f.account_key', 'f.amount', 'f.biz_type'])
    .where('f.ref_type', '=', input.refType)
    .where('f.ref_id', '=', String(input.refId))
    .where('f.biz_type', '<>', 'reversal')
    .where('f.amount', '<', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_hours_flow as r').select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
    .orderBy('f.id')
    .execute();
  let restored = 0;
  const orders: number[] = [];
  for (const r of rows) {
    const lineId = Number(r.account_key.slice(5));
    const line = await db.selectFrom('order_contract_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
    await lockBalance(db, line.school_id, line.student_id, line.class_type_id, input.by);
    await hoursLedger.reverse(db, r.id, input.reason, input.by ?? undefined);
    const hours = -Number(r.amount);
    await moveLine(db, lineId, r.biz_type === 'consumption' ? -hours : 0, hours);
    await moveBalance(db, line.student_id, line.class_type_id, 0, hours);
    restored += hours;
    if (line.order_id) orders.push(line.order_id);
  }
  const money = await db
    .selectFrom('order_money_flow as f')
    .select(['f.id'])
    .where('f.ref_type', '=', input.refType)
    .where('f.ref_id', '=', String(input.refId))
    .where('f.biz_type', '<>', 'reversal')
    .where('f.amount', '<', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_money_flow as r').select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
    .orderBy('f.id')
    .execute();
  for (const m of money) await moneyLedger.reverse(db, m.id, input.reason, input.by ?? undefined);
  await refreshProgress(db, orders);
  return restored;
}

/**
 * Takes everything one line has left, hours and their money, whatever its validity: a refund of
 * the line's own order, or a forfeit at expiry. By line, not by class type, so another order's
 * hours of the same class type are never touched. Answers what it took.
 */
export async function emptyLine(db: Db, line: ContractLine, meta: { bizType: DebitType; refType: string; refId: string | number; reason?: string; by: number | null }): Promise<Consumption> {
  await lockBalance(db, line.school_id, line.student_id, line.class_type_id, meta.by);
  const out: Consumption = { hours: 0, paid: 0, promo: 0 };
  const left = await hoursLedger.balance(db, lineAccount(line.id));
  if (left <= 0) return out;
  const posting = { bizType: meta.bizType, refType: meta.refType, refId: meta.refId, reason: meta.reason, by: meta.by ?? undefined };
  await hoursLedger.post(db, lineAccount(line.id), -left, posting);
  out.hours = left;
  out.paid = await moneyLedger.balance(db, paidAccount(line.id));
  out.promo = await moneyLedger.balance(db, promoAccount(line.id));
  if (out.paid > 0) await moneyLedger.post(db, paidAccount(line.id), -out.paid, posting);
  if (out.promo > 0) await moneyLedger.post(db, promoAccount(line.id), -out.promo, posting);
  await moveLine(db, line.id, 0, -left);
  await moveBalance(db, line.student_id, line.class_type_id, 0, -left);
  return out;
}

/** Posts the rest of every line past its validity as forfeited (an explicit entry); answers how many lines. */
export async function forfeitExpired(db: Db, day: string, by: number | null): Promise<number> {
  const due = await db.selectFrom('order_contract_line').selectAll().where('active', '=', 1).where('remaining_hours', '>', 0).where('end_date', '<', day).execute();
  for (const line of due) await emptyLine(db, line, { bizType: 'forfeit', refType: 'contract_line', refId: line.id, reason: `有效期至 ${line.end_date}，过期作废`, by });
  return due.length;
}

/** What a transfer moved: the hours taken from the source line, its money, and the line credited. */
export interface LineMove {
  hours: number;
  paid: number;
  promo: number;
  credited: number;
  line: ContractLine;
}

export interface TransferLineInput {
  lineId: number;
  /** hundredths to take (default: all the line has left) */
  hours?: number;
  to: { schoolId: number; studentId: number; classTypeId: number; orderId: number | null; contractNo?: string | null; /** hundredths credited (default: the hours taken) */ hours?: number };
  refType: string;
  refId: string | number;
  by: number | null;
}

/**
 * Moves hours of a contract line with their money (paid first, as consumption takes them) to a new
 * line of another student, campus or class type (source `transfer`): the source posts
 * transfer_out, the new line transfer_in under the same business record, so the money nets to zero
 * across the pair (and the hours too unless a class-type conversion credits another number). The
 * new line keeps the source's validity; its gift hours are the gift part of what moved (gift hours
 * are the last a line uses, as the refund calculator counts them).
 */
export async function transferLine(db: Db, input: TransferLineInput): Promise<LineMove> {
  const line = await db.selectFrom('order_contract_line').selectAll().where('id', '=', input.lineId).executeTakeFirst();
  if (!line || line.active !== 1) throw new ApiError(409, '合同明细尚不可用，不能转出课时');
  await lockBalance(db, line.school_id, line.student_id, line.class_type_id, input.by);
  await lockBalance(db, input.to.schoolId, input.to.studentId, input.to.classTypeId, input.by);
  const fresh = await db.selectFrom('order_contract_line').selectAll().where('id', '=', line.id).executeTakeFirstOrThrow();
  const take = input.hours ?? fresh.remaining_hours;
  if (!Number.isSafeInteger(take) || take <= 0) throw new ApiError(409, '该合同明细没有剩余课时可转');
  if (take > fresh.remaining_hours) throw new ApiError(409, `课时不足：剩余 ${toHours(fresh.remaining_hours)} 课时，要转出 ${toHours(take)} 课时`);
  const money = await moneyOf(db, fresh, take);
  const meta = { bizType: 'transfer_out', refType: input.refType, refId: input.refId, by: input.by ?? undefined };
  await hoursLedger.post(db, lineAccount(fresh.id), -take, meta);
  if (money.paid > 0) await moneyLedger.post(db, paidAccount(fresh.id), -money.paid, meta);
  if (money.promo > 0) await moneyLedger.post(db, promoAccount(fresh.id), -money.promo, meta);
  await moveLine(db, fresh.id, 0, -take);
  await moveBalance(db, fresh.student_id, fresh.class_type_id, 0, -take);

  const credited = input.to.hours ?? take;
  const giftLeft = Math.min(fresh.gift_hours, fresh.remaining_hours);
  const giftTaken = Math.max(0, take - (fresh.remaining_hours - giftLeft));
  const gift = Math.min(credited, Math.round((giftTaken * credited) / take));
  const row = await openLine(db, {
    schoolId: input.to.schoolId,
    studentId: input.to.studentId,
    classTypeId: input.to.classTypeId,
    source: 'transfer',
    orderId: input.to.orderId,
    contractNo: input.to.contractNo ?? fresh.contract_no,
    boughtHours: credited - gift,
    giftHours: gift,
    paidMoney: money.paid,
    promoMoney: money.promo,
    startDate: fresh.start_date,
    endDate: fresh.end_date,
    by: input.by,
  });
  await db.updateTable('order_contract_line').set({ active: 1 }).where('id', '=', row.id).execute();
  const credit = { ...meta, bizType: 'transfer_in' };
  await hoursLedger.post(db, lineAccount(row.id), credited, credit);
  if (money.paid > 0) await moneyLedger.post(db, paidAccount(row.id), money.paid, credit);
  if (money.promo > 0) await moneyLedger.post(db, promoAccount(row.id), money.promo, credit);
  await moveLine(db, row.id, 0, credited);
  // the same student and class type (a campus transfer) keeps its total: only the line changed
  const same = input.to.studentId === fresh.student_id && input.to.classTypeId === fresh.class_type_id;
  await moveBalance(db, input.to.studentId, input.to.classTypeId, same ? 0 : credited, credited);
  await refreshProgress(db, [fresh.order_id, input.to.orderId].flatMap((id) => (id ? [id] : [])));
  const after = await db.selectFrom('order_contract_line').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return { hours: take, paid: money.paid, promo: money.promo, credited, line: after };
}

/**
 * Undoes every transfer of a business record: the credits of its new lines are reversed (refused
 * 409 when hours of a new line were used since; the line is then no longer consumable) and the
 * transfers out are given back by reverseHours. Answers the hundredths given back to the sources.
 */
export async function reverseTransfer(db: Db, input: { refType: string; refId: string | number; reason: string; by: number | null }): Promise<number> {
  const credits = await db
    .selectFrom('order_hours_flow as f')
    .select(['f.id', 'f.account_key', 'f.amount'])
    .where('f.ref_type', '=', input.refType)
    .where('f.ref_id', '=', String(input.refId))
    .where('f.biz_type', '=', 'transfer_in')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_hours_flow as r').select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
    .orderBy('f.id')
    .execute();
  for (const c of credits) {
    const lineId = Number(c.account_key.slice(5));
    const line = await db.selectFrom('order_contract_line').selectAll().where('id', '=', lineId).executeTakeFirstOrThrow();
    await lockBalance(db, line.school_id, line.student_id, line.class_type_id, input.by);
    const left = await hoursLedger.balance(db, lineAccount(line.id));
    if (left !== Number(c.amount)) throw new ApiError(409, `转入的课时已使用 ${toHours(Number(c.amount) - left)} 课时，不能撤销`);
    await hoursLedger.reverse(db, c.id, input.reason, input.by ?? undefined);
    const money = await db
      .selectFrom('order_money_flow as f')
      .select('f.id')
      .where('f.ref_type', '=', input.refType)
      .where('f.ref_id', '=', String(input.refId))
      .where('f.biz_type', '=', 'transfer_in')
      .where('f.account_key', 'in', [paidAccount(line.id), promoAccount(line.id)])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_money_flow as r').select('r.id').whereRef('r.reverses_id', '=', 'f.id'))))
      .execute();
    for (const m of money) await moneyLedger.reverse(db, m.id, input.reason, input.by ?? undefined);
    await moveLine(db, line.id, 0, -left);
    await moveBalance(db, line.student_id, line.class_type_id, -left, -left);
    // nothing is left on the line and its credits are reversed: it no longer counts as bought
    await db.updateTable('order_contract_line').set({ active: 0, updated_at: nowText(), updated_by: input.by }).where('id', '=', line.id).execute();
  }
  return reverseHours(db, input);
}
