import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../../lib/context';
import type { Database } from '../../db/schema';
import type { BalanceBreak } from '../../lib/ledger';
import { registerAccountRoutes } from './account-routes';
import { registerReceiptRoutes } from './receipt-routes';
import { registerAdjust } from './adjust';
import { registerPaymentRoutes } from './payment-routes';
import { accountFlow } from './ledgers';
import { receiptProblems } from './receipts';
import { moveReceiptProblems } from './move-receipts';
import { registerPaymentFlows } from './flows';
import { registerReportRoutes } from './report-routes';
import { registerDepositRoutes } from './deposit-routes';
import { closedMonthProblems, registerMonthClose } from './month-close';
import { registerWithholding, WITHHOLD_JOB } from './withholding';
import { scheduleJob } from '../../lib/job-lease';
// 账户余额退费 (workflow application): its start check and its payout on approval
import './account-refund-approval';
import './schema';

/**
 * The finance area (spec calls.tsv `finance`). Each part registers its own calls; add a part with
 * one line here (accounts and receipts: fin-accounts; pay flows, reconciliation, invoices: their files).
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  // student accounts and receipts
  registerAccountRoutes(app);
  registerReceiptRoutes(app);
  // payment channels, flows, reconciliation, invoices, gift exchange, book orders
  registerPaymentFlows(app);
  // balance corrections, card payment, QR codes, service rates
  registerAdjust(app);
  registerPaymentRoutes(app);
  // reports and the dashboard (read the ledgers only)
  registerReportRoutes(app);
  // 定金与分期: the orders' installment plans, paid with a receipt
  registerDepositRoutes(app);
  // 月结: closed months keep their totals
  registerMonthClose(app);
  // 分期代扣: due installments withheld through the payment provider
  registerWithholding(app);
}

// ---------------------------------------------------------------------------------------------
// Public module: what other areas (orders, refunds, marketing) may call. Everything that writes
// runs in the caller's transaction (`trx`, a POST handler's c.var.db). docs/finance.md.
// ---------------------------------------------------------------------------------------------

export { accountBalance, payFromAccount, refundToAccount, reverseAccountFlow, depositToAccount, type AccountMoveInput } from './accounts';
// issueMoveReceipts: the 结转/转班 receipt pair of a money move (the orders' 转班 and carry-overs call it in their transaction)
export { issueMoveReceipts, type MoveReceiptsInput, type MoveReceiptSide } from './receipts';
// cancelMoveReceipts: the owner area undoing its move (a 转班型 revoked); moveReceiptOuts: what they carried per record (the orders' ledger check)
export { cancelMoveReceipts, moveReceiptOuts } from './move-receipts';
export { issueReceipt, cancelReceipt, onReceiptCancel, signedAmount, RECEIPT_NUMBER_KIND, type IssueReceiptInput, type ReceiptCancelEvent, type ReceiptCancelHandler } from './receipts';
export { accountFlow, accountKey } from './ledgers';
export { reconcileDay, setReceiptSource, type ReceiptForReconciliation, type ReceiptSource } from './flows';
export { rateFor, serviceFee } from './service-rate';
export { closeMonth } from './month-close';
// the receipts' figures of 财务报表, reused by 报表中心's cross-campus summary (server/modules/reports/finance.ts)
export { receiptGroups, totalsOf, type ReceiptGroup } from './reports';
export { paymentProvider, setPaymentProvider, builtinPaymentProvider, type PaymentProvider, type ProviderContext, type TradeStatus, type WithholdResult } from './provider';
export { withholdDue, WITHHOLD_JOB } from './withholding';

/** Starts the daily 分期代扣 in this server process (server/lib/job-lease.ts: one process per day runs it). */
export function scheduleWithholding(db: Kysely<Database>): () => void {
  return scheduleJob(db, WITHHOLD_JOB);
}

/** What `npm run ledger:check` reports for the finance area: broken account chains, receipt problems and closed months whose totals moved. */
export interface FinanceCheck {
  accountBreaks: BalanceBreak[];
  receiptProblems: string[];
}

export async function checkFinanceLedgers(db: Kysely<Database>): Promise<FinanceCheck> {
  return { accountBreaks: await accountFlow.checkBalances(db), receiptProblems: [...(await receiptProblems(db)), ...(await moveReceiptProblems(db)), ...(await closedMonthProblems(db))] };
}

/** The finance dashboard's figures of any period (the 首页's finance dashboard and data statistics read them). */
export { financePeriodFigures, type FinancePeriodFigures } from './period-figures';
