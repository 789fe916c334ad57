import { defineResource, type OptionItem } from '../resource';
import { ORDER_TRANSFER_SCREEN } from '../orders-transfer';

/**
 * Transfers of the orders area (server/modules/orders/transfers.ts, class-type-transfer.ts;
 * docs/orders.md): a campus transfer of an order (转校区: requested, approved through the
 * workflow engine, then carried out) and a transfer of class type (转班型: the hours left
 * converted by value at the target class type's fee standard). Both move hours and money between
 * contract lines by paired ledger postings (transfer_out / transfer_in) that net to zero. Their
 * writes are special calls (src/contract/orders-transfer.ts); these declarations give the lists.
 */

/** A campus transfer's life: 审批中 → 已批准 → 已转校区, or 已驳回 / 已撤回. */
export const CAMPUS_TRANSFER_STATE = { approving: 1, approved: 2, refused: 3, recalled: 4, done: 5 } as const;
export const CAMPUS_TRANSFER_STATES: readonly OptionItem[] = [
  { value: 1, text: '审批中' },
  { value: 2, text: '已批准' },
  { value: 3, text: '已驳回' },
  { value: 4, text: '已撤回' },
  { value: 5, text: '已转校区' },
];

/** A class-type transfer: 已转换, or 已撤销 (reversed while the new hours were untouched). */
export const CLASS_TYPE_TRANSFER_STATES: readonly OptionItem[] = [
  { value: 1, text: '已转换' },
  { value: 2, text: '已撤销' },
];

const studentRef = { resource: 'student', label: ['name'], onDelete: 'allow' } as const;
const classTypeRef = { resource: 'prod_class_type', label: ['name'], onDelete: 'allow' } as const;
const orderRef = { resource: 'order_form', label: ['order_no'], onDelete: 'allow' } as const;

/** 转校区记录: one request to move an order (its hours and money left) to another campus. */
export const campusTransferResource = defineResource({
  name: 'order_transfer_campus',
  readBy: [ORDER_TRANSFER_SCREEN.campus],
  title: '转校区记录',
  table: 'order_transfer_campus',
  scope: 'school',
  perm: 'order_transfer_campus',
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  indexes: [['school_id', 'state', 'id'], ['order_id']],
  fields: {
    transfer_no: { type: 'string', label: '转校区单号', max: 32, readonly: true, search: 'like', list: { width: 150 } },
    order_id: { type: 'int', label: '订单', required: true, min: 1, search: 'eq', ref: orderRef, list: { width: 150 } },
    student_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100 } },
    from_school_id: { type: 'int', label: '转出校区', min: 1, list: false },
    from_school_name: { type: 'string', label: '转出校区', max: 64, list: { width: 120 } },
    to_school_id: { type: 'int', label: '转入校区', min: 1, search: 'eq', list: false },
    to_school_name: { type: 'string', label: '转入校区', max: 64, list: { width: 120 } },
    hours: { type: 'int', label: '转移课时(0.01)', min: 0, list: { width: 110 } },
    paid_money: { type: 'money', label: '转移实收', min: 0, list: { width: 110 } },
    promo_money: { type: 'money', label: '转移优惠', min: 0, list: { width: 110, show: false } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: CAMPUS_TRANSFER_STATES }, search: 'in', list: { format: 'option', width: 90 } },
    reason: { type: 'string', label: '转校区原因', max: 255, list: { width: 180 } },
    done_at: { type: 'datetime', label: '转校区时间', search: 'range', list: { format: 'datetime', width: 160 } },
  },
});

/** 转班型记录: hours of one class type of an order converted to another class type by value. */
export const classTypeTransferResource = defineResource({
  name: 'order_student_class_type',
  readBy: [ORDER_TRANSFER_SCREEN.classType],
  title: '转班型记录',
  table: 'order_student_class_type',
  scope: 'school',
  perm: 'order_student_class_type',
  calls: { add: false, update: false, delete: false },
  defaultSort: 'id desc',
  indexes: [['school_id', 'id'], ['order_id'], ['student_id']],
  fields: {
    order_id: { type: 'int', label: '订单', required: true, min: 1, search: 'eq', ref: orderRef, list: { width: 150 } },
    student_id: { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100 } },
    from_class_type_id: { type: 'int', label: '原班型', required: true, min: 1, search: 'eq', ref: classTypeRef, list: { width: 120 } },
    to_class_type_id: { type: 'int', label: '新班型', required: true, min: 1, search: 'eq', ref: classTypeRef, list: { width: 120 } },
    from_hours: { type: 'int', label: '转出课时(0.01)', min: 0, list: { width: 110 } },
    value: { type: 'money', label: '转出价值', min: 0, list: { width: 110 } },
    unit_price: { type: 'money', label: '新班型课时单价', min: 0, list: { width: 120 } },
    to_hours: { type: 'int', label: '转入课时(0.01)', min: 0, list: { width: 110 } },
    difference: { type: 'money', label: '应补差价', min: 0, list: { width: 100 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: CLASS_TYPE_TRANSFER_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255, list: { width: 160 } },
  },
});

export const ORDER_TRANSFER_RESOURCES = [campusTransferResource, classTypeTransferResource] as const;
