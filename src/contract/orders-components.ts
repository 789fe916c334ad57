import { z } from './zod';
import { answer, defineCall } from './call';
import { idField as id } from './fields';

/**
 * Order components' calls (spec screens.tsv orders › component: contract delay). 延期 moves the
 * validity of an order's contract lines out by a number of days as recorded events
 * (order_line_validity_event, ref_type order_contract_delay) with an order-log entry 有效期调整.
 */

/** A contract line moved by a delay (dates YYYY-MM-DD). */
export interface DelayedLine {
  line_id: number;
  days: number;
  end_date_before: string;
  end_date_after: string;
}

export const contractDelayCall = defineCall({
  area: 'orders',
  title: '合同延期',
  method: 'POST',
  path: 'api/v1/order_form/contract_delay',
  perm: 'order_form_contract_delay',
  body: z.object({
    id: id('订单'),
    days: z.coerce.number({ error: '延期天数必须是数字' }).int('延期天数必须是整数').min(1, '延期天数不能小于1').max(3650, '延期天数不能超过3650'),
    reason: z.string({ error: '请输入延期原因' }).trim().min(1, '请输入延期原因').max(255, '延期原因不能超过255个字符'),
    /** only these contract lines of the order; all its lines still valid when left out */
    line_ids: z.array(id('合同明细')).max(50, '合同明细最多50条').optional(),
  }),
  labels: { id: '订单', days: '延期天数', reason: '延期原因', line_ids: '合同明细' },
  answer: answer<{ id: number; lines: DelayedLine[] }>(),
});
