import type { FieldDef, OptionItem } from '../resource';

/**
 * Fields the teaching area's declarations share (teaching-records.ts, teaching-results.ts):
 * the relations to staff, students, classes and class types, and the usual dates, scores and
 * remarks. Relations are `onDelete: 'allow'`: a teaching record keeps its history when the
 * student, class or teacher it names is deleted.
 */

export const staffRef = { resource: 'sys_user', label: ['name'], onDelete: 'allow' } as const;
export const studentRef = { resource: 'student', label: ['name'], onDelete: 'allow' } as const;
export const classRef = { resource: 'base_class_manage', label: ['name'], onDelete: 'allow' } as const;
export const classTypeRef = { resource: 'prod_class_type', label: ['name'], onDelete: 'allow' } as const;

export const staffField = (label: string, required = true): FieldDef => ({ type: 'int', label, required, min: 1, search: 'eq', ref: staffRef, list: { width: 100 } });
export const studentField: FieldDef = { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100, fixed: 'left' } };
export const classField = (required = true): FieldDef => ({ type: 'int', label: '班级', required, min: 1, search: 'eq', ref: classRef, list: { width: 150 } });
export const dateField = (label: string, required = true): FieldDef => ({ type: 'date', label, required, search: 'range', list: { format: 'date', width: 110, sortable: true } });
/** A mark from 0 to `max` (whole points). */
export const scoreField = (label: string, max = 100, required = false): FieldDef => ({ type: 'int', label, required, min: 0, max, list: { width: 80 } });
export const remarkField: FieldDef = { type: 'string', label: '备注', max: 255 };
export const textField = (label: string, required = true, max = 2000): FieldDef => ({ type: 'text', label, required, max, input: 'textarea', list: { width: 260 } });

export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';
export const monthField: FieldDef = {
  type: 'string',
  label: '月份',
  required: true,
  max: 7,
  pattern: { re: MONTH_PATTERN, msg: '月份格式应为 YYYY-MM，例如 2026-11' },
  placeholder: '例如 2026-11',
  search: 'eq',
  list: { width: 90, sortable: true },
};

export const staticOptions = (items: readonly OptionItem[]) => ({ kind: 'static', items }) as const;
