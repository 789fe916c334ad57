import { describe, expect, it } from 'vitest';
import { defineResource, type FieldDef } from '../../../src/contract/resource';
import { RESOURCES } from '../../../src/contract/resources';
import { exclusiveConflict, exclusiveProblem, searchDefaultProblem } from '../../../src/contract/search';

/** The declared search rules (src/contract/search.ts): every declaration's fit, and the rules themselves. */

const orders = defineResource({
  name: 'orders_probe',
  title: '订单',
  table: 'orders_probe',
  scope: 'global',
  perm: 'orders_probe',
  exclusive: [['halt_order_time', 'terminate_order_time']],
  fields: {
    halt_order_time: { type: 'datetime', label: '订单中止时间', search: 'range' },
    terminate_order_time: { type: 'datetime', label: '订单完成时间', search: 'range' },
    name: { type: 'string', label: '名称', search: 'like' },
  },
});

describe('declared search rules', () => {
  it('every declaration’s date defaults and exclusive groups fit its fields', () => {
    const wrong: string[] = [];
    for (const def of RESOURCES) {
      for (const [name, field] of Object.entries(def.fields)) {
        const problem = searchDefaultProblem(name, field);
        if (problem) wrong.push(`${def.name}.${problem}`);
      }
      const problem = exclusiveProblem(def);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a date default a field cannot show', () => {
    const f = (field: Partial<FieldDef>): FieldDef => ({ type: 'date', label: '日期', search: 'range', ...field });
    expect(searchDefaultProblem('d', f({ searchDefault: 'currentMonth' }))).toBeUndefined();
    expect(searchDefaultProblem('d', f({ search: 'eq', searchDefault: 'today' }))).toBeUndefined();
    expect(searchDefaultProblem('d', f({ type: 'datetime', search: 'eq', searchDefault: 'now' }))).toBeUndefined();
    expect(searchDefaultProblem('d', f({ searchDefault: 'now' }))).toBeDefined();
    expect(searchDefaultProblem('d', f({ search: 'eq', searchDefault: 'currentMonth' }))).toBeDefined();
    expect(searchDefaultProblem('d', f({ type: 'string', searchDefault: 'today' }))).toBeDefined();
    expect(searchDefaultProblem('d', f({ search: undefined, searchDefault: 'today' }))).toBeDefined();
    expect(exclusiveProblem({ ...orders, exclusive: [['name', 'no_such_field']] })).toBeDefined();
    expect(exclusiveProblem({ ...orders, exclusive: [['name']] })).toBeDefined();
  });

  it('names the exclusive filters filled together, a range by either end', () => {
    expect(exclusiveConflict(orders, { halt_order_time_start: '2024-01-01 00:00:00', terminate_order_time_end: '2024-02-01 23:59:59' })).toBe('订单中止时间和订单完成时间不能联查');
    expect(exclusiveConflict(orders, { halt_order_time_start: '2024-01-01 00:00:00', name: '张' })).toBeUndefined();
    expect(exclusiveConflict(orders, { halt_order_time_start: '2024-01-01 00:00:00', terminate_order_time_start: ' ' })).toBeUndefined();
  });
});
