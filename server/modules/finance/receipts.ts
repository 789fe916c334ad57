import { sql, type Kysely } from 'kysely';
import { PAY_METHODS, RECEIPT_KINDS, RECEIPT_STATES, optionText, type PayMethod, type ReceiptDetail, type ReceiptKind, type ReceiptRow } from '../../../src/contract/finance-accounts';
import { rmbCapital } from '../../../src/lib/format/rmbCapital';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { nextNumber, periodOf } from '../../lib/number-sequence';
import { nowText, todayText } from '../../lib/time';
import { accountFlow } from './ledgers';
import { isMonthClosed } from './closed-months';
import './schema';

type Db = Kysely<Database>;

/** Prefix of receipt numbers: SJ2026-12-000123 (year, campus id, counter), one gapless series per campus and year. */
export const RECEIPT_NUMBER_KIND = 'SJ';

/** The next receipt number of a campus and year: the counter of number_sequence with the campus in the text, so numbers are unique across campuses. */
async function nextReceiptNo(trx: Db, schoolId: number, year: string): Promise<string> {
  const no = await nextNumber(trx, { kind: RECEIPT_NUMBER_KIND, scope: String(schoolId), period: year });
  const cut = no.lastIndexOf('-');
  return `${no.slice(0, cut)}-${schoolId}${no.slice(cut)}`;
}

export interface IssueReceiptInput {
  schoolId: number;
  studentId: number;
  /** positive fen; the sign comes from the kind (收费 in, 退费 out) or `direction` for 结转/转班 */
  amountFen: number;
  kind: ReceiptKind;
  payMethod: PayMethod;
  /** the business record the receipt belongs to (an order, a refund, an account deposit…) */
  refType?: string | null;
  refId?: string | number | null;
  by: number | null;
  payer?: string | null;
  remark?: string | null;
  /** business date (YYYY-MM-DD, Asia/Shanghai); defaults to today. It also picks the number's year. */
  bizDate?: string;
  /** for 结转 and 转班: whether the money comes in (default) or goes out */
  direction?: 'in' | 'out';
  /** the account ledger row the receipt moved (deposit, refund out of the account) */
  flowId?: number | null;
}

export function signedAmount(kind: number, amountFen: number, direction: 'in' | 'out' = 'in'): number {
  if (kind === 1) return amountFen;
  if (kind === 2) return -amountFen;
  return direction === 'out' ? -amountFen : amountFen;
}

/**
 * Issues a receipt inside the caller's transaction: the number is taken last (after every check),
 * so a rollback of the caller's document gives the number back and the series stays gapless.
 */
export async function issueReceipt(trx: Db, input: IssueReceiptInput): Promise<ReceiptRow> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new ApiError(400, '收据金额必须是大于 0 的整数（分）');
  if (!RECEIPT_KINDS.some((k) => k.value === input.kind)) throw new ApiError(400, '收据类型只能是 收费、退费、结转 或 转班');
  if (!PAY_METHODS.some((m) => m.value === input.payMethod)) throw new ApiError(400, '收款方式不正确');
  const asked = input.bizDate ?? todayText();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asked)) throw new ApiError(400, '业务日期格式应为 YYYY-MM-DD');
  const student = await trx.selectFrom('student').select(['id', 'name']).where('id', '=', input.studentId).executeTakeFirst();
  if (!student) throw new ApiError(404, '学员不存在或无权访问');
  const now = nowText();
  // a month closed (月结) keeps its totals: the receipt lands today, in the open month, naming the month it corrects
  const correctsMonth = (await isMonthClosed(trx, input.schoolId, asked.slice(0, 7))) ? asked.slice(0, 7) : null;
  const bizDate = correctsMonth ? todayText() : asked;
  const receiptNo = await nextReceiptNo(trx, input.schoolId, bizDate.slice(0, 4));
  // a close that committed while this receipt waited for its number: refused, a retry lands in the open month
  if (!correctsMonth && bizDate.slice(0, 7) !== todayText().slice(0, 7) && (await isMonthClosed(trx, input.schoolId, bizDate.slice(0, 7)))) {
    throw new ApiError(409, `${bizDate.slice(0, 7)} 刚刚月结，请重新提交`);
  }
  const remark = correctsMonth ? `更正 ${correctsMonth} 月（原业务日期 ${asked}）${input.remark ? `：${input.remark}` : ''}`.slice(0, 200) : (input.remark ?? null);
  const row = await trx
    .insertInto('fin_stu_account_receipts')
    .values({
      receipt_no: receiptNo,
      school_id: input.schoolId,
      student_id: input.studentId,
      student_name: student.name,
      operator_name: await userName(trx, input.by),
      cancelled_by_name: null,
      kind: input.kind,
      amount: signedAmount(input.kind, input.amountFen, input.direction),
      pay_method: input.payMethod,
      state: 1,
      biz_date: bizDate,
      payer: input.payer ?? null,
      ref_type: input.refType ?? null,
      ref_id: input.refId === undefined || input.refId === null ? null : String(input.refId),
      reverses_id: null,
      flow_id: input.flowId ?? null,
      remark,
      corrects_month: correctsMonth,
      cancel_reason: null,
      cancelled_at: null,
      cancelled_by: null,
      created_at: now,
      updated_at: now,
      created_by: input.by,
      updated_by: input.by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return receiptOut(row);
}

export interface MoveReceiptSide {
  schoolId: number;
  studentId: number;
  /** the account ledger row of this side, when the money moved through a student's account */
  flowId?: number | null;
}

export interface MoveReceiptsInput {
  /** 3 结转 (money carried over to another student, account or order), 4 转班 (to another class or class type) */
  kind: 3 | 4;
  from: MoveReceiptSide;
  to: MoveReceiptSide;
  /** positive fen */
  amountFen: number;
  payMethod: PayMethod;
  refType: string;
  refId: string | number;
  by: number | null;
  remark: string;
}

/**
 * The receipts of a money move that brings no new money (结转, 转班): one out of the giving side and
 * one into the receiving side, of the same kind, numbered in each campus's gapless series like
 * every receipt (issued in the caller's transaction: a rollback gives both numbers back). The pair
 * sums to nothing, so the campus totals change only when the move crosses campuses.
 */
export async function issueMoveReceipts(trx: Db, input: MoveReceiptsInput): Promise<{ out: ReceiptRow; in: ReceiptRow }> {
  const common = { kind: input.kind, amountFen: input.amountFen, payMethod: input.payMethod, refType: input.refType, refId: input.refId, by: input.by, remark: input.remark };
  const out = await issueReceipt(trx, { ...common, schoolId: input.from.schoolId, studentId: input.from.studentId, direction: 'out', flowId: input.from.flowId ?? null });
  const inn = await issueReceipt(trx, { ...common, schoolId: input.to.schoolId, studentId: input.to.studentId, direction: 'in', flowId: input.to.flowId ?? null });
  return { out, in: inn };
}

/** A user's name for the documents (null for the system). */
export async function userName(db: Db, userId: number | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** Links the account row a receipt moved (the receipt is issued first so the row can name its number). */
export async function linkReceiptFlow(trx: Db, receiptId: number, flowId: number): Promise<void> {
  await trx.updateTable('fin_stu_account_receipts').set({ flow_id: flowId }).where('id', '=', receiptId).execute();
}

function receiptOut(row: Record<string, unknown>): ReceiptRow {
  return { ...(row as unknown as ReceiptRow), amount: Number(row.amount), id: Number(row.id) };
}

// ---------------------------------------------------------------------------------------------
// Cancellation
// ---------------------------------------------------------------------------------------------

export interface ReceiptCancelEvent {
  db: Db;
  original: ReceiptRow;
  reversal: ReceiptRow;
  reason: string;
  by: number | null;
}
export type ReceiptCancelHandler = (event: ReceiptCancelEvent) => Promise<void>;

const cancelHandlers = new Map<string, ReceiptCancelHandler>();

/**
 * What another area does when a receipt of its business record is cancelled (e.g. orders undoes
 * the payment of the order). A receipt whose ref_type no area handles cannot be cancelled here.
 * Register once at module load.
 */
export function onReceiptCancel(refType: string, handler: ReceiptCancelHandler): void {
  cancelHandlers.set(refType, handler);
}

/** ref_types the finance area issues and undoes itself (the account row is reversed); `channel`: a payment into the account through a channel, named by its trade number. */
export const OWN_REF_TYPES = new Set(['account', 'manual', 'initial', 'quick_pay', 'channel']);

/**
 * Cancels a receipt: a reversing receipt (冲销, the opposite amount, a new number, today's date so
 * a closed month keeps its totals) is issued, the original stays visible as 已作废, and the
 * account row it moved is reversed (refused with 余额不足 when the deposit is already spent).
 */
export async function cancelReceipt(
  trx: Db,
  original: ReceiptRow,
  reason: string,
  by: number | null,
  /** byOwner: the area of the business record cancels it itself while undoing that record (no handler runs) */
  options: { byOwner?: boolean } = {},
): Promise<{ original: ReceiptRow; reversal: ReceiptRow }> {
  if (original.state === 2) throw new ApiError(409, `收据 ${original.receipt_no} 已作废，不能重复作废`);
  if (original.state === 3) throw new ApiError(409, `收据 ${original.receipt_no} 是冲销收据，不能作废`);
  const handler = original.ref_type && !OWN_REF_TYPES.has(original.ref_type) && !options.byOwner ? cancelHandlers.get(original.ref_type) : undefined;
  if (original.ref_type && !OWN_REF_TYPES.has(original.ref_type) && !handler && !options.byOwner) {
    throw new ApiError(409, `收据 ${original.receipt_no} 由业务单据 ${original.ref_id ?? ''} 生成，请在该业务中办理退费或作废`);
  }
  const now = nowText();
  const byName = await userName(trx, by);
  // the claim on the original first: a concurrent second cancellation finds it changed and stops
  const claimed = await trx
    .updateTable('fin_stu_account_receipts')
    .set({ state: 2, cancel_reason: reason, cancelled_at: now, cancelled_by: by, cancelled_by_name: byName, updated_at: now, updated_by: by })
    .where('id', '=', original.id)
    .where('state', '=', 1)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new ApiError(409, `收据 ${original.receipt_no} 已作废，不能重复作废`);
  let flowId: number | null = null;
  if (original.flow_id) {
    try {
      flowId = (await accountFlow.reverse(trx, original.flow_id, `作废收据 ${original.receipt_no}：${reason}`, by ?? undefined)).id;
    } catch (e) {
      if (e instanceof ApiError && e.message.startsWith('余额不足')) throw new ApiError(409, `收据 ${original.receipt_no} 充值的金额已被使用，账户${e.message}，不能作废`);
      throw e;
    }
  }
  const bizDate = todayText();
  const receiptNo = await nextReceiptNo(trx, original.school_id, periodOf('year'));
  const month = original.biz_date.slice(0, 7);
  // a reversal in a later month corrects the original's month (closed or not): the report names it
  const correctsMonth = month === bizDate.slice(0, 7) ? null : month;
  const reversal = await trx
    .insertInto('fin_stu_account_receipts')
    .values({
      receipt_no: receiptNo,
      school_id: original.school_id,
      student_id: original.student_id,
      student_name: original.student_name ?? null,
      operator_name: byName,
      cancelled_by_name: null,
      kind: original.kind,
      amount: -original.amount,
      pay_method: original.pay_method,
      state: 3,
      biz_date: bizDate,
      payer: original.payer,
      ref_type: original.ref_type,
      ref_id: original.ref_id,
      reverses_id: original.id,
      flow_id: flowId,
      remark: `冲销 ${original.receipt_no}（${month} 月）：${reason}`.slice(0, 200),
      corrects_month: correctsMonth,
      cancel_reason: null,
      cancelled_at: null,
      cancelled_by: null,
      created_at: now,
      updated_at: now,
      created_by: by,
      updated_by: by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = { ...original, state: 2, cancel_reason: reason, cancelled_at: now, cancelled_by_name: byName };
  if (handler) await handler({ db: trx, original: after, reversal: receiptOut(reversal), reason, by });
  return { original: after, reversal: receiptOut(reversal) };
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export async function receiptById(db: Db, id: number): Promise<ReceiptRow | undefined> {
  const row = await db.selectFrom('fin_stu_account_receipts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? receiptOut(row) : undefined;
}

export async function receiptDetail(db: Db, receipt: ReceiptRow): Promise<ReceiptDetail> {
  const names = await db
    .selectFrom('fin_stu_account_receipts as r')
    .leftJoin('organisations as o', 'o.id', 'r.school_id')
    .leftJoin('student as s', 's.id', 'r.student_id')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select(['o.name as school_name', 's.name as student_name', 'u.name as creator_name'])
    .where('r.id', '=', receipt.id)
    .executeTakeFirst();
  const reverses = receipt.reverses_id ? await db.selectFrom('fin_stu_account_receipts').select('receipt_no').where('id', '=', receipt.reverses_id).executeTakeFirst() : undefined;
  const reversedBy = await db.selectFrom('fin_stu_account_receipts').select('receipt_no').where('reverses_id', '=', receipt.id).executeTakeFirst();
  const flowIds = [receipt.flow_id].filter((v): v is number => typeof v === 'number' && v > 0);
  const flows = flowIds.length
    ? await db
        .selectFrom('fin_stu_account_flow as f')
        .leftJoin('student as s', 's.id', 'f.student_id')
        .leftJoin('organisations as o', 'o.id', 's.school_id')
        .leftJoin('users as u', 'u.id', 'f.created_by')
        .select([
          'f.id',
          'f.student_id',
          's.name as student_name',
          's.school_id',
          'o.name as school_name',
          'f.seq',
          'f.amount',
          'f.balance_after',
          'f.biz_type',
          'f.ref_type',
          'f.ref_id',
          'f.reverses_id',
          'f.reason',
          'f.created_by',
          'u.name as creator_name',
          'f.created_at',
        ])
        .where('f.id', 'in', flowIds)
        .execute()
    : [];
  return {
    ...receipt,
    school_name: names?.school_name ?? null,
    student_name: receipt.student_name ?? names?.student_name ?? null,
    creator_name: receipt.operator_name ?? names?.creator_name ?? null,
    amount_capital: rmbCapital(receipt.amount),
    kind_text: optionText(RECEIPT_KINDS, receipt.kind),
    pay_method_text: optionText(PAY_METHODS, receipt.pay_method),
    state_text: optionText(RECEIPT_STATES, receipt.state),
    reverses_no: reverses?.receipt_no ?? null,
    reversed_by_no: reversedBy?.receipt_no ?? null,
    flows: flows.map((f) => ({ ...f, amount: Number(f.amount), balance_after: Number(f.balance_after), student_id: Number(f.student_id) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Check (npm run ledger:check)
// ---------------------------------------------------------------------------------------------

/**
 * What does not add up in the receipts: a number series with a hole or a duplicate (per campus and
 * year), a cancelled receipt without exactly one reversal of the opposite amount, a receipt whose
 * account row is missing or of another amount. Chinese lines, empty when all is well.
 */
export async function receiptProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const series = await sql<{ school_id: number; year: string; n: number | string; top: number | string }>`
    select school_id, substr(receipt_no, 3, 4) as year, count(*) as n,
      max(cast(substr(receipt_no, length(receipt_no) - 5) as integer)) as top
    from fin_stu_account_receipts group by school_id, substr(receipt_no, 3, 4)`.execute(db);
  for (const s of series.rows) {
    if (Number(s.n) !== Number(s.top)) problems.push(`校区 ${s.school_id} ${s.year} 年收据编号不连续：共 ${s.n} 张，最大编号 ${s.top}`);
  }
  const cancelled = await sql<{ receipt_no: string; amount: number | string; reversals: number | string; reversed: number | string | null }>`
    select r.receipt_no, r.amount, count(x.id) as reversals, sum(x.amount) as reversed
    from fin_stu_account_receipts r left join fin_stu_account_receipts x on x.reverses_id = r.id
    where r.state = 2 group by r.id, r.receipt_no, r.amount`.execute(db);
  for (const c of cancelled.rows) {
    if (Number(c.reversals) !== 1 || Number(c.reversed) !== -Number(c.amount)) problems.push(`已作废收据 ${c.receipt_no} 没有唯一且金额相反的冲销收据`);
  }
  const flows = await sql<{ receipt_no: string; amount: number | string; flow_amount: number | string | null; kind: number }>`
    select r.receipt_no, r.amount, f.amount as flow_amount, r.kind
    from fin_stu_account_receipts r left join fin_stu_account_flow f on f.id = r.flow_id
    where r.flow_id is not null`.execute(db);
  for (const f of flows.rows) {
    if (f.flow_amount === null) problems.push(`收据 ${f.receipt_no} 的储值流水不存在`);
    else if (Math.abs(Number(f.flow_amount)) !== Math.abs(Number(f.amount))) problems.push(`收据 ${f.receipt_no} 的金额与储值流水不符`);
  }
  return problems;
}
