import type { DeclaredTable } from '../../../db/schema';
import type {
  bookOrderResource,
  ecOrderResource,
  exchangeGiftOrderResource,
  invoiceResource,
  posDeviceResource,
  providerRequestResource,
  reconciliationEventResource,
  reconciliationRecordResource,
  reconciliationResource,
  ybFlowResource,
  yeepayResource,
  ysepayResource,
} from '../../../../src/contract/resources/finance-flows';

// The factories' answers keep `scope` as a union for DeclaredTable: the campus column is added here.
type Campus = { school_id: number };
/** The five channels' flow tables have one declared shape. */
export type FlowTable = Campus & DeclaredTable<typeof ybFlowResource>;

declare module '../../../db/schema' {
  interface Database {
    fin_yeepay: Campus & DeclaredTable<typeof yeepayResource>;
    fin_ysepay: Campus & DeclaredTable<typeof ysepayResource>;
    fin_yb_flowing: FlowTable;
    fin_ysepay_flowing: FlowTable;
    fin_ysepay_qr_flowing: FlowTable;
    fin_happy_pay_flowing: FlowTable;
    fin_generic_flowing: FlowTable;
    fin_provider_request: Campus & DeclaredTable<typeof providerRequestResource>;
    fin_reconciliations: Campus & DeclaredTable<typeof reconciliationResource>;
    fin_reconciliation_records: Campus & DeclaredTable<typeof reconciliationRecordResource>;
    fin_reconciliation_event: Campus & DeclaredTable<typeof reconciliationEventResource>;
    fin_invoice: Campus & DeclaredTable<typeof invoiceResource>;
    fin_pos_device: Campus & DeclaredTable<typeof posDeviceResource>;
    fin_exchange_gift_order: Campus & DeclaredTable<typeof exchangeGiftOrderResource>;
    fin_book_order: Campus & DeclaredTable<typeof bookOrderResource>;
    fin_ec_of_yj: Campus & DeclaredTable<typeof ecOrderResource>;
  }
}
