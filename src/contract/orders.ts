import { z } from './zod';
import { answer, defineCall } from './call';
import { ORDER_SCREENS } from './resources/orders';

/**
 * Special calls of the orders area (server/modules/orders; docs/orders.md). The lists come from
 * the declarations in resources/orders.ts. Money is integer fen, hours integer hundredths.
 * Orders are desktop work: none of these calls is queued offline (离线时不能提交订单).
 */

const AREA = 'orders';
const READERS = Object.values(ORDER_SCREENS);

const positiveId = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`);
const optionalId = (label: string) => positiveId(label).optional().nullable();
const fen = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数（分）`).min(0, `${label}不能小于0`).max(999_999_999_999, `${label}过大`);
const hundredths = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数（0.01课时）`).min(0, `${label}不能小于0`).max(10_000_000, `${label}过大`);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const date = (label: string) => z.string({ error: `请选择${label}` }).regex(DATE_RE, `${label}格式应为 YYYY-MM-DD`);
const text = (label: string, max: number) => z.string({ error: `请输入${label}` }).trim().max(max, `${label}不能超过${max}个字符`);

/** One line of an order as written: a language pack (its terms) or a class type (hours at the fee standard). */
export const orderLineInput = z.object({
  kind: z.coerce.number({ error: '明细类型必须是数字' }).int().min(1, '明细类型只能是课程包或班型').max(2, '明细类型只能是课程包或班型'),
  language_pack_id: optionalId('课程包'),
  class_type_id: positiveId('班型'),
  /** class-type lines only: the hours bought (a pack's come from the pack) */
  bought_hours: hundredths('购买课时').optional(),
  /** extra gift hours beyond the pack's own */
  gift_hours: hundredths('赠送课时').optional(),
  discount: fen('优惠金额').optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

export const divideInput = z.object({ user_id: positiveId('业绩人'), ratio: z.coerce.number({ error: '分配比例必须是数字' }).int('分配比例必须是整数').min(1, '分配比例不能小于1').max(100, '分配比例不能大于100') });

const orderBody = {
  student_id: positiveId('学员'),
  seller_id: optionalId('销售顾问'),
  teacher_id: optionalId('班主任'),
  order_date: date('下单日期').optional(),
  remark: text('备注', 500).optional().nullable(),
  /** true: submit for audit at once (state 待审核); otherwise a draft */
  submit: z.coerce.boolean().optional(),
  lines: z.array(orderLineInput, { error: '请添加订单明细' }).min(1, '请至少添加一条订单明细').max(50, '订单明细最多50条'),
  divides: z.array(divideInput).max(10, '业绩分配最多10人').optional(),
};
const ORDER_LABELS = { student_id: '学员', seller_id: '销售顾问', teacher_id: '班主任', order_date: '下单日期', remark: '备注', lines: '订单明细', divides: '业绩分配' };

export interface OrderAnswer {
  id: number;
  order_no: string;
  state: number;
  deal_amount: number;
  version: number;
}

export const orderAddCall = defineCall({
  area: AREA,
  title: '新增订单',
  method: 'POST',
  path: 'api/v1/order_form/add',
  perm: 'order_form_add',
  body: z.object(orderBody),
  labels: ORDER_LABELS,
  answer: answer<OrderAnswer>(),
});

export const orderUpdateCall = defineCall({
  area: AREA,
  title: '编辑订单',
  method: 'POST',
  path: 'api/v1/order_form/update',
  perm: 'order_form_update',
  body: z.object({ id: positiveId('订单'), ...orderBody }),
  labels: { id: '订单', ...ORDER_LABELS },
  answer: answer<OrderAnswer>(),
});

export const orderDeleteCall = defineCall({
  area: AREA,
  title: '删除订单',
  method: 'POST',
  path: 'api/v1/order_form/delete',
  perm: 'order_form_delete',
  body: z.array(z.object({ id: positiveId('订单') }), { error: '请选择要删除的订单' }).min(1, '请至少选择一个订单').max(100, '一次最多删除100个订单'),
  labels: { id: '订单' },
  answer: answer<{ count: number }>(),
});

export const checkOrderCall = defineCall({
  area: AREA,
  title: '审核订单',
  method: 'POST',
  path: 'api/v1/order_form/check_order',
  perm: 'order_form_check_order',
  body: z.object({ id: positiveId('订单'), pass: z.coerce.number({ error: '审核结果必须是数字' }).int().min(0, '审核结果只能是通过或不通过').max(1, '审核结果只能是通过或不通过'), remark: text('审核意见', 255).optional().nullable() }),
  labels: { id: '订单', pass: '审核结果', remark: '审核意见' },
  answer: answer<OrderAnswer>(),
});

export const modifyOrderCall = defineCall({
  area: AREA,
  title: '订单变更',
  method: 'POST',
  path: 'api/v1/order_form/modify',
  perm: 'order_form_modify',
  body: z.object({
    id: positiveId('订单'),
    reason: text('变更原因', 500).min(1, '请输入变更原因'),
    seller_id: optionalId('销售顾问'),
    teacher_id: optionalId('班主任'),
    remark: text('备注', 500).optional().nullable(),
    divides: z.array(divideInput).max(10, '业绩分配最多10人').optional(),
    /** a contract line's validity moved (a delay agreed with the parent) */
    lines: z.array(z.object({ id: positiveId('合同明细'), end_date: date('有效期至') })).max(50).optional(),
  }),
  labels: { id: '订单', reason: '变更原因', seller_id: '销售顾问', teacher_id: '班主任', remark: '备注', divides: '业绩分配', lines: '合同明细' },
  answer: answer<OrderAnswer>(),
});

export interface ProtocolAnswer {
  order_id: number;
  protocol_version: string;
  protocol_text: string;
  confirmed: boolean;
}

export const protocolCall = defineCall({
  area: AREA,
  title: '合同协议',
  method: 'GET',
  path: 'api/v1/order_form/protocol',
  perm: READERS,
  query: z.object({ id: positiveId('订单') }),
  labels: { id: '订单' },
  answer: answer<ProtocolAnswer>(),
});

export const confirmContractCall = defineCall({
  area: AREA,
  title: '确认合同',
  method: 'POST',
  path: 'api/v1/order_form/confirm_contract',
  perm: 'order_form_confirm_contract',
  body: z.object({ id: positiveId('订单'), protocol_version: text('协议版本', 64).min(1, '请先阅读协议') }),
  labels: { id: '订单', protocol_version: '协议版本' },
  answer: answer<OrderAnswer & { contract_no: string }>(),
});

export const ifFirstSignCall = defineCall({
  area: AREA,
  title: '是否新签',
  method: 'GET',
  path: 'api/v1/order_form/if_first_sign',
  perm: READERS,
  query: z.object({ student_id: positiveId('学员') }),
  labels: { student_id: '学员' },
  answer: answer<{ if_first_sign: 1 | 2; order_count: number }>(),
});

export interface RenewalOption {
  class_type_id: number;
  class_type_name: string;
  remaining_hours: number;
  end_date: string | null;
}

export const jxOptionsCall = defineCall({
  area: AREA,
  title: '续费选项',
  method: 'GET',
  path: 'api/v1/order_form/jx_options',
  perm: READERS,
  query: z.object({ student_id: positiveId('学员') }),
  labels: { student_id: '学员' },
  answer: answer<{ if_first_sign: 1 | 2; options: RenewalOption[] }>(),
});

export const addExcDetailCall = defineCall({
  area: AREA,
  title: '订单异常说明',
  method: 'POST',
  path: 'api/v1/order_form/add_exc_detail',
  perm: 'order_form_add_exc_detail',
  body: z.object({ id: positiveId('订单'), content: text('异常说明', 500).min(1, '请输入异常说明') }),
  labels: { id: '订单', content: '异常说明' },
  answer: answer<{ id: number }>(),
});

/** The spec makes this a GET although it changes the order: the operation code is required and a repeat changes nothing. */
export const modifyRawTeacherCall = defineCall({
  area: AREA,
  title: '更换班主任',
  method: 'GET',
  path: 'api/v1/order_form/modify_raw_teacher',
  perm: 'order_form_modify_raw_teacher',
  query: z.object({ id: positiveId('订单'), teacher_id: positiveId('班主任') }),
  labels: { id: '订单', teacher_id: '班主任' },
  answer: answer<{ id: number; teacher_id: number; changed: boolean }>(),
});

export const payOrderCall = defineCall({
  area: AREA,
  title: '订单收款',
  method: 'POST',
  path: 'api/v1/order_form/pay',
  perm: 'order_payment_add',
  body: z.object({
    id: positiveId('订单'),
    amount: fen('收款金额').refine((n) => n > 0, '收款金额必须大于0'),
    method: z.enum(['cash', 'card', 'transfer', 'qr', 'account'], { error: '请选择支付方式' }),
    remark: text('备注', 255).optional().nullable(),
  }),
  labels: { id: '订单', amount: '收款金额', method: '支付方式', remark: '备注' },
  answer: answer<{ id: number; receipt_no: string; paid_amount: number; state: number }>(),
});

export interface OrderDetail {
  order: Record<string, unknown>;
  lines: Record<string, unknown>[];
  contract_lines: Record<string, unknown>[];
  divides: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  logs: Record<string, unknown>[];
}

export const orderDetailCall = defineCall({
  area: AREA,
  title: '订单详情',
  method: 'GET',
  path: 'api/v1/order_form/detail',
  perm: READERS,
  query: z.object({ id: positiveId('订单') }),
  labels: { id: '订单' },
  answer: answer<OrderDetail>(),
});
