import { sql, type Kysely } from 'kysely';
import type { Hono } from 'hono';
import { closeMonthCall, type MonthCloseRow } from '../../../src/contract/finance-accounts';
import { monthCloseResource } from '../../../src/contract/resources/finance-accounts';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { mountResource } from '../../lib/resource-routes';
import { ApiError } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { nowText, todayText } from '../../lib/time';
import { activeDialect } from '../../db/dialect';
import { isMonthClosed } from './closed-months';
import { RECEIPT_NUMBER_KIND, userName } from './receipts';
import './schema';

type Db = Kysely<Database>;

/**
 * 月结 (month close): a finance user closes a finished month of a campus; its receipt totals (by
 * kind) and the account ledger's net change are kept in fin_month_close. A closed month's totals
 * never change: a receipt dated into it (a late payment, 期初收据) is issued in the open month
 * instead and names the month it corrects (receipts.ts `corrects_month`), as cancellations already
 * are; `npm run ledger:check` recounts every closed month against what was kept.
 */

export interface MonthFigures {
  receipt_count: number;
  income: number;
  refund: number;
  carry: number;
  net: number;
  account_net: number;
  account_count: number;
}

function lastDay(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The figures of a campus-month as the ledgers hold them now (integer fen). */
export async function monthFigures(db: Db, schoolId: number, month: string): Promise<MonthFigures> {
  const from = `${month}-01`;
  const to = lastDay(month);
  const receipts = await db
    .selectFrom('fin_stu_account_receipts')
    .select((eb) => [
      'kind',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('amount').as('amount'),
    ])
    .where('school_id', '=', schoolId)
    .where('biz_date', '>=', from)
    .where('biz_date', '<=', to)
    .groupBy('kind')
    .execute();
  const f: MonthFigures = { receipt_count: 0, income: 0, refund: 0, carry: 0, net: 0, account_net: 0, account_count: 0 };
  for (const r of receipts) {
    const amount = Number(r.amount ?? 0);
    if (Number(r.kind) === 1) f.income += amount;
    else if (Number(r.kind) === 2) f.refund += amount;
    else f.carry += amount;
    f.net += amount;
    f.receipt_count += Number(r.n);
  }
  const account = await db
    .selectFrom('fin_stu_account_flow')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('amount').as('amount')])
    .where('school_id', '=', schoolId)
    .where('created_at', '>=', `${from} 00:00:00`)
    .where('created_at', '<=', `${to} 23:59:59`)
    .executeTakeFirst();
  f.account_net = Number(account?.amount ?? 0);
  f.account_count = Number(account?.n ?? 0);
  return f;
}

/**
 * Waits for the receipts being issued at the campus this year before the close sums: they hold the
 * series' number row until they commit (PostgreSQL; SQLite runs one write at a time anyway).
 */
async function lockReceiptSeries(db: Db, schoolId: number, year: string): Promise<void> {
  if (activeDialect() !== 'postgres') return;
  await sql`select last_value from number_sequence where kind = ${RECEIPT_NUMBER_KIND} and scope = ${String(schoolId)} and period = ${year} for update`.execute(db);
}

/** Closes a campus's month: its figures are kept as they are now (the caller has checked the campus and that the month is over). */
export async function closeMonth(db: Db, schoolId: number, month: string, userId: number): Promise<MonthCloseRow> {
  if (await isMonthClosed(db, schoolId, month)) throw new ApiError(409, `${month} 已月结，不能重复月结`);
  await lockReceiptSeries(db, schoolId, month.slice(0, 4));
  const figures = await monthFigures(db, schoolId, month);
  const now = nowText();
  const closer = await userName(db, userId);
  const row = await db
    .insertInto('fin_month_close')
    .values({ school_id: schoolId, month, ...figures, closer_name: closer, closed_at: now, created_at: now, updated_at: now, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const out: MonthCloseRow = { id: row.id, school_id: schoolId, month, ...figures, closed_at: now, closer_name: closer };
  return out;
}

export function registerMonthClose(app: Hono<AppEnv>): void {
  mountResource(app, monthCloseResource);

  mountCall(app, closeMonthCall, async ({ db, principal, body }) => {
    const school = await db.selectFrom('organisations').select(['id']).where('id', '=', body.school_id).where('kind', '=', 'school').where('del_flag', '=', 0).executeTakeFirst();
    if (!school || !inScope(principal, school.id)) throw new ApiError(404, '校区不存在或无权访问');
    if (body.month >= todayText().slice(0, 7)) throw new ApiError(400, `月份 ${body.month} 尚未结束，只能月结已经过去的月份`);
    return closeMonth(db, school.id, body.month, principal.userId);
  });
}

/** ledger:check: every closed month recounted; a month whose ledgers moved since the close is named. */
export async function closedMonthProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const closed = await db.selectFrom('fin_month_close').selectAll().orderBy('school_id').orderBy('month').execute();
  for (const c of closed) {
    const now = await monthFigures(db, c.school_id, c.month);
    const kept: MonthFigures = { receipt_count: Number(c.receipt_count), income: Number(c.income), refund: Number(c.refund), carry: Number(c.carry), net: Number(c.net), account_net: Number(c.account_net), account_count: Number(c.account_count) };
    const moved = (Object.keys(kept) as (keyof MonthFigures)[]).filter((k) => kept[k] !== now[k]);
    if (moved.length > 0) problems.push(`校区 ${c.school_id} ${c.month} 已月结，但合计已变动：${moved.map((k) => `${k} ${kept[k]} → ${now[k]}`).join('，')}`);
  }
  return problems;
}
