import type { FieldDef, OptionItem } from '../resource';

/**
 * Fields the teaching area's declarations share (teaching-records.ts, teaching-results.ts):
 * the relations to staff, students, classes and class types, and the usual dates, scores and
 * remarks. Each keeps its literal type and requiredness (`satisfies FieldDef`), which the server's
 * table types are derived from (server/db/schema.ts DeclaredTable). Relations are `onDelete: 'allow'`: a teaching record keeps its history when the
 * student, class or teacher it names is deleted.
 */

export const staffRef = { resource: 'sys_user', label: ['name'], onDelete: 'allow' } as const;
export const studentRef = { resource: 'student', label: ['name'], onDelete: 'allow' } as const;
export const classRef = { resource: 'base_class_manage', label: ['name'], onDelete: 'allow' } as const;
export const classTypeRef = { resource: 'prod_class_type', label: ['name'], onDelete: 'allow' } as const;

export const staffField = <const R extends boolean = true>(label: string, required: R = true as R) => ({ type: 'int', label, required, min: 1, search: 'eq', ref: staffRef, list: { width: 100 } }) satisfies FieldDef;
export const studentField = { type: 'int', label: '学员', required: true, min: 1, search: 'eq', ref: studentRef, list: { width: 100, fixed: 'left' } } satisfies FieldDef;
export const classField = <const R extends boolean = true>(required: R = true as R) => ({ type: 'int', label: '班级', required, min: 1, search: 'eq', ref: classRef, list: { width: 150 } }) satisfies FieldDef;
export const dateField = <const R extends boolean = true>(label: string, required: R = true as R) => ({ type: 'date', label, required, search: 'range', list: { format: 'date', width: 110, sortable: true } }) satisfies FieldDef;
/** A mark from 0 to `max` (whole points). */
export const scoreField = <const R extends boolean = false>(label: string, max = 100, required: R = false as R) => ({ type: 'int', label, required, min: 0, max, list: { width: 80 } }) satisfies FieldDef;
export const remarkField = { type: 'string', label: '备注', max: 255 } satisfies FieldDef;
export const textField = <const R extends boolean = true>(label: string, required: R = true as R, max = 2000) => ({ type: 'text', label, required, max, input: 'textarea', list: { width: 260 } }) satisfies FieldDef;

export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';
export const monthField = {
  type: 'string',
  label: '月份',
  required: true,
  max: 7,
  pattern: { re: MONTH_PATTERN, msg: '月份格式应为 YYYY-MM，例如 2026-11' },
  placeholder: '例如 2026-11',
  search: 'eq',
  list: { width: 90, sortable: true },
} satisfies FieldDef;

export const staticOptions = (items: readonly OptionItem[]) => ({ kind: 'static', items }) as const;
