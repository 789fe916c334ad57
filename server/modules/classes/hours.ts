import { sql } from 'kysely';
import { ApiError } from '../../lib/http';
import type { Principal } from '../../lib/context';
import { roundHours, stamps, type Db } from './common';

function fmt(n: number): string {
  return String(roundHours(n));
}

/**
 * Moves a student's balance of one class type by `delta` hours (negative consumes). The update is
 * conditional, so the balance never goes below zero even with concurrent requests; a refusal is
 * 409 '课时不足：<学员> 剩余 X 课时'.
 */
export async function changeHours(db: Db, studentId: number, classTypeId: number, delta: number, studentName: string): Promise<number> {
  if (delta === 0) return currentHours(db, studentId, classTypeId);
  const updated = await db
    .updateTable('student_class_type')
    .set({ remaining_hours: sql<number>`remaining_hours + ${delta}` })
    .where('student_id', '=', studentId)
    .where('class_type_id', '=', classTypeId)
    .where(sql<boolean>`remaining_hours + ${delta} >= -0.000001`)
    .returning('remaining_hours')
    .executeTakeFirst();
  if (!updated) {
    const left = await currentHours(db, studentId, classTypeId);
    throw new ApiError(409, `课时不足：${studentName} 剩余 ${fmt(left)} 课时`);
  }
  return roundHours(Number(updated.remaining_hours));
}

export async function currentHours(db: Db, studentId: number, classTypeId: number): Promise<number> {
  const row = await db
    .selectFrom('student_class_type')
    .select('remaining_hours')
    .where('student_id', '=', studentId)
    .where('class_type_id', '=', classTypeId)
    .executeTakeFirst();
  return roundHours(Number(row?.remaining_hours ?? 0));
}

/** Adds hours to a balance, creating it when the student has none of this class type. */
export async function grantHours(db: Db, principal: Principal | null, schoolId: number, studentId: number, classTypeId: number, hours: number): Promise<void> {
  const row = await db
    .selectFrom('student_class_type')
    .select(['id'])
    .where('student_id', '=', studentId)
    .where('class_type_id', '=', classTypeId)
    .executeTakeFirst();
  if (row) {
    if (hours > 0) {
      await db
        .updateTable('student_class_type')
        .set({ total_hours: sql<number>`total_hours + ${hours}`, remaining_hours: sql<number>`remaining_hours + ${hours}` })
        .where('id', '=', row.id)
        .execute();
    }
    return;
  }
  await db
    .insertInto('student_class_type')
    .values({ school_id: schoolId, student_id: studentId, class_type_id: classTypeId, total_hours: hours, remaining_hours: hours, ...stamps(principal) })
    .execute();
}

export async function hasBalance(db: Db, studentId: number, classTypeId: number): Promise<boolean> {
  const row = await db.selectFrom('student_class_type').select('id').where('student_id', '=', studentId).where('class_type_id', '=', classTypeId).executeTakeFirst();
  return row !== undefined;
}
