import { defineResource, type FieldDef } from '../../src/contract/resource';
import { studentResource } from '../../src/contract/resources/students';

/**
 * The relation bench's two variants of the real student list (issue 17), on the same table, both
 * mounted beside the real `student/page` in the bench's server: the student declaration with
 * every relation taken off (`bench_student_plain`), and the same with exactly two relation columns
 * put back, 课程顾问 and 班主任 (`bench_student_rel`: `seller_id` and `teacher_id` as the student
 * declaration relates them, joined through the same `ref` machinery). The real list, with however
 * many relations it declares, is measured beside them.
 */
const plainFields: Record<string, FieldDef> = Object.fromEntries(
  Object.entries(studentResource.fields as Record<string, FieldDef>).map(([name, field]) => {
    const { ref: _ref, ...rest } = field;
    return [name, rest];
  }),
);

export const studentWithoutRelations = defineResource({
  ...studentResource,
  name: 'bench_student_plain',
  title: '压测学员（无关联）',
  fields: plainFields,
});

export const studentWithRelations = defineResource({
  ...studentResource,
  name: 'bench_student_rel',
  title: '压测学员（两个关联）',
  fields: { ...plainFields, seller_id: studentResource.fields.seller_id, teacher_id: studentResource.fields.teacher_id },
});
