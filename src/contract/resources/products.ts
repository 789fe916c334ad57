import { defineResource, type OptionItem } from '../resource';
import { WEEK_DAYS } from './base';

/**
 * The products area (课程产品): what a training operator sells and how it is taught.
 *
 * - 班型 (prod_class_type): the catalogue a class and a student's lesson hours belong to.
 * - 产品分类 (base_class_product_categories): a tree grouping class types and language packs.
 * - 课程路径 (prod_class_path + prod_class_path_step): the ordered levels a child climbs.
 * - 课程时间段 / 课程表 (prod_course_schedule_time_set, prod_course_schedule): when a campus runs a class type.
 * - 教材 (prod_text_book), 特权 (prod_privilege).
 * - 课程包 (prod_language_pack) and where it is on sale (prod_language_pack_city), 收费标准
 *   (prod_fee_standard): the prices orders sell at.
 *
 * Money is integer fen (分) in the database and the API (DESIGN §7); the screens show yuan.
 * Hours here are whole lesson hours (课时); the hour ledger of the classes area keeps hundredths.
 *
 * Prices never change what was sold: every add, and every change of a language pack's or a fee
 * standard's terms (price, hours, validity, class types), raises the row's `version` and appends
 * a frozen copy of the terms to prod_price_version (server/modules/products/price-versions.ts).
 * An order records that version's id with the price it copied, so a later price change or a
 * deleted pack (soft delete) leaves what an existing order bought readable and unchanged.
 *
 * Paths the spec does not name (calls.tsv lists only the screens) are chosen in the same style:
 * prod_class_path, prod_class_path_step, prod_course_schedule, prod_course_schedule_time_set and
 * prod_privilege, each with add/update/delete/page/get.
 */

export const COURSE_LINES: readonly OptionItem[] = [
  { value: 1, text: '幼儿英语' },
  { value: 2, text: '少儿英语' },
  { value: 3, text: '青少英语' },
  { value: 4, text: '自然拼读' },
  { value: 5, text: '外教口语' },
];

/** How a class type or a fee standard is charged. */
export const BILLING_UNITS: readonly OptionItem[] = [
  { value: 1, text: '按课时' },
  { value: 2, text: '按课次' },
  { value: 3, text: '按月' },
];

export const PRIVILEGE_TYPES: readonly OptionItem[] = [
  { value: 1, text: '赠送课时' },
  { value: 2, text: '赠送教材' },
  { value: 3, text: '服务权益' },
  { value: 4, text: '折扣优惠' },
];

export const TEXTBOOK_STATES: readonly OptionItem[] = [
  { value: 1, text: '启用' },
  { value: 0, text: '停用' },
];

export const COURSE_SCHEDULE_STATES: readonly OptionItem[] = [
  { value: 1, text: '招生中' },
  { value: 2, text: '已满班' },
  { value: 3, text: '已结束' },
];

const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
const CATEGORY_TREE = { kind: 'tree', url: 'api/v1/base_class_product_categories/tree' } as const;

/** 产品分类: a tree (root 0); class types and language packs name one. */
export const productCategoryResource = defineResource({
  name: 'base_class_product_categories',
  readBy: ['products_class_product_categories'],
  title: '产品分类',
  table: 'base_class_product_categories',
  scope: 'global',
  perm: 'base_class_product_categories',
  defaultSort: 'order_num',
  tree: { parent: 'parent_id', text: 'name', noun: '产品分类' },
  fields: {
    name: { type: 'string', label: '分类名称', required: true, max: 64, search: 'like' },
    parent_id: { type: 'int', label: '上级分类', min: 0, default: 0, input: 'tree', options: CATEGORY_TREE, search: 'eq', index: true, list: { format: 'option' } },
    code: { type: 'string', label: '分类编码', max: 32, search: 'eq' },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/**
 * Class types (班型): company-wide (no campus): every campus sells the same class types.
 * `hours_per_lesson` is what one attended lesson takes from a student's balance of this class type.
 * Calls besides the standard ones (server/modules/classes): GET prod_class_type/detail?id=,
 * POST prod_class_type/visible {id, visible} (a declared action), GET prod_class_type/protocol?id= (reads the
 * protocol text) and POST prod_class_type/protocol {id, protocol} (sets it),
 * GET prod_class_type/name_page?name=&page=&rows= (visible types, {id, name} only, for pickers).
 */
export const classTypeResource = defineResource({
  name: 'prod_class_type',
  readBy: ['products_class_type'],
  title: '班型',
  table: 'prod_class_type',
  scope: 'global',
  softDelete: true,
  perm: 'prod_class_type',
  defaultSort: 'order_num',
  actions: [
    {
      name: 'visible',
      label: '是否可见',
      column: 'visible',
      buttons: [
        { value: 0, label: '隐藏', confirm: '确定隐藏选中的班型吗？隐藏后报名时不再可选' },
        { value: 1, label: '显示', color: 'green' },
      ],
    },
  ],
  fields: {
    name: { type: 'string', label: '班型名称', required: true, max: 64, search: 'like', unique: true },
    code: { type: 'string', label: '班型编码', max: 32, search: 'eq', list: { show: false } },
    category_id: { type: 'int', label: '产品分类', min: 1, input: 'tree', options: CATEGORY_TREE, search: 'eq', ref: { resource: 'base_class_product_categories', label: ['name'] } },
    course_line: { type: 'int', label: '课程线', options: { kind: 'static', items: COURSE_LINES }, search: 'eq', list: { format: 'option', width: 90 } },
    level: { type: 'string', label: '级别', max: 32, search: 'eq', list: { width: 70 }, placeholder: '如 L1、Level 2' },
    lesson_count: { type: 'int', label: '课次数', required: true, min: 1, max: 1000, list: { sortable: true, width: 90 } },
    hours_per_lesson: { type: 'number', label: '每次课时', required: true, min: 0.5, max: 10, default: 1, list: { width: 90, format: 'round' } },
    minutes_per_lesson: { type: 'int', label: '每次时长(分钟)', min: 10, max: 600, default: 90 },
    billing_unit: { type: 'int', label: '计费单位', default: 1, options: { kind: 'static', items: BILLING_UNITS }, list: { format: 'option', width: 90 } },
    price: { type: 'money', label: '课程价格', min: 0 },
    visible: { type: 'bool', label: '是否可见', default: 1, search: 'eq', list: { format: 'bool', width: 90 }, form: false },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    detail: { type: 'text', label: '班型介绍', max: 20000, input: 'richtext' },
    protocol: { type: 'text', label: '协议内容', max: 50000, form: false },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 课程路径: a named ladder of class types, e.g. 少儿英语 L1 → L6; its steps are prod_class_path_step. */
export const classPathResource = defineResource({
  name: 'prod_class_path',
  readBy: ['products_class_path'],
  title: '课程路径',
  table: 'prod_class_path',
  scope: 'global',
  perm: 'prod_class_path',
  defaultSort: 'order_num',
  fields: {
    name: { type: 'string', label: '路径名称', required: true, max: 64, search: 'like', unique: true },
    course_line: { type: 'int', label: '课程线', options: { kind: 'static', items: COURSE_LINES }, search: 'eq', list: { format: 'option', width: 100 } },
    age_range: { type: 'string', label: '适合年龄', max: 32, placeholder: '如 4-6岁' },
    description: { type: 'string', label: '路径说明', max: 500 },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
  },
});

/** One step of a class path: the class type a child takes at that step, and what moves them up. */
export const classPathStepResource = defineResource({
  name: 'prod_class_path_step',
  readBy: ['products_class_path'],
  title: '路径阶段',
  table: 'prod_class_path_step',
  scope: 'global',
  perm: 'prod_class_path_step',
  defaultSort: 'step_no',
  indexes: [['class_path_id', 'step_no']],
  fields: {
    class_path_id: { type: 'int', label: '课程路径', required: true, min: 1, search: 'eq', ref: { resource: 'prod_class_path', label: ['name'] } },
    step_no: { type: 'int', label: '阶段序号', required: true, min: 1, max: 99, list: { sortable: true, width: 90 } },
    class_type_id: { type: 'int', label: '班型', required: true, min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'] } },
    promote_rule: { type: 'string', label: '升级条件', max: 255, placeholder: '如 结课测评80分以上' },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 课程时间段: the weekly slots a campus teaches in (周六上午 09:00-10:30). */
export const courseScheduleTimeSetResource = defineResource({
  name: 'prod_course_schedule_time_set',
  readBy: ['products_course_schedule_time_set', 'products_course_schedule'],
  title: '课程时间段',
  table: 'prod_course_schedule_time_set',
  scope: 'school',
  perm: 'prod_course_schedule_time_set',
  defaultSort: 'week_day',
  fields: {
    name: { type: 'string', label: '时间段名称', required: true, max: 64, search: 'like' },
    week_day: { type: 'int', label: '星期', required: true, options: { kind: 'static', items: WEEK_DAYS }, search: 'eq', list: { format: 'option', width: 80, sortable: true } },
    start_time: { type: 'string', label: '开始时间', required: true, max: 5, pattern: { re: TIME_PATTERN, msg: '开始时间格式应为 HH:mm' }, list: { sortable: true, width: 90 }, placeholder: '如 09:00' },
    end_time: { type: 'string', label: '结束时间', required: true, max: 5, pattern: { re: TIME_PATTERN, msg: '结束时间格式应为 HH:mm' }, list: { width: 90 }, placeholder: '如 10:30' },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 课程表: a class type running at a campus on a time slot for a term (what the front desk enrols into). */
export const courseScheduleResource = defineResource({
  name: 'prod_course_schedule',
  readBy: ['products_course_schedule'],
  title: '课程表',
  table: 'prod_course_schedule',
  scope: 'school',
  perm: 'prod_course_schedule',
  defaultSort: 'start_date desc',
  fields: {
    name: { type: 'string', label: '课程表名称', required: true, max: 64, search: 'like', list: { width: 240 } },
    class_type_id: { type: 'int', label: '班型', required: true, min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'] } },
    time_set_id: { type: 'int', label: '上课时间段', required: true, min: 1, ref: { resource: 'prod_course_schedule_time_set', label: ['name'] }, list: { width: 170 } },
    start_date: { type: 'date', label: '开课日期', required: true, search: 'range', list: { sortable: true } },
    end_date: { type: 'date', label: '结课日期', list: { sortable: true } },
    lesson_count: { type: 'int', label: '课次数', required: true, min: 1, max: 1000, list: { width: 80 } },
    capacity: { type: 'int', label: '招生人数', min: 1, max: 500, default: 12, list: { width: 80 } },
    state: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: COURSE_SCHEDULE_STATES }, search: 'eq', list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 教材: textbooks a class type uses; 停用 ones are not offered (search_name). */
export const textBookResource = defineResource({
  name: 'prod_text_book',
  readBy: ['products_text_book'],
  title: '教材',
  table: 'prod_text_book',
  scope: 'global',
  perm: 'prod_text_book',
  defaultSort: 'id desc',
  actions: [
    {
      name: 'change_status',
      label: '修改状态',
      column: 'status',
      buttons: [
        { value: 0, label: '停用', confirm: '确定停用选中的教材吗？停用后报名时不再可选' },
        { value: 1, label: '启用', color: 'green' },
      ],
    },
  ],
  fields: {
    name: { type: 'string', label: '教材名称', required: true, max: 100, search: 'like', unique: true, list: { width: 200 } },
    isbn: { type: 'string', label: 'ISBN', max: 20, search: 'eq', pattern: { re: '^[0-9Xx-]{10,20}$', msg: 'ISBN 应为10-20位数字或横线' } },
    publisher: { type: 'string', label: '出版社', max: 64, search: 'like' },
    class_type_id: { type: 'int', label: '适用班型', min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'] } },
    price: { type: 'money', label: '定价', required: true, min: 0 },
    status: { type: 'int', label: '状态', default: 1, options: { kind: 'static', items: TEXTBOOK_STATES }, search: 'eq', form: false, list: { format: 'option', width: 80 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** 特权: benefits a language pack carries (gift hours, a free textbook, a service, a discount). */
export const privilegeResource = defineResource({
  name: 'prod_privilege',
  readBy: ['products_privilege'],
  title: '特权',
  table: 'prod_privilege',
  scope: 'global',
  perm: 'prod_privilege',
  defaultSort: 'order_num',
  fields: {
    name: { type: 'string', label: '特权名称', required: true, max: 64, search: 'like', unique: true },
    privilege_type: { type: 'int', label: '特权类型', required: true, options: { kind: 'static', items: PRIVILEGE_TYPES }, search: 'eq', list: { format: 'option', width: 100 } },
    amount: { type: 'int', label: '数量', min: 0, max: 100000, list: { width: 80 }, placeholder: '课时数、教材本数或折扣百分比' },
    valid_days: { type: 'int', label: '有效天数', min: 1, max: 3650, list: { width: 90 } },
    enabled: { type: 'bool', label: '是否启用', default: 1, search: 'eq', list: { format: 'bool', width: 90 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    description: { type: 'string', label: '特权说明', max: 500 },
  },
});

/**
 * 课程包: a sellable package of class types with hours, gift hours, a list price and a validity.
 * New packs start 下架 (hidden); 上架 needs at least one class type. Where it is on sale:
 * prod_language_pack_city. Soft delete: an order keeps naming the pack it sold.
 */
export const languagePackResource = defineResource({
  name: 'prod_language_pack',
  readBy: ['products_language_pack'],
  title: '课程包',
  table: 'prod_language_pack',
  scope: 'global',
  softDelete: true,
  perm: 'prod_language_pack',
  defaultSort: 'order_num',
  actions: [
    {
      name: 'visible',
      label: '上架状态',
      column: 'visible',
      buttons: [
        { value: 1, label: '上架', color: 'green', confirm: '确定上架选中的课程包吗？上架后在售校区即可报名' },
        { value: 0, label: '下架', confirm: '确定下架选中的课程包吗？下架后不能再报名，已售出的不受影响' },
      ],
    },
  ],
  fields: {
    name: { type: 'string', label: '课程包名称', required: true, max: 64, search: 'like', unique: true, list: { width: 200 } },
    code: { type: 'string', label: '课程包编码', max: 32, search: 'eq', list: { width: 110 } },
    category_id: { type: 'int', label: '产品分类', min: 1, input: 'tree', options: CATEGORY_TREE, search: 'eq', ref: { resource: 'base_class_product_categories', label: ['name'] } },
    class_type_ids: { type: 'ids', label: '适用班型', required: true, options: { kind: 'resource', resource: 'prod_class_type', label: 'name' }, input: 'multiselect', list: false },
    // the class types' names as the list shows them: kept by the server at every write and
    // answered afresh with each row (a renamed class type shows its new name)
    class_type_names: { type: 'string', label: '适用班型', max: 1000, readonly: true, list: { width: 200 } },
    hours: { type: 'int', label: '课时数', required: true, min: 1, max: 10000, list: { width: 80, sortable: true } },
    gift_hours: { type: 'int', label: '赠送课时', min: 0, max: 10000, default: 0, list: { width: 90 } },
    price: { type: 'money', label: '标价', required: true, min: 0, list: { sortable: true, width: 110 } },
    validity_days: { type: 'int', label: '有效期(天)', required: true, min: 1, max: 3650, default: 365, list: { width: 100 } },
    privilege_ids: { type: 'ids', label: '附带特权', options: { kind: 'resource', resource: 'prod_privilege', label: 'name' }, input: 'multiselect', list: false },
    // only the 上架/下架 action sets it (it checks the pack has class types)
    visible: { type: 'bool', label: '是否上架', default: 0, search: 'eq', readonly: true, form: false, list: { format: 'bool', width: 100 } },
    version: { type: 'int', label: '价格版本', readonly: true, default: 1, list: { show: false, width: 90 } },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 70, show: false } },
    description: { type: 'text', label: '课程包介绍', max: 5000 },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/**
 * Where a language pack is on sale: one row per campus (the city shown is the campus's 分公司),
 * optionally between two dates. Campus-scoped: a principal sees and sets only their campuses.
 */
export const languagePackCityResource = defineResource({
  name: 'prod_language_pack_city',
  readBy: ['products_language_pack'],
  title: '在售校区',
  table: 'prod_language_pack_city',
  scope: 'school',
  perm: 'prod_language_pack_city',
  defaultSort: 'id',
  indexes: [['language_pack_id', 'school_id']],
  fields: {
    // a deleted (soft) pack is simply no longer on sale: its sale rows need not be removed first
    language_pack_id: { type: 'int', label: '课程包', required: true, min: 1, search: 'eq', ref: { resource: 'prod_language_pack', label: ['name'], onDelete: 'allow' } },
    city_name: { type: 'string', label: '城市', max: 64, readonly: true, list: { width: 100 } },
    start_date: { type: 'date', label: '开售日期' },
    end_date: { type: 'date', label: '停售日期' },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/**
 * 收费标准: the price of a class type at a campus per hour, session or month, from a date on.
 * Periods of one campus, class type and unit never overlap; soft delete keeps what was sold readable.
 */
export const feeStandardResource = defineResource({
  name: 'prod_fee_standard',
  readBy: ['products_fee_standard'],
  title: '收费标准',
  table: 'prod_fee_standard',
  scope: 'school',
  softDelete: true,
  perm: 'prod_fee_standard',
  defaultSort: 'start_date desc',
  indexes: [['school_id', 'class_type_id', 'billing_unit', 'start_date']],
  fields: {
    class_type_id: { type: 'int', label: '班型', required: true, min: 1, search: 'eq', ref: { resource: 'prod_class_type', label: ['name'] } },
    billing_unit: { type: 'int', label: '计费单位', required: true, default: 1, options: { kind: 'static', items: BILLING_UNITS }, search: 'eq', list: { format: 'option', width: 90 } },
    unit_price: { type: 'money', label: '单价', required: true, min: 0, list: { width: 100, sortable: true } },
    start_date: { type: 'date', label: '生效日期', required: true, search: 'range', list: { sortable: true } },
    end_date: { type: 'date', label: '失效日期', placeholder: '留空表示长期有效' },
    city_name: { type: 'string', label: '城市', max: 64, readonly: true, list: { width: 90 } },
    version: { type: 'int', label: '价格版本', readonly: true, default: 1, list: { show: false, width: 90 } },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

/** The products area's declarations; categories first (others name them). */
export const PRODUCTS_RESOURCES = [
  productCategoryResource,
  classTypeResource,
  classPathResource,
  classPathStepResource,
  courseScheduleTimeSetResource,
  courseScheduleResource,
  textBookResource,
  privilegeResource,
  languagePackResource,
  languagePackCityResource,
  feeStandardResource,
] as const;

