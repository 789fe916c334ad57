import { sql, type Kysely } from 'kysely';
import type { Hono } from 'hono';
import { addIntegralCall, reduceIntegralCall, type IntegralResult } from '../../../src/contract/students';
import type { Database } from '../../db/schema';
import type { AppEnv, Principal } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { studentInScope } from './student-rules';
import './schema';

type Db = Kysely<Database>;

/**
 * Points (积分): every change is a ledger row (student_integral_log: signed points, the balance
 * after, the reason, who). student.integral is the cached total, moved in the same statement
 * that refuses to go below zero, so concurrent posts serialise on the student row and the balance
 * is never negative; `integralMismatches` proves the cache equals the ledger.
 */
export async function postPoints(db: Db, principal: Principal, studentId: number, delta: number, reason: string): Promise<IntegralResult> {
  const student = await studentInScope(db, principal, studentId);
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
    .values({ school_id: student.school_id, student_id: studentId, points: delta, balance_after: balance, reason, operator_name: principal.name, created_at: now, updated_at: now, created_by: principal.userId, updated_by: principal.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { student_id: studentId, balance, log_id: log.id };
}

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
  mountCall(app, addIntegralCall, ({ db, principal, body }) => postPoints(db, principal, body.student_id, body.points, body.reason));
  mountCall(app, reduceIntegralCall, ({ db, principal, body }) => postPoints(db, principal, body.student_id, -body.points, body.reason));
}
