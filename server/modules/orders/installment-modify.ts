import type { Kysely } from 'kysely';
import { formatYuan } from '../../../src/lib/format/money';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { nowText, todayText } from '../../lib/time';
import { PERIOD, assertOpen, logEvent, planProblem, type PlanRow } from './installments';
import './schema';

type Db = Kysely<Database>;
type Period = { due_date: string; amount: number };

const scheduleText = (periods: readonly Period[]): string => periods.map((p) => `${p.due_date} ${formatYuan(p.amount)}`).join('，');

/**
 * 修改分期计划: the periods still owed are replaced by `periods`, which must add up to what the plan
 * still owes, fall due from today on and after the last period kept. Periods paid stay as they are;
 * one partly paid is closed at what it received (its remainder is in the new schedule). The plan's
 * state is kept (逾期恢复 is its own step); the old and new schedules are the 修改 event's text.
 */
export async function modifyInstallmentPlan(db: Db, actor: Pick<Principal, 'userId' | 'name'>, plan: PlanRow, periods: readonly Period[], note: string): Promise<{ id: number; periods: number; next_due_date: string }> {
  assertOpen(plan, '修改');
  const owed = plan.total_amount - plan.paid_amount;
  const problem = planProblem(owed, periods);
  if (problem) throw new ApiError(400, problem.replace('分期总额', '未还金额'));
  const today = todayText();
  if (periods[0].due_date < today) throw new ApiError(400, `第1期还款日不能早于今天（${today}）`);
  const all = await db.selectFrom('order_installment_period').select(['id', 'period_no', 'due_date', 'amount', 'paid_amount', 'state']).where('installment_id', '=', plan.id).orderBy('period_no').execute();
  const open = all.filter((p) => p.state === PERIOD.DUE || p.state === PERIOD.OVERDUE);
  // paid periods, and one partly paid (closed below), stay: the new schedule follows them
  const kept = all.filter((p) => p.state === PERIOD.PAID || Number(p.paid_amount ?? 0) > 0);
  const lastKept = kept.reduce<string | null>((d, p) => (d === null || p.due_date > d ? p.due_date : d), null);
  if (lastKept !== null && periods[0].due_date <= lastKept) throw new ApiError(400, `第1期还款日必须晚于已还期次的还款日（${lastKept}）`);
  const now = nowText();
  const by = actor.userId;
  for (const p of open) {
    const paid = Number(p.paid_amount ?? 0);
    if (paid > 0) await db.updateTable('order_installment_period').set({ amount: paid, state: PERIOD.PAID, paid_at: now, updated_at: now, updated_by: by }).where('id', '=', p.id).execute();
    else await db.deleteFrom('order_installment_period').where('id', '=', p.id).execute();
  }
  const start = kept.reduce((n, p) => Math.max(n, p.period_no), 0);
  await db
    .insertInto('order_installment_period')
    .values(periods.map((p, i) => ({ school_id: plan.school_id, installment_id: plan.id, period_no: start + i + 1, due_date: p.due_date, amount: p.amount, paid_amount: 0, state: PERIOD.DUE, paid_at: null, created_at: now, updated_at: now, created_by: by, updated_by: by })))
    .execute();
  const count = start + periods.length;
  await db.updateTable('order_installment').set({ periods: count, next_due_date: periods[0].due_date, updated_at: now, updated_by: by }).where('id', '=', plan.id).execute();
  const before = open.map((p) => ({ due_date: p.due_date, amount: Number(p.amount) - Number(p.paid_amount ?? 0) }));
  await logEvent(db, plan, '修改', `${note}；原计划：${scheduleText(before)}；新计划：${scheduleText(periods)}`.slice(0, 255), actor);
  return { id: plan.id, periods: count, next_due_date: periods[0].due_date };
}
