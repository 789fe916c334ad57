import { defineResource, type OptionItem } from '../resource';

/**
 * The finance area's payment channels (spec doc 002 §4, issue 16 "Payment flows and
 * reconciliation"): merchant configuration, the channels' flows, reconciliation against the
 * receipts, invoices, POS devices, gift exchange orders, book orders and the e-commerce orders.
 *
 * Paths the spec leaves unnamed (`{yb flowing}`, `{pos device}`, `{exchange gift order}` …) are
 * chosen here in the spec's own style and listed in README "Finance: payment flows":
 * fin_yb_flowing, fin_ysepay_flowing, fin_ysepay_qr_flowing, fin_happy_pay_flowing,
 * fin_generic_flowing, fin_pos_device, fin_exchange_gift_order (check_by_branch_office,
 * check_by_head_office, deliver), fin_book_order, fin_invoice, fin_provider_request.
 *
 * Money is integer fen everywhere (DESIGN §7); the screens show yuan.
 */

/** The menu codes of the finance screens built here (src/contract/menus/finance-flows.ts). */
export const FIN_SCREEN = {
  yeepay: 'finance_yeepay',
  ysepay: 'finance_ysepay',
  flowing: 'finance_flowing',
  reconciliation: 'finance_reconciliation',
  invoice: 'finance_invoice',
  pos: 'finance_pos_device',
  gift: 'finance_gift_exchange',
  book: 'finance_book_order',
  ec: 'finance_ec_of_yj',
} as const;

// ---------------------------------------------------------------------------------------------
// Merchant configuration: 易宝 (fin_yeepay) and 银盛 (fin_ysepay) have the same shape
// ---------------------------------------------------------------------------------------------

export const ENABLED_STATES: readonly OptionItem[] = [
  { value: 1, text: '启用' },
  { value: 0, text: '停用' },
];

function merchantResource<const N extends string>(name: N, title: string, screen: string) {
  return defineResource({
    name,
    title,
    table: name,
    scope: 'school',
    perm: name,
    readBy: [screen],
    defaultSort: 'id desc',
    fields: {
      merchant_no: { type: 'string', label: '商户号', required: true, max: 32, unique: true, search: 'like', list: { width: 140 } },
      merchant_name: { type: 'string', label: '商户名称', required: true, max: 64, search: 'like' },
      sub_merchant_no: { type: 'string', label: '子商户号', max: 32, list: { width: 140, show: false } },
      app_id: { type: 'string', label: '应用编号', max: 64, list: { show: false } },
      state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: ENABLED_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
      remark: { type: 'string', label: '备注', max: 255 },
    },
  });
}

export const yeepayResource = merchantResource('fin_yeepay', '易宝商户', FIN_SCREEN.yeepay);
export const ysepayResource = merchantResource('fin_ysepay', '银盛商户', FIN_SCREEN.ysepay);

// ---------------------------------------------------------------------------------------------
// Channel flows: five channels, one shape (declared once, instantiated per channel)
// ---------------------------------------------------------------------------------------------

/** The channels whose flows are kept, with the path each one's calls take. */
export const FLOW_KINDS = [
  { kind: 'yb', name: 'fin_yb_flowing', title: '易宝流水', channel: '易宝支付' },
  { kind: 'ysepay', name: 'fin_ysepay_flowing', title: '银盛流水', channel: '银盛支付' },
  { kind: 'ysepay_qr', name: 'fin_ysepay_qr_flowing', title: '银盛扫码流水', channel: '银盛扫码' },
  { kind: 'happy_pay', name: 'fin_happy_pay_flowing', title: '快乐付流水', channel: '快乐付' },
  { kind: 'generic', name: 'fin_generic_flowing', title: '通用支付流水', channel: '通用支付' },
] as const;
export type FlowKind = (typeof FLOW_KINDS)[number]['kind'];
export const FLOW_KIND_VALUES = FLOW_KINDS.map((k) => k.kind) as unknown as readonly [FlowKind, ...FlowKind[]];
export const FLOW_KIND_OPTIONS: readonly OptionItem[] = FLOW_KINDS.map((k) => ({ value: k.kind, text: k.channel }));
/** The card payment provider's requests (中金 quick pay, QR codes) share the channels' request log. */
export const CARD_PROVIDER_KIND = 'zhongjin_card';
const PROVIDER_OPTIONS: readonly OptionItem[] = [...FLOW_KIND_OPTIONS, { value: CARD_PROVIDER_KIND, text: '中金支付（卡/二维码）' }];

export const TRADE_TYPES: readonly OptionItem[] = [
  { value: 1, text: '收款' },
  { value: 2, text: '退款' },
];
/** Where a flow stands in reconciliation (set by the reconciliation only). */
export const FLOW_RECON_STATES: readonly OptionItem[] = [
  { value: 0, text: '未对账' },
  { value: 1, text: '已匹配' },
  { value: 2, text: '有差异' },
  { value: 3, text: '差异已处理' },
];
export const FLOW_SOURCES: readonly OptionItem[] = [
  { value: 1, text: '对账单导入' },
  { value: 2, text: '渠道推送' },
  { value: 3, text: '手工录入' },
];

/**
 * A student is named by id and its name is copied by the server (student_name): finance screens
 * do not read the student lists (tests/server/read-permission: finance reads no student), so no
 * relation to the student declaration is declared here.
 */
const studentId = (required: boolean) => ({ type: 'int', label: '学员编号', required, min: 1, search: 'eq', list: { width: 90, show: false } }) as const;
const studentName = { type: 'string', label: '学员', max: 64, readonly: true, form: false, search: 'like', list: { width: 100 } } as const;

/** The menu code of a channel's flow screen (`finance_yb_flowing` …). */
export function flowScreen(name: string): string {
  return name.replace(/^fin_/, 'finance_');
}

function flowResource<const N extends string>(name: N, title: string) {
  return defineResource({
    name,
    title,
    table: name,
    scope: 'school',
    perm: name,
    readBy: [flowScreen(name), FIN_SCREEN.flowing, FIN_SCREEN.reconciliation],
    defaultSort: 'pay_time desc',
    // flows arrive from the channel (statement import, fin_flow/import_statement); none is typed in
    calls: { add: false },
    // a campus-day of flows, the reconciliation's read
    indexes: [['school_id', 'pay_time']],
    fields: {
      trade_no: { type: 'string', label: '渠道流水号', required: true, max: 64, unique: true, search: 'like', list: { width: 180 } },
      order_no: { type: 'string', label: '商户订单号', max: 64, search: 'like', list: { width: 160 } },
      merchant_no: { type: 'string', label: '商户号', max: 32, search: 'eq', list: { width: 120, show: false } },
      // the latest two months, not the current one: finance reconciles yesterday (对账's default
      // day), and on the first of a month yesterday's flows are last month's
      pay_time: { type: 'datetime', label: '交易时间', required: true, search: 'range', searchDefault: 'latestTwoMonths', list: { sortable: true, format: 'datetime', width: 160 } },
      trade_type: { type: 'int', label: '交易类型', default: 1, options: { kind: 'static', items: TRADE_TYPES }, search: 'eq', list: { format: 'option', width: 80 } },
      amount: { type: 'money', label: '交易金额', required: true, min: 1, list: { sortable: true, format: 'money', width: 110, align: 'right' } },
      fee: { type: 'money', label: '手续费', default: 0, min: 0, list: { format: 'money', width: 90, align: 'right' } },
      pay_method: { type: 'string', label: '支付方式', max: 32, list: { width: 90 } },
      payer_name: { type: 'string', label: '付款人', max: 64, search: 'like', list: { width: 100 } },
      terminal_no: { type: 'string', label: '终端号', max: 32, list: { width: 110, show: false } },
      student_id: { type: 'int', label: '绑定学员编号', search: 'eq', form: false, readonly: true, list: { width: 90, show: false } },
      student_name: { ...studentName, label: '绑定学员' },
      recon_state: { type: 'int', label: '对账状态', default: 0, readonly: true, form: false, options: { kind: 'static', items: FLOW_RECON_STATES }, search: 'eq', list: { format: 'option', width: 100 } },
      source: { type: 'int', label: '来源', default: 1, readonly: true, form: false, options: { kind: 'static', items: FLOW_SOURCES }, list: { format: 'option', width: 100, show: false } },
      remark: { type: 'string', label: '备注', max: 255 },
    },
  });
}

export const ybFlowResource = flowResource('fin_yb_flowing', '易宝流水');
export const ysepayFlowResource = flowResource('fin_ysepay_flowing', '银盛流水');
export const ysepayQrFlowResource = flowResource('fin_ysepay_qr_flowing', '银盛扫码流水');
export const happyPayFlowResource = flowResource('fin_happy_pay_flowing', '快乐付流水');
export const genericFlowResource = flowResource('fin_generic_flowing', '通用支付流水');
export type FlowResource = typeof ybFlowResource;

export const FLOW_RESOURCES: Readonly<Record<FlowKind, FlowResource>> = {
  yb: ybFlowResource,
  ysepay: ysepayFlowResource as unknown as FlowResource,
  ysepay_qr: ysepayQrFlowResource as unknown as FlowResource,
  happy_pay: happyPayFlowResource as unknown as FlowResource,
  generic: genericFlowResource as unknown as FlowResource,
};

/** What the built-in provider was asked (visible on 渠道请求记录): nothing is sent anywhere. */
export const providerRequestResource = defineResource({
  name: 'fin_provider_request',
  title: '渠道请求记录',
  table: 'fin_provider_request',
  scope: 'school',
  perm: 'fin_provider_request',
  readBy: [FIN_SCREEN.flowing],
  defaultSort: 'id desc',
  calls: { add: false, update: false, delete: false },
  fields: {
    provider: { type: 'string', label: '渠道', max: 32, search: 'eq', options: { kind: 'static', items: PROVIDER_OPTIONS }, list: { format: 'option', width: 140 } },
    operation: { type: 'string', label: '操作', max: 32, search: 'eq', list: { width: 120 } },
    target: { type: 'string', label: '对象', max: 64, search: 'like', list: { width: 180 } },
    request: { type: 'text', label: '请求内容', max: 4000, list: { width: 320 } },
    answer: { type: 'text', label: '应答内容', max: 4000, list: { width: 240 } },
  },
});

// ---------------------------------------------------------------------------------------------
// Reconciliation: one row per campus and day; its records are the matches and differences
// ---------------------------------------------------------------------------------------------

export const RECON_DAY_STATES: readonly OptionItem[] = [
  { value: 0, text: '未关账' },
  { value: 1, text: '已关账' },
];

export const reconciliationResource = defineResource({
  name: 'fin_reconciliations',
  title: '对账日',
  table: 'fin_reconciliations',
  scope: 'school',
  perm: 'fin_reconciliations',
  readBy: [FIN_SCREEN.reconciliation],
  defaultSort: 'recon_date desc',
  indexes: [['school_id', 'recon_date']],
  lockedWhen: { field: 'state', in: [1], msg: '{recon_date} 已关账，不能修改，请先重新打开该对账日' },
  fields: {
    // as the flows: the day reconciled by default is yesterday, last month's on the first of a month
    recon_date: { type: 'date', label: '对账日期', required: true, search: 'range', searchDefault: 'latestTwoMonths', list: { sortable: true, format: 'date', width: 110 } },
    state: { type: 'int', label: '状态', default: 0, readonly: true, form: false, options: { kind: 'static', items: RECON_DAY_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    flow_count: { type: 'int', label: '流水笔数', default: 0, readonly: true, form: false, list: { width: 80 } },
    flow_amount: { type: 'money', label: '流水金额', default: 0, readonly: true, form: false, list: { format: 'money', width: 110, align: 'right' } },
    receipt_count: { type: 'int', label: '收据笔数', default: 0, readonly: true, form: false, list: { width: 80 } },
    receipt_amount: { type: 'money', label: '收据金额', default: 0, readonly: true, form: false, list: { format: 'money', width: 110, align: 'right' } },
    matched_count: { type: 'int', label: '已匹配', default: 0, readonly: true, form: false, list: { width: 80 } },
    diff_count: { type: 'int', label: '差异笔数', default: 0, readonly: true, form: false, list: { width: 80 } },
    pending_count: { type: 'int', label: '待处理', default: 0, readonly: true, form: false, list: { width: 80 } },
    reconciled_at: { type: 'datetime', label: '对账时间', readonly: true, form: false, list: { format: 'datetime', width: 160 } },
    closed_at: { type: 'datetime', label: '关账时间', readonly: true, form: false, list: { format: 'datetime', width: 160 } },
    reopen_count: { type: 'int', label: '重开次数', default: 0, readonly: true, form: false, list: { width: 80, show: false } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const RECON_RESULTS: readonly OptionItem[] = [
  { value: 1, text: '已匹配' },
  { value: 2, text: '仅渠道有' },
  { value: 3, text: '仅收据有' },
  { value: 4, text: '金额不符' },
  { value: 5, text: '手工调整' },
];
export const RECON_RECORD_STATES: readonly OptionItem[] = [
  { value: 0, text: '待处理' },
  { value: 1, text: '已处理' },
];

export const reconciliationRecordResource = defineResource({
  name: 'fin_reconciliation_records',
  title: '对账记录',
  table: 'fin_reconciliation_records',
  scope: 'school',
  perm: 'fin_reconciliation_records',
  readBy: [FIN_SCREEN.reconciliation],
  defaultSort: 'id',
  indexes: [['recon_id', 'result']],
  fields: {
    recon_id: { type: 'int', label: '对账日', required: true, search: 'eq', ref: { resource: 'fin_reconciliations', label: ['recon_date'], onDelete: 'allow' }, list: { width: 110 } },
    result: { type: 'int', label: '对账结果', default: 5, readonly: true, form: false, options: { kind: 'static', items: RECON_RESULTS }, search: 'eq', list: { format: 'option', width: 90 } },
    flow_kind: { type: 'string', label: '渠道', max: 32, search: 'eq', options: { kind: 'static', items: FLOW_KIND_OPTIONS }, list: { format: 'option', width: 100 } },
    flow_id: { type: 'int', label: '流水ID', readonly: true, form: false, list: { show: false } },
    trade_no: { type: 'string', label: '渠道流水号', max: 64, search: 'like', readonly: true, form: false, list: { width: 180 } },
    flow_amount: { type: 'money', label: '流水金额', default: 0, readonly: true, form: false, list: { format: 'money', width: 110, align: 'right' } },
    receipt_id: { type: 'int', label: '收据ID', readonly: true, form: false, list: { show: false } },
    receipt_no: { type: 'string', label: '收据号', max: 64, search: 'like', readonly: true, form: false, list: { width: 150 } },
    receipt_amount: { type: 'money', label: '收据金额', default: 0, readonly: true, form: false, list: { format: 'money', width: 110, align: 'right' } },
    diff_amount: { type: 'money', label: '差额', min: -999_999_999_999, default: 0, list: { format: 'money', width: 100, align: 'right' } },
    state: { type: 'int', label: '处理状态', default: 0, readonly: true, form: false, options: { kind: 'static', items: RECON_RECORD_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    reason: { type: 'string', label: '处理说明', max: 255, list: { width: 200 } },
    resolved_at: { type: 'datetime', label: '处理时间', readonly: true, form: false, list: { format: 'datetime', width: 160, show: false } },
  },
});

/** Closing and reopening of a reconciliation day, kept (a closed day changes only after a recorded reopen). */
export const reconciliationEventResource = defineResource({
  name: 'fin_reconciliation_event',
  title: '关账记录',
  table: 'fin_reconciliation_event',
  scope: 'school',
  perm: 'fin_reconciliation_event',
  readBy: [FIN_SCREEN.reconciliation],
  defaultSort: 'id desc',
  calls: { add: false, update: false, delete: false },
  fields: {
    recon_id: { type: 'int', label: '对账日', search: 'eq', readonly: true, list: { show: false } },
    recon_date: { type: 'date', label: '对账日期', readonly: true, list: { format: 'date', width: 110 } },
    action: { type: 'string', label: '操作', max: 16, readonly: true, options: { kind: 'static', items: [{ value: 'close', text: '关账' }, { value: 'reopen', text: '重新打开' }] }, list: { format: 'option', width: 90 } },
    reason: { type: 'string', label: '原因', max: 255, readonly: true, list: { width: 240 } },
  },
});

// ---------------------------------------------------------------------------------------------
// Invoices, POS devices, gift exchange, book orders, e-commerce orders
// ---------------------------------------------------------------------------------------------

export const INVOICE_STATES: readonly OptionItem[] = [
  { value: 1, text: '已申请' },
  { value: 2, text: '已开具' },
  { value: 3, text: '已作废' },
];
export const INVOICE_SOURCES: readonly OptionItem[] = [
  { value: 1, text: '收据' },
  { value: 2, text: '订单' },
];
export const INVOICE_KINDS: readonly OptionItem[] = [
  { value: 1, text: '增值税普通发票' },
  { value: 2, text: '增值税专用发票' },
  { value: 3, text: '电子普通发票' },
];

export const invoiceResource = defineResource({
  name: 'fin_invoice',
  title: '发票',
  table: 'fin_invoice',
  scope: 'school',
  perm: 'fin_invoice',
  readBy: [FIN_SCREEN.invoice],
  defaultSort: 'id desc',
  indexes: [['source_type', 'source_no']],
  fields: {
    student_id: studentId(false),
    student_name: studentName,
    source_type: { type: 'int', label: '开票依据', required: true, default: 1, options: { kind: 'static', items: INVOICE_SOURCES }, search: 'eq', list: { format: 'option', width: 80 } },
    source_no: { type: 'string', label: '单据号', required: true, max: 64, search: 'like', list: { width: 150 } },
    paid_amount: { type: 'money', label: '已付金额', required: true, min: 1, list: { format: 'money', width: 110, align: 'right' } },
    kind: { type: 'int', label: '发票类型', default: 3, options: { kind: 'static', items: INVOICE_KINDS }, list: { format: 'option', width: 120 } },
    title: { type: 'string', label: '发票抬头', required: true, max: 100, search: 'like', list: { width: 180 } },
    tax_no: {
      type: 'string',
      label: '税号',
      max: 20,
      pattern: { re: '^[0-9A-Z]{18}$', msg: '税号应为18位统一社会信用代码（数字和大写字母）' },
      list: { width: 170 },
    },
    amount: { type: 'money', label: '开票金额', required: true, min: 1, list: { format: 'money', width: 110, align: 'right' } },
    state: { type: 'int', label: '状态', default: 1, readonly: true, form: false, options: { kind: 'static', items: INVOICE_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    invoice_no: { type: 'string', label: '发票号码', max: 32, readonly: true, form: false, search: 'like', list: { width: 120 } },
    invoice_file: { type: 'ids', label: '发票文件', readonly: true, form: false, input: 'attachment', list: false },
    issued_at: { type: 'datetime', label: '开具时间', readonly: true, form: false, list: { format: 'datetime', width: 160 } },
    void_reason: { type: 'string', label: '作废原因', max: 255, readonly: true, form: false, list: { width: 160, show: false } },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
});

export const POS_BRANDS: readonly OptionItem[] = [
  { value: 1, text: '银盛' },
  { value: 2, text: '易宝' },
  { value: 3, text: '拉卡拉' },
  { value: 4, text: '其他' },
];

export const posDeviceResource = defineResource({
  name: 'fin_pos_device',
  title: 'POS机',
  table: 'fin_pos_device',
  scope: 'school',
  perm: 'fin_pos_device',
  readBy: [FIN_SCREEN.pos],
  defaultSort: 'id desc',
  fields: {
    device_no: { type: 'string', label: '设备序列号', required: true, max: 64, unique: true, search: 'like', list: { width: 160 } },
    brand: { type: 'int', label: '品牌', default: 1, options: { kind: 'static', items: POS_BRANDS }, search: 'eq', list: { format: 'option', width: 80 } },
    terminal_no: { type: 'string', label: '终端号', required: true, max: 32, search: 'like', list: { width: 120 } },
    merchant_no: { type: 'string', label: '商户号', max: 32, list: { width: 140 } },
    flow_kind: { type: 'string', label: '流水渠道', default: 'ysepay', options: { kind: 'static', items: FLOW_KIND_OPTIONS }, list: { format: 'option', width: 100 } },
    keeper: { type: 'string', label: '保管人', max: 64, list: { width: 90 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: ENABLED_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const GIFT_ORDER_STATES: readonly OptionItem[] = [
  { value: 1, text: '待分校审核' },
  { value: 2, text: '待总部审核' },
  { value: 3, text: '待发放' },
  { value: 4, text: '已发放' },
  { value: 5, text: '已驳回' },
];

export const exchangeGiftOrderResource = defineResource({
  name: 'fin_exchange_gift_order',
  title: '礼品兑换单',
  table: 'fin_exchange_gift_order',
  scope: 'school',
  perm: 'fin_exchange_gift_order',
  readBy: [FIN_SCREEN.gift],
  defaultSort: 'id desc',
  fields: {
    student_id: studentId(true),
    student_name: studentName,
    // a gift of the points mall (客户关系 › 积分商城礼品): its name, points and value are the server's
    mall_gift_id: { type: 'int', label: '商城礼品', min: 1, search: 'eq', ref: { resource: 'crm_mall_gift', label: ['gift_name'] }, list: { width: 140 } },
    gift_name: { type: 'string', label: '礼品名称', max: 64, search: 'like', list: { width: 140 }, placeholder: '选择商城礼品时自动填写' },
    quantity: { type: 'int', label: '数量', required: true, min: 1, max: 999, default: 1, list: { width: 70 } },
    points: { type: 'int', label: '消耗积分', required: true, min: 0, max: 10_000_000, list: { width: 90 }, placeholder: '选择商城礼品时按兑换积分×数量计算' },
    // the ledger rows of the deduction and of its reversal (驳回 or 删除): each posted at most once
    points_log_id: { type: 'int', label: '扣减积分流水', readonly: true, form: false, list: { show: false } },
    refund_log_id: { type: 'int', label: '退回积分流水', readonly: true, form: false, list: { show: false } },
    gift_value: { type: 'money', label: '礼品价值', default: 0, min: 0, list: { format: 'money', width: 100, align: 'right' } },
    state: { type: 'int', label: '状态', default: 1, readonly: true, form: false, options: { kind: 'static', items: GIFT_ORDER_STATES }, search: 'eq', list: { format: 'option', width: 100 } },
    branch_opinion: { type: 'string', label: '分校意见', max: 255, readonly: true, form: false, list: { width: 140, show: false } },
    head_opinion: { type: 'string', label: '总部意见', max: 255, readonly: true, form: false, list: { width: 140, show: false } },
    express_no: { type: 'string', label: '快递单号', max: 64, readonly: true, form: false, list: { width: 140 } },
    delivered_at: { type: 'datetime', label: '发放时间', readonly: true, form: false, list: { format: 'datetime', width: 160 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const BOOK_ORDER_STATES: readonly OptionItem[] = [
  { value: 1, text: '待付款' },
  { value: 2, text: '已付款' },
  { value: 3, text: '已发书' },
  { value: 4, text: '已取消' },
];

export const bookOrderResource = defineResource({
  name: 'fin_book_order',
  title: '教材订单',
  table: 'fin_book_order',
  scope: 'school',
  perm: 'fin_book_order',
  readBy: [FIN_SCREEN.book],
  defaultSort: 'id desc',
  fields: {
    student_id: studentId(true),
    student_name: studentName,
    text_book_id: { type: 'int', label: '教材', required: true, ref: { resource: 'prod_text_book', label: ['name'], onDelete: 'allow' }, search: 'eq', list: { width: 160 } },
    quantity: { type: 'int', label: '数量', required: true, min: 1, max: 999, default: 1, list: { width: 70 } },
    unit_price: { type: 'money', label: '单价', required: true, min: 0, list: { format: 'money', width: 90, align: 'right' } },
    amount: { type: 'money', label: '金额', readonly: true, form: false, list: { format: 'money', width: 100, align: 'right' } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: BOOK_ORDER_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const EC_ORDER_STATES: readonly OptionItem[] = [
  { value: 1, text: '已付款' },
  { value: 2, text: '已发货' },
  { value: 3, text: '已完成' },
  { value: 4, text: '已退款' },
];

/**
 * fin_ec_of_yj: orders of the operator's e-commerce shop (有赞/云集 style), read by finance
 * for the month's revenue; the list is a form-encoded POST as the spec says. Rows arrive from the
 * shop's export; there is no add/update/delete.
 */
export const ecOrderResource = defineResource({
  name: 'fin_ec_of_yj',
  title: '电商订单',
  table: 'fin_ec_of_yj',
  scope: 'school',
  perm: 'fin_ec_of_yj',
  readBy: [FIN_SCREEN.ec],
  defaultSort: 'pay_time desc',
  pageMethod: 'POST_FORM',
  calls: { add: false, update: false, delete: false },
  fields: {
    order_no: { type: 'string', label: '电商订单号', required: true, max: 64, unique: true, search: 'like', list: { width: 170 } },
    shop_name: { type: 'string', label: '店铺', max: 64, search: 'like', list: { width: 120 } },
    buyer_name: { type: 'string', label: '买家', max: 64, search: 'like', list: { width: 90 } },
    buyer_phone: { type: 'string', label: '买家电话', max: 11, mask: 'phone', list: { width: 120 } },
    goods_name: { type: 'string', label: '商品', max: 128, list: { width: 200 } },
    amount: { type: 'money', label: '实付金额', required: true, min: 0, list: { sortable: true, format: 'money', width: 100, align: 'right' } },
    pay_time: { type: 'datetime', label: '付款时间', search: 'range', list: { sortable: true, format: 'datetime', width: 160 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: EC_ORDER_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
  },
});

export const FINANCE_FLOW_RESOURCES = [
  yeepayResource,
  ysepayResource,
  // FLOW_RESOURCES, each with its own type
  ybFlowResource,
  ysepayFlowResource,
  ysepayQrFlowResource,
  happyPayFlowResource,
  genericFlowResource,
  providerRequestResource,
  reconciliationResource,
  reconciliationRecordResource,
  reconciliationEventResource,
  invoiceResource,
  posDeviceResource,
  exchangeGiftOrderResource,
  bookOrderResource,
  ecOrderResource,
] as const;
