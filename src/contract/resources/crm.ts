import { defineResource } from '../resource';
import { FIN_SCREEN } from './finance-flows';

/**
 * 客户关系 (crm, spec screens.tsv `crm`): the points mall and the points ledger seen as a whole.
 * The gifts themselves are the catalogue 签约赠品 (base_gift); a mall gift puts one of them on
 * sale for points with its own stock. 礼品兑换 (finance, fin_exchange_gift_order) takes a mall
 * gift: the stock goes down and the student's points are posted once, both in the same transaction.
 * Path chosen for the spec's unnamed mall gift calls: `crm_mall_gift/{add,update,delete,page,get}`.
 */

/** The menu codes of the crm screens (server/db/seed/menus/crm.ts). */
export const CRM_SCREEN = {
  mallGift: 'crm_mall_gift',
  pointsRecord: 'crm_points_record',
  customers: 'crm_customers',
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

export const CRM_RESOURCES = [mallGiftResource] as const;
