import type { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context';
import { registerFlows } from './flow-routes';
import { registerStatementImport } from './statement-import';
import { registerStatementDownload } from './statement-download';
import { registerReconciliation } from './recon-routes';
import { registerDocuments } from './documents';

/**
 * Payment channels, flows, statement import, reconciliation, invoices, gift exchange and book
 * orders (issue 16). Merchant configuration, POS devices, the provider request log, the closing
 * log and e-commerce orders are plain declarations, mounted by createApp.
 */
export function registerPaymentFlows(app: Hono<AppEnv>): void {
  registerFlows(app);
  registerStatementImport(app);
  registerStatementDownload(app);
  registerReconciliation(app);
  registerDocuments(app);
}

export { setReceiptSource, type ReceiptForReconciliation, type ReceiptSource } from './receipts';
export { reconcileDay } from './reconcile';
