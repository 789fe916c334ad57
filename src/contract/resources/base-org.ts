import { defineResource } from '../resource';

/**
 * Base data of the operator's structure (spec doc 001 §7 "base"): districts (行政区划), organs
 * (机构, a tree), sub companies (分公司) and staff files (员工档案, base_user_detail: one per user,
 * optionally created from a user template). Paths are the default `<name>/<call>` of calls.tsv;
 * districts and organs also answer `<name>/tree`.
 */

export const DISTRICT_LEVELS = [
  { value: 1, text: '省/直辖市' },
  { value: 2, text: '市' },
  { value: 3, text: '区/县' },
] as const;

export const districtResource = defineResource({
  name: 'base_district',
  readBy: ['base_district', 'base_organ', 'base_sub_company'],
  title: '行政区划',
  table: 'base_district',
  scope: 'global',
  perm: 'base_district',
  defaultSort: 'order_num',
  tree: { parent: 'parent_id', text: 'name', noun: '区划' },
  fields: {
    name: { type: 'string', label: '名称', required: true, max: 64, search: 'like' },
    code: { type: 'string', label: '区划代码', max: 12, search: 'eq', unique: true, pattern: { re: '^\\d{2,12}$', msg: '区划代码应为2-12位数字' } },
    parent_id: { type: 'int', label: '上级区划', min: 0, default: 0, input: 'tree', options: { kind: 'tree', url: 'api/v1/base_district/tree' }, search: 'eq', index: true, list: { format: 'option' } },
    level: { type: 'int', label: '级别', required: true, options: { kind: 'static', items: DISTRICT_LEVELS }, search: 'eq', list: { format: 'option', width: 90 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const organResource = defineResource({
  name: 'base_organ',
  readBy: ['base_organ', 'base_sub_company'],
  title: '机构',
  table: 'base_organ',
  scope: 'global',
  perm: 'base_organ',
  defaultSort: 'order_num',
  tree: { parent: 'parent_id', text: 'name' },
  fields: {
    name: { type: 'string', label: '机构名称', required: true, max: 64, search: 'like' },
    short_name: { type: 'string', label: '简称', max: 32 },
    code: { type: 'string', label: '机构编码', max: 32, search: 'eq', unique: true },
    parent_id: { type: 'int', label: '上级机构', min: 0, default: 0, input: 'tree', options: { kind: 'tree', url: 'api/v1/base_organ/tree' }, search: 'eq', index: true, list: { format: 'option' } },
    district_id: { type: 'int', label: '所在区划', min: 1, input: 'tree', options: { kind: 'tree', url: 'api/v1/base_district/tree' }, ref: { resource: 'base_district', label: ['name'] } },
    contact: { type: 'string', label: '联系人', max: 32 },
    phone: { type: 'string', label: '联系电话', max: 20, pattern: { re: '^[\\d-]{7,20}$', msg: '联系电话格式不正确' }, mask: 'phone' },
    address: { type: 'string', label: '地址', max: 255, list: { width: 200 } },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70 } },
  },
});

export const subCompanyResource = defineResource({
  name: 'base_sub_company',
  readBy: ['base_sub_company'],
  title: '分公司',
  table: 'base_sub_company',
  scope: 'global',
  perm: 'base_sub_company',
  defaultSort: 'id',
  fields: {
    name: { type: 'string', label: '分公司名称', required: true, max: 64, search: 'like', unique: true },
    organ_id: { type: 'int', label: '所属机构', min: 1, options: { kind: 'tree', url: 'api/v1/base_organ/tree' }, input: 'tree', search: 'eq', ref: { resource: 'base_organ', label: ['name'] } },
    district_id: { type: 'int', label: '所在区划', min: 1, input: 'tree', options: { kind: 'tree', url: 'api/v1/base_district/tree' }, ref: { resource: 'base_district', label: ['name'] } },
    credit_code: { type: 'string', label: '统一社会信用代码', max: 18, pattern: { re: '^[0-9A-Z]{18}$', msg: '统一社会信用代码应为18位数字或大写字母' }, list: { width: 170 } },
    legal_person: { type: 'string', label: '负责人', max: 32 },
    phone: { type: 'string', label: '联系电话', max: 20, pattern: { re: '^[\\d-]{7,20}$', msg: '联系电话格式不正确' }, mask: 'phone' },
    address: { type: 'string', label: '地址', max: 255, list: { width: 200 } },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const EDUCATION_LEVELS = [
  { value: '高中及以下', text: '高中及以下' },
  { value: '大专', text: '大专' },
  { value: '本科', text: '本科' },
  { value: '硕士', text: '硕士' },
  { value: '博士', text: '博士' },
] as const;

/** A staff member's file (one per user); `template_id` records the user template it was made from. */
export const userDetailResource = defineResource({
  name: 'base_user_detail',
  readBy: ['base_user'],
  title: '员工档案',
  table: 'base_user_detail',
  scope: 'global',
  perm: 'base_user_detail',
  fields: {
    user_id: { type: 'int', label: '员工', required: true, min: 1, search: 'eq', unique: true, index: true, list: false, ref: { resource: 'sys_user', label: ['name'] } },
    template_id: { type: 'int', label: '用户模板', min: 1, ref: { resource: 'system_user_template', label: ['name'] } },
    id_card: { type: 'string', label: '身份证号', max: 18, pattern: { re: '^\\d{17}[\\dXx]$', msg: '身份证号应为18位' }, mask: 'id_card' },
    entry_date: { type: 'date', label: '入职日期', search: 'range' },
    education: { type: 'string', label: '学历', options: { kind: 'static', items: EDUCATION_LEVELS } },
    emergency_contact: { type: 'string', label: '紧急联系人', max: 32 },
    emergency_phone: { type: 'string', label: '紧急联系电话', max: 20, pattern: { re: '^[\\d-]{7,20}$', msg: '紧急联系电话格式不正确' }, mask: 'phone' },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const BASE_ORG_RESOURCES = [districtResource, organResource, subCompanyResource, userDetailResource] as const;
