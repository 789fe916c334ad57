import { z } from './zod';
import { idField } from './fields';
import { answer, defineCall } from './call';

/**
 * 代扣 of due installments: every open installment plan with a withholding agreement (分期订单 ›
 * 代扣授权) whose periods due by today are unpaid is charged what is due through the payment
 * provider's withholding (fin_provider_request shows each request). A plan taken pays like 分期收款:
 * a 收费 receipt (银行卡) and the periods settled; a refusal is recorded and posts nothing. Each
 * attempt has a trade number derived from the plan, the day and what was paid, so a replay or a
 * second run the same day never takes or posts twice. Also run daily by the server (job fin_withholding).
 */
export const withholdDueBodySchema = z.object({
  /**
   * The campus whose due installments are withheld (one of the caller's). Required: a call that
   * takes money names where; the daily job covers every campus.
   */
  school_id: idField('校区'),
});

export interface WithholdItem {
  installment_id: number;
  student_id: number;
  out_trade_no: string;
  amount: number;
  /** 1 扣款成功, 2 扣款失败 */
  state: number;
  message: string | null;
  receipt_no: string | null;
}

export interface WithholdResult {
  day: string;
  succeeded: number;
  failed: number;
  /** fen taken */
  amount: number;
  items: WithholdItem[];
}

/**
 * The button 代扣到期分期 of 定金与分期 (src/contract/menus/finance.ts): running the withholding
 * takes money from parents' cards for a whole campus, an operation of its own beside 分期收款.
 */
export const WITHHOLD_DUE_CODE = 'fin_of_deposit_detail_withhold_due';

export const withholdDueCall = defineCall({
  area: 'finance',
  title: '分期代扣',
  method: 'POST',
  path: 'api/v1/fin_of_deposit_detail/withhold_due',
  perm: WITHHOLD_DUE_CODE,
  body: withholdDueBodySchema,
  labels: { school_id: '校区' },
  answer: answer<WithholdResult>(),
});
