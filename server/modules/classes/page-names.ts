import { sql } from 'kysely';
import type { AnySelect, Row } from '../../lib/resource-routes';

/** 138****1234: enough for staff to recognise a parent, not enough to copy the number off a list. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** Masks the joined parent phone of a listed row (rows of other calls have none and pass unchanged). */
export function withMaskedPhone(row: Row): Row {
  return typeof row.parent_phone === 'string' ? { ...row, parent_phone: maskPhone(row.parent_phone) } : row;
}

function ref(column: string) {
  return sql.ref<string | null>(column);
}

/**
 * Names of an enrolment page: one join per page (left joins on primary keys, which neither
 * database runs for the count since no joined column is used there).
 */
export function enrolmentNames(qb: AnySelect): AnySelect {
  return qb
    .leftJoin('student as nm_st', 'nm_st.id', 'stu_class.student_id')
    .leftJoin('base_class_manage as nm_c', 'nm_c.id', 'stu_class.class_id')
    .leftJoin('prod_class_type as nm_ct', 'nm_ct.id', 'stu_class.class_type_id')
    .select([
      ref('nm_st.name').as('student_name'),
      ref('nm_st.parent_phone').as('parent_phone'),
      ref('nm_c.name').as('class_name'),
      ref('nm_ct.name').as('class_type_name'),
    ]) as unknown as AnySelect;
}

/** Names of a student-leave page: student, class, the lesson's time and teacher, the make-up lesson's date and time. */
export function studentLeaveNames(qb: AnySelect): AnySelect {
  return qb
    .leftJoin('student as nm_st', 'nm_st.id', 'edu_stu_leave.student_id')
    .leftJoin('base_class_manage as nm_c', 'nm_c.id', 'edu_stu_leave.class_id')
    .leftJoin('edu_class_schedule as nm_s', 'nm_s.id', 'edu_stu_leave.schedule_id')
    .leftJoin('users as nm_t', 'nm_t.id', 'nm_s.teacher_id')
    .leftJoin('edu_class_schedule as nm_m', 'nm_m.id', 'edu_stu_leave.makeup_schedule_id')
    .select([
      ref('nm_st.name').as('student_name'),
      ref('nm_st.parent_phone').as('parent_phone'),
      ref('nm_c.name').as('class_name'),
      ref('nm_s.start_time').as('start_time'),
      ref('nm_s.end_time').as('end_time'),
      ref('nm_t.name').as('teacher_name'),
      ref('nm_m.lesson_date').as('makeup_lesson_date'),
      ref('nm_m.start_time').as('makeup_start_time'),
    ]) as unknown as AnySelect;
}
