import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { assertSchoolInScope, schoolScope } from '../../lib/scope';
import { nowText, todayText } from '../../lib/time';
import { isUniqueViolation } from '../../db/dialect';
import { PAY_SCREENS, type PayDetail, type PayItem, type PayKind, type PayLineType } from '../../../src/contract/employee_pay';
import { formatYuan } from '../../../src/lib/format/money';
import { computeCampus } from './compute';
import './schema';
import '../../db/core-schema';

type Db = Kysely<Database>;

export interface Campus {
  id: number;
  name: string;
}

/** A row of the list with what the drill-down shows. */
export type FullRow = PayDetail & { summary: string };

export const thisMonth = (): string => todayText().slice(0, 7);

/** The campuses a request covers: the one asked for (in scope, else missing), or all of the caller's. */
export async function campusesOf(db: Db, principal: Principal, schoolId: number | undefined): Promise<Campus[]> {
  if (schoolId !== undefined) assertSchoolInScope(principal, schoolId);
  let q = db.selectFrom('organisations').select(['id', 'name']).where('kind', '=', 'school').where('del_flag', '=', 0).orderBy('order_num').orderBy('id');
  if (schoolId !== undefined) q = q.where('id', '=', schoolId);
  const scope = schoolScope(principal);
  if (scope !== undefined) q = q.where('id', 'in', scope.length ? [...scope] : [-1]);
  const rows = await q.execute();
  if (schoolId !== undefined && rows.length === 0) throw new ApiError(404, '校区不存在或无权访问');
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

const summaryOf = (items: readonly PayItem[]): string => items.map((i) => `${i.label} ¥${formatYuan(i.amount)}`).join('；');

function parseItems(text: string | null): PayItem[] {
  if (!text) return [];
  const v: unknown = JSON.parse(text);
  return Array.isArray(v) ? (v as PayItem[]) : [];
}

export async function sheetOf(db: Db, kind: PayKind, schoolId: number, month: string) {
  return db.selectFrom('pay_sheet').selectAll().where('school_id', '=', schoolId).where('kind', '=', kind).where('month', '=', month).executeTakeFirst();
}

/**
 * The rows of a campus's month: from its locked sheet when there is one (recomputation never
 * changes a locked month), else computed now from the ledgers.
 */
export async function rowsOf(db: Db, kind: PayKind, campus: Campus, month: string): Promise<FullRow[]> {
  const sheet = await sheetOf(db, kind, campus.id, month);
  if (!sheet) {
    const computed = await computeCampus(db, kind, campus.id, month);
    return computed.lines.map((l) => ({
      key: `${campus.id}-${l.user_id}`,
      school_id: campus.id,
      school_name: campus.name,
      user_id: l.user_id,
      user_name: l.user_name,
      month,
      summary: summaryOf(l.items),
      amount: l.amount,
      adjust: 0,
      total: l.amount,
      state_text: '未确认',
      line_id: null,
      items: l.items,
      history: [],
    }));
  }
  const lines = await db.selectFrom('pay_sheet_line').selectAll().where('sheet_id', '=', sheet.id).orderBy('id').execute();
  const rows = new Map<number, FullRow>();
  for (const l of lines) {
    const amount = Number(l.amount);
    const entry = { id: Number(l.id), line_type: l.line_type as PayLineType, amount, reason: l.reason, created_at: l.created_at, created_by_name: l.created_by_name };
    const row = rows.get(l.user_id);
    if (l.line_type === 'computed' || !row) {
      const items = parseItems(l.items);
      rows.set(l.user_id, {
        key: `${campus.id}-${l.user_id}`,
        school_id: campus.id,
        school_name: campus.name,
        user_id: Number(l.user_id),
        user_name: l.user_name,
        month,
        summary: summaryOf(items),
        amount,
        adjust: 0,
        total: amount,
        state_text: '已确认',
        line_id: Number(l.id),
        items,
        history: [entry],
      });
      continue;
    }
    row.adjust += amount;
    row.total += amount;
    row.history.push(entry);
  }
  return [...rows.values()];
}

/**
 * Confirms (locks) a campus's month: writes the pay sheet and one line per employee, as computed
 * now, once. Only a month that has ended; a second confirmation is refused.
 */
export async function lockMonth(db: Db, principal: Principal, kind: PayKind, schoolId: number, month: string): Promise<{ sheet_id: number; count: number; amount: number }> {
  await campusesOf(db, principal, schoolId);
  if (month >= thisMonth()) throw new ApiError(400, '该月份尚未结束，不能确认');
  const title = PAY_SCREENS[kind].title;
  if (await sheetOf(db, kind, schoolId, month)) throw new ApiError(409, `该校区${month}的${title}已确认，不能重复确认`);
  const computed = await computeCampus(db, kind, schoolId, month);
  const amount = computed.lines.reduce((s, l) => s + l.amount, 0);
  const now = nowText();
  const by = principal.userId || null;
  let sheetId: number;
  try {
    const sheet = await db
      .insertInto('pay_sheet')
      .values({ school_id: schoolId, kind, month, line_count: computed.lines.length, amount, rules: JSON.stringify(computed.rules), locked_by: by, locked_by_name: principal.name, locked_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    sheetId = Number(sheet.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, `该校区${month}的${title}已确认，不能重复确认`);
    throw err;
  }
  for (const l of computed.lines) {
    await db
      .insertInto('pay_sheet_line')
      .values({ sheet_id: sheetId, school_id: schoolId, user_id: l.user_id, user_name: l.user_name, line_type: 'computed', amount: l.amount, items: JSON.stringify(l.items), reverses_id: null, reason: null, created_by: by, created_by_name: principal.name, created_at: now })
      .execute();
  }
  return { sheet_id: sheetId, count: computed.lines.length, amount };
}

/**
 * Corrects an employee's pay on a locked sheet, append-only: a reversing row takes back what the
 * employee has now (the computed line and earlier corrections) and, unless the corrected amount
 * is 0, a correcting row pays the new amount; both carry the reason. Nothing is updated.
 */
export async function adjustLine(db: Db, principal: Principal, kind: PayKind, lineId: number, amount: number, reason: string): Promise<{ ids: number[]; total: number }> {
  const line = await db
    .selectFrom('pay_sheet_line as l')
    .innerJoin('pay_sheet as s', 's.id', 'l.sheet_id')
    .select(['l.id', 'l.sheet_id', 'l.school_id', 'l.user_id', 'l.user_name', 'l.line_type', 's.kind'])
    .where('l.id', '=', lineId)
    .executeTakeFirst();
  if (!line || line.kind !== kind || line.line_type !== 'computed') throw new ApiError(404, '薪酬行不存在或无权访问');
  assertSchoolInScope(principal, line.school_id);
  const rows = await db.selectFrom('pay_sheet_line').select('amount').where('sheet_id', '=', line.sheet_id).where('user_id', '=', line.user_id).execute();
  const current = rows.reduce((s, r) => s + Number(r.amount), 0);
  if (current === amount) throw new ApiError(400, '更正后金额与当前应发金额相同，无需更正');
  const now = nowText();
  const by = principal.userId || null;
  const base = { sheet_id: line.sheet_id, school_id: line.school_id, user_id: line.user_id, user_name: line.user_name, items: null, reason, created_by: by, created_by_name: principal.name, created_at: now };
  const ids: number[] = [];
  if (current !== 0) {
    const r = await db.insertInto('pay_sheet_line').values({ ...base, line_type: 'reversal', amount: -current, reverses_id: lineId }).returning('id').executeTakeFirstOrThrow();
    ids.push(Number(r.id));
  }
  if (amount !== 0) {
    const r = await db.insertInto('pay_sheet_line').values({ ...base, line_type: 'correction', amount, reverses_id: lineId }).returning('id').executeTakeFirstOrThrow();
    ids.push(Number(r.id));
  }
  return { ids, total: amount };
}
