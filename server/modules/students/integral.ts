import { sql, type Kysely } from 'kysely';
import type { Hono } from 'hono';
import { addIntegralCall, reduceIntegralCall, type IntegralResult } from '../../../src/contract/students';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import type { ResourceHooks } from '../../lib/resource-routes';
import { inScope } from '../../lib/scope';
import { REVERSIBLE_POINTS_KINDS } from '../../../src/contract/resources/students';
import { nowText } from '../../lib/time';
import { studentInScope } from './student-rules';
import './schema';

type Db = Kysely<Database>;

/** What posted a ledger row (POINTS_KINDS); undefined for a caller that names none. */
export type PointsKind = 'grant' | 'deduct' | 'exchange' | 'exchange_return' | 'reversal';

/**
 * Points (积分): every change is a ledger row (student_integral_log: signed points, the balance
 * after, the reason, its kind, who). student.integral is the cached total, moved in the same
 * statement that refuses to go below zero, so concurrent posts serialise on the student row and the
 * balance is never negative; `integralMismatches` proves the cache equals the ledger.
 */
export async function postPoints(db: Db, principal: Principal, studentId: number, delta: number, reason: string, kind?: PointsKind): Promise<IntegralResult> {
  return appendPoints(db, principal, studentId, delta, reason, kind ?? null, null);
}

async function appendPoints(db: Db, principal: Principal, studentId: number, delta: number, reason: string, kind: PointsKind | null, reversesId: number | null): Promise<IntegralResult> {
  const student = await studentInScope(db, principal, studentId);
  if (reversesId !== null) {
    // hold the student row first, then look: a parallel 冲正 of the same row has committed or waits here
    await db.updateTable('student').set({ updated_by: principal.userId }).where('id', '=', studentId).execute();
    const done = await db.selectFrom('student_integral_log').select('id').where('reverses_id', '=', reversesId).executeTakeFirst();
    if (done) throw new ApiError(409, '该积分流水已冲正，不能重复冲正');
  }
  const moved = await db
    .updateTable('student')
    .set({ integral: sql<number>`coalesce(integral, 0) + ${delta}`, updated_at: nowText(), updated_by: principal.userId })
    .where('id', '=', studentId)
    .where(sql<boolean>`coalesce(integral, 0) + ${delta} >= 0`)
    .returning(['integral'])
    .executeTakeFirst();
  if (!moved) throw new ApiError(409, `积分不足：${student.name} 当前积分 ${Number(student.integral ?? 0)}，不能扣减 ${-delta}`);
  const balance = Number(moved.integral);
  const now = nowText();
  const log = await db
    .insertInto('student_integral_log')
    .values({ school_id: student.school_id, student_id: studentId, points: delta, balance_after: balance, reason, operator_name: principal.name, biz_type: kind, reverses_id: reversesId, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { student_id: studentId, balance, log_id: log.id };
}

/**
 * 冲正: the exact opposite of a 增加积分 / 扣减积分 row, naming it; the original stays. A row of
 * another campus answers as a missing one. Refused: a reversal, a row already reversed, a row
 * posted by a gift exchange (undone through its order), and a reversal the balance cannot bear.
 */
export async function reversePoints(db: Db, principal: Principal, logId: number, reason: string): Promise<IntegralResult> {
  const row = await db.selectFrom('student_integral_log').select(['id', 'student_id', 'school_id', 'points', 'biz_type', 'reverses_id']).where('id', '=', logId).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw new ApiError(404, '积分流水不存在或无权访问');
  if (row.reverses_id !== null && row.reverses_id !== undefined) throw new ApiError(409, '冲正记录不能再冲正');
  const kind = row.biz_type ?? '';
  if (kind === 'exchange' || kind === 'exchange_return') throw new ApiError(409, '该积分由礼品兑换产生，请在礼品兑换中驳回或删除兑换单');
  if (!REVERSIBLE_POINTS_KINDS.includes(kind)) throw new ApiError(409, '该积分流水不是增加或扣减积分，不能冲正');
  const why = `冲正流水 ${row.id}：${reason}`.slice(0, 255);
  return appendPoints(db, principal, Number(row.student_id), -Number(row.points), why, 'reversal', row.id);
}

/**
 * The ledger's page answers, per row, the reversal that undid it (null: none), so a screen offers
 * 冲正 only where it may be done.
 */
export const integralLogHooks: ResourceHooks = {
  extendPage(qb) {
    return qb.select(sql<number | null>`(select r.id from student_integral_log r where r.reverses_id = student_integral_log.id)`.as('reversed_by_id'));
  },
};

/** Students whose cached points differ from the sum of their ledger (empty when all agree). */
export async function integralMismatches(db: Db): Promise<{ id: number; integral: number; ledger: number }[]> {
  return (await integralMismatchRows(db)).map((r) => ({ id: r.id, integral: r.integral, ledger: r.ledger }));
}

/** The same, with each student's name and campus (客户关系 › 积分记录 shows them per campus). */
export async function integralMismatchRows(db: Db): Promise<{ id: number; name: string; school_id: number; integral: number; ledger: number }[]> {
  const rows = await db
    .selectFrom('student as s')
    .leftJoin(db.selectFrom('student_integral_log').select(['student_id', sql<number>`sum(points)`.as('total')]).groupBy('student_id').as('l'), 'l.student_id', 's.id')
    .select(['s.id', 's.name', 's.school_id', sql<number>`coalesce(s.integral, 0)`.as('integral'), sql<number>`coalesce(l.total, 0)`.as('ledger')])
    .where(sql<boolean>`coalesce(s.integral, 0) <> coalesce(l.total, 0)`)
    .execute();
  return rows.map((r) => ({ id: r.id, name: String(r.name), school_id: Number(r.school_id), integral: Number(r.integral), ledger: Number(r.ledger) }));
}

export function registerIntegral(app: Hono<AppEnv>): void {
  mountCall(app, addIntegralCall, ({ db, principal, body }) => postPoints(db, principal, body.student_id, body.points, body.reason, 'grant'));
  mountCall(app, reduceIntegralCall, ({ db, principal, body }) => postPoints(db, principal, body.student_id, -body.points, body.reason, 'deduct'));
}
