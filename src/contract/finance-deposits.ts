import { z } from './zod';
import { idField as id, optionalTextField } from './fields';
import { answer, defineCall } from './call';
import type { Page } from './envelope';
import { pageQuerySchema } from './paging';
import { FIN_SCREEN, amount, optionalText, payMethod, type ReceiptRow } from './finance-accounts';

/**
 * 定金与分期 (finance deposits and installments, spec `fin_of_deposit_detail`): the installment
 * plans of orders (made on the orders side, server/modules/orders/installments.ts) as finance
 * sees them, and the installment payment taken by finance: a 收费 receipt (or a payment out of
 * the student's account) that settles the plan's periods oldest first. Paths chosen here (the
 * spec names them `{installment pay}` and `{termination}` without their names).
 */

export interface DepositPeriod {
  period_no: number;
  due_date: string;
  amount: number;
  paid_amount: number;
  /** 1 待还, 2 已还, 3 已逾期, 4 已终止 */
  state: number;
}

export interface DepositPlanRow {
  id: number;
  school_id: number;
  school_name: string | null;
  order_id: number;
  order_no: string | null;
  student_id: number;
  student_name: string | null;
  total_amount: number;
  paid_amount: number;
  owed: number;
  periods: number;
  next_due_date: string | null;
  /** INSTALLMENT_STATES: 1 还款中, 2 已逾期, 3 逾期处理中, 4 已结清, 5 已终止, 6 已转让 */
  state: number;
  state_text: string;
  overdue_periods: number;
  period_list: DepositPeriod[];
}

export const depositPlansCall = defineCall({
  area: 'finance',
  title: '定金与分期',
  method: 'GET',
  path: 'api/v1/fin_of_deposit_detail/page',
  perm: FIN_SCREEN.deposits,
  query: pageQuerySchema.extend({
    state: z.coerce.number({ error: '状态必须是数字' }).int('状态必须是整数').min(1, '状态不正确').max(6, '状态不正确').optional(),
    keyword: optionalTextField('学员姓名或订单号', 32),
  }),
  labels: { state: '状态', keyword: '学员姓名或订单号' },
  answer: answer<Page<DepositPlanRow>>(),
});

export const installmentPaySchema = z.object({
  id: id('分期订单'),
  amount: amount('还款金额'),
  pay_method: payMethod,
  payer: optionalText('交款人', 32),
  remark: optionalText('备注', 200),
});

export interface InstallmentPayResult {
  id: number;
  paid_amount: number;
  state: number;
  settled_periods: number[];
  receipt: ReceiptRow;
}

export const installmentPayCall = defineCall({
  area: 'finance',
  title: '分期收款',
  method: 'POST',
  path: 'api/v1/fin_of_deposit_detail/installment_pay',
  perm: 'fin_of_deposit_detail_installment_pay',
  body: installmentPaySchema,
  labels: { id: '分期订单', amount: '还款金额', pay_method: '收款方式', payer: '交款人', remark: '备注' },
  answer: answer<InstallmentPayResult>(),
});
