import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../lib/context';
import { ApiError } from '../../lib/http';
import { writeAudit } from '../../lib/audit';
import { nowText } from '../../lib/time';
import './schema';

/**
 * A student moves to another campus (转校区 carried out by the orders area): the student and the
 * student's parent links take the new campus, so the new campus's staff reach them and the old
 * one's no longer do. Recorded in the audit log as 学员转校区 with the campus before and after
 * (`call` names the business call that moved the student). Answers the campus moved from, or null
 * when the student is there already.
 */
export async function moveStudentToCampus(
  db: Kysely<Database>,
  principal: Pick<Principal, 'userId' | 'name'>,
  move: { studentId: number; toSchoolId: number; call: string; reason: string },
): Promise<{ from: number } | null> {
  const student = await db.selectFrom('student').select(['id', 'school_id']).where('id', '=', move.studentId).where('del_flag', '=', 0).executeTakeFirst();
  if (!student) throw new ApiError(404, '学员不存在或无权访问');
  if (student.school_id === move.toSchoolId) return null;
  const now = nowText();
  await db.updateTable('student').set({ school_id: move.toSchoolId, updated_at: now, updated_by: principal.userId }).where('id', '=', student.id).execute();
  await db.updateTable('stu_parent_student').set({ school_id: move.toSchoolId, updated_at: now, updated_by: principal.userId }).where('student_id', '=', student.id).execute();
  await writeAudit(db, principal, {
    area: 'students',
    call: move.call,
    title: '学员转校区',
    table: 'student',
    ids: [student.id],
    changes: [{ id: student.id, before: { school_id: student.school_id }, after: { school_id: move.toSchoolId, reason: move.reason } }],
  });
  return { from: student.school_id };
}
