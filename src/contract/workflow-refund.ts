import { z } from './zod';
import { idField as id, optionalIdField, textField } from './fields';
import { answer, defineCall } from './call';
import type { RefundCalculation } from './orders-extras';
import type { OrderHoldings } from './orders-transfer';
import { applicationMenuCode } from './workflow-apps';

/**
 * 退费申请 of the workflow area (spec screens.tsv: sale refund / student, order, class type, order
 * refunds, verify info): a wizard that files a real 退费单 of the orders area and starts its
 * approval (tag `refund`, ref_type `order_refund`). Choose the student → the order → see its class
 * types (contract lines) → the refund details computed by the orders area's refund calculator →
 * verify and submit. The spec names no calls for it: the paths below are the product's choice.
 * Money is integer fen.
 */

const optionalText = (label: string, max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), textField(label, max).optional());

export const SALE_REFUND_SCREEN = applicationMenuCode({ key: 'sale_refund' });
/** Operation code of 提交退费申请 on the 退费申请 screen. */
export const SALE_REFUND_APPLY = 'workflow_sale_refund_apply';
/** ref_type of the instances the wizard starts (the orders area's outcome handler). */
export const SALE_REFUND_REF_TYPE = 'order_refund';

export interface RefundOrderRow {
  order_id: number;
  order_no: string | null;
  student_id: number;
  student_name: string | null;
  school_id: number;
  school_name: string | null;
  state: number;
  state_text: string;
  order_date: string | null;
  deal_amount: number;
  /** Σ unused paid money of the order's lines (fen) */
  paid_left: number;
  /** another refund of the order still open: its number (no new one can be filed) */
  open_refund_no: string | null;
}

export const refundOrdersCall = defineCall({
  area: 'workflow',
  title: '可退费订单',
  method: 'GET',
  path: 'api/v1/sys_wf/refund_orders',
  perm: [SALE_REFUND_SCREEN],
  query: z
    .object({
      keyword: optionalText('学员姓名或手机号', 20),
      student_id: optionalIdField('学员'),
    })
    .refine((q) => q.student_id !== undefined || (q.keyword ?? '').trim() !== '', { message: '请输入学员姓名或手机号', path: ['keyword'] }),
  labels: { keyword: '学员姓名或手机号', student_id: '学员' },
  answer: answer<RefundOrderRow[]>(),
});

export interface RefundPreview {
  holdings: OrderHoldings;
  calculation: RefundCalculation;
  reasons: { id: number; name: string }[];
}

const fen = (label: string) => z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数（分）`).min(0, `${label}不能小于0`).max(100_000_000, `${label}不能超过1000000元`));

export const refundPreviewCall = defineCall({
  area: 'workflow',
  title: '退费明细',
  method: 'GET',
  path: 'api/v1/sys_wf/refund_preview',
  perm: [SALE_REFUND_SCREEN],
  query: z.object({ order_id: id('订单'), relief: fen('减免') }),
  labels: { order_id: '订单', relief: '减免' },
  answer: answer<RefundPreview>(),
});

export const refundApplyCall = defineCall({
  area: 'workflow',
  title: '提交退费申请',
  method: 'POST',
  path: 'api/v1/sys_wf/refund_apply',
  perm: SALE_REFUND_APPLY,
  body: z.object({
    order_id: id('订单'),
    reason_id: id('退费原因'),
    relief: fen('减免'),
    payout_kind: z.coerce.number({ error: '请选择退款方式' }).int('请选择退款方式').min(1, '请选择退款方式').max(4, '请选择退款方式'),
    remark: optionalText('补充说明', 255),
    attachments: z.array(z.coerce.number().int().positive(), { error: '附件必须是编号列表' }).max(20, '附件最多 20 个').optional(),
  }),
  labels: { order_id: '订单', reason_id: '退费原因', relief: '减免', payout_kind: '退款方式', remark: '补充说明', attachments: '附件' },
  answer: answer<{ id: number; refund_no: string; state: number; amount: number; instance_id: number | null }>(),
});
