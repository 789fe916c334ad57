import { sql } from 'kysely';
import type { AnySelect, ResourceCtx, Row } from '../../lib/resource-routes';
import { maskFor } from '../../lib/mask';

/**
 * Masks the joined parent phone of a listed row for callers without the code to see it in full
 * (server/lib/mask.ts); rows of other calls have none and pass unchanged.
 */
export function withMaskedPhone(row: Row, ctx: ResourceCtx): Row {
  return typeof row.parent_phone === 'string' ? { ...row, parent_phone: maskFor(ctx.principal, 'phone', row.parent_phone) } : row;
}

function ref(column: string) {
  return sql.ref<string | null>(column);
}

/**
 * What an enrolment page adds to its declared relations' labels (student_name, class_name,
 * class_type_name): the parent's phone, masked by withMaskedPhone.
 */
export function enrolmentNames(qb: AnySelect): AnySelect {
  return qb.leftJoin('student as nm_st', 'nm_st.id', 'stu_class.student_id').select([ref('nm_st.parent_phone').as('parent_phone')]) as unknown as AnySelect;
}

/**
 * What a student-leave page adds to its declared relations' labels (student_name, class_name):
 * the parent's phone, the lesson's time and teacher, the make-up lesson's date and time.
 */
export function studentLeaveNames(qb: AnySelect): AnySelect {
  return qb
    .leftJoin('student as nm_st', 'nm_st.id', 'edu_stu_leave.student_id')
    .leftJoin('edu_class_schedule as nm_s', 'nm_s.id', 'edu_stu_leave.schedule_id')
    .leftJoin('users as nm_t', 'nm_t.id', 'nm_s.teacher_id')
    .leftJoin('edu_class_schedule as nm_m', 'nm_m.id', 'edu_stu_leave.makeup_schedule_id')
    .select([
      ref('nm_st.parent_phone').as('parent_phone'),
      ref('nm_s.start_time').as('start_time'),
      ref('nm_s.end_time').as('end_time'),
      ref('nm_t.name').as('teacher_name'),
      ref('nm_m.lesson_date').as('makeup_lesson_date'),
      ref('nm_m.start_time').as('makeup_start_time'),
    ]) as unknown as AnySelect;
}
