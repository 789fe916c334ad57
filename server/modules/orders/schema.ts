import type { DeclaredTable } from '../../db/schema';
import type {
  giveTicketConfigResource,
  orderExcusedResource,
  refundReasonResource,
  studentGiftResource,
  tbOrderResource,
} from '../../../src/contract/resources/orders-extras';

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
  }
}
