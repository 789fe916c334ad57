import { defineResource } from '../../src/contract/resource';

/**
 * A student-like table for the API bench, mounted through the real resource routes (scope by
 * school, filters, sort, paging) so the bench measures what every list screen runs.
 */
export const benchStudent = defineResource({
  name: 'bench_student',
  title: '压测学员',
  table: 'bench_student',
  scope: 'school',
  perm: 'bench_student',
  fields: {
    name: { type: 'string', label: '姓名', search: 'like', max: 64 },
    phone: { type: 'string', label: '电话', search: 'eq', max: 32 },
    state: { type: 'int', label: '状态', search: 'eq' },
    grade: { type: 'string', label: '年级', max: 16 },
    enrolled_on: { type: 'date', label: '入学日期', search: 'range' },
  },
  defaultSort: 'created_at desc',
});
