import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { mountResource } from '../../lib/resource-routes';
import { achievementDivideResource, contractLineResource, orderLineResource, orderLogResource, orderPaymentResource, orderResource } from '../../../src/contract/resources/orders';
import { orderExcusedResource } from '../../../src/contract/resources/orders-extras';
import { onStudent } from './on-student';
import { registerGifts } from './gifts';
import { registerFeeCheck } from './fee-check';
import { registerOrderCalls } from './routes';
import { registerInstallments } from './installments';
import { registerPaymentCancel } from './payment-cancel';
import { registerRefunds } from './refunds';
import { registerTransfers } from './transfers';
import { registerClassTypeTransfer } from './class-type-transfer';
import { registerRecommendGift } from './recommend-gift';
import { registerOldRecommend } from './old-recommend';
import { registerContractDelay } from './contract-delay';
import { registerToProduct } from './to-product';
import './schema';

/**
 * The orders area (spec: orders; docs/orders.md): orders with lines priced from the products
 * area, audit, amendments as versions, contracts, payments with receipt numbers, and the contract
 * lines whose lesson hours and money live on append-only ledgers. The classes area posts
 * attendance through postHours/reverseHours below. Lists around the order: refund reasons, coupon
 * configuration and 淘宝 orders are plain declarations mounted by createApp; excused lessons and
 * gifts hang on a student; the price check reads the products area's public module. Transfers
 * (to another student, campus or class type) move hours by paired ledger postings (transfers.ts).
 */
export function register(app: Hono<AppEnv>, _deps: AppDeps): void {
  mountResource(app, orderResource);
  for (const def of [orderLineResource, contractLineResource, achievementDivideResource, orderLogResource, orderPaymentResource]) mountResource(app, def);
  registerOrderCalls(app);
  mountResource(app, orderExcusedResource, onStudent);
  registerGifts(app);
  registerFeeCheck(app);
  registerInstallments(app);
  registerPaymentCancel();
  registerRefunds(app);
  registerTransfers(app);
  registerClassTypeTransfer(app);
  registerRecommendGift(app);
  registerOldRecommend(app);
  registerContractDelay(app);
  registerToProduct(app);
}

// ---------------------------------------------------------------------------------------------
// Public module: what other areas (classes, finance, reports) may call.
// ---------------------------------------------------------------------------------------------

export { giftsToReturn } from './gifts';
export { ORDER_STATE, type OrderState } from '../../../src/contract/resources/orders';
export { orderInScope, getOrder, setOrderState, assertTransition, stateText, writeLog as writeOrderLog, refreshProgress, type OrderRow } from './order-rules';
export { activateIfPaid, protocolOf, PAYABLE_STATES } from './lifecycle';
export { priceLines, signKind, divideAmounts } from './order-write';
export { issueReceipt, type ReceiptInput } from './receipts';
export {
  openLine,
  activateLine,
  grantLine,
  postHours,
  consumeLine,
  type LineConsumption,
  reverseHours,
  transferLine,
  reverseTransfer,
  type LineMove,
  forfeitExpired,
  consumable,
  linesOf,
  reconcileOpening,
  reconcileAllOpenings,
  toHours,
  toHundredths,
  type ContractLine,
  type NewLine,
  type PostHoursInput,
  type Consumption,
} from './hours';
export { extendLinesValidity, type ValidityMove, type MovedLine } from './validity';
export { lineBalances, type LineBalance } from './balances';
export { ledgerViolations, type Violation } from './ledger-check';
// the finance receipts of the transfers (结转/转班) and their check (npm run ledger:check)
export { transferReceiptViolations } from './transfer-receipts';
export { hoursLedger, moneyLedger, lineAccount, paidAccount, promoAccount } from './ledgers';
export { signedOrders, SIGNED_STATES } from './sign-counts';
export { onOrderSigned, type OrderSignedEvent, type OrderSignedHandler } from './sign-events';
export { calculateRefund, refundServiceCharge, refundReason, fileRefund, payRefund, type RefundRequest, type RefundActor } from './refunds';
export { holdingsOf, requestCampusTransfer } from './transfers';
// the workflow's 退费申请 screens: which orders a refund may be filed on, and the reasons
export { refundCandidates, refundReasons, type RefundOrderCandidate } from './refund-candidates';
export { convertClassType } from './class-type-transfer';
export { postOrderDue, reverseOrderDues, orderDuesTotal, type DueRef } from './dues-posting';
export { HOURS_EXPIRY_JOB, scheduleHoursExpiry, runHoursExpiry, warnExpiringLines, EXPIRY_WARNING_DAYS } from './expiry';
export { settleInstallment, markOverdue, scheduleInstallmentOverdue, OVERDUE_JOB, createInstallmentPlan, authorizeWithholding, installmentPlan, type InstallmentPlanInput, type InstallmentActor } from './installments';
export { duePeriods, unpaidOrders, renewCandidates, type DuePeriod, type UnpaidOrder, type RenewCandidate } from './dues';
export { signFiguresByCampus, consumedValue, emptySignFigures, type SignFigures } from './day-figures';
