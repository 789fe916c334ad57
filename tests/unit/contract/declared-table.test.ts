import { describe, expectTypeOf, it } from 'vitest';
import type { DeclaredTable } from '../../../server/db/schema';
import { defineResource } from '../../../src/contract/resource';
import type { ClassTable, EnrolmentTable, HolidayTable } from '../../../server/modules/classes/schema';

/*
 * Table types derived from the declarations (checked by the type checker: `npx tsc`). A campus-scoped
 * declaration has school_id, a soft-deleted one del_flag; a required field is never null, another
 * may be unless the table type names it among the columns the server always writes.
 */
const scoped = defineResource({
  name: 'x_scoped',
  title: '样例',
  table: 'x_scoped',
  scope: 'school',
  softDelete: true,
  perm: 'x_scoped',
  fields: { name: { type: 'string', label: '名称', required: true }, state: { type: 'int', label: '状态', default: 1 }, note: { type: 'string', label: '备注' } },
});
const unscoped = defineResource({ name: 'x_global', title: '样例', table: 'x_global', scope: 'global', perm: 'x_global', fields: { amount: { type: 'money', label: '金额' } } });

describe('DeclaredTable', () => {
  it('keeps the scope and soft delete as declared', () => {
    type T = DeclaredTable<typeof scoped, 'state'>;
    expectTypeOf<T['school_id']>().toEqualTypeOf<number>();
    expectTypeOf<T['del_flag']>().toEqualTypeOf<number>();
    expectTypeOf<T['name']>().toEqualTypeOf<string>();
    expectTypeOf<T['state']>().toEqualTypeOf<number>();
    expectTypeOf<T['note']>().toEqualTypeOf<string | null>();
    type G = DeclaredTable<typeof unscoped>;
    expectTypeOf<G>().not.toHaveProperty('school_id');
    expectTypeOf<G>().not.toHaveProperty('del_flag');
    expectTypeOf<G['amount']>().toEqualTypeOf<number | null>();
  });

  it('types the classes tables from their declarations', () => {
    expectTypeOf<ClassTable['school_id']>().toEqualTypeOf<number>();
    expectTypeOf<ClassTable['del_flag']>().toEqualTypeOf<number>();
    expectTypeOf<ClassTable['state']>().toEqualTypeOf<number>();
    expectTypeOf<ClassTable['head_teacher_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<EnrolmentTable['join_date']>().toEqualTypeOf<string>();
    expectTypeOf<HolidayTable>().not.toHaveProperty('school_id');
  });
});
