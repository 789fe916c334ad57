import { defineResource } from '../resource';

/**
 * Class types (班型): the catalogue a class and a student's lesson hours belong to. Company-wide
 * (no campus): every campus sells the same class types. `hours_per_lesson` is what one attended
 * lesson takes from a student's balance of this class type.
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
    code: { type: 'string', label: '班型编码', max: 32, search: 'eq' },
    lesson_count: { type: 'int', label: '课次数', required: true, min: 1, max: 1000, list: { sortable: true, width: 90 } },
    hours_per_lesson: { type: 'number', label: '每次课时', required: true, min: 0.5, max: 10, default: 1, list: { width: 90, format: 'round' } },
    minutes_per_lesson: { type: 'int', label: '每次时长(分钟)', min: 10, max: 600, default: 90 },
    price: { type: 'money', label: '课程价格', min: 0, list: { format: 'money' } },
    visible: { type: 'bool', label: '是否可见', default: 1, search: 'eq', list: { format: 'bool', width: 90 }, form: false },
    order_num: { type: 'int', label: '排序', default: 0, list: { sortable: true, width: 80 } },
    detail: { type: 'text', label: '班型介绍', max: 20000, input: 'richtext' },
    protocol: { type: 'text', label: '协议内容', max: 50000, form: false },
    remark: { type: 'string', label: '备注', max: 255 },
  },
});

export const PRODUCTS_CLASS_RESOURCES = [classTypeResource] as const;
