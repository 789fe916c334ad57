import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowText } from '../../lib/time';
import { CARD_PROVIDER_KIND } from '../../../src/contract/resources/finance-flows';
import './schema';
import './flows/schema';

type Db = Kysely<Database>;

/**
 * The card payment provider (中金 quick pay with SMS confirmation, QR codes): an installation plugs in
 * its real provider with `setCardPaymentProvider` at start-up (the channel queries and statements
 * are the flows' provider, flows/provider.ts). None is reachable here: the built-in
 * provider answers as a provider would and records every request it "sends" in fin_provider_request
 * (card numbers and ID numbers masked), so finance can see what would have gone out.
 */
export interface ProviderContext {
  db: Db;
  schoolId: number;
  studentId: number;
  by: number | null;
}

export interface CardPaymentProvider {
  readonly name: string;
  /** a QR code the parent scans to pay `amount` fen into the student's account */
  createQrCode(ctx: ProviderContext, req: { outTradeNo: string; amount: number; subject: string }): Promise<{ codeUrl: string; expiresAt: string }>;
  /** starts binding a card: the provider texts a code to the reserved phone */
  bindCard(ctx: ProviderContext, req: { bindNo: string; cardNo: string; holderName: string; idCard: string; phone: string }): Promise<{ smsCode?: string }>;
  confirmBinding(ctx: ProviderContext, req: { bindNo: string; smsCode: string; expected: string | null }): Promise<{ ok: boolean; message?: string }>;
  /** starts a quick payment with a bound card: the provider texts a code */
  quickPay(ctx: ProviderContext, req: { outTradeNo: string; bindNo: string; amount: number }): Promise<{ smsCode?: string }>;
  confirmQuickPay(ctx: ProviderContext, req: { outTradeNo: string; smsCode: string; expected: string | null }): Promise<{ ok: boolean; message?: string }>;
  unbind(ctx: ProviderContext, req: { bindNo: string }): Promise<void>;
}

/**
 * Every request of the card provider goes where the channels' requests go (fin_provider_request,
 * shown on 财务管理 › 渠道流水 › 渠道请求记录), so finance sees in one screen what would have been
 * sent: the target is the trade or binding number, the request and answer as JSON.
 */
async function record(ctx: ProviderContext, operation: string, request: Record<string, unknown>, response: Record<string, unknown>, target: string, amount?: number): Promise<void> {
  const now = nowText();
  await ctx.db
    .insertInto('fin_provider_request')
    .values({
      school_id: ctx.schoolId,
      provider: CARD_PROVIDER_KIND,
      operation,
      target: target.slice(0, 64),
      request: JSON.stringify({ student_id: ctx.studentId, ...(amount === undefined ? {} : { amount }), ...request }).slice(0, 4000),
      answer: JSON.stringify(response).slice(0, 4000),
      created_at: now,
      updated_at: now,
      created_by: ctx.by,
      updated_by: ctx.by,
    })
    .execute();
}

function tail(text: string): string {
  return `****${text.slice(-4)}`;
}

function code(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The built-in provider: answers like a provider, records the request, "texts" a random code. */
export const builtinCardProvider: CardPaymentProvider = {
  name: 'builtin',
  async createQrCode(ctx, req) {
    const expiresAt = nowText(Date.now() + 15 * 60 * 1000);
    const codeUrl = `weixin://wxpay/bizpayurl?pr=${req.outTradeNo}`;
    await record(ctx, 'qr_code', req, { codeUrl, expiresAt }, req.outTradeNo, req.amount);
    return { codeUrl, expiresAt };
  },
  async bindCard(ctx, req) {
    const smsCode = code();
    await record(ctx, 'bind_card', { bindNo: req.bindNo, cardNo: tail(req.cardNo), holderName: req.holderName, idCard: tail(req.idCard), phone: tail(req.phone) }, { smsSent: true, smsCode }, req.bindNo);
    return { smsCode };
  },
  async confirmBinding(ctx, req) {
    const ok = req.expected !== null && req.smsCode === req.expected;
    await record(ctx, 'confirm_binding', { bindNo: req.bindNo, smsCode: req.smsCode }, { ok }, req.bindNo);
    return ok ? { ok } : { ok, message: '短信验证码不正确' };
  },
  async quickPay(ctx, req) {
    const smsCode = code();
    await record(ctx, 'quick_pay', req, { smsSent: true, smsCode }, req.outTradeNo, req.amount);
    return { smsCode };
  },
  async confirmQuickPay(ctx, req) {
    const ok = req.expected !== null && req.smsCode === req.expected;
    await record(ctx, 'confirm_quick_pay', { outTradeNo: req.outTradeNo, smsCode: req.smsCode }, { ok }, req.outTradeNo);
    return ok ? { ok } : { ok, message: '短信验证码不正确' };
  },
  async unbind(ctx, req) {
    await record(ctx, 'unbind', req, { ok: true }, req.bindNo);
  },
};

let current: CardPaymentProvider = builtinCardProvider;

export function cardPaymentProvider(): CardPaymentProvider {
  return current;
}

/** Installs another provider (a real 中金 client) at start-up. */
export function setCardPaymentProvider(p: CardPaymentProvider): void {
  current = p;
}
