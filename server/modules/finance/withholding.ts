import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { withholdDueCall, type WithholdItem, type WithholdResult } from '../../../src/contract/finance-withholding';
import type { BaseColumns, Database } from '../../db/schema';
import type { AppEnv } from '../../lib/context';
import type { LeasedJob } from '../../lib/job-lease';
import { mountCall } from '../../lib/call-routes';
import { CAMPUS, requireInScope } from '../../lib/scope';
import { nowText, todayText } from '../../lib/time';
import { settleInstallment } from '../orders';
import { paymentProvider } from './provider';
import { issueReceipt } from './receipts';

type Db = Kysely<Database>;

/** One attempt at the provider (migration 1351). */
interface WithholdingTable extends BaseColumns {
  school_id: number;
  installment_id: number;
  student_id: number;
  out_trade_no: string;
  amount: number;
  state: number;
  trade_no: string | null;
  message: string | null;
  request_id: number | null;
  receipt_no: string | null;
}

declare module '../../db/schema' {
  interface Database {
    fin_withholding: WithholdingTable;
  }
}

const ASKING = 0;
const TAKEN = 1;
const REFUSED = 2;
/** Plan states that still take payments: 还款中, 已逾期, 逾期处理中 (orders PLAN). */
const OPEN_PLANS = [1, 2, 3];
/** Period states still owed: 待还, 已逾期 (orders PERIOD). */
const OWED_PERIODS = [1, 3];

/**
 * Withholds what is due by `day` on every open plan with a withholding agreement (of `schoolIds`,
 * or all campuses when null), in the caller's transaction. Per plan: the attempt is claimed first
 * by its trade number (plan, day, paid so far; unique), so a replay, a second run or a second
 * process asks the channel nothing; the ledger is posted only when the channel took the money.
 * The channel deduplicates by the same number, so a retry after a crash never takes twice either.
 */
export async function withholdDue(db: Db, input: { schoolIds: readonly number[] | null; day: string; by: number | null }): Promise<WithholdResult> {
  let q = db
    .selectFrom('order_installment')
    .select(['id', 'school_id', 'student_id', 'paid_amount', 'withholding_no'])
    .where('withholding', '=', 1)
    .where('state', 'in', OPEN_PLANS);
  if (input.schoolIds !== null) q = input.schoolIds.length === 0 ? q.where('id', '<', 0) : q.where('school_id', 'in', [...input.schoolIds]);
  const plans = await q.orderBy('id').execute();
  const items: WithholdItem[] = [];
  for (const plan of plans) {
    const periods = await db.selectFrom('order_installment_period').select(['amount', 'paid_amount']).where('installment_id', '=', plan.id).where('state', 'in', OWED_PERIODS).where('due_date', '<=', input.day).execute();
    const due = periods.reduce((n, p) => n + Number(p.amount) - Number(p.paid_amount ?? 0), 0);
    if (due <= 0 || !plan.withholding_no) continue;
    const item = await withholdPlan(db, { id: plan.id, schoolId: Number(plan.school_id), studentId: Number(plan.student_id), paid: Number(plan.paid_amount ?? 0), agreementNo: plan.withholding_no }, due, input);
    if (item) items.push(item);
  }
  const taken = items.filter((i) => i.state === TAKEN);
  return { day: input.day, succeeded: taken.length, failed: items.length - taken.length, amount: taken.reduce((n, i) => n + i.amount, 0), items };
}

async function withholdPlan(
  db: Db,
  plan: { id: number; schoolId: number; studentId: number; paid: number; agreementNo: string },
  amount: number,
  input: { day: string; by: number | null },
): Promise<WithholdItem | null> {
  const outTradeNo = `WH${plan.id}-${input.day.replace(/-/g, '')}-${plan.paid}`;
  const now = nowText();
  const claimed = await db
    .insertInto('fin_withholding')
    .values({ school_id: plan.schoolId, installment_id: plan.id, student_id: plan.studentId, out_trade_no: outTradeNo, amount, state: ASKING, trade_no: null, message: null, request_id: null, receipt_no: null, created_at: now, updated_at: now, created_by: input.by, updated_by: input.by })
    .onConflict((oc) => oc.column('out_trade_no').doNothing())
    .returning('id')
    .executeTakeFirst();
  // already asked with this number (a replay, another run today): nothing more
  if (!claimed) return null;
  const answer = await paymentProvider().withhold({ db, schoolId: plan.schoolId, studentId: plan.studentId, by: input.by }, { outTradeNo, agreementNo: plan.agreementNo, amount });
  const base = { installment_id: plan.id, student_id: plan.studentId, out_trade_no: outTradeNo, amount };
  if (!answer.ok) {
    const message = (answer.message ?? '渠道扣款失败').slice(0, 200);
    await db.updateTable('fin_withholding').set({ state: REFUSED, message, request_id: answer.requestId, updated_at: nowText() }).where('id', '=', claimed.id).execute();
    return { ...base, state: REFUSED, message, receipt_no: null };
  }
  const receipt = await issueReceipt(db, { schoolId: plan.schoolId, studentId: plan.studentId, amountFen: amount, kind: 1, payMethod: 'card', refType: 'order_installment', refId: plan.id, by: input.by, remark: `分期代扣 ${outTradeNo}` });
  // the periods are settled and the order's payment posted, as 分期收款 does
  await settleInstallment(db, plan.id, amount, input.by, { receiptNo: receipt.receipt_no, method: 'card' });
  await db.updateTable('fin_withholding').set({ state: TAKEN, trade_no: answer.tradeNo, request_id: answer.requestId, receipt_no: receipt.receipt_no, updated_at: nowText() }).where('id', '=', claimed.id).execute();
  return { ...base, state: TAKEN, message: null, receipt_no: receipt.receipt_no };
}

/** The daily withholding of every campus (server/main.ts schedules it; one process per day runs it). */
export const WITHHOLD_JOB: LeasedJob = {
  job: 'fin_withholding',
  everyMs: 86_400_000,
  work: async (trx) => {
    await withholdDue(trx, { schoolIds: null, day: todayText(), by: null });
  },
};

export function registerWithholding(app: Hono<AppEnv>): void {
  mountCall(app, withholdDueCall, async ({ db, principal, body }) => {
    // a campus that does not exist, or is not the caller's, answers the same 校区不存在或无权访问
    await requireInScope(db, principal, CAMPUS, body.school_id, '校区');
    return withholdDue(db, { schoolIds: [body.school_id], day: todayText(), by: principal.userId });
  });
}
