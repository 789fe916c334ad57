import { z } from './zod';
import { idField as id, textField } from './fields';
import { answer, defineCall } from './call';
import { ORDER_SCREENS } from './resources/orders';

/**
 * Transfers of the orders area (server/modules/orders; docs/orders.md § Transfers): an order to
 * another student of its campus (transfer_order), an order to another campus (transfer_campus,
 * approved through the workflow engine, then carried out by transfer_campus_audited), hours of one
 * class type to another (order_student_class_type add/update/delete), and the gift to the student
 * who recommended the buyer (add_recommend_gift). Hours are integer hundredths, money integer fen.
 */

/** Screens (menu codes, src/contract/menus/orders.ts) of the transfer lists: what their reads name. */
export const ORDER_TRANSFER_SCREEN = {
  campus: 'orders_transfer_campus',
  classType: 'orders_class_type_transfer',
} as const;

const AREA = 'orders';
/** The order screens carry the transfer dialogs: their readers may read what a transfer would move. */
const ORDER_READERS = [...Object.values(ORDER_SCREENS), ORDER_TRANSFER_SCREEN.campus];
const reason = (label: string) => textField(label, 255);
const hundredths = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数（0.01课时）`).min(1, `${label}必须大于0`).max(10_000_000, `${label}过大`);
const fen = (label: string) => z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数（分）`).min(0, `${label}不能小于0`).max(10_000_000, `${label}不能超过100000元`);

/** What an order holds on its contract lines now (all lines of the order, of its current student). */
export interface OrderHoldings {
  order_id: number;
  order_no: string;
  student_id: number;
  student_name: string | null;
  school_id: number;
  school_name: string | null;
  state: number;
  lines: { line_id: number; class_type_id: number; class_type_name: string | null; remaining_hours: number; paid_left: number; promo_left: number; end_date: string | null; active: number }[];
  /** Σ remaining hours (hundredths), Σ paid and promotion money left (fen) */
  hours: number;
  paid_left: number;
  promo_left: number;
}

export interface TransferCampusInfo extends OrderHoldings {
  /** campuses the caller may move the order to (in their reach, not the order's own) */
  schools: { id: number; name: string }[];
  /** the latest campus transfer of the order, if any */
  latest: { id: number; transfer_no: string | null; state: number; to_school_name: string | null; reason: string | null } | null;
}

export const transferCampusInfoCall = defineCall({
  area: AREA,
  title: '转校区信息',
  method: 'GET',
  path: 'api/v1/order_form/get_transfer_campus_info',
  perm: ORDER_READERS,
  query: z.object({ id: id('订单') }),
  labels: { id: '订单' },
  answer: answer<TransferCampusInfo>(),
});

export const transferCampusCall = defineCall({
  area: AREA,
  title: '申请转校区',
  method: 'POST',
  path: 'api/v1/order_form/transfer_campus',
  perm: 'order_form_transfer_campus',
  body: z.object({ id: id('订单'), to_school_id: id('转入校区'), reason: reason('转校区原因') }),
  labels: { id: '订单', to_school_id: '转入校区', reason: '转校区原因' },
  answer: answer<{ id: number; transfer_no: string; state: number }>(),
});

/** Carries out an approved campus transfer (the transfer record's id). */
export const transferCampusAuditedCall = defineCall({
  area: AREA,
  title: '执行转校区',
  method: 'POST',
  path: 'api/v1/order_form/transfer_campus_audited',
  perm: 'order_form_transfer_campus_audited',
  body: z.object({ id: id('转校区记录') }),
  labels: { id: '转校区记录' },
  answer: answer<{ id: number; order_id: number; state: number; hours: number; paid_money: number; promo_money: number }>(),
});

export const transferOrderCall = defineCall({
  area: AREA,
  title: '转让订单',
  method: 'POST',
  path: 'api/v1/order_form/transfer_order',
  perm: 'order_form_transfer_order',
  body: z.object({ id: id('订单'), to_student_id: id('转入学员'), reason: reason('转让原因') }),
  labels: { id: '订单', to_student_id: '转入学员', reason: '转让原因' },
  answer: answer<{ id: number; student_id: number; version: number; hours: number; paid_money: number; promo_money: number }>(),
});

export const addRecommendGiftCall = defineCall({
  area: AREA,
  title: '推荐赠品',
  method: 'POST',
  path: 'api/v1/order_form/add_recommend_gift',
  perm: 'order_form_add_recommend_gift',
  body: z.object({
    id: id('订单'),
    gift_name: textField('赠品名称', 64),
    quantity: z.coerce.number({ error: '数量必须是数字' }).int('数量必须是整数').min(1, '数量至少为1').max(999, '数量不能超过999').default(1),
    list_price: fen('赠品原价').default(0),
    remark: z.string().trim().max(255, '备注不能超过255个字符').optional(),
  }),
  labels: { id: '订单', gift_name: '赠品名称', quantity: '数量', list_price: '赠品原价', remark: '备注' },
  answer: answer<{ id: number; student_id: number; student_name: string; order_id: number }>(),
});

/** A class-type transfer as answered by its calls. */
export interface ClassTypeTransferAnswer {
  id: number;
  order_id: number;
  from_class_type_id: number;
  to_class_type_id: number;
  from_hours: number;
  value: number;
  unit_price: number;
  to_hours: number;
  difference: number;
  state: number;
}

/**
 * 转班型: the order's hours left of `from_class_type_id` (or `hours` of them) leave with their money
 * and come back as hours of `to_class_type_id` at its fee standard per 课时 at the order's campus
 * today: value ÷ unit price, or `to_hours` when given (more than the value buys: the difference is
 * owed, 应补差价).
 */
export const classTypeTransferAddCall = defineCall({
  area: AREA,
  title: '转班型',
  method: 'POST',
  path: 'api/v1/order_student_class_type/add',
  perm: 'order_student_class_type_add',
  body: z.object({
    order_id: id('订单'),
    from_class_type_id: id('原班型'),
    to_class_type_id: id('新班型'),
    hours: hundredths('转出课时').optional(),
    to_hours: hundredths('转入课时').optional(),
    remark: z.string().trim().max(255, '备注不能超过255个字符').optional(),
  }),
  labels: { order_id: '订单', from_class_type_id: '原班型', to_class_type_id: '新班型', hours: '转出课时', to_hours: '转入课时', remark: '备注' },
  answer: answer<ClassTypeTransferAnswer>(),
});

/** Only the remark of a class-type transfer changes: what moved is corrected by deleting (reversing) it. */
export const classTypeTransferUpdateCall = defineCall({
  area: AREA,
  title: '编辑转班型备注',
  method: 'POST',
  path: 'api/v1/order_student_class_type/update',
  perm: 'order_student_class_type_update',
  body: z.object({ id: id('转班型记录'), remark: z.string({ error: '请输入备注' }).trim().max(255, '备注不能超过255个字符') }),
  labels: { id: '转班型记录', remark: '备注' },
  answer: answer<ClassTypeTransferAnswer>(),
});

/** Deleting a class-type transfer reverses it (both sides), while its new hours are untouched. */
export const classTypeTransferDeleteCall = defineCall({
  area: AREA,
  title: '撤销转班型',
  method: 'POST',
  path: 'api/v1/order_student_class_type/delete',
  perm: 'order_student_class_type_delete',
  body: z
    .array(z.object({ id: id('转班型记录') }), { error: '请选择转班型记录' })
    .min(1, '请至少选择一条转班型记录')
    .max(100, '一次最多撤销100条转班型记录'),
  labels: { id: '转班型记录' },
  answer: answer<{ count: number }>(),
});
