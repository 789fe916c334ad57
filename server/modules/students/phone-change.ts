import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/http';
import { nowText } from '../../lib/time';
import { registerApplyCheck, registerOutcome } from '../workflow';
import { changeParentPhone } from './parents';
import './schema';

/**
 * 学员手机号变更 (workflow application, ref_type `phone_change`): the application names the student
 * (student_id, or the name and the old phone within the campus) and the phone to replace, the
 * student's own or a parent's; the approval's last step writes the new phone (a parent's on the
 * parent record and every child's mirrored contact). A phone changed meanwhile refuses the step.
 */
export const PHONE_CHANGE_REF = 'phone_change';

const PHONE_RE = /^1\d{10}$/;

type Target = { kind: 'student'; studentId: number } | { kind: 'parent'; studentId: number; parentId: number };

async function findTarget(db: Kysely<Database>, schoolId: number, form: Readonly<Record<string, unknown>>, oldPhone: string): Promise<Target> {
  const byId = Number(form.student_id);
  let q = db.selectFrom('student').select(['id', 'phone']).where('school_id', '=', schoolId).where('del_flag', '=', 0);
  q = Number.isInteger(byId) && byId > 0 ? q.where('id', '=', byId) : q.where('name', '=', String(form.student_name ?? '').trim());
  const students = await q.execute();
  const hits: Target[] = [];
  for (const s of students) {
    if (s.phone === oldPhone) hits.push({ kind: 'student', studentId: s.id });
    const parent = await db
      .selectFrom('stu_parent_student as l')
      .innerJoin('stu_parent as p', 'p.id', 'l.parent_id')
      .select('p.id')
      .where('l.student_id', '=', s.id)
      .where('p.phone', '=', oldPhone)
      .where('p.del_flag', '=', 0)
      .executeTakeFirst();
    if (parent) hits.push({ kind: 'parent', studentId: s.id, parentId: parent.id });
  }
  if (hits.length === 0) throw new ApiError(400, '未找到该学员或原手机号不符，请核对学员姓名和原手机号');
  if (hits.length > 1) throw new ApiError(400, '有多名学员或家长使用该姓名和原手机号，请联系管理员处理');
  return hits[0];
}

registerApplyCheck(PHONE_CHANGE_REF, async ({ db, schoolId, form }) => {
  const oldPhone = String(form.old_phone ?? '').trim();
  const newPhone = String(form.new_phone ?? '').trim();
  if (!PHONE_RE.test(newPhone)) throw new ApiError(400, '新手机号应为11位数字，以1开头');
  if (oldPhone === newPhone) throw new ApiError(400, '新手机号与原手机号相同');
  if (schoolId === null) throw new ApiError(400, '请选择校区');
  const target = await findTarget(db, schoolId, form, oldPhone);
  return { ...form, old_phone: oldPhone, new_phone: newPhone, student_id: target.studentId, phone_of: target.kind, ...(target.kind === 'parent' ? { parent_id: target.parentId } : {}) };
});

registerOutcome(PHONE_CHANGE_REF, async ({ db, outcome, actorId, instance }) => {
  if (outcome !== 'approved') return;
  const f = instance.form;
  const oldPhone = String(f.old_phone ?? '');
  const newPhone = String(f.new_phone ?? '');
  const studentId = Number(f.student_id);
  // an application from before this check existed names no record: nothing to write
  if (!Number.isInteger(studentId) || studentId <= 0) return;
  const changed = () => new ApiError(409, '学员的原手机号已被修改，请拒绝本申请后重新申请');
  if (f.phone_of === 'parent') {
    const parentId = Number(f.parent_id);
    const p = await db.selectFrom('stu_parent').select('phone').where('id', '=', parentId).where('del_flag', '=', 0).executeTakeFirst();
    if (p?.phone !== oldPhone) throw changed();
    await changeParentPhone(db, actorId ?? instance.applicant_id, parentId, newPhone);
    return;
  }
  const res = await db
    .updateTable('student')
    .set({ phone: newPhone, updated_at: nowText(), updated_by: actorId })
    .where('id', '=', studentId)
    .where('phone', '=', oldPhone)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw changed();
});
