import { defineResource } from '../resource';
import { FIN_SCREEN } from './finance-flows';
import { studentResource } from './students';

/**
 * 客户关系 (crm, spec screens.tsv `crm`): the points mall and the points ledger seen as a whole.
 * The gifts themselves are the catalogue 签约赠品 (base_gift); a mall gift puts one of them on
 * sale for points with its own stock. 礼品兑换 (finance, fin_exchange_gift_order) takes a mall
 * gift: the stock goes down and the student's points are posted once, both in the same transaction.
 * Path chosen for the spec's unnamed mall gift calls: `crm_mall_gift/{add,update,delete,page,get}`.
 */

/** The menu codes of the crm screens (src/contract/menus/crm.ts). */
export const CRM_SCREEN = {
  mallGift: 'crm_mall_gift',
  pointsRecord: 'crm_points_record',
  customers: 'crm_customers',
  points: 'crm_points',
} as const;

export const mallGiftResource = defineResource({
  name: 'crm_mall_gift',
  // 礼品兑换 picks a mall gift in its form
  readBy: [CRM_SCREEN.mallGift, FIN_SCREEN.gift],
  title: '积分商城礼品',
  table: 'crm_mall_gift',
  scope: 'global',
  softDelete: true,
  perm: 'crm_mall_gift',
  defaultSort: 'order_num',
  fields: {
    base_gift_id: { type: 'int', label: '赠品', required: true, min: 1, search: 'eq', ref: { resource: 'base_gift', label: ['name'] }, list: { width: 160 } },
    // the catalogue gift's name, copied by the server: the label 礼品兑换 shows
    gift_name: { type: 'string', label: '礼品名称', max: 64, readonly: true, form: false, search: 'like', list: { show: false } },
    points: { type: 'int', label: '兑换积分', required: true, min: 1, max: 1_000_000, list: { width: 100, sortable: true } },
    stock: { type: 'int', label: '库存', required: true, min: 0, max: 1_000_000, default: 0, list: { width: 80, sortable: true } },
    state: { type: 'bool', label: '上架', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

const student = studentResource.fields;

/**
 * 客户列表 and 积分管理: the students of the caller's campuses seen as customers — a read-only view of
 * the student table (its fields as the students area declares them; phones masked alike). The page
 * adds per customer the points earned and used (Σ of the ledger's rows), the last change and the
 * complaints (server/modules/crm/customers.ts). Points move only through the students area's calls.
 */
export const customerResource = defineResource({
  name: 'crm_customer',
  readBy: [CRM_SCREEN.customers, CRM_SCREEN.points],
  title: '客户',
  table: 'student',
  scope: 'school',
  softDelete: true,
  perm: 'crm_customer',
  calls: { add: false, update: false, delete: false, recover: false },
  defaultSort: 'id desc',
  fields: {
    name: student.name,
    gender: { ...student.gender, list: { format: 'option', width: 60 } },
    grade: student.grade,
    parent_name: student.parent_name,
    parent_phone: student.parent_phone,
    source: student.source,
    state: student.state,
    seller_id: student.seller_id,
    integral: { ...student.integral, label: '积分余额', list: { sortable: true, width: 90 } },
  },
});

/** Sort keys of the customer page's own columns (answered besides the declared fields). */
export const CUSTOMER_SUMS = ['earned', 'used', 'complaints'] as const;

/** A customer row as the page answers it: the declared fields plus the ledger's sums. */
export interface CustomerSums {
  /** Σ of the customer's positive ledger rows */
  earned: number;
  /** Σ of the negative ones, as a positive number */
  used: number;
  /** when the points last moved (null: never) */
  last_points_at: string | null;
  /** complaints filed for the customer (客诉工单) */
  complaints: number;
}

export const CRM_RESOURCES = [mallGiftResource, customerResource] as const;
