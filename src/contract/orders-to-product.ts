import { z } from './zod';
import { idField as id, textField } from './fields';
import { answer, defineCall } from './call';
import { ORDER_SCREENS } from './resources/orders';

/**
 * 一键转产品 (spec screens.tsv orders › component: one-key to product; the spec names no call and
 * no rule, server/modules/orders/to-product.ts): everything an order still holds on its contract
 * lines (all class types, hours with their paid and promotion money) becomes hours of one language
 * pack on sale at the order's campus, in one step, on the ledger (transfer_out / transfer_in under
 * one record). What the value buys at the pack's price per bought hour, plus the pack's gift hours;
 * a value below the pack's price gets the pack's hours and leaves the rest owed as 应补差价 (a due on
 * the order, collected by 收款, credited to the new lines when paid). Hours in hundredths, money in fen.
 * It is a conversion of the order's hours like 转班型, so it needs 转班型's operation code.
 */

export interface ToProductPlan {
  order_id: number;
  language_pack_id: number;
  language_pack_name: string;
  class_type_id: number;
  /** the pack's terms: price (fen), bought and gift hours (hundredths) */
  pack_price: number;
  pack_hours: number;
  pack_gift_hours: number;
  /** what leaves the order's lines: hours (hundredths) and their value (paid + promotion money left, fen) */
  from_hours: number;
  value: number;
  /** hours the new lines get (hundredths) and what is owed beyond the value (fen) */
  to_hours: number;
  difference: number;
}

export interface ToProductAnswer extends ToProductPlan {
  /** the order-log entry recording the conversion (its ledger postings name it: ref order_to_product) */
  record_id: number;
}

const body = {
  id: id('订单'),
  language_pack_id: id('课程包'),
  /** one of the pack's class types; the pack's first when left out */
  class_type_id: id('班型').optional(),
};
const labels = { id: '订单', language_pack_id: '课程包', class_type_id: '班型', reason: '转换原因' };

export const toProductPreviewCall = defineCall({
  area: 'orders',
  title: '一键转产品试算',
  method: 'GET',
  path: 'api/v1/order_form/to_product_preview',
  perm: Object.values(ORDER_SCREENS),
  query: z.object(body),
  labels,
  answer: answer<ToProductPlan>(),
});

export const toProductCall = defineCall({
  area: 'orders',
  title: '一键转产品',
  method: 'POST',
  path: 'api/v1/order_form/to_product',
  perm: 'order_student_class_type_add',
  body: z.object({ ...body, reason: textField('转换原因', 255) }),
  labels,
  answer: answer<ToProductAnswer>(),
});
