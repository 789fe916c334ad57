import { defineResource } from '../../src/contract/resource';
import { studentResource } from '../../src/contract/resources/students';

/**
 * The student list with two relation columns, for the relation bench (issue 17): the real
 * student declaration plus a course adviser (a user) and an intended class type, declared through
 * the same `ref` machinery a business area uses. Its columns exist only in the bench database; the
 * page call is mounted beside the real `student/page` in the bench's server, on the same table.
 */
export const studentWithRelations = defineResource({
  ...studentResource,
  name: 'bench_student_rel',
  title: '压测学员（含关联）',
  fields: {
    ...studentResource.fields,
    bench_adviser_id: { type: 'int', label: '课程顾问', ref: { resource: 'sys_user', label: ['name'] } },
    bench_class_type_id: { type: 'int', label: '意向班型', ref: { resource: 'prod_class_type', label: ['name'] } },
  },
});
