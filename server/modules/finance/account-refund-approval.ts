import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { formatYuan } from '../../../src/lib/format/money';
import { ACCOUNT_REFUND_REF_TYPE } from '../../../src/contract/workflow-apps';
import { registerApplyCheck, registerOutcome } from '../workflow';
import { accountBalance, refundOutOfAccount } from './accounts';
import './schema';

type Db = Kysely<Database>;

/**
 * 账户余额退费 (workflow application, ref_type `account_refund`): staff accept a student (受理学员)
 * and ask to pay back part or all of the student's stored-value account. When it starts, the
 * student must be of the application's campus and the amount (yuan in the form) within the
 * balance; on the last approval the money leaves the account as a 退费 receipt and a ledger row
 * (refundOutOfAccount), in the approval's transaction. A balance spent meanwhile refuses that
 * approval (余额不足), so the account never goes below zero.
 */

/** Yuan as typed (at most two decimals) → fen; refuses anything else. */
function fenOf(yuan: unknown): number {
  const text = String(yuan ?? '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new ApiError(400, '退还余额应为金额（元），最多两位小数');
  const [whole, part = ''] = text.split('.');
  const fen = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new ApiError(400, '退还余额必须大于 0');
  return fen;
}

async function studentOf(db: Db, form: Readonly<Record<string, unknown>>, schoolId: number | null) {
  const id = Number(form.student_id);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(400, '请先受理学员');
  const row = await db.selectFrom('student').select(['id', 'name', 'school_id']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!row || row.school_id !== schoolId) throw new ApiError(404, '学员不存在或不属于该校区');
  return row;
}

registerApplyCheck(ACCOUNT_REFUND_REF_TYPE, async ({ db, schoolId, form }) => {
  const student = await studentOf(db, form, schoolId);
  const fen = fenOf(form.amount);
  const balance = await accountBalance(db, student.id);
  if (fen > balance) throw new ApiError(400, `退还余额超过账户余额：当前余额 ${formatYuan(balance)} 元`);
  // the amount stays in yuan as the form has it (an approver may edit it): the payout reads it again
  return { ...form, student_id: student.id, student_name: student.name, balance_at_apply: balance };
});

registerOutcome(ACCOUNT_REFUND_REF_TYPE, async ({ db, outcome, actorId, instance }) => {
  if (outcome !== 'approved') return;
  // an application from before this check existed names no student: nothing to pay
  if (!Number.isInteger(Number(instance.form.student_id)) || Number(instance.form.student_id) <= 0) return;
  const student = await studentOf(db, instance.form, instance.school_id);
  const fen = fenOf(instance.form.amount);
  const balance = await accountBalance(db, student.id);
  if (fen > balance) throw new ApiError(409, `账户余额不足：当前余额 ${formatYuan(balance)} 元，申请退还 ${formatYuan(fen)} 元，请拒绝后重新申请`);
  const reason = `账户余额退费（审批 ${instance.id}）${typeof instance.form.reason === 'string' ? `：${instance.form.reason}` : ''}`.slice(0, 200);
  await refundOutOfAccount(db, { id: student.id, name: student.name, school_id: student.school_id }, fen, 'transfer', reason, actorId);
});
