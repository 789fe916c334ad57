import { z } from './zod';
import { dateField as date, idField as id, textField as text } from './fields';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { pageQuerySchema } from './paging';
import type { OptionItem } from './resource';
import { ACCOUNT_REFUND_SCREEN } from './workflow-apps';

/**
 * The finance area's student accounts (储值账户) and receipts (收据): the special calls of
 * `fn_student_account`, `fin_stu_account_flow` and `fin_stu_account_receipts` (spec calls.tsv,
 * area finance). Amounts are integer fen everywhere (DESIGN §7). The server side is
 * server/modules/finance (accounts.ts, receipts.ts); docs/finance.md describes the public module.
 * Paths the spec does not name are chosen here: `fn_student_account/qr_pay_code` (the QR payment
 * code), `fn_student_account/check_modify_balance` (the second person's approval where no workflow
 * definition is enabled), `fn_student_account/balance`.
 */

// ---------------------------------------------------------------------------------------------
// Screens (menu codes) of this part of the area: what its reads name
// ---------------------------------------------------------------------------------------------

export const FIN_SCREEN = {
  accounts: 'finance_student_accounts',
  receipts: 'finance_receipts',
  deposits: 'finance_deposits',
  reports: 'finance_reports',
  dashboard: 'finance_finance_dashboard',
  refunds: 'finance_refunds',
  serviceRate: 'base_organ_service_rate',
  zjAccount: 'zj_account',
  monthClose: 'finance_month_close',
} as const;

/** Screens that show accounts and receipts (a student's balance is read from each). */
export const ACCOUNT_SCREENS: readonly string[] = [FIN_SCREEN.accounts, FIN_SCREEN.receipts];

// ---------------------------------------------------------------------------------------------
// Codes shared by both halves
// ---------------------------------------------------------------------------------------------

/** Receipt types (收据类型): money into the campus is positive, out negative. */
export const RECEIPT_KINDS = [
  { value: 1, text: '收费' },
  { value: 2, text: '退费' },
  { value: 3, text: '结转' },
  { value: 4, text: '转班' },
] as const satisfies readonly OptionItem[];
export type ReceiptKind = (typeof RECEIPT_KINDS)[number]['value'];

/** A receipt's state: 正常, 已作废 (its reversing receipt exists), 冲销 (the reversing receipt itself). */
export const RECEIPT_STATES = [
  { value: 1, text: '正常' },
  { value: 2, text: '已作废' },
  { value: 3, text: '冲销' },
] as const satisfies readonly OptionItem[];

/** How money was paid (收款方式); the report's channel. `account` is money already in the student's account. */
export const PAY_METHODS = [
  { value: 'cash', text: '现金' },
  { value: 'wechat', text: '微信' },
  { value: 'alipay', text: '支付宝' },
  { value: 'pos', text: 'POS刷卡' },
  { value: 'card', text: '银行卡' },
  { value: 'transfer', text: '银行转账' },
  { value: 'zhongjin', text: '中金快捷支付' },
  { value: 'qr', text: '扫码支付' },
  { value: 'account', text: '储值账户' },
  { value: 'other', text: '其他' },
] as const satisfies readonly OptionItem[];
export type PayMethod = (typeof PAY_METHODS)[number]['value'];
export const PAY_METHOD_VALUES = PAY_METHODS.map((m) => m.value) as [PayMethod, ...PayMethod[]];

/** Business types of the account ledger (fin_stu_account_flow.biz_type). */
export const FLOW_TYPES = [
  { value: 'deposit', text: '充值' },
  { value: 'payment', text: '订单支付' },
  { value: 'refund', text: '退款' },
  { value: 'refund_in', text: '退费转入' },
  { value: 'transfer_in', text: '转入' },
  { value: 'transfer_out', text: '转出' },
  { value: 'correction', text: '余额调整' },
  { value: 'bonus', text: '赠送' },
  { value: 'opening', text: '期初余额' },
  { value: 'reversal', text: '冲正' },
] as const satisfies readonly OptionItem[];

export function optionText(items: readonly OptionItem[], value: unknown): string {
  return items.find((i) => String(i.value) === String(value))?.text ?? String(value ?? '');
}

/** The largest single amount: 10,000,000 yuan in fen. */
export const MAX_AMOUNT_FEN = 1_000_000_000;

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

export const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional().nullable();
/** A positive amount in fen (the form converts yuan). */
export const amount = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须精确到分（以分为单位的整数）`)
    .min(1, `${label}必须大于 0`)
    .max(MAX_AMOUNT_FEN, `${label}不能超过 10,000,000 元`);
export const payMethod = z.enum(PAY_METHOD_VALUES, { error: '收款方式不正确' });
const kind = z.coerce
  .number({ error: '收据类型必须是数字' })
  .int()
  .refine((v) => RECEIPT_KINDS.some((k) => k.value === v), '收据类型只能是 收费、退费、结转 或 转班');

/** A receipt as the calls answer it. */
export interface ReceiptRow {
  id: number;
  receipt_no: string;
  school_id: number;
  school_name?: string | null;
  student_id: number;
  student_name?: string | null;
  kind: number;
  amount: number;
  pay_method: string;
  state: number;
  ref_type: string | null;
  ref_id: string | null;
  reverses_id: number | null;
  flow_id: number | null;
  biz_date: string;
  payer: string | null;
  remark: string | null;
  cancel_reason: string | null;
  cancelled_at: string | null;
  cancelled_by_name?: string | null;
  operator_name?: string | null;
  created_at: string;
  created_by: number | null;
  creator_name?: string | null;
}

/** What a write on an account answers: the receipt (when one is issued), the ledger row and the balance after. */
export interface AccountResult {
  student_id: number;
  balance: number;
  flow_id: number;
  receipt?: ReceiptRow;
}

export const depositSchema = z.object({
  student_id: id('学员'),
  amount: amount('充值金额'),
  pay_method: payMethod.refine((m) => m !== 'account', '充值不能使用储值账户支付'),
  payer: optionalText('交款人', 32),
  remark: optionalText('备注', 200),
});

export const depositCall = defineCall({
  area: 'finance',
  title: '储值账户充值',
  method: 'POST',
  path: 'api/v1/fn_student_account/deposit_payment',
  perm: 'fn_student_account_deposit_payment',
  body: depositSchema,
  labels: { student_id: '学员', amount: '充值金额', pay_method: '收款方式', payer: '交款人', remark: '备注' },
  answer: answer<AccountResult>(),
});

export const transferSchema = z
  .object({
    from_student_id: id('转出学员'),
    to_student_id: id('转入学员'),
    amount: amount('转账金额'),
    reason: text('转账原因', 200),
  })
  .refine((b) => b.from_student_id !== b.to_student_id, { message: '转出学员和转入学员不能是同一人', path: ['to_student_id'] });

export interface TransferResult {
  transfer_no: string;
  from: { student_id: number; balance: number; flow_id: number };
  to: { student_id: number; balance: number; flow_id: number };
}

export const transferCall = defineCall({
  area: 'finance',
  title: '储值账户转账',
  method: 'POST',
  path: 'api/v1/fn_student_account/transfer',
  perm: 'fn_student_account_transfer',
  body: transferSchema,
  labels: { from_student_id: '转出学员', to_student_id: '转入学员', amount: '转账金额', reason: '转账原因' },
  answer: answer<TransferResult>(),
});

export const accountRefundSchema = z.object({
  student_id: id('学员'),
  amount: amount('退款金额'),
  pay_method: payMethod.refine((m) => m !== 'account', '退款不能退回储值账户本身'),
  reason: text('退款原因', 200),
});

export const accountRefundCall = defineCall({
  area: 'finance',
  title: '储值账户退款',
  method: 'POST',
  path: 'api/v1/fn_student_account/refund',
  perm: 'fn_student_account_refund',
  body: accountRefundSchema,
  labels: { student_id: '学员', amount: '退款金额', pay_method: '退款方式', reason: '退款原因' },
  answer: answer<AccountResult>(),
});

/** A balance correction waiting for (or past) its second person's approval. */
export interface BalanceAdjustRow {
  id: number;
  school_id: number;
  student_id: number;
  amount: number;
  reason: string;
  state: number;
  wf_instance_id: number | null;
  flow_id: number | null;
  applied_by: number | null;
  checked_by: number | null;
  check_remark: string | null;
}
export const ADJUST_STATES = [
  { value: 1, text: '待审核' },
  { value: 2, text: '已通过' },
  { value: 3, text: '已拒绝' },
  { value: 4, text: '已撤回' },
] as const satisfies readonly OptionItem[];

export const modifyBalanceSchema = z.object({
  student_id: id('学员'),
  /** signed fen: positive adds, negative takes away */
  amount: z.coerce
    .number({ error: '调整金额必须是数字' })
    .int('调整金额必须精确到分（以分为单位的整数）')
    .refine((v) => v !== 0, '调整金额不能为 0')
    .refine((v) => Math.abs(v) <= MAX_AMOUNT_FEN, '调整金额不能超过 10,000,000 元'),
  reason: text('调整原因', 200),
});

export const modifyBalanceCall = defineCall({
  area: 'finance',
  title: '储值账户余额调整申请',
  method: 'POST',
  path: 'api/v1/fn_student_account/modify_balance',
  perm: 'fn_student_account_modify_balance',
  body: modifyBalanceSchema,
  labels: { student_id: '学员', amount: '调整金额', reason: '调整原因' },
  answer: answer<BalanceAdjustRow>(),
});

/** 月结: closes a finished month of a campus (its receipt and account totals are kept; later writes land in the open month). */
export const closeMonthCall = defineCall({
  area: 'finance',
  title: '月结',
  method: 'POST',
  path: 'api/v1/fin_month_close/close',
  perm: 'fin_month_close_close',
  body: z.object({
    school_id: id('校区'),
    month: z.string({ error: '请选择月份' }).trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM'),
  }),
  labels: { school_id: '校区', month: '月份' },
  answer: answer<MonthCloseRow>(),
});

/** A closed month as fin_month_close/close answers it (fen). */
export interface MonthCloseRow {
  id: number;
  school_id: number;
  month: string;
  receipt_count: number;
  income: number;
  refund: number;
  carry: number;
  net: number;
  account_net: number;
  account_count: number;
  closed_at: string;
  closer_name: string | null;
}

export const checkModifyBalanceCall = defineCall({
  area: 'finance',
  title: '审核余额调整',
  method: 'POST',
  path: 'api/v1/fn_student_account/check_modify_balance',
  perm: 'fn_student_account_check_modify_balance',
  body: z.object({
    id: id('余额调整'),
    approve: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: '请选择审核结果' }).transform((v) => v === true || v === 1),
    check_remark: optionalText('审核意见', 200),
  }),
  labels: { id: '余额调整', approve: '审核结果', check_remark: '审核意见' },
  answer: answer<BalanceAdjustRow>(),
});

/** The QR payment code of a deposit: the provider's code url the parent scans. */
export interface QrPayCode {
  out_trade_no: string;
  code_url: string;
  amount: number;
  expires_at: string;
  provider: string;
}

export const qrPayCodeCall = defineCall({
  area: 'finance',
  title: '生成收款二维码',
  method: 'POST',
  path: 'api/v1/fn_student_account/qr_pay_code',
  perm: 'fn_student_account_qr_pay_code',
  body: z.object({ student_id: id('学员'), amount: amount('收款金额'), remark: optionalText('备注', 200) }),
  labels: { student_id: '学员', amount: '收款金额', remark: '备注' },
  answer: answer<QrPayCode>(),
});

export interface AccountBalance {
  student_id: number;
  student_name: string;
  school_id: number;
  balance: number;
}

export const balanceCall = defineCall({
  area: 'finance',
  title: '储值账户余额',
  method: 'GET',
  path: 'api/v1/fn_student_account/balance',
  perm: ACCOUNT_SCREENS,
  query: z.object({ student_id: id('学员') }),
  labels: { student_id: '学员' },
  answer: answer<AccountBalance>(),
});

/** A student found by the finance screens' picker: no phone, the campus and the balance. */
export interface AccountStudentHit {
  id: number;
  name: string;
  school_id: number;
  school_name: string | null;
  balance: number;
}

/**
 * The finance screens' student picker (name, or the student's or parent's full phone): finance
 * staff find whose account to use without reading the student records themselves.
 */
export const findStudentsCall = defineCall({
  area: 'finance',
  title: '查找学员账户',
  method: 'GET',
  path: 'api/v1/fn_student_account/find_students',
  // 账户余额退费 (workflow) accepts a student from their account too
  perm: [...ACCOUNT_SCREENS, ACCOUNT_REFUND_SCREEN],
  query: z.object({ keyword: text('姓名或手机号', 32), school_id: id('校区').optional() }),
  labels: { keyword: '姓名或手机号', school_id: '校区' },
  answer: answer<AccountStudentHit[]>(),
});

/** One row of the account ledger as fin_stu_account_flow/page answers it. */
export interface FlowRow {
  id: number;
  student_id: number;
  student_name: string | null;
  school_id: number | null;
  school_name: string | null;
  seq: number;
  amount: number;
  balance_after: number;
  biz_type: string;
  ref_type: string | null;
  ref_id: string | null;
  reverses_id: number | null;
  reason: string | null;
  created_by: number | null;
  creator_name: string | null;
  created_at: string;
}

export const flowPageSchema = pageQuerySchema.extend({
  student_id: id('学员').optional(),
  school_id: id('校区').optional(),
  biz_type: z.string().trim().max(32).optional(),
  start_date: date('开始日期').optional(),
  end_date: date('结束日期').optional(),
});

export const flowPageCall = defineCall({
  area: 'finance',
  title: '储值账户流水',
  method: 'GET',
  path: 'api/v1/fin_stu_account_flow/page',
  perm: ACCOUNT_SCREENS,
  query: flowPageSchema,
  labels: { student_id: '学员', school_id: '校区', biz_type: '业务类型', start_date: '开始日期', end_date: '结束日期' },
  answer: answer<Page<FlowRow>>(),
});

/**
 * fin_stu_account_flow/add: a bonus (赠送) or an opening balance posted by finance; any other
 * change goes through its own call (deposit, transfer, refund, modify_balance).
 */
export const flowAddCall = defineCall({
  area: 'finance',
  title: '新增储值流水（赠送/期初）',
  method: 'POST',
  path: 'api/v1/fin_stu_account_flow/add',
  perm: 'fin_stu_account_flow_add',
  body: z.object({
    student_id: id('学员'),
    amount: amount('金额'),
    biz_type: z.enum(['bonus', 'opening'], { error: '业务类型只能是 赠送 或 期初余额' }),
    reason: text('原因', 200),
  }),
  labels: { student_id: '学员', amount: '金额', biz_type: '业务类型', reason: '原因' },
  answer: answer<AccountResult>(),
});

/** Ledger rows are append-only: update is refused with the reason; delete posts a reversal. */
export const flowUpdateCall = defineCall({
  area: 'finance',
  title: '修改储值流水',
  method: 'POST',
  path: 'api/v1/fin_stu_account_flow/update',
  perm: 'fin_stu_account_flow_update',
  body: z.object({ id: id('流水') }).loose(),
  labels: { id: '流水' },
  answer: answer<never>(),
});

export const flowDeleteCall = defineCall({
  area: 'finance',
  title: '冲正储值流水',
  method: 'POST',
  path: 'api/v1/fin_stu_account_flow/delete',
  perm: 'fin_stu_account_flow_delete',
  body: z.object({ id: id('流水'), reason: text('冲正原因', 200) }),
  labels: { id: '流水', reason: '冲正原因' },
  answer: answer<AccountResult>(),
});

// ---------------------------------------------------------------------------------------------
// Receipts
// ---------------------------------------------------------------------------------------------

export const receiptAddSchema = z.object({
  student_id: id('学员'),
  kind,
  amount: amount('金额'),
  pay_method: payMethod,
  payer: optionalText('交款人', 32),
  remark: optionalText('备注', 200),
});

export const receiptAddCall = defineCall({
  area: 'finance',
  title: '开具收据',
  method: 'POST',
  path: 'api/v1/fin_stu_account_receipts/add',
  perm: 'fin_stu_account_receipts_add',
  body: receiptAddSchema,
  labels: { student_id: '学员', kind: '收据类型', amount: '金额', pay_method: '收款方式', payer: '交款人', remark: '备注' },
  answer: answer<ReceiptRow>(),
});

export const receiptCancelCall = defineCall({
  area: 'finance',
  title: '作废收据',
  method: 'POST',
  path: 'api/v1/fin_stu_account_receipts/cancellation',
  perm: 'fin_stu_account_receipts_cancellation',
  body: z.object({ id: id('收据'), reason: text('作废原因', 200) }),
  labels: { id: '收据', reason: '作废原因' },
  answer: answer<{ original: ReceiptRow; reversal: ReceiptRow }>(),
});

/** The printable receipt: campus, student, amount in Chinese capitals, who, the related receipt. */
export interface ReceiptDetail extends ReceiptRow {
  amount_capital: string;
  kind_text: string;
  pay_method_text: string;
  state_text: string;
  reverses_no: string | null;
  reversed_by_no: string | null;
  flows: FlowRow[];
}

export const receiptDetailCall = defineCall({
  area: 'finance',
  title: '收据详情',
  method: 'GET',
  path: 'api/v1/fin_stu_account_receipts/detail',
  perm: ACCOUNT_SCREENS,
  query: z.object({ id: id('收据') }),
  labels: { id: '收据' },
  answer: answer<ReceiptDetail>(),
});

export const initialItemSchema = z.object({
  student_id: id('学员'),
  kind,
  amount: amount('金额'),
  pay_method: payMethod,
  biz_date: date('业务日期'),
  payer: optionalText('交款人', 32),
  remark: optionalText('备注', 200),
  /** also credit the amount to the student's account (an opening balance from the old system) */
  to_account: z.coerce.boolean().optional(),
});

export const initialGenerationCall = defineCall({
  area: 'finance',
  title: '期初收据生成',
  method: 'POST',
  path: 'api/v1/fin_stu_account_receipts/initial_generation',
  perm: 'fin_stu_account_receipts_initial_generation',
  body: z.object({ list: z.array(initialItemSchema, { error: '请提供期初收据列表' }).min(1, '请至少提供一条期初收据').max(1000, '一次最多 1000 条期初收据') }),
  labels: { list: '期初收据', student_id: '学员', kind: '收据类型', amount: '金额', pay_method: '收款方式', biz_date: '业务日期' },
  answer: answer<{ count: number; receipts: string[] }>(),
});
