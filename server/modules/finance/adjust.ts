import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { checkModifyBalanceCall, modifyBalanceCall, type BalanceAdjustRow } from '../../../src/contract/finance-accounts';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import { mountCall } from '../../lib/call-routes';
import { ApiError } from '../../lib/http';
import { inScope } from '../../lib/scope';
import { nowText } from '../../lib/time';
import { createInstance, instanceOf, partakersRead, registerOutcome, WF_STATES } from '../workflow';
import { mountResource } from '../../lib/resource-routes';
import { balanceAdjustResource } from '../../../src/contract/resources/finance-accounts';
import { accountStudent } from './accounts';
import { accountFlow, accountKey } from './ledgers';
import { userName } from './receipts';
import './schema';

type Db = Kysely<Database>;

const SELF_CHECK_MSG = '不能审核自己提交的余额调整，请由另一位同事审核';

/**
 * Balance corrections (余额调整, modify_balance): a request with a signed amount and a reason; the
 * money moves only when a second person approves. With an enabled workflow definition of the tag
 * `balance_adjust` (流程管理) the approval runs there; otherwise another user with the operation
 * code fn_student_account_check_modify_balance decides. The applicant never approves their own.
 */

async function adjustRow(db: Db, id: number): Promise<BalanceAdjustRow> {
  const row = await db.selectFrom('fin_balance_adjust').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, '余额调整不存在或无权访问');
  return { ...(row as unknown as BalanceAdjustRow), amount: Number(row.amount) };
}

/** Approves (posts the correction) or refuses a pending correction. */
async function settle(db: Db, adjust: BalanceAdjustRow, approve: boolean, userId: number | null, remark: string | null): Promise<void> {
  if (adjust.state !== 1) throw new ApiError(409, '该余额调整已处理，不能重复审核');
  let flowId: number | null = null;
  if (approve) {
    try {
      const flow = await accountFlow.post(db, accountKey(adjust.student_id), adjust.amount, { bizType: 'correction', refType: 'adjust', refId: adjust.id, reason: adjust.reason, by: userId ?? undefined });
      flowId = flow.id;
    } catch (e) {
      if (e instanceof ApiError && e.message.startsWith('余额不足')) throw new ApiError(409, `调减金额超过账户余额，不能通过（${e.message}）`);
      throw e;
    }
  }
  const now = nowText();
  await db
    .updateTable('fin_balance_adjust')
    .set({ state: approve ? 2 : 3, flow_id: flowId, checked_by: userId, checker_name: await userName(db, userId), checked_at: now, check_remark: remark, updated_at: now, updated_by: userId })
    .where('id', '=', adjust.id)
    .execute();
}

export function registerAdjust(app: Hono<AppEnv>): void {
  // the declared list and get; an approver of another campus reads the correction of their task
  mountResource(app, balanceAdjustResource, { readsOutOfScope: partakersRead('fin_balance_adjust') });
  registerOutcome('fin_balance_adjust', async ({ db, outcome, actorId, instance }) => {
    const adjust = await adjustRow(db, Number(instance.ref_id));
    if (adjust.state !== 1) return;
    // the last approval is the second person's: a definition that hands it to the applicant refuses that step
    if (outcome === 'approved' && actorId === adjust.applied_by) throw new ApiError(403, SELF_CHECK_MSG);
    if (outcome === 'approved' || outcome === 'refused') await settle(db, adjust, outcome === 'approved', actorId, null);
    else await db.updateTable('fin_balance_adjust').set({ state: 4, updated_at: nowText(), updated_by: actorId }).where('id', '=', adjust.id).execute();
  });

  mountCall(app, modifyBalanceCall, async ({ db, principal, body }) => {
    const student = await accountStudent(db, principal, body.student_id);
    const now = nowText();
    const inserted = await db
      .insertInto('fin_balance_adjust')
      .values({
        school_id: student.school_id,
        student_id: student.id,
        student_name: student.name,
        amount: body.amount,
        reason: body.reason,
        state: 1,
        wf_instance_id: null,
        flow_id: null,
        applied_by: principal.userId,
        applicant_name: principal.name,
        checked_by: null,
        checker_name: null,
        checked_at: null,
        check_remark: null,
        created_at: now,
        updated_at: now,
        created_by: principal.userId,
        updated_by: principal.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let instanceId: number | null = null;
    try {
      const started = await createInstance(db, {
        refType: 'fin_balance_adjust',
        refId: inserted.id,
        tag: 'balance_adjust',
        schoolId: student.school_id,
        applicantId: principal.userId,
        form: { amount: body.amount, reason: body.reason, student: student.name },
        title: `${student.name} 储值余额调整 ${(body.amount / 100).toFixed(2)} 元`,
      });
      instanceId = started.instanceId;
    } catch (e) {
      // no enabled definition of this kind: a second person decides with check_modify_balance
      if (!(e instanceof ApiError && e.code === 404)) throw e;
    }
    if (instanceId !== null) await db.updateTable('fin_balance_adjust').set({ wf_instance_id: instanceId }).where('id', '=', inserted.id).execute();
    return adjustRow(db, inserted.id);
  });

  mountCall(app, checkModifyBalanceCall, async ({ db, principal, body }) => {
    const adjust = await adjustRow(db, body.id);
    if (!inScope(principal, adjust.school_id)) throw new ApiError(404, '余额调整不存在或无权访问');
    const inst = await instanceOf(db, 'fin_balance_adjust', adjust.id);
    if (inst && inst.state === WF_STATES.RUNNING) throw new ApiError(409, '该余额调整正在审批流程中，请在审批待办中处理');
    if (adjust.applied_by === principal.userId) throw new ApiError(403, SELF_CHECK_MSG);
    await settle(db, adjust, body.approve, principal.userId, body.check_remark ?? null);
    return adjustRow(db, adjust.id);
  });
}
