import type { Generated } from 'kysely';
import type { DeclaredTable } from '../../db/schema';
import type { LedgerRow } from '../../lib/ledger';
import type {
  achievementDivideResource,
  contractLineResource,
  orderLineResource,
  orderLogResource,
  orderPaymentResource,
  orderResource,
} from '../../../src/contract/resources/orders';
import type {
  giveTicketConfigResource,
  installmentEventResource,
  installmentPeriodResource,
  installmentResource,
  refundResource,
  orderExcusedResource,
  refundReasonResource,
  studentGiftResource,
  tbOrderResource,
} from '../../../src/contract/resources/orders-extras';
import type { campusTransferResource, classTypeTransferResource } from '../../../src/contract/resources/orders-transfer';

/** Tables of the orders area: the declared ones typed from their declarations, and the two ledgers (migration 0450). */
type Ledger = Omit<LedgerRow, 'id'> & { id: Generated<number> };

declare module '../../db/schema' {
  interface Database {
    order_form: DeclaredTable<typeof orderResource, 'state' | 'version' | 'deal_amount' | 'paid_amount' | 'list_amount' | 'discount_amount'> & { del_flag: number };
    order_form_detail: DeclaredTable<typeof orderLineResource, 'bought_hours' | 'gift_hours' | 'list_price' | 'discount' | 'deal_price' | 'validity_days' | 'kind'>;
    order_contract_line: DeclaredTable<typeof contractLineResource, 'student_id' | 'class_type_id' | 'bought_hours' | 'gift_hours' | 'paid_money' | 'promo_money' | 'active' | 'consumed_hours' | 'remaining_hours' | 'source'>;
    order_sch_achievement_divide: DeclaredTable<typeof achievementDivideResource, 'order_id' | 'user_id' | 'ratio' | 'amount'>;
    order_form_log: DeclaredTable<typeof orderLogResource, 'order_id' | 'action'>;
    order_payment: DeclaredTable<typeof orderPaymentResource, 'order_id' | 'amount' | 'method' | 'receipt_no'>;
    order_hours_flow: Ledger;
    order_money_flow: Ledger;
  }
}

// defineResource's answer types scope and softDelete as their unions, so DeclaredTable cannot see
// them: the campus and delete-flag columns are added here by hand.
type Campus = { school_id: number };
type SoftDeleted = { del_flag: number };

declare module '../../db/schema' {
  interface Database {
    order_refund_detail_reason: SoftDeleted & DeclaredTable<typeof refundReasonResource>;
    order_form_give_ticket_config: Campus & SoftDeleted & DeclaredTable<typeof giveTicketConfigResource>;
    edu_order_excused: Campus & SoftDeleted & DeclaredTable<typeof orderExcusedResource>;
    order_tb_form: Campus & SoftDeleted & DeclaredTable<typeof tbOrderResource>;
    order_student_gift: Campus & SoftDeleted & DeclaredTable<typeof studentGiftResource>;
    order_refund: Campus & DeclaredTable<typeof refundResource>;
    order_installment: Campus & DeclaredTable<typeof installmentResource>;
    order_installment_period: Campus & DeclaredTable<typeof installmentPeriodResource>;
    order_installment_event: Campus & DeclaredTable<typeof installmentEventResource>;
    order_transfer_campus: Campus & DeclaredTable<typeof campusTransferResource>;
    order_student_class_type: Campus & DeclaredTable<typeof classTypeTransferResource>;
  }
}

/** A warning sent for a contract line about to expire (migration 1100), one per line and end date. */
export interface LineExpiryNoticeTable {
  line_id: number;
  end_date: string;
  school_id: number;
  student_id: number;
  user_id: number | null;
  warned_at: string;
}

declare module '../../db/schema' {
  interface Database {
    order_line_expiry_notice: LineExpiryNoticeTable;
  }
}
