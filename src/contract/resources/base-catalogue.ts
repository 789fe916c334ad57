import { defineResource } from '../resource';

/**
 * Company-wide base data of selling (spec doc 001 §7 "base"): the gifts given when signing (签约赠品,
 * base_gift, prices in fen), the first-level lead channels (一级渠道), and the protocol types (协议
 *类型) whose versions hold the contract text a parent signs. Head office data: scope global.
 * Paths chosen for the spec's unnamed calls (documented here): `base_protocol_type_version/{…}` —
 * the versions of a protocol type; `base_protocol_type_organ/{…}` — the organ variants of calls.tsv
 * ("base_protocol_type and organ variants"): which organ (机构) uses which protocol type.
 */

export const GIFT_KINDS = [
  { value: '实物', text: '实物' },
  { value: '教材', text: '教材' },
  { value: '课时', text: '课时' },
  { value: '优惠券', text: '优惠券' },
] as const;

export const giftResource = defineResource({
  name: 'base_gift',
  // 积分商城礼品 picks a catalogue gift in its form
  readBy: ['base_gift', 'crm_mall_gift'],
  title: '签约赠品',
  table: 'base_gift',
  scope: 'global',
  softDelete: true,
  perm: 'base_gift',
  defaultSort: 'order_num',
  fields: {
    name: { type: 'string', label: '赠品名称', required: true, max: 64, search: 'like', unique: true },
    kind: { type: 'string', label: '赠品类型', required: true, max: 8, options: { kind: 'static', items: GIFT_KINDS }, search: 'eq', list: { format: 'option', width: 90 } },
    price: { type: 'money', label: '赠品价值', required: true, min: 0, list: { format: 'money', align: 'right', width: 110, sortable: true } },
    cost: { type: 'money', label: '成本价', min: 0, list: { format: 'money', align: 'right', width: 110 } },
    unit: { type: 'string', label: '单位', max: 8, list: { width: 70 } },
    min_order_amount: { type: 'money', label: '签约金额满', min: 0, list: { format: 'money', align: 'right', width: 120 }, placeholder: '签约金额达到该值方可赠送，留空不限' },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 一级渠道: where leads come from at the first level (地推, 网络, 转介绍…); marketing's channels hang below. */
export const oneLevelChannelResource = defineResource({
  name: 'base_one_level_channel',
  readBy: ['base_one_level_channel'],
  title: '一级渠道',
  table: 'base_one_level_channel',
  scope: 'global',
  perm: 'base_one_level_channel',
  defaultSort: 'order_num',
  fields: {
    name: { type: 'string', label: '渠道名称', required: true, max: 32, search: 'like', unique: true },
    code: { type: 'string', label: '渠道编码', required: true, max: 16, search: 'eq', unique: true, pattern: { re: '^[A-Za-z0-9_]{2,16}$', msg: '渠道编码应为2-16位字母、数字或_' } },
    online: { type: 'bool', label: '线上渠道', default: 0, search: 'eq', list: { format: 'bool', width: 90 } },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const PROTOCOL_SCREEN = 'base_protocol_type';

export const protocolTypeResource = defineResource({
  name: 'base_protocol_type',
  readBy: [PROTOCOL_SCREEN],
  title: '协议类型',
  table: 'base_protocol_type',
  scope: 'global',
  perm: 'base_protocol_type',
  defaultSort: 'order_num',
  fields: {
    name: { type: 'string', label: '协议名称', required: true, max: 64, search: 'like', unique: true },
    code: { type: 'string', label: '协议编码', required: true, max: 16, search: 'eq', unique: true, pattern: { re: '^[A-Za-z0-9_]{2,16}$', msg: '协议编码应为2-16位字母、数字或_' } },
    need_sign: { type: 'bool', label: '需家长签字', default: 1, list: { format: 'bool', width: 100 } },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/**
 * A version of a protocol's text; the one in force is the latest published whose effective date
 * has come. A protocol type with versions is not deleted (declared ref).
 */
export const protocolVersionResource = defineResource({
  name: 'base_protocol_type_version',
  readBy: [PROTOCOL_SCREEN],
  title: '协议版本',
  table: 'base_protocol_type_version',
  scope: 'global',
  perm: 'base_protocol_type_version',
  defaultSort: 'effective_date desc',
  indexes: [['protocol_type_id', 'effective_date']],
  fields: {
    protocol_type_id: { type: 'int', label: '协议类型', required: true, min: 1, search: 'eq', ref: { resource: 'base_protocol_type', label: ['name'] } },
    version: { type: 'string', label: '版本号', required: true, max: 16, search: 'like', pattern: { re: '^[Vv]?\\d+(\\.\\d+){0,2}$', msg: '版本号格式应为 V1.0 或 1.0.2' } },
    effective_date: { type: 'date', label: '生效日期', required: true, list: { sortable: true } },
    published: { type: 'bool', label: '已发布', default: 0, search: 'eq', list: { format: 'bool', width: 80 } },
    content: { type: 'text', label: '协议正文', required: true, max: 50000 },
    remark: { type: 'string', label: '更新说明', max: 255 },
  },
});

/** Organ variants: the protocol types an organ (机构) uses, and the title printed for it there. */
export const protocolTypeOrganResource = defineResource({
  name: 'base_protocol_type_organ',
  readBy: [PROTOCOL_SCREEN],
  title: '机构协议',
  table: 'base_protocol_type_organ',
  scope: 'global',
  perm: 'base_protocol_type_organ',
  defaultSort: 'id',
  indexes: [['protocol_type_id']],
  fields: {
    protocol_type_id: { type: 'int', label: '协议类型', required: true, min: 1, search: 'eq', ref: { resource: 'base_protocol_type', label: ['name'] } },
    organ_id: { type: 'int', label: '机构', required: true, min: 1, search: 'eq', ref: { resource: 'base_organ', label: ['name'] } },
    print_title: { type: 'string', label: '打印抬头', max: 64 },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const BASE_CATALOGUE_RESOURCES = [giftResource, oneLevelChannelResource, protocolTypeResource, protocolVersionResource, protocolTypeOrganResource] as const;
