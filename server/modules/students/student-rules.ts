import type { Kysely } from 'kysely';
import { INITIAL_STATES, STATE_TRANSITIONS, idCardBirthday, idCardProblem } from '../../../src/contract/students';
import { STUDENT_STATES } from '../../../src/contract/resources/students';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import type { Principal } from '../../lib/context';
import { nowText, todayText } from '../../lib/time';
import { inScope } from '../../lib/scope';
import type { ResourceCtx, ResourceHooks, Row } from '../../lib/resource-routes';
import { syncPrimaryParent } from './parents';
import { studentViewFilter, isViewQuery } from './views';
import '../classes';

type Db = Kysely<Database>;

export function stateText(state: unknown): string {
  return STUDENT_STATES.find((s) => s.value === Number(state))?.text ?? String(state ?? '');
}

/** Refuses a change of state the life cycle does not allow, naming both states. */
export function assertTransition(from: unknown, to: number): void {
  const start = Number(from ?? 1);
  if (start === to) return;
  if (to === 7 || to === 2) throw new ApiError(409, `学员不能直接变更为${stateText(to)}，请提交${to === 7 ? '冻结' : '停课'}申请`);
  if (!(STATE_TRANSITIONS[start] ?? []).includes(to)) throw new ApiError(409, `学员状态不能从${stateText(start)}变更为${stateText(to)}`);
}

/**
 * An ID number: format, real birth date and check digit, and one live student per number across
 * the company (a person is one student; the message does not say where the other one is).
 */
async function checkIdCard(db: Db, row: Record<string, unknown>, id?: number): Promise<void> {
  if (row.id_card === undefined || row.id_card === null) return;
  const value = String(row.id_card).toUpperCase();
  const problem = idCardProblem(value);
  if (problem) throw new ApiError(400, problem);
  row.id_card = value;
  let q = db.selectFrom('student').select('id').where('id_card', '=', value).where('del_flag', '=', 0);
  if (id !== undefined) q = q.where('id', '!=', id);
  if (await q.executeTakeFirst()) throw new ApiError(409, '身份证号已被其他学员使用');
  if ((row.birthday === undefined || row.birthday === null) && id === undefined) row.birthday = idCardBirthday(value);
}

/** The hooks of the student declaration's standard calls. */
export const studentHooks: ResourceHooks = {
  async beforeWrite(ctx, row, mode, existing) {
    await checkIdCard(ctx.db, row, existing?.id);
    if (typeof row.birthday === 'string' && row.birthday > todayText()) throw new ApiError(400, '出生日期不能晚于今天');
    if (mode === 'add') {
      if (row.state !== undefined && row.state !== null && !INITIAL_STATES.includes(Number(row.state))) throw new ApiError(400, '新学员的状态只能是 潜在、试听 或 在读');
      if (row.state === undefined || row.state === null) row.state = 1;
      row.integral = 0;
    } else if (row.state !== undefined && row.state !== null && existing) {
      assertTransition(existing.state, Number(row.state));
    }
  },
  async afterWrite(ctx, row, mode) {
    if (mode === 'add' || row.parent_phone) await syncPrimaryParent(ctx, row);
  },
  async beforeAction(_ctx, action, rows, value) {
    if (action.name !== 'change_state') return;
    for (const r of rows) {
      try {
        assertTransition(r.state, Number(value));
      } catch (e) {
        if (e instanceof ApiError && rows.length > 1) throw new ApiError(e.code, `${String(r.name)}：${e.message}`);
        throw e;
      }
    }
  },
  plannable: (params) => !isViewQuery(params),
  extendPage: (qb, params, ctx) => studentViewFilter(qb, params, ctx),
};

/** A student in the caller's campuses (not deleted), or the plain missing record. */
export async function studentInScope(db: Db, principal: Principal, id: number): Promise<Row & { school_id: number; state: number | null; name: string; integral: number | null; valid_until: string | null }> {
  const row = await db.selectFrom('student').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || !inScope(principal, row.school_id)) throw new ApiError(404, '学员不存在或无权访问');
  return row as unknown as Row & { school_id: number; state: number | null; name: string; integral: number | null; valid_until: string | null };
}

/** Sets a student's state as an approved apply decides (the caller has checked the apply). */
export async function setState(db: Db, userId: number | null, id: number, state: number, extra: { freeze_start?: string | null; freeze_end?: string | null; valid_until?: string | null } = {}): Promise<void> {
  await db
    .updateTable('student')
    .set({ state, ...extra, updated_at: nowText(), updated_by: userId })
    .where('id', '=', id)
    .execute();
}

/** `schoolOf` of records hanging on a student: the student's campus, when the caller reaches it. */
export async function studentSchool(ctx: ResourceCtx, row: Record<string, unknown>): Promise<number | undefined> {
  const id = Number(row.student_id);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const student = await ctx.db.selectFrom('student').select('school_id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  return student && inScope(ctx.principal, student.school_id) ? student.school_id : undefined;
}
