import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import { CARD_PROVIDER_KIND, type FlowKind } from '../../../src/contract/resources/finance-flows';
import { flowTable } from './flows/common';
import './schema';
import './flows/schema';

type Db = Kysely<Database>;

/**
 * One interface for every payment channel (易宝, 银盛, 银盛扫码, 快乐付, 通用支付, and 中金 for card
 * payments and QR codes): what the product may ask a channel. None is reachable from here, so the
 * product ships a built-in provider that sends nothing: it records each request it would send in
 * fin_provider_request (渠道请求记录 on the 渠道流水 screen; card and ID numbers masked) and answers
 * as a channel would, from what the database knows. A real integration implements this interface
 * and is installed with `setPaymentProvider` at start (README "Finance: payment flows").
 */
export interface PaymentProvider {
  readonly name: string;
  /** the state of one trade at its channel (the flows' 查询) */
  queryTrade(ctx: ProviderContext, req: { kind: FlowKind; merchantNo: string | null; tradeNo: string; orderNo: string | null }): Promise<TradeStatus>;
  /** a QR code the parent scans to pay `amount` fen into the student's account */
  createQrCode(ctx: ProviderContext, req: { outTradeNo: string; amount: number; subject: string }): Promise<{ codeUrl: string; expiresAt: string }>;
  /** starts binding a card: the channel texts a code to the reserved phone */
  bindCard(ctx: ProviderContext, req: { bindNo: string; cardNo: string; holderName: string; idCard: string; phone: string }): Promise<{ smsCode?: string }>;
  confirmBinding(ctx: ProviderContext, req: { bindNo: string; smsCode: string; expected: string | null }): Promise<Confirmation>;
  /** starts a quick payment with a bound card: the channel texts a code */
  quickPay(ctx: ProviderContext, req: { outTradeNo: string; bindNo: string; amount: number }): Promise<{ smsCode?: string }>;
  confirmQuickPay(ctx: ProviderContext, req: { outTradeNo: string; smsCode: string; expected: string | null }): Promise<Confirmation>;
  unbind(ctx: ProviderContext, req: { bindNo: string }): Promise<void>;
  /**
   * 代扣: takes `amount` fen under a withholding agreement the parent signed once (no SMS). The
   * channel deduplicates by `outTradeNo`: asking again with the same number never takes twice.
   */
  withhold(ctx: ProviderContext, req: { outTradeNo: string; agreementNo: string; amount: number }): Promise<WithholdResult>;
  /** the channel's statement of one business day (对账单下载): how many trades and how much it holds */
  downloadStatement(ctx: ProviderContext, req: { kind: FlowKind; merchantNo: string | null; day: string }): Promise<StatementSummary>;
}

export interface StatementSummary {
  count: number;
  /** signed fen (refunds negative) */
  amount: number;
  requestId: number;
  simulated: boolean;
}

/** Who asks, for which campus (and student): every request is recorded against them. */
export interface ProviderContext {
  db: Db;
  schoolId: number;
  studentId?: number;
  by: number | null;
}

export interface TradeStatus {
  status: 'SUCCESS' | 'REFUND' | 'NOT_FOUND';
  statusText: string;
  amount: number | null;
  payTime: string | null;
  requestId: number;
  simulated: boolean;
}

export interface WithholdResult {
  ok: boolean;
  /** the channel's trade number when taken */
  tradeNo: string | null;
  /** why not (余额不足, 协议已解约…) */
  message: string | null;
  requestId: number;
  simulated: boolean;
}

export interface Confirmation {
  ok: boolean;
  message?: string;
}

const STATUS_TEXT: Record<TradeStatus['status'], string> = { SUCCESS: '交易成功', REFUND: '已退款', NOT_FOUND: '渠道无此交易' };

/** Writes what would have been sent to the channel `provider` (a flow kind, or 中金 for cards). */
async function record(ctx: ProviderContext, provider: string, operation: string, target: string, request: Record<string, unknown>, answer: Record<string, unknown>): Promise<number> {
  const now = nowText();
  const row = await ctx.db
    .insertInto('fin_provider_request')
    .values({
      school_id: ctx.schoolId,
      provider,
      operation,
      target: target.slice(0, 64),
      request: JSON.stringify({ ...(ctx.studentId === undefined ? {} : { student_id: ctx.studentId }), ...request }).slice(0, 4000),
      answer: JSON.stringify(answer).slice(0, 4000),
      created_at: now,
      updated_at: now,
      created_by: ctx.by,
      updated_by: ctx.by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function tail(text: string): string {
  return `****${text.slice(-4)}`;
}

function smsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function confirmation(req: { smsCode: string; expected: string | null }): Confirmation {
  return req.expected !== null && req.smsCode === req.expected ? { ok: true } : { ok: false, message: '短信验证码不正确' };
}

/** The built-in provider: sends nothing, records the request, answers from the stored flows and "texts" a random code. */
export const builtinPaymentProvider: PaymentProvider = {
  name: 'builtin',
  async queryTrade(ctx, req) {
    const flow = await ctx.db.selectFrom(flowTable(req.kind)).select(['amount', 'pay_time', 'trade_type']).where('trade_no', '=', req.tradeNo).executeTakeFirst();
    const status: TradeStatus['status'] = !flow ? 'NOT_FOUND' : Number(flow.trade_type) === 2 ? 'REFUND' : 'SUCCESS';
    const answer = { status, amount: flow ? Number(flow.amount) : null, payTime: flow?.pay_time ?? null };
    const requestId = await record(ctx, req.kind, 'query', req.tradeNo, { merchantNo: req.merchantNo, tradeNo: req.tradeNo, orderNo: req.orderNo }, answer);
    return { ...answer, statusText: STATUS_TEXT[status], requestId, simulated: true };
  },
  async createQrCode(ctx, req) {
    const expiresAt = nowText(Date.now() + 15 * 60 * 1000);
    const codeUrl = `weixin://wxpay/bizpayurl?pr=${req.outTradeNo}`;
    await record(ctx, CARD_PROVIDER_KIND, 'qr_code', req.outTradeNo, req, { codeUrl, expiresAt });
    return { codeUrl, expiresAt };
  },
  async bindCard(ctx, req) {
    const code = smsCode();
    await record(ctx, CARD_PROVIDER_KIND, 'bind_card', req.bindNo, { bindNo: req.bindNo, cardNo: tail(req.cardNo), holderName: req.holderName, idCard: tail(req.idCard), phone: tail(req.phone) }, { smsSent: true, smsCode: code });
    return { smsCode: code };
  },
  async confirmBinding(ctx, req) {
    const answer = confirmation(req);
    await record(ctx, CARD_PROVIDER_KIND, 'confirm_binding', req.bindNo, { bindNo: req.bindNo, smsCode: req.smsCode }, { ok: answer.ok });
    return answer;
  },
  async quickPay(ctx, req) {
    const code = smsCode();
    await record(ctx, CARD_PROVIDER_KIND, 'quick_pay', req.outTradeNo, req, { smsSent: true, smsCode: code });
    return { smsCode: code };
  },
  async confirmQuickPay(ctx, req) {
    const answer = confirmation(req);
    await record(ctx, CARD_PROVIDER_KIND, 'confirm_quick_pay', req.outTradeNo, { outTradeNo: req.outTradeNo, smsCode: req.smsCode }, { ok: answer.ok });
    return answer;
  },
  async unbind(ctx, req) {
    await record(ctx, CARD_PROVIDER_KIND, 'unbind', req.bindNo, req, { ok: true });
  },
  // no channel to take from: the demo's agreements always pay; the trade number is derived from
  // the out trade number, as a channel answers the same trade for the same number
  async withhold(ctx, req) {
    const tradeNo = `BW${req.outTradeNo}`;
    const requestId = await record(ctx, CARD_PROVIDER_KIND, 'withhold', req.outTradeNo, req, { ok: true, tradeNo });
    return { ok: true, tradeNo, message: null, requestId, simulated: true };
  },
  // no channel to ask: the statement is what the campus already holds of that channel and day
  // (imported statements), so a reconciliation after it finds nothing new
  async downloadStatement(ctx, req) {
    const rows = await ctx.db
      .selectFrom(flowTable(req.kind))
      .select(['amount', 'trade_type'])
      .where('school_id', '=', ctx.schoolId)
      .where('pay_time', '>=', `${req.day} 00:00:00`)
      .where('pay_time', '<=', `${req.day} 23:59:59`)
      .execute();
    const amount = rows.reduce((sum, r) => sum + (Number(r.trade_type) === 2 ? -Number(r.amount) : Number(r.amount)), 0);
    const answer = { count: rows.length, amount };
    const requestId = await record(ctx, req.kind, 'statement', req.day, { merchantNo: req.merchantNo, day: req.day }, answer);
    return { ...answer, requestId, simulated: true };
  },
};

let current: PaymentProvider = builtinPaymentProvider;

export function paymentProvider(): PaymentProvider {
  return current;
}

/** Installs a real channel integration in place of the built-in provider (at start). */
export function setPaymentProvider(next: PaymentProvider): void {
  current = next;
}
