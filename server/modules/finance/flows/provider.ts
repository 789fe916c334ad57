import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { nowText } from '../../../lib/time';
import type { FlowKind } from '../../../../src/contract/resources/finance-flows';
import './schema';

/**
 * One interface for every payment channel (易宝, 银盛, 银盛扫码, 快乐付, 通用支付, 中金): what the
 * product may ask a channel. None is reachable from here, so the product ships a built-in provider
 * that sends nothing: it records each request it would send in fin_provider_request (渠道请求记录
 * on the 渠道流水 screen) and answers from what the database knows. A real integration implements
 * this interface and is installed with `setPaymentProvider` at start (README "Finance: payment flows").
 */
export interface PaymentProvider {
  readonly name: string;
  /** the state of one trade at the channel */
  query(req: ProviderCall & { tradeNo: string; orderNo: string | null }): Promise<TradeStatus>;
  /** bind a bank card for quick pay / withholding (sends the SMS code at the channel) */
  bindCard(req: ProviderCall & { cardNo: string; holder: string; phone: string }): Promise<ProviderAck>;
  quickPay(req: ProviderCall & { bindId: string; amount: number; orderNo: string }): Promise<ProviderAck>;
  withholding(req: ProviderCall & { bindId: string; amount: number; orderNo: string }): Promise<ProviderAck>;
  /** the day's statement file as the channel sends it (CSV in its column layout) */
  downloadStatement(req: ProviderCall & { day: string }): Promise<string>;
}

export interface ProviderCall {
  kind: FlowKind;
  schoolId: number;
  merchantNo: string | null;
}

export interface TradeStatus {
  status: 'SUCCESS' | 'REFUND' | 'NOT_FOUND';
  statusText: string;
  amount: number | null;
  payTime: string | null;
  requestId: number;
  simulated: boolean;
}

export interface ProviderAck {
  accepted: boolean;
  requestId: number;
  simulated: boolean;
}

const STATUS_TEXT: Record<TradeStatus['status'], string> = { SUCCESS: '交易成功', REFUND: '已退款', NOT_FOUND: '渠道无此交易' };

async function record(db: Kysely<Database>, call: ProviderCall, operation: string, target: string, request: unknown, answer: unknown): Promise<number> {
  const now = nowText();
  const row = await db
    .insertInto('fin_provider_request')
    .values({
      school_id: call.schoolId,
      provider: call.kind,
      operation,
      target: target.slice(0, 64),
      request: JSON.stringify(request).slice(0, 4000),
      answer: JSON.stringify(answer).slice(0, 4000),
      created_at: now,
      updated_at: now,
      created_by: null,
      updated_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The built-in provider: records what it would send and answers from the stored flows. */
export function builtInProvider(db: Kysely<Database>, flowTable: (kind: FlowKind) => 'fin_yb_flowing'): PaymentProvider {
  const ack = async (call: ProviderCall, operation: string, target: string, request: Record<string, unknown>): Promise<ProviderAck> => {
    const answer = { accepted: true, simulated: true };
    return { ...answer, requestId: await record(db, call, operation, target, { merchantNo: call.merchantNo, ...request }, answer) };
  };
  return {
    name: 'builtin',
    async query(req) {
      const flow = await db
        .selectFrom(flowTable(req.kind))
        .select(['amount', 'pay_time', 'trade_type'])
        .where('trade_no', '=', req.tradeNo)
        .executeTakeFirst();
      const status: TradeStatus['status'] = !flow ? 'NOT_FOUND' : Number(flow.trade_type) === 2 ? 'REFUND' : 'SUCCESS';
      const answer = { status, amount: flow ? Number(flow.amount) : null, payTime: flow?.pay_time ?? null };
      const request = { merchantNo: req.merchantNo, tradeNo: req.tradeNo, orderNo: req.orderNo };
      const requestId = await record(db, req, 'query', req.tradeNo, request, answer);
      return { ...answer, statusText: STATUS_TEXT[status], requestId, simulated: true };
    },
    bindCard: (req) => ack(req, 'bind_card', req.phone, { cardNo: `${req.cardNo.slice(0, 4)}****${req.cardNo.slice(-4)}`, holder: req.holder }),
    quickPay: (req) => ack(req, 'quick_pay', req.orderNo, { bindId: req.bindId, amount: req.amount }),
    withholding: (req) => ack(req, 'withholding', req.orderNo, { bindId: req.bindId, amount: req.amount }),
    async downloadStatement(req) {
      const rows = await db
        .selectFrom(flowTable(req.kind))
        .select(['trade_no', 'order_no', 'pay_time', 'amount'])
        .where('school_id', '=', req.schoolId)
        .where('pay_time', '>=', `${req.day} 00:00:00`)
        .where('pay_time', '<=', `${req.day} 23:59:59`)
        .orderBy('pay_time')
        .execute();
      await record(db, req, 'statement', req.day, { merchantNo: req.merchantNo, day: req.day }, { rows: rows.length });
      return ['流水号,订单号,交易时间,金额', ...rows.map((r) => `${r.trade_no},${r.order_no ?? ''},${r.pay_time},${(Number(r.amount) / 100).toFixed(2)}`)].join('\n');
    },
  };
}

type ProviderFactory = (db: Kysely<Database>, flowTable: (kind: FlowKind) => 'fin_yb_flowing') => PaymentProvider;
let factory: ProviderFactory = builtInProvider;

/** Installs a real channel integration in place of the built-in provider (at start). */
export function setPaymentProvider(next: ProviderFactory): void {
  factory = next;
}

export function paymentProvider(db: Kysely<Database>, flowTable: (kind: FlowKind) => 'fin_yb_flowing'): PaymentProvider {
  return factory(db, flowTable);
}
