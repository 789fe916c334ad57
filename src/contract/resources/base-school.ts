import { defineResource } from '../resource';

/**
 * Base data of the campuses (spec doc 001 §7 "base"): a campus's file (校区档案, base_organ_school,
 * one per campus organisation of 组织管理) with its rent, contract, property, picture and license
 * sub-entities, and the campus settings the head office keeps: limits (校区限额), what is on sale
 * where (在售设置). Paths are the default `<name>/<call>` of calls.tsv; base_organ_school also
 * answers `onoff`, `update_sch_code`, `base`, `logs`, `options` and `trees` (contract/base-school.ts).
 *
 * A campus itself (its name, place in the organisation tree) is made in 组织管理; its file holds
 * what the business needs beyond that: codes for payments, card terminals and reports, the premises.
 */

const PHONE = { re: '^[\\d-]{7,20}$', msg: '联系电话格式不正确' } as const;

export const SCHOOL_STATES = [
  { value: 1, text: '营业中' },
  { value: 0, text: '已停业' },
] as const;

/** Operation code of 校区编码设置 (the pay and POS code dialogs save through `update`). */
export const SCHOOL_CODE_PERM = 'base_organ_school_update_sch_code';
/** Screen (menu code) of 校区档案. */
export const ORGAN_SCHOOL_SCREEN = 'base_organ_school';

export const organSchoolResource = defineResource({
  name: 'base_organ_school',
  readBy: [ORGAN_SCHOOL_SCREEN],
  title: '校区档案',
  table: 'base_organ_school',
  scope: 'school',
  perm: 'base_organ_school',
  defaultSort: 'sch_code',
  indexes: [['school_id']],
  fields: {
    sch_code: {
      type: 'string',
      label: '校区编码',
      max: 16,
      search: 'eq',
      unique: true,
      form: false,
      pattern: { re: '^[A-Z0-9-]{2,16}$', msg: '校区编码应为2-16位大写字母、数字或-' },
      list: { width: 100, sortable: true },
    },
    short_name: { type: 'string', label: '校区简称', max: 32, search: 'like' },
    district_id: { type: 'int', label: '所在区划', min: 1, input: 'tree', options: { kind: 'tree', url: 'api/v1/base_district/tree' }, ref: { resource: 'base_district', label: ['name'] } },
    sub_company_id: { type: 'int', label: '所属分公司', min: 1, search: 'eq', ref: { resource: 'base_sub_company', label: ['name'] } },
    manager: { type: 'string', label: '校区负责人', max: 32, search: 'like' },
    phone: { type: 'string', label: '联系电话', max: 20, pattern: PHONE, mask: 'phone' },
    address: { type: 'string', label: '校区地址', max: 255, list: { width: 220 } },
    area_sqm: { type: 'int', label: '面积(平方米)', min: 0, max: 100000, list: { width: 110 } },
    classroom_count: { type: 'int', label: '教室数', min: 0, max: 1000, list: { width: 80 } },
    open_date: { type: 'date', label: '开业日期', search: 'range', list: { sortable: true, width: 110 } },
    state: { type: 'int', label: '营业状态', default: 1, form: false, options: { kind: 'static', items: SCHOOL_STATES }, search: 'eq', list: { format: 'option', width: 90 } },
    /** the payment provider's merchant number and the campus's collection account (收款码设置) */
    pay_merchant_no: { type: 'string', label: '支付商户号', max: 32, form: false, list: { show: false }, pattern: { re: '^[A-Za-z0-9_-]{4,32}$', msg: '支付商户号应为4-32位字母、数字、_或-' } },
    pay_account_name: { type: 'string', label: '收款账户名称', max: 64, form: false, list: { show: false } },
    /** the card terminal (POS) of the front desk (POS 编码设置) */
    pos_terminal_no: { type: 'string', label: 'POS终端号', max: 32, form: false, list: { show: false }, pattern: { re: '^[A-Za-z0-9]{4,32}$', msg: 'POS终端号应为4-32位字母或数字' } },
    pos_merchant_no: { type: 'string', label: 'POS商户号', max: 32, form: false, list: { show: false }, pattern: { re: '^[A-Za-z0-9]{4,32}$', msg: 'POS商户号应为4-32位字母或数字' } },
    remark: { type: 'string', label: '备注', max: 255, list: { show: false } },
  },
  actions: [
    {
      name: 'onoff',
      label: '营业/停业',
      column: 'state',
      buttons: [
        { value: 1, label: '恢复营业', color: 'green' },
        { value: 0, label: '停业', color: 'red', confirm: '确定将选中的校区设为停业吗？' },
      ],
    },
    // one campus at a time, from the 校区编码设置 dialog (a code is unique: checked by the server)
    { name: 'update_sch_code', label: '校区编码设置', column: 'sch_code', perm: SCHOOL_CODE_PERM, ui: 'none' },
  ],
});

/** Sub-entities of a campus file: their rows carry the campus (`school_id`) they belong to. */
const subEntity = <const N extends string, const F extends Parameters<typeof defineResource>[0]['fields']>(name: N, title: string, fields: F, defaultSort: string) =>
  defineResource({ name, readBy: [ORGAN_SCHOOL_SCREEN], title, table: name, scope: 'school', perm: name, defaultSort, indexes: [['school_id']], fields });

export const PAY_CYCLES = [
  { value: 1, text: '月付' },
  { value: 3, text: '季付' },
  { value: 6, text: '半年付' },
  { value: 12, text: '年付' },
] as const;

/** 租赁信息: the premises' lease terms (rent in fen a month). */
export const organSchoolRentResource = subEntity(
  'base_organ_school_rent',
  '租赁信息',
  {
    landlord: { type: 'string', label: '出租方', required: true, max: 64, search: 'like' },
    start_date: { type: 'date', label: '租期开始', required: true, search: 'range', list: { sortable: true } },
    end_date: { type: 'date', label: '租期结束', required: true, list: { sortable: true } },
    monthly_rent: { type: 'money', label: '月租金', required: true, min: 0, list: { format: 'money', align: 'right', width: 110 } },
    deposit: { type: 'money', label: '押金', min: 0, list: { format: 'money', align: 'right', width: 110 } },
    pay_cycle: { type: 'int', label: '付款周期', default: 3, options: { kind: 'static', items: PAY_CYCLES }, list: { format: 'option', width: 90 } },
    area_sqm: { type: 'int', label: '租赁面积(平方米)', min: 0, max: 100000, list: { width: 130 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
  'start_date desc',
);

export const CONTRACT_KINDS = [
  { value: '房屋租赁', text: '房屋租赁' },
  { value: '物业服务', text: '物业服务' },
  { value: '装修工程', text: '装修工程' },
  { value: '加盟合作', text: '加盟合作' },
  { value: '其他', text: '其他' },
] as const;

/** 合同信息: contracts of the campus (lease, property service, fit-out), their amount in fen. */
export const organSchoolContractResource = subEntity(
  'base_organ_school_contract',
  '合同信息',
  {
    contract_no: { type: 'string', label: '合同编号', required: true, max: 32, search: 'like' },
    kind: { type: 'string', label: '合同类型', required: true, max: 16, options: { kind: 'static', items: CONTRACT_KINDS }, search: 'eq', list: { format: 'option', width: 100 } },
    party: { type: 'string', label: '合同对方', required: true, max: 64, search: 'like' },
    amount: { type: 'money', label: '合同金额', required: true, min: 0, list: { format: 'money', align: 'right', width: 120 } },
    sign_date: { type: 'date', label: '签订日期', required: true, search: 'range', list: { sortable: true } },
    end_date: { type: 'date', label: '到期日期', list: { sortable: true } },
    files: { type: 'ids', label: '合同扫描件', input: 'attachment', list: false },
    remark: { type: 'string', label: '备注', max: 255 },
  },
  'sign_date desc',
);

export const PROPERTY_KINDS = [
  { value: '商业', text: '商业' },
  { value: '办公', text: '办公' },
  { value: '教育', text: '教育' },
  { value: '综合', text: '综合' },
] as const;

/** 物业信息: the building and its property manager. */
export const organSchoolPropertyResource = subEntity(
  'base_organ_school_property',
  '物业信息',
  {
    building: { type: 'string', label: '楼宇名称', required: true, max: 64, search: 'like' },
    usage: { type: 'string', label: '房屋用途', required: true, max: 8, options: { kind: 'static', items: PROPERTY_KINDS }, list: { format: 'option', width: 90 } },
    certificate_no: { type: 'string', label: '产权证号', max: 32 },
    property_company: { type: 'string', label: '物业公司', max: 64 },
    property_phone: { type: 'string', label: '物业电话', max: 20, pattern: PHONE },
    monthly_fee: { type: 'money', label: '月物业费', min: 0, list: { format: 'money', align: 'right', width: 110 } },
    fire_checked: { type: 'bool', label: '消防验收', default: 0, list: { format: 'bool', width: 90 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
  'id desc',
);

export const PICTURE_KINDS = [
  { value: '门头', text: '门头' },
  { value: '前台', text: '前台' },
  { value: '教室', text: '教室' },
  { value: '公共区域', text: '公共区域' },
] as const;

/** 校区图片: photos of the campus (front, reception, classrooms), shown to parents and in reports. */
export const organSchoolPictureResource = subEntity(
  'base_organ_school_picture',
  '校区图片',
  {
    title: { type: 'string', label: '图片标题', required: true, max: 64, search: 'like' },
    kind: { type: 'string', label: '图片类型', required: true, max: 8, options: { kind: 'static', items: PICTURE_KINDS }, search: 'eq', list: { format: 'option', width: 90 } },
    files: { type: 'ids', label: '图片', input: 'attachment', list: false },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
  'order_num',
);

export const LICENSE_KINDS = [
  { value: '营业执照', text: '营业执照' },
  { value: '办学许可证', text: '办学许可证' },
  { value: '消防许可', text: '消防许可' },
  { value: '卫生许可', text: '卫生许可' },
  { value: '其他', text: '其他' },
] as const;

/** 证照信息: licences of the campus and when they expire. */
export const organSchoolLicenseResource = subEntity(
  'base_organ_school_license',
  '证照信息',
  {
    kind: { type: 'string', label: '证照类型', required: true, max: 8, options: { kind: 'static', items: LICENSE_KINDS }, search: 'eq', list: { format: 'option', width: 100 } },
    license_no: { type: 'string', label: '证照编号', required: true, max: 32, search: 'like' },
    issuer: { type: 'string', label: '发证机关', max: 64 },
    issue_date: { type: 'date', label: '发证日期' },
    valid_until: { type: 'date', label: '有效期至', search: 'range', list: { sortable: true } },
    files: { type: 'ids', label: '证照扫描件', input: 'attachment', list: false },
    remark: { type: 'string', label: '备注', max: 255 },
  },
  'valid_until',
);

export const LIMIT_KINDS = [
  { value: 1, text: '单笔订单优惠上限' },
  { value: 2, text: '单笔签约赠品金额上限' },
  { value: 3, text: '校长审批退费上限' },
  { value: 4, text: '每日现金收款上限' },
] as const;

/**
 * 校区限额: amounts (fen) a campus may not exceed without the head office, one row per campus and
 * kind (checked by the server). Set by the head office; principals and finance read their own.
 */
export const schoolLimitResource = defineResource({
  name: 'base_school_of_limit',
  readBy: ['base_school_of_limit'],
  title: '校区限额',
  table: 'base_school_of_limit',
  scope: 'school',
  perm: 'base_school_of_limit',
  defaultSort: 'limit_kind',
  indexes: [['school_id', 'limit_kind']],
  fields: {
    limit_kind: { type: 'int', label: '限额类型', required: true, options: { kind: 'static', items: LIMIT_KINDS }, search: 'eq', list: { format: 'option', width: 180 } },
    limit_amount: { type: 'money', label: '限额', required: true, min: 0, list: { format: 'money', align: 'right', width: 120 } },
    effective_date: { type: 'date', label: '生效日期', required: true, search: 'range', list: { sortable: true } },
    state: { type: 'bool', label: '启用', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/**
 * 在售设置: which class types a campus sells and from when to when, at which list price (fen a
 * lesson hour); the head office sets it, principals and course advisers read their campuses'.
 */
export const onSaleResource = defineResource({
  name: 'base_on_sale',
  readBy: ['base_on_sale'],
  title: '在售设置',
  table: 'base_on_sale',
  scope: 'school',
  perm: 'base_on_sale',
  defaultSort: 'start_date desc',
  indexes: [['school_id', 'class_type_id']],
  fields: {
    class_type_id: { type: 'int', label: '班型', required: true, min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'] } },
    start_date: { type: 'date', label: '开售日期', required: true, search: 'range', list: { sortable: true } },
    end_date: { type: 'date', label: '停售日期', list: { sortable: true }, placeholder: '留空表示长期在售' },
    unit_price: { type: 'money', label: '课时单价', required: true, min: 0, list: { format: 'money', align: 'right', width: 110 } },
    state: { type: 'bool', label: '在售', default: 1, search: 'eq', list: { format: 'bool', width: 70 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const BASE_SCHOOL_RESOURCES = [
  organSchoolResource,
  organSchoolRentResource,
  organSchoolContractResource,
  organSchoolPropertyResource,
  organSchoolPictureResource,
  organSchoolLicenseResource,
  schoolLimitResource,
  onSaleResource,
] as const;
