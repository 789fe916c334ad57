import { z } from './zod';
import { answer, defineCall } from './call';
import { FIN_SCREEN, FLOW_KINDS, FLOW_KIND_VALUES, flowScreen, type FlowKind } from './resources/finance-flows';

/**
 * Special calls of the finance area's payment flows (issue 16): per channel flow bind/unbind a
 * student, query the channel, move to another campus; the statement import; the reconciliation
 * of a campus-day, resolving its differences, closing and reopening the day; invoice issue and
 * void; the gift exchange order's checks and delivery. Standard lists come from the declarations
 * in resources/finance-flows.ts.
 */

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const id = (label: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', `请选择${label}`)
    .pipe(z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`));
const text = (label: string, max: number) => z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);
const optionalText = (label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: `${label}必须是文本` }).trim().max(max, `${label}不能超过${max}个字符`));
const date = (label: string) => z.string({ error: `请选择${label}` }).regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`);
const pass = z.preprocess((v) => (v === true || v === 'true' || v === 1 || v === '1' ? true : v === false || v === 'false' || v === 0 || v === '0' ? false : v), z.boolean({ error: '请选择审核结果' }));

// ---------------------------------------------------------------------------------------------
// Flow calls: one set per channel, from one definition
// ---------------------------------------------------------------------------------------------

export interface FlowRow {
  id: number;
  school_id: number;
  trade_no: string;
  amount: number;
  student_id: number | null;
  recon_state: number;
}

/** What the channel answered to a query (the built-in provider answers from the stored flow). */
export interface ChannelQueryAnswer {
  provider: string;
  trade_no: string;
  /** SUCCESS / REFUND / NOT_FOUND as the channel says it */
  status: string;
  status_text: string;
  amount: number | null;
  pay_time: string | null;
  /** the recorded request (fin_provider_request) */
  request_id: number;
  simulated: boolean;
}

function flowCalls<const N extends string>(name: N, title: string) {
  return {
    bind: defineCall({
      area: 'finance',
      title: `${title}绑定学员`,
      method: 'POST',
      path: `api/v1/${name}/bind_student`,
      perm: `${name}_bind_student`,
      body: z.object({ id: id('流水'), student_id: id('学员') }),
      labels: { id: '流水', student_id: '学员' },
      answer: answer<FlowRow>(),
    }),
    unbind: defineCall({
      area: 'finance',
      title: `${title}解绑学员`,
      method: 'POST',
      path: `api/v1/${name}/unbind_student`,
      perm: `${name}_unbind_student`,
      body: z.object({ id: id('流水') }),
      labels: { id: '流水' },
      answer: answer<FlowRow>(),
    }),
    query: defineCall({
      area: 'finance',
      title: `${title}渠道查询`,
      method: 'GET',
      path: `api/v1/${name}/query_yeepay`,
      perm: [flowScreen(name), FIN_SCREEN.flowing],
      query: z.object({ id: id('流水') }),
      labels: { id: '流水' },
      answer: answer<ChannelQueryAnswer>(),
    }),
    transSch: defineCall({
      area: 'finance',
      title: `${title}转校区`,
      method: 'POST',
      path: `api/v1/${name}/trans_sch`,
      perm: `${name}_trans_sch`,
      body: z.object({ id: id('流水'), school_id: id('目标校区') }),
      labels: { id: '流水', school_id: '目标校区' },
      answer: answer<FlowRow>(),
    }),
  };
}

export type FlowCalls = ReturnType<typeof flowCalls>;

export const ybFlowCalls = flowCalls('fin_yb_flowing', '易宝流水');
export const ysepayFlowCalls = flowCalls('fin_ysepay_flowing', '银盛流水');
export const ysepayQrFlowCalls = flowCalls('fin_ysepay_qr_flowing', '银盛扫码流水');
export const happyPayFlowCalls = flowCalls('fin_happy_pay_flowing', '快乐付流水');
export const genericFlowCalls = flowCalls('fin_generic_flowing', '通用支付流水');

export const FLOW_CALLS: Readonly<Record<FlowKind, FlowCalls>> = {
  yb: ybFlowCalls as unknown as FlowCalls,
  ysepay: ysepayFlowCalls as unknown as FlowCalls,
  ysepay_qr: ysepayQrFlowCalls as unknown as FlowCalls,
  happy_pay: happyPayFlowCalls as unknown as FlowCalls,
  generic: genericFlowCalls as unknown as FlowCalls,
};

// ---------------------------------------------------------------------------------------------
// Statement import
// ---------------------------------------------------------------------------------------------

/** Largest statement accepted (the JSON body limit is 1 MB; base64 adds a third). */
export const STATEMENT_MAX_BYTES = 700 * 1024;

/**
 * Column layouts of the channels' statement files: each field with the header texts the channels
 * use for it (first row of the sheet or CSV). Amounts are yuan with two decimals as the channels
 * write them; the import turns them into fen.
 */
export const STATEMENT_COLUMNS: Readonly<Record<FlowKind, Readonly<Record<'trade_no' | 'order_no' | 'merchant_no' | 'pay_time' | 'amount' | 'fee' | 'trade_type' | 'pay_method' | 'payer_name' | 'terminal_no', readonly string[]>>>> = {
  yb: {
    trade_no: ['易宝流水号', '交易流水号'],
    order_no: ['商户订单号'],
    merchant_no: ['商户编号'],
    pay_time: ['交易时间', '支付时间'],
    amount: ['订单金额', '交易金额'],
    fee: ['手续费'],
    trade_type: ['交易类型'],
    pay_method: ['支付方式'],
    payer_name: ['付款人'],
    terminal_no: [],
  },
  ysepay: {
    trade_no: ['银盛流水号', '交易流水号'],
    order_no: ['商户订单号'],
    merchant_no: ['商户号'],
    pay_time: ['交易时间'],
    amount: ['交易金额(元)', '交易金额'],
    fee: ['手续费(元)', '手续费'],
    trade_type: ['交易类型'],
    pay_method: ['支付方式'],
    payer_name: ['付款方'],
    terminal_no: ['终端号'],
  },
  ysepay_qr: {
    trade_no: ['银盛流水号', '交易流水号'],
    order_no: ['商户订单号'],
    merchant_no: ['商户号'],
    pay_time: ['交易时间'],
    amount: ['交易金额(元)', '交易金额'],
    fee: ['手续费(元)', '手续费'],
    trade_type: ['交易类型'],
    pay_method: ['扫码方式', '支付方式'],
    payer_name: ['付款方'],
    terminal_no: ['终端号'],
  },
  happy_pay: {
    trade_no: ['平台流水号', '交易流水号'],
    order_no: ['商户订单号'],
    merchant_no: ['商户号'],
    pay_time: ['交易时间'],
    amount: ['交易金额'],
    fee: ['手续费'],
    trade_type: ['交易类型'],
    pay_method: ['支付方式'],
    payer_name: ['付款人'],
    terminal_no: ['终端号'],
  },
  generic: {
    trade_no: ['流水号', '交易流水号'],
    order_no: ['订单号', '商户订单号'],
    merchant_no: ['商户号'],
    pay_time: ['交易时间'],
    amount: ['金额', '交易金额'],
    fee: ['手续费'],
    trade_type: ['交易类型'],
    pay_method: ['支付方式'],
    payer_name: ['付款人'],
    terminal_no: ['终端号'],
  },
};

export interface ImportAnswer {
  kind: FlowKind;
  count: number;
  amount: number;
  ids: number[];
}

/** 下载对账单: asks the channel (the payment provider) for its statement of a campus-day; recorded in 渠道请求记录. */
export const downloadStatementCall = defineCall({
  area: 'finance',
  title: '下载渠道对账单',
  method: 'POST',
  path: 'api/v1/fin_flow/download_statement',
  perm: 'fin_flow_download_statement',
  body: z.object({
    kind: z.enum(FLOW_KIND_VALUES, { error: `渠道只能是 ${FLOW_KINDS.map((k) => k.channel).join('、')}` }),
    school_id: id('校区'),
    day: date('对账单日期'),
  }),
  labels: { kind: '渠道', school_id: '校区', day: '对账单日期' },
  answer: answer<{ kind: string; day: string; count: number; amount: number; request_id: number; simulated: boolean }>(),
});

export const importStatementCall = defineCall({
  area: 'finance',
  title: '导入渠道对账单',
  method: 'POST',
  path: 'api/v1/fin_flow/import_statement',
  perm: 'fin_flow_import_statement',
  body: z.object({
    kind: z.enum(FLOW_KIND_VALUES, { error: `渠道只能是 ${FLOW_KINDS.map((k) => k.channel).join('、')}` }),
    school_id: id('校区'),
    file_name: z
      .string({ error: '请选择对账单文件' })
      .trim()
      .max(128, '文件名不能超过128个字符')
      .regex(/\.(xlsx|csv)$/i, '对账单只能是 .xlsx 或 .csv 文件'),
    content: z.string({ error: '请选择对账单文件' }).min(1, '对账单文件是空的').max(Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 4, '对账单文件不能超过700KB'),
  }),
  labels: { kind: '渠道', school_id: '校区', file_name: '文件名', content: '对账单文件' },
  answer: answer<ImportAnswer>(),
});

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

/** The differences of one channel on a reconciled day. */
export interface ChannelSummary {
  kind: string;
  channel: string;
  flow_count: number;
  flow_amount: number;
  matched_count: number;
  matched_amount: number;
  flow_only_count: number;
  flow_only_amount: number;
  receipt_only_count: number;
  receipt_only_amount: number;
  mismatch_count: number;
  /** flows minus receipts of the channel, in fen */
  diff_amount: number;
  pending_count: number;
}

export interface ReconciliationAnswer {
  recon_id: number;
  school_id: number;
  recon_date: string;
  state: number;
  flow_count: number;
  flow_amount: number;
  receipt_count: number;
  receipt_amount: number;
  matched_count: number;
  diff_count: number;
  pending_count: number;
  channels: ChannelSummary[];
}

export const reconcileCall = defineCall({
  area: 'finance',
  title: '执行对账',
  method: 'POST',
  path: 'api/v1/fin_reconciliation_records/reconciliation',
  perm: 'fin_reconciliation_records_reconciliation',
  body: z.object({ school_id: id('校区'), recon_date: date('对账日期') }),
  labels: { school_id: '校区', recon_date: '对账日期' },
  answer: answer<ReconciliationAnswer>(),
});

export const reconSummaryCall = defineCall({
  area: 'finance',
  title: '对账汇总',
  method: 'GET',
  path: 'api/v1/fin_reconciliations/summary',
  perm: FIN_SCREEN.reconciliation,
  query: z.object({ id: id('对账日') }),
  labels: { id: '对账日' },
  answer: answer<ReconciliationAnswer>(),
});

export const resolveDifferenceCall = defineCall({
  area: 'finance',
  title: '处理对账差异',
  method: 'POST',
  path: 'api/v1/fin_reconciliation_records/resolve',
  perm: 'fin_reconciliation_records_resolve',
  body: z.object({ id: id('对账记录'), reason: text('处理说明', 255) }),
  labels: { id: '对账记录', reason: '处理说明' },
  answer: answer<{ id: number; state: number }>(),
});

export const closeDayCall = defineCall({
  area: 'finance',
  title: '对账关账',
  method: 'POST',
  path: 'api/v1/fin_reconciliations/close',
  perm: 'fin_reconciliations_close',
  body: z.object({ id: id('对账日') }),
  labels: { id: '对账日' },
  answer: answer<{ id: number; state: number }>(),
});

export const reopenDayCall = defineCall({
  area: 'finance',
  title: '重新打开对账日',
  method: 'POST',
  path: 'api/v1/fin_reconciliations/reopen',
  perm: 'fin_reconciliations_reopen',
  body: z.object({ id: id('对账日'), reason: text('重开原因', 255) }),
  labels: { id: '对账日', reason: '重开原因' },
  answer: answer<{ id: number; state: number }>(),
});

// ---------------------------------------------------------------------------------------------
// Invoices and gift exchange orders
// ---------------------------------------------------------------------------------------------

export const issueInvoiceCall = defineCall({
  area: 'finance',
  title: '开具发票',
  method: 'POST',
  path: 'api/v1/fin_invoice/issue',
  perm: 'fin_invoice_issue',
  body: z.object({
    id: id('发票'),
    invoice_no: z.string({ error: '请输入发票号码' }).trim().regex(/^\d{8,20}$/, '发票号码应为8到20位数字'),
    invoice_file: z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v), z.string({ error: '请上传发票文件' }).regex(/^\d+(,\d+)*$/, '请上传发票文件')),
  }),
  labels: { id: '发票', invoice_no: '发票号码', invoice_file: '发票文件' },
  answer: answer<{ id: number; state: number }>(),
});

export const voidInvoiceCall = defineCall({
  area: 'finance',
  title: '作废发票',
  method: 'POST',
  path: 'api/v1/fin_invoice/void',
  perm: 'fin_invoice_void',
  body: z.object({ id: id('发票'), reason: text('作废原因', 255) }),
  labels: { id: '发票', reason: '作废原因' },
  answer: answer<{ id: number; state: number }>(),
});

const giftCheckBody = z.object({ id: id('兑换单'), pass, opinion: optionalText('审核意见', 255) });

export const giftCheckBranchCall = defineCall({
  area: 'finance',
  title: '礼品兑换分校审核',
  method: 'POST',
  path: 'api/v1/fin_exchange_gift_order/check_by_branch_office',
  perm: 'fin_exchange_gift_order_check_by_branch_office',
  body: giftCheckBody,
  labels: { id: '兑换单', pass: '审核结果', opinion: '审核意见' },
  answer: answer<{ id: number; state: number }>(),
});

export const giftCheckHeadCall = defineCall({
  area: 'finance',
  title: '礼品兑换总部审核',
  method: 'POST',
  path: 'api/v1/fin_exchange_gift_order/check_by_head_office',
  perm: 'fin_exchange_gift_order_check_by_head_office',
  body: giftCheckBody,
  labels: { id: '兑换单', pass: '审核结果', opinion: '审核意见' },
  answer: answer<{ id: number; state: number }>(),
});

export const giftDeliverCall = defineCall({
  area: 'finance',
  title: '礼品发放',
  method: 'POST',
  path: 'api/v1/fin_exchange_gift_order/deliver',
  perm: 'fin_exchange_gift_order_deliver',
  body: z.object({ id: id('兑换单'), express_no: optionalText('快递单号', 64) }),
  labels: { id: '兑换单', express_no: '快递单号' },
  answer: answer<{ id: number; state: number }>(),
});
